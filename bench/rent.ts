/**
 * The rent section of `npm run bench` (issue 14 item 15): the demo company gets 10,000 active
 * leases on the large portfolio's units, each with its rent schedule and 24 months of history
 * (a charge and its payment every month, posted), all by bulk INSERT … SELECT; then
 *  (a) a month's rent run, the app's own (`runRent`, set-based: a fixed number of statements
 *      whatever the number of leases) against the same charges and journal entries inserted by a
 *      hand-written set-based statement, alternating months;
 *  (b) GET /api/leases/{id}/rent-account/ against its query by hand, sequential, mean and p95.
 */
import { createDatabase } from '~/db/client.server'
import { runRent } from '~/leasing/rent.server'
import { leanClient } from './http'
import type { Sql } from './resource-lists'

export const LEASES = 10_000
const HISTORY_MONTHS = 24
const FIRST_MONTH = '2024-11-01'
const ACCOUNT_REQUESTS = 200

type Timings = { mean: number; p95: number; n: number }
const summarize = (times: number[]): Timings => {
  const sorted = [...times].sort((a, b) => a - b)
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p95: sorted[Math.floor(sorted.length * 0.95)], n: times.length }
}

/** 10,000 active leases with a schedule of one rent line and 24 months of charges and payments, posted. */
export async function seedRentHistory(sql: Sql) {
  const started = performance.now()
  const [company] = await sql<{ id: string }[]>`select id from companies where slug = 'maple'`
  await sql.begin(async (tx) => {
    await tx`
      insert into leases (company_id, rental_unit_id, lease_type, status, start_date, rent, rent_frequency)
      select ${company.id}, u.id, 'MONTH_TO_MONTH', 'ACTIVE', ${FIRST_MONTH}, 100000 + (u.n % 15) * 10000, 'MONTHLY'
      from (select id, row_number() over (order by unit_number) as n from rental_units where company_id = ${company.id} and unit_number like 'T%-%') u
      where u.n <= ${LEASES}`
    // The bench's own leases (the demo company has its own, with their own year of rent).
    await tx`
      create temporary table bench_leases on commit drop as
      select l.id from leases l join rental_units u on u.id = l.rental_unit_id
      where l.company_id = ${company.id} and u.unit_number like 'T%-%' and l.start_date = ${FIRST_MONTH}`
    await tx`
      insert into rent_payment_schedules (company_id, lease_id, frequency, start_date)
      select company_id, id, 'MONTHLY', start_date from leases where id in (select id from bench_leases)`
    await tx`
      insert into rent_payment_schedule_lines (company_id, schedule_id, position, charge_type, amount)
      select s.company_id, s.id, 0, 'RENT', l.rent from rent_payment_schedules s join leases l on l.id = s.lease_id where l.id in (select id from bench_leases)`
    // Each month's charge, then its payment on the 3rd, each with its entry: Dr 1200 / Cr 4000, Dr 1100 / Cr 1200.
    await tx`
      insert into rent_charges (company_id, lease_id, date, charge_type, description, amount, account_id, status, paid_amount, schedule_id, schedule_line_id, period_start, period_end)
      select s.company_id, s.lease_id, m.month, 'RENT', 'Rent', sl.amount, income.id, 'POSTED', sl.amount, s.id, sl.id, m.month, (m.month + interval '1 month' - interval '1 day')::date
      from rent_payment_schedules s join rent_payment_schedule_lines sl on sl.schedule_id = s.id
      join accounts income on income.company_id = s.company_id and income.number = '4000'
      cross join (select (${FIRST_MONTH}::date + make_interval(months => g))::date as month from generate_series(0, ${HISTORY_MONTHS - 1}) g) m
      where s.lease_id in (select id from bench_leases)`
    await tx`
      insert into rent_payments (company_id, lease_id, date, amount, applied_amount, method, status)
      select company_id, lease_id, date + 2, amount, amount, 'PAD', 'RECEIVED' from rent_charges where lease_id in (select id from bench_leases)`
    await tx`
      insert into rent_payment_allocations (company_id, payment_id, position, charge_id, amount)
      select p.company_id, p.id, 0, c.id, c.amount
      from rent_payments p join rent_charges c on c.lease_id = p.lease_id and c.date = p.date - 2 where p.lease_id in (select id from bench_leases)`
    const [{ next }] = await tx<{ next: number }[]>`select next_entry_number::int as next from ledger_settings where company_id = ${company.id} for update`
    await tx`
      create temporary table bench_rent_sources on commit drop as
      select row_number() over (order by date, id) as k, id, lease_id, date, amount, kind, rental_unit_id, property_group_id from (
        select id, lease_id, date, amount, 'RENT_CHARGE' as kind, rental_unit_id, property_group_id from rent_charges where lease_id in (select id from bench_leases)
        union all
        select id, lease_id, date, amount, 'RENT_PAYMENT', rental_unit_id, property_group_id from rent_payments where lease_id in (select id from bench_leases)) s`
    await tx`
      insert into journal_entries (company_id, number, date, memo, basis, source_type, source_id, purpose)
      select ${company.id}, ${next} + k - 1, date, case kind when 'RENT_CHARGE' then 'Rent' else 'Rent payment' end, 'BOTH', kind, id,
             case kind when 'RENT_CHARGE' then 'CHARGE' else 'RECEIPT' end
      from bench_rent_sources`
    await tx`
      insert into journal_lines (company_id, entry_id, line_number, account_id, date, basis, amount, lease_id, rental_unit_id, property_group_id)
      select e.company_id, e.id, side.n, a.id, e.date, 'BOTH', case side.n when 1 then s.amount else -s.amount end,
             case when a.number = '1200' then s.lease_id end, s.rental_unit_id, s.property_group_id
      from bench_rent_sources s
      join journal_entries e on e.company_id = ${company.id} and e.source_type = s.kind and e.source_id = s.id
      cross join (values (1), (2)) side(n)
      join accounts a on a.company_id = ${company.id} and a.number = case
        when s.kind = 'RENT_CHARGE' and side.n = 1 then '1200' when s.kind = 'RENT_CHARGE' then '4000'
        when side.n = 1 then '1100' else '1200' end`
    await tx`update ledger_settings set next_entry_number = ${next} + (select count(*) from bench_rent_sources) where company_id = ${company.id}`
  })
  for (const table of ['leases', 'rent_payment_schedules', 'rent_payment_schedule_lines', 'rent_charges', 'rent_payments', 'rent_payment_allocations', 'journal_entries', 'journal_lines']) await sql.unsafe(`vacuum analyze ${table}`)
  const [counts] = await sql<{ leases: number; charges: number; lines: number }[]>`
    select (select count(*)::int from leases where company_id = ${company.id} and status = 'ACTIVE') as leases,
           (select count(*)::int from rent_charges where company_id = ${company.id}) as charges,
           (select count(*)::int from journal_lines where company_id = ${company.id}) as lines`
  return { companyId: company.id, seconds: (performance.now() - started) / 1000, counts }
}

