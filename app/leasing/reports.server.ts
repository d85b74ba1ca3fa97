import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import type { LeaseCredit, OpenItem, RentRollLease, RentRollUnit } from '~/domain/leasing/reports'

/*
 * What the rent reports read, as of any date, in a fixed number of statements however many leases
 * there are. History is read from the documents as the journal holds them: a charge counts from its
 * date (a voided one never, its reversal is dated with it), a payment from its date until the day
 * the bank returned it, and a payment pays a charge as of a date when both are dated by then. So a
 * lease's open charges less its credits equal its receivable lines through that date.
 */

/** The day a report reads, and what it is limited to: a property, or one lease (a rent ledger's header). */
export type ReportScope = { asOf: string; propertyGroupId?: string | null; leaseId?: string }

export const propertyIs = (column: string, scope: ReportScope) => (scope.propertyGroupId ? sql`and ${sql.raw(column)} = ${scope.propertyGroupId}` : sql``)
const leaseIs = (column: string, scope: ReportScope) => (scope.leaseId ? sql`and ${sql.raw(column)} = ${scope.leaseId}` : sql``)
/** A payment still paying on the day: received by then, and not yet returned. */
export const receivedOn = (asOf: string) => sql`p.date <= ${asOf} and (p.returned_date is null or p.returned_date > ${asOf})`

/*
 * What a charge has been paid and what a payment has applied are kept on them as they stand now
 * (`paid_amount`: the allocations of payments still received; `applied_amount`: all its
 * allocations). As of a day, they differ from now only by the allocations of what is dated after
 * it: a payment received later (counted now, not then), one returned later (counted then, not
 * now), a charge made later (applied now, not then). So the reports read today's figures, by the
 * indexes of the charges owing and the payments holding a credit, and correct them by those few
 * allocations, instead of working every allocation of the company's history out again. With
 * nothing dated later the corrections are empty.
 */

/**
 * Every lease's open charges (each with what it owes at the end of `asOf`) and the credits it holds
 * then: what a lease owes on a day, as the rent reports and the dashboard read it.
 */
export async function openItemsAndCredits(db: Executor, companyId: string, scope: ReportScope) {
  const [items, credits] = await Promise.all([openItemsAsOf(db, companyId, scope), creditsAsOf(db, companyId, scope)])
  return { items, credits }
}

/** Each charge still owing something at the end of `asOf`, with what it owes then. */
async function openItemsAsOf(db: Executor, companyId: string, scope: ReportScope): Promise<OpenItem[]> {
  const rows = await db.execute<{ lease_id: string; id: string; date: string; charge_type: string; open: string }>(sql`
    with moved as (
      -- Payments that paid on the day and do not now (returned since), or pay now and did not then (received since).
      select id, returned_date is null as paying_now
      from rent_payments
      where company_id = ${companyId} and (date > ${scope.asOf} and returned_date is null or date <= ${scope.asOf} and returned_date > ${scope.asOf})
    ), correction as materialized (
      select a.charge_id, sum(case when m.paying_now then a.amount else -a.amount end) as amount
      from rent_payment_allocations a join moved m on m.id = a.payment_id
      group by a.charge_id
    )
    select lease_id, id, date::text as date, charge_type, open from (
      select c.lease_id, c.id, c.date, c.created_at, c.charge_type, c.amount - c.paid_amount + coalesce(k.amount, 0) as open
      from rent_charges c left join correction k on k.charge_id = c.id
      where c.company_id = ${companyId} and c.owing and c.date <= ${scope.asOf} ${propertyIs('c.property_group_id', scope)} ${leaseIs('c.lease_id', scope)}
      union all
      select c.lease_id, c.id, c.date, c.created_at, c.charge_type, c.amount - c.paid_amount + k.amount
      from correction k join rent_charges c on c.id = k.charge_id
      where c.company_id = ${companyId} and not c.owing and c.status = 'POSTED' and c.date <= ${scope.asOf} ${propertyIs('c.property_group_id', scope)} ${leaseIs('c.lease_id', scope)}
    ) charge
    where open <> 0
    order by date, created_at`)
  return rows.map((r) => ({ leaseId: r.lease_id, chargeId: r.id, date: r.date, chargeType: r.charge_type, open: Number(r.open) }))
}

