import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, afterEach, beforeAll, inject, vi } from 'vitest'
import { closeDb } from '~/db/client.server'
import { TEMPLATE, withDatabase } from './global-setup'
import { closeMailbox, openMailbox } from './smtp'

// Each test file gets its own database cloned from the migrated template.
const serverUrl = inject('databaseServerUrl')
const database = `lintel_test_${randomBytes(5).toString('hex')}`
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })

beforeAll(async () => {
  await admin.unsafe(`create database ${database} template ${TEMPLATE}`)
  process.env.DATABASE_URL = withDatabase(serverUrl, database)
  await openMailbox()
})

afterAll(async () => {
  await closeMailbox()
  await closeDb()
  await admin.unsafe(`drop database if exists ${database} with (force)`)
  await admin.end()
})

// Any console.error is a failure: an error the code swallowed is a bug the test should show.
let consoleErrors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  consoleErrors.push(args)
  original(...args)
}
afterEach(() => {
  const errors = consoleErrors
  consoleErrors = []
  vi.restoreAllMocks()
  if (errors.length) throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
})