/**
 * The month's charges by hand, set-based: every schedule line's period starting on `month`, its
 * charge, its entry (numbered on from the company's counter) and its two lines, in one transaction.
 */
async function handRun(sql: Sql, companyId: string, month: string) {
  await sql.begin(async (tx) => {
    await tx`
      create temporary table bench_month on commit drop as
      with made as (
        insert into rent_charges (company_id, lease_id, date, charge_type, description, amount, account_id, status, schedule_id, schedule_line_id, period_start, period_end)
        select s.company_id, s.lease_id, ${month}::date, sl.charge_type, 'Rent', sl.amount, income.id, 'POSTED', s.id, sl.id, ${month}::date, (${month}::date + interval '1 month' - interval '1 day')::date
        from rent_payment_schedules s join rent_payment_schedule_lines sl on sl.schedule_id = s.id
        join leases l on l.id = s.lease_id and l.status in ('ACTIVE', 'NOTICE')
        join accounts income on income.company_id = s.company_id and income.number = '4000'
        where s.company_id = ${companyId}
        on conflict (company_id, schedule_line_id, period_start) where schedule_line_id is not null do nothing
        returning id, lease_id, amount, account_id, rental_unit_id, property_group_id)
      select row_number() over () as k, * from made`
    const [{ next }] = await tx<{ next: number }[]>`
      update ledger_settings set next_entry_number = next_entry_number + (select count(*) from bench_month)
      where company_id = ${companyId} returning (next_entry_number - (select count(*) from bench_month))::int as next`
    await tx`
      insert into journal_entries (company_id, number, date, memo, basis, source_type, source_id, purpose)
      select ${companyId}, ${next} + k - 1, ${month}::date, 'Rent', 'BOTH', 'RENT_CHARGE', id, 'CHARGE' from bench_month`
    await tx`
      insert into journal_lines (company_id, entry_id, line_number, account_id, date, basis, amount, lease_id, rental_unit_id, property_group_id)
      select e.company_id, e.id, side.n, case side.n when 1 then ar.id else m.account_id end, e.date, 'BOTH', case side.n when 1 then m.amount else -m.amount end,
             m.lease_id, m.rental_unit_id, m.property_group_id
      from bench_month m
      join journal_entries e on e.company_id = ${companyId} and e.source_type = 'RENT_CHARGE' and e.source_id = m.id
      join accounts ar on ar.company_id = ${companyId} and ar.number = '1200'
      cross join (values (1), (2)) side(n)`
  })
}

