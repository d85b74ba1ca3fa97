/**
 * The ledger section of `npm run bench`: the demo company's books grow to a million journal
 * lines over 50 properties (bulk INSERT … SELECT generate_series), then
 *  (a) GET /api/reporting/{trial-balance,balance-sheet,income-statement}/ vs the aggregate the
 *      statement needs, written by hand over the same lines (postgres.js), sequential means;
 *  (b) posting N entries one by one through POST /api/accounting/journal-entries/ (node:http, one
 *      kept-alive connection) vs the same entries inserted one transaction each by hand (number
 *      taken, entry, its two lines), in alternating rounds.
 */
import { leanClient } from './http'
import type { Sql } from './resource-lists'
import type { TransactionSql } from 'postgres'

export const LEDGER_LINES = 1_000_000
const PROPERTIES = 50
const STATEMENT_REQUESTS = 15
export const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 10_000)
export const AS_OF = '2026-06-30'
export const RANGE = { from: '2026-01-01', to: '2026-06-30' }

type Timings = { mean: number; n: number }

async function timed(n: number, once: () => Promise<unknown>): Promise<Timings> {
  await once()
  const started = performance.now()
  for (let i = 0; i < n; i++) await once()
  return { mean: (performance.now() - started) / n, n }
}

/** Half a million two-line entries over two years and 50 properties, numbered after the company's own. */
export async function seedLargeLedger(sql: Sql) {
  const started = performance.now()
  const [company] = await sql<{ id: string }[]>`select id from companies where slug = 'maple'`
  const entries = LEDGER_LINES / 2
  await sql.begin(async (tx) => {
    await tx`
      insert into property_groups (company_id, name, property_type)
      select ${company.id}, 'Ledger Bench Property ' || g, 'RESIDENTIAL' from generate_series(1, ${PROPERTIES}) g`
    // Pairs a property manager's books are made of: rent received, deposits, bills paid, owner draws.
    await tx`
      create temporary table bench_pairs on commit drop as
      select row_number() over () - 1 as k, d.id as debit, c.id as credit
      from (values ('1100', '4000'), ('1010', '1100'), ('5000', '1010'), ('5100', '1010'), ('5200', '1010'), ('5300', '1010'), ('1100', '4100'), ('3100', '1010'), ('5400', '1010'), ('1020', '2100')) p(d, c)
      join accounts d on d.company_id = ${company.id} and d.number = p.d
      join accounts c on c.company_id = ${company.id} and c.number = p.c`
    await tx`
      create temporary table bench_properties on commit drop as
      select row_number() over (order by name) - 1 as k, id from property_groups where company_id = ${company.id} and name like 'Ledger Bench Property %'`
    const [{ next }] = await tx<{ next: number }[]>`
      select next_entry_number::int as next from ledger_settings where company_id = ${company.id} for update`
    await tx`
      insert into journal_entries (company_id, number, date, memo, basis, source_type, source_id, purpose)
      select ${company.id}, ${next} + g - 1, date '2025-01-01' + (g % 669), 'Bench entry ' || g, 'BOTH', 'JOURNAL_ENTRY', gen_random_uuid(), 'ORIGINAL'
      from generate_series(1, ${entries}) g`
    await tx`
      insert into journal_lines (company_id, entry_id, line_number, account_id, date, basis, amount, property_group_id)
      select e.company_id, e.id, side.n, case side.n when 1 then p.debit else p.credit end, e.date, 'BOTH',
             case side.n when 1 then 1 else -1 end * (100 + (e.number * 7919) % 250000), pr.id
      from journal_entries e
      join bench_pairs p on p.k = e.number % 10
      join bench_properties pr on pr.k = e.number % ${PROPERTIES}
      cross join (values (1), (2)) side(n)
      where e.company_id = ${company.id} and e.memo like 'Bench entry %'`
    await tx`update ledger_settings set next_entry_number = ${next + entries} where company_id = ${company.id}`
  })
  // Vacuumed as well as analyzed: autovacuum would otherwise visit the million new rows in the middle of a
  // measurement, on the server's CPU, and slow whichever side happened to run then.
  await sql`vacuum analyze journal_entries`
  await sql`vacuum analyze journal_lines`
  const [counts] = await sql<{ lines: number; entries: number }[]>`
    select (select count(*)::int from journal_lines where company_id = ${company.id}) as lines,
           (select count(*)::int from journal_entries where company_id = ${company.id}) as entries`
  return { companyId: company.id, seconds: (performance.now() - started) / 1000, counts }
}

