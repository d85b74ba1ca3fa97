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

/**
 * The role the app's queries run as (created by migration 0018). It owns no table and is no
 * superuser, so PostgreSQL's row-level security applies to it: a tenant-owned row is seen and
 * written only while the transaction's `lintel.company_id` names its company.
 */
export const APP_ROLE = 'lintel_app'
/** The transaction-local setting the tenant policies read. */
export const COMPANY_SETTING = 'lintel.company_id'

/** Where this code's queries go: a company's transaction, the owner's pool, or (none) the app role's pool. */
type Scope = { sql: postgres.Sql; inTransaction: false } | { sql: postgres.TransactionSql; inTransaction: true }
const scope = new AsyncLocalStorage<Scope>()

type Pools = { app: postgres.Sql; owner: postgres.Sql; db: Database }
let current: Pools | undefined

/**
 * A postgres.js client that sends each query where the calling code's scope says: drizzle and the
 * statements prepared on it are built once for the process, and still run in the request's
 * transaction. A transaction opened inside a transaction becomes a savepoint of it.
 */
function routedClient(app: postgres.Sql, owner: postgres.Sql) {
  const begin = <T>(fn: (sql: postgres.TransactionSql) => T | Promise<T>) => {
    const outer = scope.getStore()
    const inside = (sql: postgres.TransactionSql) => scope.run({ sql, inTransaction: true }, () => fn(sql))
    if (outer?.inTransaction) return outer.sql.savepoint(inside)
    return (outer?.sql ?? app).begin(inside)
  }
  return {
    options: app.options,
    unsafe: (...args: Parameters<postgres.Sql['unsafe']>) => (scope.getStore()?.sql ?? app).unsafe(...args),
    begin,
    end: async (options?: { timeout?: number }) => {
      await Promise.all([app.end(options), owner.end(options)])
    },
  } as unknown as postgres.Sql
}

function pools(): Pools {
  if (!current) {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm start` or set it.')
    const app = postgres(url, { max: 10, onnotice: () => {}, connection: { role: APP_ROLE } })
    const owner = postgres(url, { max: 5, onnotice: () => {} })
    const db = drizzle(routedClient(app, owner), { schema, casing: 'snake_case' })
    // drizzle installed its type parsers on the app pool's options; the owner's pool reads the same types.
    Object.assign(owner.options.parsers, app.options.parsers)
    Object.assign(owner.options.serializers, app.options.serializers)
    current = { app, owner, db }
  }
  return current
}

/**
 * The database. Inside `withCompany` its queries run in that company's transaction; inside
 * `crossCompany` as the tables' owner; anywhere else as the app role with no company, where
 * every tenant-owned table is empty and refuses writes: a query that forgot its scope finds nothing.
 */
export function getDb(): Database {
  return pools().db
}

/**
 * Runs `run` in one transaction of the app role with `lintel.company_id` set to the company, so
 * that every query it makes through getDb() (and every transaction it opens, as a savepoint)
 * sees and writes only that company's rows. A signed-in API request runs in one (api/tenant.ts).
 */
export function withCompany<T>(companyId: string, run: () => PromiseLike<T>): Promise<T> {
  return pools().app.begin(async (sql) => {
    await sql`select set_config(${COMPANY_SETTING}, ${companyId}, true)`
    return scope.run({ sql, inTransaction: true }, async () => await run())
  }) as Promise<T>
}

/**
 * The one way around the company scope, for what has no company until it has read across them:
 * sign-in, tokens and API keys, signup and invitations, jobs picking their companies, the demo
 * seed. Queries made through getDb() inside `run` run as the tables' owner, which row-level
 * security does not restrict.
 */
export function crossCompany<T>(run: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a query builder runs when awaited, and must be awaited in the scope.
  return scope.run({ sql: pools().owner, inTransaction: false }, async () => await run())
}

/**
 * Refuses to serve when the app's connections would not be held by the company policies: a
 * connection pooler that drops the `role` startup parameter would otherwise leave them running as
 * the tables' owner, which row-level security lets through.
 */
export async function assertTenancyHolds() {
  const [role] = await pools().app<{ user: string; exempt: boolean }[]>`
    select current_user as user, rolsuper or rolbypassrls as exempt from pg_roles where rolname = current_user`
  if (role?.user !== APP_ROLE || role.exempt) {
    throw new Error(`The database connections run as "${role?.user}", not as ${APP_ROLE}: each company's rows would not be kept apart. Connect without a pooler that drops the "role" startup parameter.`)
  }
}

export async function closeDb() {
  const open = current
  current = undefined
  await open?.db.$client.end({ timeout: 5 })
}