/**
 * What each lease holds as a credit at the end of `asOf`: its payments' amounts not yet paying a
 * charge dated by then. A payment still received has applied to posted charges only (a charge is
 * voided only while nothing received pays it), so what it applies to charges dated later is its
 * whole correction; a payment returned since is read from its allocations (they are few).
 */
async function creditsAsOf(db: Executor, companyId: string, scope: ReportScope): Promise<LeaseCredit[]> {
  const rows = await db.execute<{ lease_id: string; credit: string }>(sql`
    with later as materialized (
      select a.payment_id, sum(a.amount) as amount
      from rent_charges c join rent_payment_allocations a on a.company_id = c.company_id and a.charge_id = c.id
      where c.company_id = ${companyId} and c.date > ${scope.asOf}
      group by a.payment_id
    ), credit as (
      select p.lease_id, p.amount - p.applied_amount + coalesce(l.amount, 0) as credit
      from rent_payments p left join later l on l.payment_id = p.id
      where p.company_id = ${companyId} and p.holds_credit and p.date <= ${scope.asOf} ${propertyIs('p.property_group_id', scope)} ${leaseIs('p.lease_id', scope)}
      union all
      select p.lease_id, p.amount - p.applied_amount + l.amount
      from later l join rent_payments p on p.id = l.payment_id
      where p.company_id = ${companyId} and not p.holds_credit and p.returned_date is null and p.date <= ${scope.asOf} ${propertyIs('p.property_group_id', scope)} ${leaseIs('p.lease_id', scope)}
      union all
      select p.lease_id, p.amount - coalesce((
        select sum(a.amount) from rent_payment_allocations a join rent_charges c on c.id = a.charge_id
        where a.payment_id = p.id and c.status = 'POSTED' and c.date <= ${scope.asOf}), 0)
      from rent_payments p
      where p.company_id = ${companyId} and p.date <= ${scope.asOf} and p.returned_date > ${scope.asOf} ${propertyIs('p.property_group_id', scope)} ${leaseIs('p.lease_id', scope)}
    )
    select lease_id, sum(credit) as credit from credit where credit <> 0 group by lease_id`)
  return rows.map((r) => ({ leaseId: r.lease_id, credit: Number(r.credit) }))
}

/** The balance of the receivable accounts at the end of `asOf`: the control figure the rent reports tie to. */
export async function receivablesBalance(db: Executor, companyId: string, scope: ReportScope): Promise<number> {
  const rows = await db.execute<{ balance: string | null }>(sql`
    select sum(jl.amount) as balance
    from journal_lines jl join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE'
    where jl.company_id = ${companyId} and jl.date <= ${scope.asOf} ${propertyIs('jl.property_group_id', scope)}`)
  return Number(rows[0]?.balance ?? 0)
}

/** Every lease's deposits held at the end of `asOf`: its lines on the security-deposit liability accounts. */
export async function depositsHeldAsOf(db: Executor, companyId: string, scope: ReportScope): Promise<Map<string, number>> {
  const rows = await db.execute<{ lease_id: string; held: string }>(sql`
    select jl.lease_id, -sum(jl.amount) as held
    from journal_lines jl join accounts a on a.id = jl.account_id and a.subtype = 'SECURITY_DEPOSITS'
    where jl.company_id = ${companyId} and jl.lease_id is not null and jl.date <= ${scope.asOf} ${propertyIs('jl.property_group_id', scope)} ${leaseIs('jl.lease_id', scope)}
    group by jl.lease_id`)
  return new Map(rows.map((r) => [r.lease_id, Number(r.held)]))
}

/**
 * The leases the reports name, by id: label, unit, property, status and terms, and who is on each
 * (the guarantor aside: they do not live there), primary first.
 */
export async function leasesByIds(db: Executor, companyId: string, ids: string[]): Promise<Map<string, RentRollLease>> {
  if (!ids.length) return new Map()
  const rows = await db.execute<LeaseRow>(sql`
    with wanted as materialized (select x::uuid as id from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as x),
    people as (${peopleOf(companyId, sql`select id from wanted`)})
    select l.id, l.label, l.status, l.lease_type, l.start_date::text as start_date, l.end_date::text as end_date, l.move_in_date::text as move_in_date,
      l.notice_date::text as notice_date, l.move_out_date::text as move_out_date, l.rent, l.rent_frequency,
      u.id as rental_unit_id, u.label as unit_label, g.id as property_group_id, g.name as property_label, people.residents
    from leases l
    join rental_units u on u.id = l.rental_unit_id
    join buildings b on b.id = u.building_id
    join property_groups g on g.id = b.property_group_id
    left join people on people.lease_id = l.id
    where l.company_id = ${companyId} and l.id in (select id from wanted)`)
  return new Map(rows.map((r) => [r.id, leaseOfRow(r)]))
}