async function getOk(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers })
  const body = await response.text()
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`)
  return body
}

const yearStart = (date: string) => `${date.slice(0, 4)}-01-01`

/** What each statement aggregates, by hand: per account, its lines through a date (and since January 1), or over a range. */
const handWritten = {
  'trial-balance': (sql: Sql, companyId: string) => sql`
    select account_id, sum(amount) as total, sum(amount) filter (where date >= ${yearStart(AS_OF)}) as year_to_date
    from journal_lines where company_id = ${companyId} and basis in ('BOTH', 'ACCRUAL') and date <= ${AS_OF}
    group by account_id`,
  'balance-sheet': (sql: Sql, companyId: string) => sql`
    select account_id, sum(amount) as total, sum(amount) filter (where date >= ${yearStart(AS_OF)}) as year_to_date
    from journal_lines where company_id = ${companyId} and basis in ('BOTH', 'ACCRUAL') and date <= ${AS_OF}
    group by account_id`,
  'income-statement': (sql: Sql, companyId: string) => sql`
    select account_id, sum(amount) as amount
    from journal_lines where company_id = ${companyId} and basis in ('BOTH', 'ACCRUAL') and date between ${RANGE.from} and ${RANGE.to}
    group by account_id`,
} as const

export type StatementTiming = { name: keyof typeof handWritten; api: Timings; hand: Timings }

export async function measureStatements(base: string, headers: Record<string, string>, sql: Sql, companyId: string): Promise<StatementTiming[]> {
  const urls: Record<keyof typeof handWritten, string> = {
    'trial-balance': `${base}/api/reporting/trial-balance/?as_of=${AS_OF}`,
    'balance-sheet': `${base}/api/reporting/balance-sheet/?as_of=${AS_OF}`,
    'income-statement': `${base}/api/reporting/income-statement/?date_from=${RANGE.from}&date_to=${RANGE.to}`,
  }
  const results: StatementTiming[] = []
  for (const name of Object.keys(handWritten) as (keyof typeof handWritten)[]) {
    const api = await timed(STATEMENT_REQUESTS, () => getOk(urls[name], headers))
    const hand = await timed(STATEMENT_REQUESTS, () => handWritten[name](sql, companyId))
    results.push({ name, api, hand })
  }
  return results
}

/**
 * N entries through the API and the same N by hand, each one its own transaction, after a warm-up,
 * in alternating rounds of a tenth each, so anything else the machine does meanwhile falls on both
 * sides alike. By hand twice: the journal entry and its lines alone (the posting), and every row the
 * API writes for it (a manual entry is a document: the entry as written, its lines and its state's
 * history, then its posting), so the API's own cost shows apart from the work it is asked to do.
 */
export async function measurePosting(base: string, headers: Record<string, string>, sql: Sql, companyId: string) {
  const [debit, credit] = await Promise.all(['5000', '1010'].map(async (number) => (await sql<{ id: string }[]>`select id from accounts where company_id = ${companyId} and number = ${number}`)[0].id))
  const body = (i: number) => JSON.stringify({ date: '2026-07-15', memo: `Bench posting ${i}`, lines: [{ account_id: debit, debit: '123.45' }, { account_id: credit, credit: '123.45' }] })
  const client = leanClient(base, headers)
  const viaApi = async (i: number) => {
    const response = await client.post('/api/accounting/journal-entries/', body(i))
    if (response.status !== 201) throw new Error(`POST journal-entries: ${response.status} ${response.body}`)
  }
  const post = async (tx: TransactionSql, i: number, sourceId: string | null) => {
    const [{ number }] = await tx<{ number: number }[]>`
      update ledger_settings set next_entry_number = next_entry_number + 1 where company_id = ${companyId} returning next_entry_number - 1 as number`
    const [entry] = await tx<{ id: string }[]>`
      insert into journal_entries (company_id, number, date, memo, source_type, source_id, purpose)
      values (${companyId}, ${number}, '2026-07-15', ${`Hand posting ${i}`}, 'JOURNAL_ENTRY', coalesce(${sourceId}::uuid, gen_random_uuid()), 'ORIGINAL') returning id`
    await tx`
      insert into journal_lines (company_id, entry_id, line_number, account_id, date, basis, amount)
      values (${companyId}, ${entry.id}, 1, ${debit}, '2026-07-15', 'BOTH', 12345), (${companyId}, ${entry.id}, 2, ${credit}, '2026-07-15', 'BOTH', -12345)`
  }
  const byHand = (i: number) => sql.begin((tx) => post(tx, i, null))
  const wholeByHand = (i: number) =>
    sql.begin(async (tx) => {
      const [document] = await tx<{ id: string }[]>`
        insert into manual_journal_entries (company_id, date, memo, status) values (${companyId}, '2026-07-15', ${`Hand posting ${i}`}, 'POSTED') returning *`
      await tx`
        insert into manual_journal_entry_lines (company_id, manual_journal_entry_id, position, account_id, amount)
        values (${companyId}, ${document.id}, 0, ${debit}, 12345), (${companyId}, ${document.id}, 1, ${credit}, -12345)`
      await tx`insert into state_changes (company_id, resource, record_id, to_state) values (${companyId}, 'journal-entries', ${document.id}, 'POSTED')`
      await post(tx, i, document.id)
    })
  // Both sides warm up first (as every other measurement here does): the API's code path and statements,
  // the hand loop's connection. These postings are not counted.
  const warmUp = Math.min(500, Math.ceil(POSTINGS / 10))
  for (let k = 0; k < warmUp; k++) {
    await viaApi(-1 - k)
    await byHand(-1 - k)
    await wholeByHand(-1 - k)
  }
  const ROUNDS = 10
  let apiMs = 0
  let handMs = 0
  let wholeMs = 0
  let i = 0
  for (let round = 0; round < ROUNDS; round++) {
    const n = Math.floor(POSTINGS / ROUNDS) + (round < POSTINGS % ROUNDS ? 1 : 0)
    let started = performance.now()
    for (let k = 0; k < n; k++) await viaApi(i + k)
    apiMs += performance.now() - started
    started = performance.now()
    for (let k = 0; k < n; k++) await byHand(i + k)
    handMs += performance.now() - started
    started = performance.now()
    for (let k = 0; k < n; k++) await wholeByHand(i + k)
    wholeMs += performance.now() - started
    i += n
  }
  const perSecond = (ms: number) => (POSTINGS * 1000) / ms
  return { n: POSTINGS, apiPerSecond: perSecond(apiMs), handPerSecond: perSecond(handMs), wholeByHandPerSecond: perSecond(wholeMs) }
}