export type RentRunTiming = { app: Timings; hand: Timings; charged: number }

/** The app's rent run and the hand-written one, alternating months, two rounds each. */
export async function measureRentRun(sql: Sql, url: string, companyId: string): Promise<RentRunTiming> {
  const db = createDatabase(url, { max: 4 })
  const app: number[] = []
  const hand: number[] = []
  let charged = 0
  try {
    const months = ['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']
    for (const [i, month] of months.entries()) {
      const started = performance.now()
      if (i % 2 === 0) {
        const result = await runRent(db, { companyId, now: new Date(`${month.slice(0, 8)}02T17:00:00Z`) })
        if (result.failed || result.charged < LEASES) throw new Error(`rent run for ${month}: ${JSON.stringify(result)}`)
        charged = result.charged
        app.push(performance.now() - started)
      } else {
        await handRun(sql, companyId, month)
        hand.push(performance.now() - started)
      }
    }
  } finally {
    await db.$client.end()
  }
  return { app: summarize(app), hand: summarize(hand), charged }
}

/** GET rent-account/ for leases across the portfolio against its query by hand (the lease's receivable lines, in order, with their running balance). */
/**
 * (b): the API against the hand query, and, when `floorBase` is given, against a bare HTTP server
 * running the same statement (bench/bare-rent-account.mjs): the least any API over HTTP can take here.
 */
export async function measureRentAccount(base: string, headers: Record<string, string>, sql: Sql, companyId: string, floorBase?: string): Promise<{ api: Timings; hand: Timings; floor?: Timings }> {
  const leases = (await sql<{ id: string }[]>`select l.id from leases l join rental_units u on u.id = l.rental_unit_id where l.company_id = ${companyId} and l.status = 'ACTIVE' and u.unit_number like 'T%-%' order by l.id limit ${ACCOUNT_REQUESTS}`).map((l) => l.id)
  const byHand = (id: string) => sql`
    select l.id, l.entry_id, e.number, l.date, coalesce(l.memo, e.memo) as memo, e.source_type, l.amount,
           sum(l.amount) over (order by l.date, e.number, l.line_number) as balance
    from journal_lines l join accounts a on a.id = l.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE'
    join journal_entries e on e.id = l.entry_id
    where l.company_id = ${companyId} and l.lease_id = ${id}
    order by l.date, e.number, l.line_number`
  const api: number[] = []
  const hand: number[] = []
  const floor: number[] = []
  const client = leanClient(base, headers)
  const bare = floorBase ? leanClient(floorBase, {}) : undefined
  for (const id of leases.slice(0, 10)) {
    await client.get(`/api/leases/${id}/rent-account/`)
    await byHand(id)
    await bare?.get(`/${companyId}/${id}`)
  }
  for (const id of leases) {
    // The lease's pages are read once first, untimed: whichever side ran first would otherwise read
    // them from disk and leave them cached for the other (the bench's ledger outgrows shared buffers).
    await byHand(id)
    let started = performance.now()
    const response = await client.get(`/api/leases/${id}/rent-account/`)
    const body = JSON.parse(response.body) as { lines: unknown[] }
    api.push(performance.now() - started)
    if (response.status !== 200 || body.lines.length < HISTORY_MONTHS * 2) throw new Error(`rent-account of ${id}: ${response.status}, ${body.lines?.length} lines`)
    started = performance.now()
    await byHand(id)
    hand.push(performance.now() - started)
    if (!bare) continue
    started = performance.now()
    const bareResponse = await bare.get(`/${companyId}/${id}`)
    const bareBody = JSON.parse(bareResponse.body) as { lines: unknown[] }
    floor.push(performance.now() - started)
    if (bareResponse.status !== 200 || bareBody.lines.length !== body.lines.length) throw new Error(`bare rent account of ${id}: ${bareResponse.status}, ${bareBody.lines?.length} rows`)
  }
  return { api: summarize(api), hand: summarize(hand), ...(bare ? { floor: summarize(floor) } : {}) }
}