/** Who lives under a lease, named in order, primary first (the guarantor aside: they do not live there). */
const residentNames = sql`string_agg(r.first_name || ' ' || r.last_name, ', ' order by lr.position)`

/** The names on each of some leases (`leases`: a query of their ids), in one pass joined by lease rather than looked up lease by lease. */
const peopleOf = (companyId: string, leases: SQL) => sql`
  select lr.lease_id, ${residentNames} as residents
  from lease_residents lr join residents r on r.id = lr.resident_id
  where lr.company_id = ${companyId} and lr.role <> 'GUARANTOR' and lr.lease_id in (${leases})
  group by lr.lease_id`

export type LeaseRow = {
  id: string
  label: string
  status: string
  lease_type: string
  start_date: string
  end_date: string | null
  move_in_date: string | null
  notice_date: string | null
  move_out_date: string | null
  rent: string
  rent_frequency: string
  rental_unit_id: string
  unit_label: string
  property_group_id: string
  property_label: string
  residents: string | null
}

export const leaseColumns = sql`
  l.id, l.label, l.status, l.lease_type, l.start_date::text as start_date, l.end_date::text as end_date, l.move_in_date::text as move_in_date,
  l.notice_date::text as notice_date, l.move_out_date::text as move_out_date, l.rent, l.rent_frequency,
  u.id as rental_unit_id, u.label as unit_label, g.id as property_group_id, g.name as property_label,
  (select ${residentNames}
     from lease_residents lr join residents r on r.id = lr.resident_id
     where lr.lease_id = l.id and lr.role <> 'GUARANTOR') as residents`

export const leaseOfRow = (r: LeaseRow): RentRollLease => ({
  id: r.id,
  label: r.label,
  status: r.status,
  leaseType: r.lease_type,
  startDate: r.start_date,
  endDate: r.end_date,
  moveInDate: r.move_in_date,
  noticeDate: r.notice_date,
  moveOutDate: r.move_out_date,
  rent: Number(r.rent),
  rentFrequency: r.rent_frequency,
  rentalUnitId: r.rental_unit_id,
  unitLabel: r.unit_label,
  propertyGroupId: r.property_group_id,
  propertyLabel: r.property_label,
  residents: r.residents ?? '',
})

/**
 * Every unit, with the lease that held it at the end of `asOf` (its term begun, and not yet moved
 * out of: an ended lease held it through its move-out, else its end; one in force holds it on past
 * its end, month to month), and the recurring charges of that lease's schedule in effect that day.
 * The leases, their residents and their charges are each read in one pass and joined to the units,
 * not looked up unit by unit.
 */
