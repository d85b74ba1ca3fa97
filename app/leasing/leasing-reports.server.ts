import { sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import type { IncreaseLease, LedgerLine, MonthCharges, MoveLease, ReceiptPayment } from '~/domain/leasing/leasing-reports'
import type { LeasedUnit } from '~/domain/leasing/time-to-lease'
import type { PaidCharge } from '~/domain/leasing/resident-center'
import { addressees, letterhead } from './letters.server'
import { leaseColumns, leaseOfRow, propertyIs, receivedOn, type LeaseRow, type ReportScope } from './reports.server'

/*
 * What the rent ledger, rent outstanding, rent receipts and moves in and out read, in a fixed
 * number of statements however many leases, charges or payments there are, with history read as
 * ~/leasing/reports.server reads it: a charge counts from its date (a voided one never), and a
 * payment pays from its date until the day the bank returned it.
 */

const jsonIds = (ids: readonly string[]) => sql`(select x::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as x)`

/** A lease's receivable lines dated up to `to`, oldest first, with what posted each (and, for a charge's, the charge's kind). */
export async function ledgerLines(db: Executor, companyId: string, leaseId: string, to: string): Promise<LedgerLine[]> {
  const rows = await db.execute<{
    id: string
    date: string
    entry_id: string
    number: string
    source_type: string
    purpose: string
    reverses_entry_id: string | null
    replaces_entry_id: string | null
    memo: string | null
    amount: string
    charge_type: string | null
  }>(sql`
    select jl.id, jl.date::text as date, je.id as entry_id, je.number, je.source_type, je.purpose, je.reverses_entry_id, je.replaces_entry_id,
      coalesce(jl.memo, je.memo) as memo, jl.amount, c.charge_type
    from journal_lines jl
    join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_RECEIVABLE'
    join journal_entries je on je.id = jl.entry_id
    left join rent_charges c on je.source_type = 'RENT_CHARGE' and c.company_id = je.company_id and c.id = je.source_id
    where jl.company_id = ${companyId} and jl.lease_id = ${leaseId} and jl.date <= ${to}
    order by jl.date, je.number, jl.line_number`)
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    entryId: r.entry_id,
    entryNumber: Number(r.number),
    sourceType: r.source_type,
    purpose: r.purpose,
    reversesEntryId: r.reverses_entry_id,
    replacesEntryId: r.replaces_entry_id,
    memo: r.memo,
    amount: Number(r.amount),
    chargeType: r.charge_type,
  }))
}

/**
 * Per lease, the charges dated from `from` to `to` (of one kind when asked) and what of them
 * payments received by `asOf`, and not returned by then, have paid.
 */
export async function monthCharges(db: Executor, companyId: string, scope: ReportScope, range: { from: string; to: string }, chargeType: string | null): Promise<MonthCharges[]> {
  const rows = await db.execute<{ lease_id: string; charged: string; collected: string }>(sql`
    select c.lease_id, sum(c.amount) as charged, sum(coalesce(paid.amount, 0)) as collected
    from rent_charges c
    left join lateral (
      select sum(a.amount) as amount
      from rent_payment_allocations a join rent_payments p on p.id = a.payment_id
      where a.company_id = ${companyId} and a.charge_id = c.id and ${receivedOn(scope.asOf)}
    ) paid on true
    where c.company_id = ${companyId} and c.status = 'POSTED' and c.date between ${range.from} and ${range.to}
      ${chargeType ? sql`and c.charge_type = ${chargeType}` : sql``} ${propertyIs('c.property_group_id', scope)}
    group by c.lease_id`)
  return rows.map((r) => ({ leaseId: r.lease_id, charged: Number(r.charged), collected: Number(r.collected) }))
}

/** The payments a receipt is asked for: one by its id, or a resident's on their signed leases received in a range and not returned. */
export type ReceiptsFor = { paymentId: string } | { residentId: string; from: string; to: string }

