import { getDb, type Database } from './client.server'

/**
 * A statement that every page or API call runs, built once per database pool
 * on first use: drizzle would otherwise rebuild its SQL on each call, which
 * showed up as a real share of a page's CPU time.
 */
export function preparedStatement<T>(build: (db: Database) => T): () => T {
  let cached: { db: Database; statement: T } | undefined
  return () => {
    const db = getDb()
    if (cached?.db !== db) cached = { db, statement: build(db) }
    return cached.statement
  }
}