const REPORT_ROUNDS = 5
const REPORT_AS_OF = '2026-12-15'

/**
 * The rent roll and aged receivables as of a day, by hand: one statement each, reading what the
 * API's report reads (every unit with the lease holding it, its residents, rent lines in effect,
 * deposits and balance; each lease's open charges by age and its credits, and the receivables
 * account's balance).
 */
const handReports = {
  'rent-roll': (sql: Sql, companyId: string) => sql`
    with paid as materialized (
      select a.charge_id, sum(a.amount) as amount from rent_payment_allocations a join rent_payments p on p.id = a.payment_id
      where a.company_id = ${companyId} and p.date <= ${REPORT_AS_OF} and (p.returned_date is null or p.returned_date > ${REPORT_AS_OF}) group by a.charge_id),
    open as materialized (
      select c.lease_id, sum(c.amount - coalesce(paid.amount, 0)) as owed from rent_charges c left join paid on paid.charge_id = c.id
      where c.company_id = ${companyId} and c.status = 'POSTED' and c.date <= ${REPORT_AS_OF} group by c.lease_id),
    applied as materialized (
      select a.payment_id, sum(a.amount) as amount from rent_payment_allocations a join rent_charges c on c.id = a.charge_id
      where a.company_id = ${companyId} and c.status = 'POSTED' and c.date <= ${REPORT_AS_OF} group by a.payment_id),
    credit as materialized (
      select p.lease_id, sum(p.amount - coalesce(applied.amount, 0)) as held from rent_payments p left join applied on applied.payment_id = p.id
      where p.company_id = ${companyId} and p.date <= ${REPORT_AS_OF} and (p.returned_date is null or p.returned_date > ${REPORT_AS_OF}) group by p.lease_id),
    deposits as materialized (
      select jl.lease_id, -sum(jl.amount) as held from journal_lines jl join accounts a on a.id = jl.account_id and a.subtype = 'SECURITY_DEPOSITS'
      where jl.company_id = ${companyId} and jl.lease_id is not null and jl.date <= ${REPORT_AS_OF} group by jl.lease_id)
    select u.id, u.label, u.market_rent, g.name, l.id as lease_id, l.start_date, l.end_date, l.notice_date,
      (select string_agg(r.first_name || ' ' || r.last_name, ', ' order by lr.position) from lease_residents lr join residents r on r.id = lr.resident_id where lr.lease_id = l.id) as residents,
      (select sum(sl.amount) from rent_payment_schedules s join rent_payment_schedule_lines sl on sl.schedule_id = s.id where s.company_id = ${companyId} and s.lease_id = l.id
         and (sl.effective_from is null or sl.effective_from <= ${REPORT_AS_OF}) and (sl.effective_to is null or sl.effective_to >= ${REPORT_AS_OF})) as rent,
      coalesce(deposits.held, 0) as deposit, coalesce(open.owed, 0) - coalesce(credit.held, 0) as balance
    from rental_units u join buildings b on b.id = u.building_id join property_groups g on g.id = b.property_group_id
    left join lateral (select * from leases l where l.company_id = ${companyId} and l.rental_unit_id = u.id and l.start_date <= ${REPORT_AS_OF}
      and (l.status in ('ACTIVE', 'NOTICE') and (l.move_out_date is null or l.move_out_date >= ${REPORT_AS_OF}) or l.status = 'ENDED' and coalesce(l.move_out_date, l.end_date) >= ${REPORT_AS_OF})
      order by l.start_date desc limit 1) l on true
    left join open on open.lease_id = l.id left join credit on credit.lease_id = l.id left join deposits on deposits.lease_id = l.id
    where u.company_id = ${companyId}
    order by g.name, u.label`,
  'aged-receivables': (sql: Sql, companyId: string) => sql`
    with paid as materialized (
      select a.charge_id, sum(a.amount) as amount from rent_payment_allocations a join rent_payments p on p.id = a.payment_id
      where a.company_id = ${companyId} and p.date <= ${REPORT_AS_OF} and (p.returned_date is null or p.returned_date > ${REPORT_AS_OF}) group by a.charge_id),
    items as materialized (
      select c.lease_id, ${REPORT_AS_OF}::date - c.date as days, c.amount - coalesce(paid.amount, 0) as open from rent_charges c left join paid on paid.charge_id = c.id
      where c.company_id = ${companyId} and c.status = 'POSTED' and c.date <= ${REPORT_AS_OF} and c.amount <> coalesce(paid.amount, 0)),
    applied as materialized (
      select a.payment_id, sum(a.amount) as amount from rent_payment_allocations a join rent_charges c on c.id = a.charge_id
      where a.company_id = ${companyId} and c.status = 'POSTED' and c.date <= ${REPORT_AS_OF} group by a.payment_id),
    credit as materialized (
      select p.lease_id, sum(p.amount - coalesce(applied.amount, 0)) as held from rent_payments p left join applied on applied.payment_id = p.id
      where p.company_id = ${companyId} and p.date <= ${REPORT_AS_OF} and (p.returned_date is null or p.returned_date > ${REPORT_AS_OF}) and p.amount <> coalesce(applied.amount, 0) group by p.lease_id),
    aged as materialized (
      select lease_id, sum(open) filter (where days <= 30) as d30, sum(open) filter (where days between 31 and 60) as d60,
        sum(open) filter (where days between 61 and 90) as d90, sum(open) filter (where days > 90) as d91, 0 as held from items group by lease_id
      union all select lease_id, 0, 0, 0, 0, held from credit)
    select l.id, l.label, u.label as unit, sum(d30), sum(d60), sum(d90), sum(d91), -sum(held), sum(coalesce(d30, 0) + coalesce(d60, 0) + coalesce(d90, 0) + coalesce(d91, 0) - held) as total,
      (select sum(jl.amount) from journal_lines jl join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE' where jl.company_id = ${companyId} and jl.date <= ${REPORT_AS_OF}) as control
    from aged join leases l on l.id = aged.lease_id join rental_units u on u.id = l.rental_unit_id
    group by l.id, l.label, u.label
    order by u.label`,
} as const

