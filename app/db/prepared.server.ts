import * as drizzleOrm from 'drizzle-orm'
import { getTableColumns, getTableName, sql, type Column, type Query, type SQL } from 'drizzle-orm'
import { PgDialect, type PgInsertValue, type PgTable } from 'drizzle-orm/pg-core'
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

/**
 * A kept statement's condition that a column is one of some ids, by shape: `= $name` for one id,
 * `= any($names)` for more. PostgreSQL cannot tell how many ids an array parameter holds, so it
 * plans such a statement anew on every run; with one id it settles on one plan, and a record's own
 * page or answer reads one. Its key tells the two shapes apart; its values fill the placeholder.
 */
export function idsMatch(column: Column, ids: readonly string[], name: string) {
  const one = ids.length === 1
  return {
    key: one ? 'one' : 'many',
    where: () => (one ? sql`${column} = ${sql.placeholder(name)}` : sql`${column} = any(${sql.placeholder(name)})`),
    values: { [name]: one ? ids[0] : ids },
  }
}

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

/** A built insert as drizzle keeps it (its text, and the fields its RETURNING rows map to). */
type KeptInsert = { query: Query; returning: unknown[] | undefined; columns: Column[][] }
type BuiltInsert = { getSQL(): SQL; config: { returning?: unknown[] } }
const keptInserts = new Map<string, KeptInsert>()

/**
 * Inserts rows with a statement built once per shape (the table, each row's columns, whether it
 * answers with the rows as stored), on whichever executor is given: what every record's create
 * writes (the record, its lines, its state change). drizzle would build the same text on every call,
 * which cost a write more than PostgreSQL took to run it. A column left out takes its default, as in
 * drizzle's own insert.
 */
export async function runKeptInsert<T extends PgTable>(executor: Executor, table: T, rows: Record<string, unknown>[], options: { returning: boolean }): Promise<Record<string, unknown>[]> {
  if (!rows.length) return []
  const columns = getTableColumns(table) as Record<string, Column>
  // As drizzle's insert: what is not a column of the table, or undefined, is left out.
  const keysOf = rows.map((row) => Object.keys(row).filter((k) => row[k] !== undefined && k in columns))
  const key = `${getTableName(table)}|${options.returning ? 'returning' : 'silent'}|${keysOf.map((keys) => keys.join(',')).join('|')}`
  let kept = keptInserts.get(key)
  if (!kept) {
    if (keptInserts.size >= MAX_KEPT_PER_HANDLE) keptInserts.clear()
    // Bare placeholders (inside sql``, which drizzle leaves unencoded): the values are encoded below, a null left null.
    const placeholders = keysOf.map((keys, i) => Object.fromEntries(keys.map((k) => [k, sql`${sql.placeholder(`${i}:${k}`)}`])))
    const insert = executor.insert(table).values(placeholders as PgInsertValue<T>[])
    const built = (options.returning ? insert.returning() : insert) as unknown as BuiltInsert
    kept = { query: dialect.sqlToQuery(built.getSQL()), returning: built.config.returning, columns: keysOf.map((keys) => keys.map((k) => columns[k])) }
    keptInserts.set(key, kept)
  }
  // A placeholder's value reaches the driver as given: each is encoded as drizzle encodes a value (a json column's text).
  const values: Record<string, unknown> = {}
  keysOf.forEach((keys, i) => keys.forEach((k, j) => (values[`${i}:${k}`] = rows[i][k] === null ? null : kept.columns[i][j].mapToDriverValue(rows[i][k]))))
  const prepared = executor._.session.prepareQuery(kept.query, kept.returning as never, 'kept', true) as unknown as { execute(values: Record<string, unknown>): Promise<unknown> }
  const answer = await prepared.execute(values)
  return options.returning ? (answer as Record<string, unknown>[]) : []
}
