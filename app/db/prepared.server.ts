import * as drizzleOrm from 'drizzle-orm'
import type { Query, SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { getDb, unprepared, type Database, type Executor } from './client.server'

/**
 * A statement that every page or API call runs, built once per database pool
 * on first use: drizzle would otherwise rebuild its SQL on each call, which
 * showed up as a real share of a page's CPU time.
 */
export function preparedStatement<T>(build: (db: Database) => T): () => T {
  let cached: { db: Database; statement: T } | undefined
  return () => {
    const db = getDb()
    // One handle per pool: run inside a request, the statement goes to that request's transaction.
    if (cached?.db !== db) cached = { db, statement: build(db) }
    return cached.statement
  }
}

const dialect = new PgDialect({ casing: 'snake_case' })

/** A statement's text and parameters (placeholders stay placeholders, to be filled on each run). */
export const queryOf = (statement: SQL): Query => dialect.sqlToQuery(statement)

/**
 * Runs a query on the executor's connection (the pool's or a transaction's), filling its
 * placeholders from `values`: prepared (parsed and planned once per connection and text), or, for
 * a text of a rare shape, sent unnamed and planned on every call.
 */
export function executeQuery<Row>(executor: Executor, query: Query, values: Record<string, unknown>, prepared: boolean): Promise<Row[]> {
  const run = () => executor._.session.prepareQuery(query, undefined, 'prepared', false).execute(values) as Promise<Row[]>
  return prepared ? run() : unprepared(run)
}

/**
 * Prepares a built select for reuse: its SQL is built once. PostgreSQL prepares it too (as every
 * statement, see the client), and may settle on one generic plan after a few runs; `planEachRun`
 * sends it unnamed instead, so each run is planned for its own values (a search, whose best plan
 * depends on its pattern: a generic plan cannot know whether the trigram index narrows it to a few
 * rows or to most).
 */
export function prepareSelect<P extends { execute(...args: never[]): Promise<unknown> }>(select: { prepare(name: string): P }, options: { planEachRun: boolean }): P {
  const prepared = select.prepare('prepared')
  if (!options.planEachRun) return prepared
  const planned = Object.create(prepared) as P
  planned.execute = ((...args: never[]) => unprepared(() => prepared.execute(...args))) as P['execute']
  return planned
}

/** A bound, not a tuning knob: the keys in use are the few shapes of statement callers actually ask for. */
const MAX_KEPT_PER_HANDLE = 1000
// Per database handle: statements live as long as its pool does.
const kept = new WeakMap<Executor, Map<string, unknown>>()

/**
 * A statement built once per key and database handle, for statements whose text takes several
 * shapes (a list's filters and ordering): preparedStatement is the same for a single shape.
 */
export function keptStatement<S>(db: Executor, key: string, build: () => S): S {
  let statements = kept.get(db)
  if (!statements) kept.set(db, (statements = new Map()))
  let statement = statements.get(key) as S | undefined
  if (statement === undefined) {
    if (statements.size >= MAX_KEPT_PER_HANDLE) statements.clear()
    statement = build()
    statements.set(key, statement)
  }
  return statement
}

/** What running a kept select needs: its text with placeholders, the fields its rows map to, and which joined tables may be missing. */
type KeptSelect = { query: Query; fields: unknown[]; joinsNotNullableMap: Record<string, boolean> }
/** A select as drizzle builds it, seen from here (its text, selected fields and joins). */
type BuiltSelect = { getSQL(): SQL; config: { fields: Record<string, unknown> }; joinsNotNullableMap: Record<string, boolean> }

const keptSelects = new Map<string, KeptSelect>()
// drizzle's own flattening of a selection into the paths its rows are mapped by (exported, though not in its types).
const orderSelectedFields = (drizzleOrm as unknown as { orderSelectedFields(fields: Record<string, unknown>): unknown[] }).orderSelectedFields

/**
 * Runs a select built once per key, with placeholders, on whichever executor is given (the pool's or
 * a transaction's: it is not tied to one handle, as keptStatement is), its rows mapped as drizzle
 * maps them. For the selects every record read or write makes (a record, its lines, the records its
 * references name), whose building cost more than running them. The key names every choice `build`
 * makes; its values fill the placeholders.
 */
export function runKeptSelect<Row>(executor: Executor, key: string, build: () => unknown, values: Record<string, unknown>): Promise<Row[]> {
  let kept = keptSelects.get(key)
  if (!kept) {
    const select = build() as BuiltSelect
    kept = { query: dialect.sqlToQuery(select.getSQL()), fields: orderSelectedFields(select.config.fields), joinsNotNullableMap: select.joinsNotNullableMap }
    keptSelects.set(key, kept)
  }
  const prepared = executor._.session.prepareQuery(kept.query, kept.fields as never, 'kept', true) as unknown as { joinsNotNullableMap: Record<string, boolean>; execute(values: Record<string, unknown>): Promise<Row[]> }
  prepared.joinsNotNullableMap = kept.joinsNotNullableMap
  return prepared.execute(values)
}
