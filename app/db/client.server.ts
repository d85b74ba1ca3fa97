import { AsyncLocalStorage } from 'node:async_hooks'
import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import * as schema from './schema'

export function createDatabase(url: string, options: { max?: number } = {}) {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} })
  return drizzle(client, { schema, casing: 'snake_case' })
}

export type Database = ReturnType<typeof createDatabase>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** A database handle or an open transaction: helpers that write take either. */
export type Executor = Database | Transaction

let current: Database | undefined

/**
 * The open transaction of a request that must happen exactly once (an
 * Idempotency-Key): every query of its handler runs in it, together with the
 * stored answer, so the work and the record of it commit or vanish together.
 */
const requestTransaction = new AsyncLocalStorage<Transaction>()

export function runInRequestTransaction<T>(tx: Transaction, run: () => Promise<T>) {
  return requestTransaction.run(tx, run)
}

/** Whether this code runs inside an idempotent request's transaction. */
export function inRequestTransaction() {
  return requestTransaction.getStore() !== undefined
}

/**
 * The process-wide pool, opened on first use from DATABASE_URL (set by the server on start);
 * inside an idempotent request, that request's transaction (a transaction the handler opens
 * becomes a savepoint of it).
 */
export function getDb(): Database {
  const tx = requestTransaction.getStore()
  // A transaction answers every query a handler makes; only closing the pool is not its to do.
  if (tx) return tx as unknown as Database
  if (!current) {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm start` or set it.')
    current = createDatabase(url)
  }
  return current
}

export async function closeDb() {
  const db = current
  current = undefined
  await db?.$client.end({ timeout: 5 })
}