/** The payments of the receipts asked for, oldest first, with the number of the entry each posted. */
export async function receiptPayments(db: Executor, companyId: string, which: ReceiptsFor): Promise<(ReceiptPayment & { status: string; returnedDate: string | null })[]> {
  const chosen =
    'paymentId' in which
      ? sql`p.id = ${which.paymentId}`
      : sql`p.status = 'RECEIVED' and p.date between ${which.from} and ${which.to}
          and p.lease_id in (select lr.lease_id from lease_residents lr join leases l2 on l2.id = lr.lease_id
                             where lr.company_id = ${companyId} and lr.resident_id = ${which.residentId} and l2.status <> 'DRAFT')`
  const rows = await db.execute<{
    id: string
    lease_id: string
    lease_label: string
    number: string | null
    date: string
    amount: string
    method: string
    reference: string | null
    unapplied: string
    status: string
    returned_date: string | null
  }>(sql`
    select p.id, p.lease_id, l.label as lease_label, je.number,
      p.date::text as date, p.amount, p.method, p.reference, p.amount - p.applied_amount as unapplied, p.status, p.returned_date::text as returned_date
    from rent_payments p
    join leases l on l.id = p.lease_id
    left join journal_entries je on je.company_id = p.company_id and je.source_type = 'RENT_PAYMENT' and je.source_id = p.id and je.purpose = 'RECEIPT'
    where p.company_id = ${companyId} and ${chosen}
    order by p.date, je.number nulls last, p.created_at`)
  return rows.map((r) => ({
    id: r.id,
    leaseId: r.lease_id,
    leaseLabel: r.lease_label,
    entryNumber: r.number === null ? null : Number(r.number),
    date: r.date,
    amount: Number(r.amount),
    method: r.method,
    reference: r.reference,
    unapplied: r.status === 'RECEIVED' ? Number(r.unapplied) : 0,
    status: r.status,
    returnedDate: r.returned_date,
  }))
}

/** What each of these payments paid: the charges it applies to, in the order it applied them. */
export async function chargesPaidBy(db: Executor, companyId: string, paymentIds: readonly string[]) {
  const byPayment = new Map<string, PaidCharge[]>()
  if (!paymentIds.length) return byPayment
  const rows = await db.execute<{ payment_id: string; charge_type: string; description: string; period_start: string | null; period_end: string | null; date: string; amount: string }>(sql`
    select a.payment_id, c.charge_type, c.description, c.period_start::text as period_start, c.period_end::text as period_end, c.date::text as date, a.amount
    from rent_payment_allocations a join rent_charges c on c.id = a.charge_id
    where a.company_id = ${companyId} and a.payment_id in ${jsonIds(paymentIds)}
    order by a.payment_id, a.position`)
  for (const r of rows) {
    const charge: PaidCharge = { chargeType: r.charge_type, description: r.description, periodStart: r.period_start, periodEnd: r.period_end, date: r.date, amount: Number(r.amount) }
    byPayment.set(r.payment_id, [...(byPayment.get(r.payment_id) ?? []), charge])
  }
  return byPayment
}

/** What the receipts of these payments say beyond the payments: each lease's unit address and tenants, what each payment paid, and who the landlord is. */
export async function receiptFacts(db: Executor, companyId: string, payments: readonly ReceiptPayment[]) {
  const [to, paid, company] = await Promise.all([
    addressees(db, companyId, [...new Set(payments.map((p) => p.leaseId))]),
    chargesPaidBy(
      db,
      companyId,
      payments.map((p) => p.id),
    ),
    letterhead(db, companyId),
  ])
  return { to, paid, company, landlord: { name: company.name, address: company.address, phone: company.phone, email: company.email } }
}

/** A resident of the company, by id: their name, or null. */
export async function residentName(db: Executor, companyId: string, residentId: string) {
  const [row] = await db.execute<{ name: string }>(sql`select first_name || ' ' || last_name as name from residents where company_id = ${companyId} and id = ${residentId}`)
  return row?.name ?? null
}

/**
 * The signed leases with a move in or out from `from` to `to`: the move-in (their move-in date, or
 * their start) unless the lease renews another (its residents were already there); the move-out
 * (their move-out date, or the end of a lease ended without a renewal following it); with the
 * deposits the lease asks for. And how many units the property (or company) has.
 */
export async function moves(db: Executor, companyId: string, scope: ReportScope, range: { from: string; to: string }): Promise<{ leases: MoveLease[]; units: number }> {
  const [rows, [count]] = await Promise.all([
    db.execute<LeaseRow & { moved_in: string | null; moved_out: string | null; deposit: string }>(sql`
      select * from (
        select ${leaseColumns},
          case when l.renews_lease_id is null then coalesce(l.move_in_date, l.start_date)::text end as moved_in,
          coalesce(l.move_out_date, case when l.status = 'ENDED' and not exists (
            select from leases r where r.company_id = l.company_id and r.renews_lease_id = l.id and r.status <> 'DRAFT') then l.end_date end)::text as moved_out,
          coalesce(l.security_deposit, 0) + coalesce(l.last_month_rent_deposit, 0) + coalesce(l.key_deposit, 0) as deposit
        from leases l
        join rental_units u on u.id = l.rental_unit_id
        join buildings b on b.id = u.building_id
        join property_groups g on g.id = b.property_group_id
        where l.company_id = ${companyId} and l.status <> 'DRAFT' ${propertyIs('g.id', scope)}
      ) moved
      where moved.moved_in between ${range.from} and ${range.to} or moved.moved_out between ${range.from} and ${range.to}`),
    db.execute<{ units: number }>(sql`
      select count(*)::int as units
      from rental_units u join buildings b on b.id = u.building_id join property_groups g on g.id = b.property_group_id
      where u.company_id = ${companyId} ${propertyIs('g.id', scope)}`),
  ])
  return {
    leases: rows.map((r) => ({ ...leaseOfRow(r), movedIn: r.moved_in, movedOut: r.moved_out, deposit: Number(r.deposit) })),
    units: count.units,
  }
}

