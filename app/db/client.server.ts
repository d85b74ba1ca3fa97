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

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown }

/**
 * One level of a company transaction on its reserved connection: the transaction itself, or a
 * savepoint inside it. It answers drizzle as postgres.js's own transaction handle does (`unsafe`,
 * `savepoint`), and remembers the first statement of its level that failed, so that a failure the
 * calling code caught and ignored still rolls the level back instead of letting PostgreSQL turn the
 * commit of an aborted transaction into a silent rollback.
 */
class TransactionLevel {
  failure: unknown
  private static savepoints = 0

  constructor(private readonly connection: postgres.ReservedSql) {}

  /** Queues a statement on the connection, in order, noting its failure on this level. */
  unsafe(...args: UnsafeArgs) {
    const query = this.connection.unsafe(...preparedByDefault(args))
    // Attaching a handler starts the statement on the next microtask: drizzle's `.values()`, called
    // at once on what this returns, still applies.
    query.catch((error: unknown) => {
      this.failure ??= error
    })
    return query
  }

  /**
   * Runs `fn` in a savepoint: released when it resolves, rolled back to when it throws. Neither the
   * savepoint nor its release is awaited (they cost no round trip of their own): they go out with the
   * statements around them, and if one fails this level notes it, so the transaction rolls back.
   */
  async savepoint<T>(fn: (sql: TransactionLevel) => T | Promise<T>): Promise<T> {
    const name = `s${TransactionLevel.savepoints++}`
    const inner = new TransactionLevel(this.connection)
    void this.unsafe(`savepoint ${name}`)
    try {
      const result = await fn(inner)
      if (inner.failure !== undefined) throw inner.failure
      void this.unsafe(`release savepoint ${name}`)
      return result
    } catch (error) {
      await this.unsafe(`rollback to savepoint ${name}`)
      throw error
    }
  }
}

/**
 * A company's transaction that begins on its first query, so that a request answered from memory
 * (the signed-in user, their permissions) holds no connection and sends no statement (ADR 014).
 * Its BEGIN and the company setting are queued on the reserved connection ahead of the first query
 * and go out in the same write: a transaction costs the request no round trip but its COMMIT.
 *
 * A read (a GET) needs no transaction, and its COMMIT was a round trip of its own: it runs on the
 * reads pool, whose connections refuse writes, with the company set for the connection's session in
 * the first write instead. Only reads take connections from that pool, and each sets its company
 * before its first query; no row a query returns is handed over unless that setting succeeded, and a
 * read that failed resets the setting before its connection goes back to the pool. A transaction
 * opened inside a read (a savepoint elsewhere) begins a read-only transaction block then.
 */
class CompanyTransaction {
  private opened: Promise<TransactionLevel> | undefined
  private top: TransactionLevel | undefined
  private connection: postgres.ReservedSql | undefined
  private ended = false
  /** A read's company setting: every query of the read waits for it, and fails if it failed. */
  private setting: Promise<unknown> | undefined
  /** Whether a read has begun a transaction block (for a savepoint), which it then commits. */
  private block = false

  constructor(
    private readonly pool: postgres.Sql,
    private readonly companyId: string,
    readonly read: boolean,
  ) {}

  /** The open transaction, if a query has begun it: queries then go straight to it, in the order they are made. */
  get current() {
    return this.ended || this.read ? undefined : this.top
  }

  /** Begins the transaction once; every query of the request, parallel ones too, shares it. */
  open(): Promise<TransactionLevel> {
    if (this.ended) return Promise.reject(new Error('A query ran after its request was answered: its company transaction has ended.'))
    this.opened ??= this.pool.reserve().then((connection) => {
      this.connection = connection
      const top = new TransactionLevel(connection)
      if (this.read) {
        this.setting = top.unsafe(`select set_config($1, $2, false)`, [COMPANY_SETTING, this.companyId], { prepare: true })
      } else {
        // Neither is awaited: if either fails, every statement after it in the transaction fails too.
        void top.unsafe('begin')
        void top.unsafe(`select set_config($1, $2, true)`, [COMPANY_SETTING, this.companyId], { prepare: true })
      }
      this.top = top
      return top
    })
    return this.opened
  }