export type ReportTiming = { api: Timings; hand: Timings; rows: number }

/** GET reporting/rent-roll/ and aged-receivables/ as of a day against their hand-written statements, alternating, after a warm-up of each. */
export async function measureRentReports(base: string, headers: Record<string, string>, sql: Sql, companyId: string): Promise<Record<keyof typeof handReports, ReportTiming>> {
  const out = {} as Record<keyof typeof handReports, ReportTiming>
  for (const report of Object.keys(handReports) as (keyof typeof handReports)[]) {
    const url = `${base}/api/reporting/${report}/?as_of=${REPORT_AS_OF}`
    const api: number[] = []
    const hand: number[] = []
    let rows = 0
    for (let round = 0; round <= REPORT_ROUNDS; round++) {
      let started = performance.now()
      const response = await fetch(url, { headers })
      const body = (await response.json()) as { rows: unknown[] }
      const apiMs = performance.now() - started
      if (response.status !== 200 || body.rows.length < LEASES) throw new Error(`${report}: ${response.status}, ${body.rows?.length} rows`)
      rows = body.rows.length
      started = performance.now()
      await handReports[report](sql, companyId)
      const handMs = performance.now() - started
      // The first round warms both up.
      if (round > 0) {
        api.push(apiMs)
        hand.push(handMs)
      }
    }
    out[report] = { api: summarize(api), hand: summarize(hand), rows }
  }
  return out
}