/**
 * The rent increases (canceled ones aside) taking effect from `from` to `to`, with their leases,
 * the province each unit is under and each lease's last increase applied before the one listed.
 */
export async function increasesTakingEffect(db: Executor, companyId: string, scope: ReportScope, range: { from: string; to: string }): Promise<IncreaseLease[]> {
  const rows = await db.execute<
    LeaseRow & {
      increase_id: string
      increase_status: string
      current_rent: string
      new_rent: string
      increase_notice_date: string | null
      effective_date: string
      exempt: boolean
      exemption_reason: string | null
      province: string | null
      moved_in: string
      last_increase_date: string | null
    }
  >(sql`
    select ${leaseColumns}, i.id as increase_id, i.status as increase_status, i.current_rent, i.new_rent,
      i.notice_date::text as increase_notice_date, i.effective_date::text as effective_date, i.exempt, i.exemption_reason,
      coalesce(g.address ->> 'province', c.province) as province, coalesce(l.move_in_date, l.start_date)::text as moved_in,
      (select max(r.effective_date) from rent_increases r
       where r.company_id = i.company_id and r.lease_id = i.lease_id and r.status = 'APPLIED' and r.id <> i.id and r.effective_date < i.effective_date)::text as last_increase_date
    from rent_increases i
    join leases l on l.id = i.lease_id
    join companies c on c.id = i.company_id
    join rental_units u on u.id = l.rental_unit_id
    join buildings b on b.id = u.building_id
    join property_groups g on g.id = b.property_group_id
    where i.company_id = ${companyId} and i.status <> 'CANCELED' and i.effective_date between ${range.from} and ${range.to} ${propertyIs('g.id', scope)}`)
  return rows.map((r) => ({
    ...leaseOfRow(r),
    increaseId: r.increase_id,
    increaseStatus: r.increase_status,
    currentRent: Number(r.current_rent),
    newRent: Number(r.new_rent),
    noticeDate: r.increase_notice_date,
    effectiveDate: r.effective_date,
    exempt: r.exempt,
    exemptionReason: r.exemption_reason,
    province: r.province,
    movedIn: r.moved_in,
    lastIncreaseDate: r.last_increase_date,
  }))
}

/**
 * The new leases (renewals aside) signed from `from` to `to`, with their unit, the day the lease
 * before them on the unit moved out (or ended), and the day the unit's listing was published, when
 * it was before the signing: what time to lease counts.
 */
export async function leasedUnits(db: Executor, companyId: string, scope: ReportScope, range: { from: string; to: string }): Promise<LeasedUnit[]> {
  const rows = await db.execute<{
    id: string
    label: string
    unit_id: string
    unit_label: string
    unit_type: string
    property_id: string
    property_label: string
    signed_on: string
    move_in: string
    vacated_on: string | null
    listed_on: string | null
  }>(sql`
    select l.id, l.label, u.id as unit_id, u.label as unit_label, u.unit_type, g.id as property_id, g.name as property_label,
      l.signed_on::text, coalesce(l.move_in_date, l.start_date)::text as move_in,
      (select max(coalesce(p.move_out_date, p.end_date))::text from leases p
        where p.company_id = l.company_id and p.rental_unit_id = l.rental_unit_id and p.id <> l.id and p.status <> 'DRAFT'
          and coalesce(p.move_in_date, p.start_date) < coalesce(l.move_in_date, l.start_date)) as vacated_on,
      (select max(li.published_on)::text from rental_unit_listings li
        where li.company_id = l.company_id and li.rental_unit_id = l.rental_unit_id and li.published_on <= l.signed_on) as listed_on
    from leases l
    join rental_units u on u.id = l.rental_unit_id
    join buildings b on b.id = u.building_id
    join property_groups g on g.id = b.property_group_id
    where l.company_id = ${companyId} and l.status <> 'DRAFT' and l.renews_lease_id is null
      and l.signed_on between ${range.from} and ${range.to} ${propertyIs('g.id', scope)}`)
  return rows.map((r) => ({
    leaseId: r.id,
    leaseLabel: r.label,
    rentalUnitId: r.unit_id,
    unitLabel: r.unit_label,
    unitType: r.unit_type,
    propertyGroupId: r.property_id,
    propertyLabel: r.property_label,
    vacatedOn: r.vacated_on,
    listedOn: r.listed_on,
    signedOn: r.signed_on,
    moveIn: r.move_in,
  }))
}