  /** A read's query: sent at once behind the company setting, its rows handed over only once the setting took. */
  async query(args: UnsafeArgs, asValues: boolean) {
    const top = await this.open()
    const query = top.unsafe(...args)
    const [, rows] = await Promise.all([this.setting, asValues ? query.values() : query])
    return rows
  }

  /** The level a transaction opened inside this one becomes a savepoint of; a read begins its block first. */
  async savepointLevel(): Promise<TransactionLevel> {
    const top = await this.open()
    if (this.read && !this.block) {
      this.block = true
      void top.unsafe('begin')
      // What the savepoint's queries read is handed over directly: the setting must have taken first.
      await this.setting
    }
    return top
  }

  /** Commits the transaction (if one began) and answers `outcome`, or rolls it back and throws. */
  async end<T>(outcome: Outcome<T>): Promise<T> {
    this.ended = true
    if (this.opened) {
      const top = await this.opened
      const connection = this.connection!
      try {
        const failure = outcome.ok ? top.failure : outcome.error
        const inBlock = !this.read || this.block
        if (failure === undefined) {
          if (inBlock) await connection.unsafe('commit')
        } else {
          if (inBlock) await connection.unsafe('rollback').catch(() => undefined)
          // A read that failed may have left its setting half made: the next read on this connection must not start from it.
          if (this.read) await connection.unsafe(`select set_config($1, '', false)`, [COMPANY_SETTING]).catch(() => undefined)
          throw failure
        }
      } finally {
        connection.release()
      }
    }
    if (!outcome.ok) throw outcome.error
    return outcome.value
  }
}

/** Where this code's queries go: the owner's or the app role's pool, a transaction, or a company's transaction once begun. */
type Scope =
  | { kind: 'pool'; sql: postgres.Sql }
  | { kind: 'transaction'; sql: postgres.TransactionSql | TransactionLevel }
  | { kind: 'company'; transaction: CompanyTransaction }
const scope = new AsyncLocalStorage<Scope>()

type Pools = { app: postgres.Sql; owner: postgres.Sql; reads: postgres.Sql; db: Database }
let current: Pools | undefined

type UnsafeArgs = Parameters<postgres.Sql['unsafe']>

const sentUnnamed = new AsyncLocalStorage<true>()

/**
 * Runs `run` with the statements it builds sent unnamed (unprepared): PostgreSQL plans each run for
 * its own values, and keeps nothing. For a search, whose best plan depends on its pattern (a generic
 * plan cannot know whether the trigram index narrows it to a few rows or to most), and for texts
 * of a rare shape, not worth keeping on the connection.
 */
export function unprepared<T>(run: () => T): T {
  return sentUnnamed.run(true, run)
}

/**
 * A statement of more parameters than this (a list of ids a whole import or page set sends) is a
 * shape of its own at nearly every size: kept, each would hold its plan on the connection for nothing.
 */
const MAX_PREPARED_PARAMETERS = 100

/**
 * drizzle sends the statements it builds unnamed unless given a name, and PostgreSQL then parses and
 * plans each one on every run: for a create of a few statements, more time than running them. So
 * they go named: parsed once per connection and text, and planned generically once PostgreSQL finds
 * the generic plan as good as the ones it made for the first runs' values (its plan_cache_mode).
 * Statements keep to the few texts the code writes, and a connection is replaced within the hour
 * (postgres.js's max_lifetime), with the statements it kept.
 */
function preparedByDefault(args: UnsafeArgs): UnsafeArgs {
  const options = args[2] as { prepare?: boolean } | undefined
  if (options?.prepare !== false || sentUnnamed.getStore() || (args[1]?.length ?? 0) > MAX_PREPARED_PARAMETERS) return args
  return [args[0], args[1], { ...options, prepare: true }] as UnsafeArgs
}

/**
 * A query of a company transaction not yet begun, or of a read: begins it when awaited. drizzle only
 * ever awaits what `unsafe` returns, or asks for `.values()` and awaits that.
 */
