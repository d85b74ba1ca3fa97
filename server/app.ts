import { serve } from '@hono/node-server'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import * as build from 'virtual:react-router/server-build'
import { assertTenancyHolds, closeDb, crossCompany, getDb } from '~/db/client.server'
import { seedDemoCompany } from '~/db/seed.server'
import { startScheduler } from '~/ledger/scheduler.server'
import { recordBuild } from '~/utils/instance.server'
import type { EmbeddedDatabase } from './embedded-postgres'
import { createHttpApp, defaultClientDir } from './http'
import { runMigrations } from './migrate'

const log = (message: string) => console.log(`[lintel] ${message}`)

/**
 * Starts Lintel: the database (embedded unless DATABASE_URL is set), the
 * migrations, the demo company on a new database, then the HTTP server.
 */
export async function main() {
  process.env.NODE_ENV ??= 'production'
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '0.0.0.0'
  let embedded: EmbeddedDatabase | undefined
  let seed = process.env.SEED_DEMO === 'true'
  if (!process.env.DATABASE_URL) {
    const dataDir = path.resolve(process.env.DATA_DIR ?? './data')
    log(`starting the embedded PostgreSQL in ${dataDir}`)
    // Loaded only here: a production image talks to DATABASE_URL and does not ship the binaries.
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') }
    const { startEmbeddedPostgres } = await import('./embedded-postgres')
    // The package hooks SIGINT/SIGTERM to stop PostgreSQL and exit at once, cutting our own shutdown
    // short (requests, pool, lock file). Lintel stops everything itself, in order, below.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (!before[signal].includes(listener)) process.off(signal, listener)
    }
    embedded = await startEmbeddedPostgres({ dataDir })
    process.env.DATABASE_URL = embedded.url
    seed = process.env.SEED_DEMO !== 'false'
  }
  await runMigrations(process.env.DATABASE_URL!)
  await assertTenancyHolds()
  if (seed) await crossCompany(() => seedDemoCompany(getDb()))
  await recordBuild(build.assets.version)

  const app = createHttpApp(build, {
    clientDir: defaultClientDir(fileURLToPath(import.meta.url)),
    trustProxy: process.env.TRUST_PROXY === 'true',
  })
  const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => log(`listening on http://localhost:${info.port}`))
  // Scheduled postings start beside the server, not before it: the first page does not wait for them.
  const scheduler = startScheduler(process.env.DATABASE_URL!, { log }).catch((error: unknown) => {
    console.error(`[lintel] the scheduler did not start: ${error instanceof Error ? error.message : String(error)}`)
    return undefined
  })
  server.on('error', async (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE' ? `[lintel] port ${port} is already in use: stop what uses it, or set PORT to another port.` : `[lintel] ${error.message}`,
    )
    await (await scheduler)?.stop()
    await closeDb()
    await embedded?.stop()
    process.exit(1)
  })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log(`${signal}: stopping`)
    // A ref'd watchdog: keeps the process alive until the database has really stopped, and ends a stuck shutdown.
    const watchdog = setTimeout(() => {
      console.error('[lintel] shutdown took too long; exiting')
      process.exit(1)
    }, 20_000)
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Idle keep-alive connections would hold close() open.
      ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
      setTimeout(() => {
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
        resolve()
      }, 5_000)
    })
    await (await scheduler)?.stop()
    await closeDb()
    await embedded?.stop()
    clearTimeout(watchdog)
    log('stopped')
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  return server
}