export async function unitsAsOf(db: Executor, companyId: string, scope: ReportScope): Promise<RentRollUnit[]> {
  const rows = await db.execute<
    LeaseRow & {
      unit_id: string
      unit_number: string
      u_label: string
      unit_type: string
      bedrooms: number | null
      area_sq_ft: number | null
      market_rent: string | null
      unit_status: string
      g_id: string
      g_name: string
      recurring: { charge_type: string; amount: string; frequency: string }[] | null
    }
  >(sql`
    with held as materialized (
      select distinct on (l.rental_unit_id) l.id, l.label, l.status, l.lease_type, l.start_date, l.end_date, l.move_in_date, l.notice_date, l.move_out_date,
        l.rent, l.rent_frequency, l.rental_unit_id
      from leases l
      where l.company_id = ${companyId} and l.start_date <= ${scope.asOf}
        and (l.status in ('ACTIVE', 'NOTICE') and (l.move_out_date is null or l.move_out_date >= ${scope.asOf})
          or l.status = 'ENDED' and coalesce(l.move_out_date, l.end_date) >= ${scope.asOf})
      order by l.rental_unit_id, l.start_date desc
    ), people as (${peopleOf(companyId, sql`select id from held`)}
    ), recurring as (
      select s.lease_id, json_agg(json_build_object('charge_type', sl.charge_type, 'amount', sl.amount, 'frequency', s.frequency)) as recurring
      from rent_payment_schedules s join rent_payment_schedule_lines sl on sl.schedule_id = s.id
      where s.company_id = ${companyId} and s.lease_id in (select id from held) and s.start_date <= ${scope.asOf} and (s.end_date is null or s.end_date >= ${scope.asOf})
        and (sl.effective_from is null or sl.effective_from <= ${scope.asOf}) and (sl.effective_to is null or sl.effective_to >= ${scope.asOf})
      group by s.lease_id
    )
    select u.id as unit_id, u.unit_number, u.label as u_label, u.unit_type, u.bedrooms, u.area_sq_ft, u.market_rent, u.status as unit_status,
      g.id as g_id, g.name as g_name,
      h.id, h.label, h.status, h.lease_type, h.start_date::text as start_date, h.end_date::text as end_date, h.move_in_date::text as move_in_date,
      h.notice_date::text as notice_date, h.move_out_date::text as move_out_date, h.rent, h.rent_frequency,
      u.id as rental_unit_id, u.label as unit_label, g.id as property_group_id, g.name as property_label, people.residents, recurring.recurring
    from rental_units u
    join buildings b on b.id = u.building_id
    join property_groups g on g.id = b.property_group_id
    left join held h on h.rental_unit_id = u.id
    left join people on people.lease_id = h.id
    left join recurring on recurring.lease_id = h.id
    where u.company_id = ${companyId} ${propertyIs('g.id', scope)}
    order by g.name, u.label`)
  return rows.map((r) => ({
    id: r.unit_id,
    label: r.u_label,
    unitType: r.unit_type,
    bedrooms: r.bedrooms,
    areaSqFt: r.area_sq_ft,
    marketRent: r.market_rent === null ? null : Number(r.market_rent),
    status: r.unit_status,
    propertyGroupId: r.g_id,
    propertyLabel: r.g_name,
    lease: r.id ? leaseOfRow(r) : null,
    recurring: (r.recurring ?? []).map((x) => ({ chargeType: x.charge_type, amount: Number(x.amount), frequency: x.frequency })),
  }))
}

/** Each lease's last payment received by `asOf` (and not returned by then): its date and amount. */
export async function lastPaymentsAsOf(db: Executor, companyId: string, scope: ReportScope, leaseIds: string[]) {
  if (!leaseIds.length) return new Map<string, { date: string; amount: number }>()
  const rows = await db.execute<{ lease_id: string; date: string; amount: string }>(sql`
    select distinct on (p.lease_id) p.lease_id, p.date::text as date, p.amount
    from rent_payments p
    where p.company_id = ${companyId} and ${receivedOn(scope.asOf)}
      and p.lease_id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(leaseIds)}::jsonb) as x)
    order by p.lease_id, p.date desc, p.created_at desc`)
  return new Map(rows.map((r) => [r.lease_id, { date: r.date, amount: Number(r.amount) }]))
}

/** The staff dashboard's rent figures on `today`: occupancy, this month's charges and receipts, who owes, and the notices given. */
export async function rentFigures(db: Executor, companyId: string, today: string) {
  const monthStart = `${today.slice(0, 8)}01`
  const [counts] = await db.execute<{ units: number; occupied: number; on_notice: number; charged: string; collected: string }>(sql`
    select (select count(*)::int from rental_units where company_id = ${companyId}) as units,
           (select count(*)::int from rental_units where company_id = ${companyId} and status in ('OCCUPIED', 'NOTICE')) as occupied,
           (select count(*)::int from leases where company_id = ${companyId} and status = 'NOTICE') as on_notice,
           (select coalesce(sum(amount), 0)::text from rent_charges where company_id = ${companyId} and status = 'POSTED' and date between ${monthStart} and ${today}) as charged,
           (select coalesce(sum(amount), 0)::text from rent_payments where company_id = ${companyId} and status = 'RECEIVED' and date between ${monthStart} and ${today}) as collected`)
  return { monthStart, counts, ...(await openItemsAndCredits(db, companyId, { asOf: today })) }
}