function deferredQuery(transaction: CompanyTransaction, args: UnsafeArgs) {
  let asValues = false
  const run = () =>
    transaction.read
      ? transaction.query(args, asValues)
      : transaction.open().then((sql) => {
          const query = sql.unsafe(...args)
          return asValues ? query.values() : query
        })
  const deferred = {
    values() {
      asValues = true
      return deferred
    },
    then<A, B>(onFulfilled?: (rows: unknown) => A | PromiseLike<A>, onRejected?: (error: unknown) => B | PromiseLike<B>) {
      return run().then(onFulfilled, onRejected)
    },
  }
  return deferred
}

/**
 * A postgres.js client that sends each query where the calling code's scope says: drizzle and the
 * statements prepared on it are built once for the process, and still run in the request's
 * transaction. A transaction opened inside a transaction becomes a savepoint of it.
 */
function routedClient(app: postgres.Sql, owner: postgres.Sql, reads: postgres.Sql) {
  const begin = <T>(fn: (sql: postgres.TransactionSql) => T | Promise<T>) => {
    const outer = scope.getStore()
    const inside = (sql: postgres.TransactionSql | TransactionLevel) => scope.run({ kind: 'transaction', sql }, () => fn(sql as postgres.TransactionSql))
    if (outer?.kind === 'company') return outer.transaction.savepointLevel().then((sql) => sql.savepoint(inside))
    if (outer?.kind === 'transaction') return (outer.sql.savepoint as TransactionLevel['savepoint'])(inside)
    return (outer?.sql ?? app).begin(inside)
  }
  const unsafe = (...args: UnsafeArgs) => {
    const outer = scope.getStore()
    if (outer?.kind !== 'company') return (outer?.sql ?? app).unsafe(...preparedByDefault(args))
    const sql = outer.transaction.current
    return sql ? sql.unsafe(...args) : deferredQuery(outer.transaction, args)
  }
  return {
    options: app.options,
    unsafe,
    begin,
    end: async (options?: { timeout?: number }) => {
      await Promise.all([app.end(options), owner.end(options), reads.end(options)])
    },
  } as unknown as postgres.Sql
}

function pools(): Pools {
  if (!current) {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm start` or set it.')
    const app = postgres(url, { max: 10, onnotice: () => {}, connection: { role: APP_ROLE } })
    const owner = postgres(url, { max: 5, onnotice: () => {} })
    // Reads without a transaction (CompanyTransaction): the app role, and no write can get through.
    const reads = postgres(url, { max: 10, onnotice: () => {}, connection: { role: APP_ROLE, default_transaction_read_only: true } })
    const db = drizzle(routedClient(app, owner, reads), { schema, casing: 'snake_case' })
    // drizzle installed its type parsers on the app pool's options; the other pools read the same types.
    for (const pool of [owner, reads]) {
      Object.assign(pool.options.parsers, app.options.parsers)
      Object.assign(pool.options.serializers, app.options.serializers)
    }
    current = { app, owner, reads, db }
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
 * Runs `run` so that every query it makes through getDb() (and every transaction it opens, as a
 * savepoint) runs in one transaction of the app role with `lintel.company_id` set to the company,
 * seeing and writing only that company's rows. The transaction begins with the first query: `run`
 * making none costs nothing. It commits when `run` resolves and rolls back when it throws. A
 * signed-in API request runs in one (api/tenant.ts). With `read`, its queries may only read, and
 * run without a transaction (see CompanyTransaction): a GET's.
 */
export async function withCompany<T>(companyId: string, run: () => PromiseLike<T>, options: { read?: boolean } = {}): Promise<T> {
  const read = options.read ?? false
  const transaction = new CompanyTransaction(read ? pools().reads : pools().app, companyId, read)
  let outcome: Outcome<T>
  try {
    outcome = { ok: true, value: await scope.run({ kind: 'company', transaction }, async () => await run()) }
  } catch (error) {
    outcome = { ok: false, error }
  }
  return transaction.end(outcome)
}

/**
 * The one way around the company scope, for what has no company until it has read across them:
 * sign-in, tokens and API keys, signup and invitations, jobs picking their companies, the demo
 * seed. Queries made through getDb() inside `run` run as the tables' owner, which row-level
 * security does not restrict.
 */
export function crossCompany<T>(run: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a query builder runs when awaited, and must be awaited in the scope.
  return scope.run({ kind: 'pool', sql: pools().owner }, async () => await run())
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
