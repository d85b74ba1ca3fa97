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

/** The process-wide pool, opened on first use from DATABASE_URL (set by the server on start). */
export function getDb(): Database {
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
