import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { getDb, type Database, type Executor } from './client.server'

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

const dialect = new PgDialect({ casing: 'snake_case' })

/**
 * Runs a raw statement as a prepared statement on the executor's connection (the pool's or a
 * transaction's): PostgreSQL parses and plans it once per connection and text, where
 * `execute` would send it unnamed and have it planned on every call. For statements run very
 * often whose text takes few shapes.
 */
export function executePrepared<Row>(executor: Executor, statement: SQL): Promise<Row[]> {
  return executor._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, 'prepared', false).execute() as Promise<Row[]>
}
