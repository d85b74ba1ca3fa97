import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { bankAccounts, companies, depositDispositionLines, depositDispositions, leases, rentCharges, securityDeposits } from '~/db/schema'
import { conflict, invalid, notFound } from '~/domain/errors'
import { depositErrors, depositsCarriedDraft, depositInterest, dispositionDueDate, dispositionErrors, dispositionFigures, interestOwed, interestUntil, monthlyRentOf, type StatementFacts } from '~/domain/leasing/deposits'
import { todayIn } from '~/domain/dates'
import { depositInterestRulesOf, rulesOf } from '~/domain/leasing/provinces'
import { FROM_DEPOSIT } from '~/domain/leasing/payments'
import { formatDecimal } from '~/domain/money'
import { provinceOf, provinceOfUnit } from './late-fees.server'
import { leaseSummaries } from './leases.server'
import { roleAccountId } from '~/ledger/chart.server'
import { postEntry } from '~/ledger/posting.server'

/*
 * Deposits' rules, called by their definitions (~/resources/deposits): a deposit is checked
 * against its province's law when it is received; a lease's disposition settles every deposit it
 * still holds, paying the charges it deducts through a payment made from the deposits (so the
 * lease's receivables and the reports read it as any payment), and refunding the rest.
 */

/** A lease's rent per month, where it is, and its move-out. */
async function leaseFacts(tx: Executor, companyId: string, leaseId: string) {
  const [lease] = await tx
    .select({ rent: leases.rent, frequency: leases.rentFrequency, moveOutDate: leases.moveOutDate, endDate: leases.endDate, label: leases.label })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
  if (!lease) throw invalid('Lease: no such lease in your company.', { lease_id: ['No such lease in your company.'] })
  const [place] = await tx.execute<{ property_group_id: string | null; unit: string }>(sql`
    select b.property_group_id, u.label as unit from leases l join rental_units u on u.id = l.rental_unit_id join buildings b on b.id = u.building_id where l.id = ${leaseId}`)
  return { ...lease, unit: place?.unit ?? '', province: await provinceOf(tx, companyId, place?.property_group_id ?? null) }
}

/** The field errors of a deposit under its lease's province's law (with the lease's other deposits of its kind still held). */
export async function checkDeposit(tx: Executor, companyId: string, id: string | undefined, values: Record<string, unknown>) {
  const leaseId = String(values.leaseId)
  const lease = await leaseFacts(tx, companyId, leaseId)
  const [others] = await tx
    .select({ held: sql<number>`coalesce(sum(${securityDeposits.amount}), 0)`.mapWith(Number) })
    .from(securityDeposits)
    .where(
      and(
        eq(securityDeposits.companyId, companyId),
        eq(securityDeposits.leaseId, leaseId),
        eq(securityDeposits.depositType, String(values.depositType)),
        eq(securityDeposits.status, 'HELD'),
        id ? ne(securityDeposits.id, id) : undefined,
      ),
    )
  return depositErrors({ depositType: String(values.depositType), amount: Number(values.amount) }, monthlyRentOf(lease.rent, lease.frequency), others.held, lease.province)
}

/** A lease's agreed deposits (its terms), by field, as the kinds of deposit they are. */
const LEASE_DEPOSITS = [
  { key: 'securityDeposit', field: 'security_deposit', depositType: 'DAMAGE' },
  { key: 'lastMonthRentDeposit', field: 'last_month_rent_deposit', depositType: 'LAST_MONTH_RENT' },
  { key: 'keyDeposit', field: 'key_deposit', depositType: 'KEY' },
] as const

/**
 * The field errors of the deposits a lease's terms agree to under the law of the province its unit
 * is in, as a deposit received for it is held to (an Ontario lease agrees to no damage deposit).
 */
export async function leaseDepositErrors(tx: Executor, companyId: string, values: Record<string, unknown>): Promise<Record<string, string[]> | undefined> {
  const agreed = LEASE_DEPOSITS.filter((d) => Number(values[d.key] ?? 0) > 0)
  if (!agreed.length || typeof values.rentalUnitId !== 'string') return undefined
  const province = await provinceOfUnit(tx, companyId, values.rentalUnitId)
  const monthlyRent = monthlyRentOf(Number(values.rent ?? 0), String(values.rentFrequency ?? 'MONTHLY'))
  const errors: Record<string, string[]> = {}
  for (const deposit of agreed) {
    const refused = depositErrors({ depositType: deposit.depositType, amount: Number(values[deposit.key]) }, monthlyRent, 0, province)
    if (refused) errors[deposit.field] = Object.values(refused).flat()
  }
  return Object.keys(errors).length ? errors : undefined
}

/** What a lease's deposits come to while held. */
async function heldFor(tx: Executor, companyId: string, leaseId: string) {
  const [row] = await tx
    .select({ held: sql<number>`coalesce(sum(${securityDeposits.amount}), 0)`.mapWith(Number) })
    .from(securityDeposits)
    .where(and(eq(securityDeposits.companyId, companyId), eq(securityDeposits.leaseId, leaseId), eq(securityDeposits.status, 'HELD')))
  return row.held
}

/**
 * The deposits a lease still holds go over to its renewal on the renewal's first day: each is held
 * for the renewal from then on (and remembers the lease it was received under, whose receipt stays
 * as posted), and one entry moves their total in the books from the one lease to the other.
 */
export async function carryDepositsToRenewal(tx: Executor, companyId: string, userId: string | null, renewal: { id: string; startDate: string; label: string }, renewedId: string) {
  const carried = await tx
    .update(securityDeposits)
    .set({ leaseId: renewal.id, receivedLeaseId: sql`coalesce(${securityDeposits.receivedLeaseId}, ${securityDeposits.leaseId})`, updatedAt: new Date() })
    .where(and(eq(securityDeposits.companyId, companyId), eq(securityDeposits.leaseId, renewedId), eq(securityDeposits.status, 'HELD')))
    .returning({ amount: securityDeposits.amount, rentalUnitId: securityDeposits.rentalUnitId, propertyGroupId: securityDeposits.propertyGroupId })
  const amount = carried.reduce((sum, d) => sum + d.amount, 0)
  if (amount <= 0) return 0
  const held = await roleAccountId(tx, companyId, 'SECURITY_DEPOSITS_HELD')
  if (!held) throw conflict('Choose the account that holds security deposits in the accounting settings: the deposits go over to the renewal.')
  const draft = depositsCarriedDraft(
    { renewalId: renewal.id, fromLeaseId: renewedId, date: renewal.startDate, amount, rentalUnitId: carried[0].rentalUnitId, propertyGroupId: carried[0].propertyGroupId, memo: `Deposits held for the renewal ${renewal.label}` },
    held,
  )
  await postEntry(tx, companyId, draft, { userId })
  return amount
}

/**
 * The interest a lease's deposits still held have earned by its province's law by the disposition's
 * date (in Ontario the move-out, when earlier: the last month's rent deposit then pays the last
 * month), in cents; null where Lintel does not compute it, for the interest to be entered.
 */
export async function dispositionInterest(tx: Executor, companyId: string, leaseId: string, date: string) {
  const lease = await leaseFacts(tx, companyId, leaseId)
  const held = await tx
    .select({ depositType: securityDeposits.depositType, amount: securityDeposits.amount, date: securityDeposits.date })
    .from(securityDeposits)
    .where(and(eq(securityDeposits.companyId, companyId), eq(securityDeposits.leaseId, leaseId), eq(securityDeposits.status, 'HELD')))
  return interestOwed(held, interestUntil(lease.province, lease.moveOutDate, date), lease.province)
}

/**
 * What each of these deposits has earned to the company's today while held, by its province's law,
 * in one statement: "12.34", or null where Lintel does not compute it or the deposit is settled (its
 * disposition says what was paid).
 */
export async function depositInterestSummaries(tx: Executor, companyId: string, ids: string[]) {
  const rows = await tx.execute<{ id: string; deposit_type: string; amount: string; date: string; status: string; province: string | null; time_zone: string | null }>(sql`
    select s.id, s.deposit_type, s.amount, s.date::text as date, s.status, coalesce(nullif(g.address ->> 'province', ''), c.province) as province, c.time_zone
    from security_deposits s
    join companies c on c.id = s.company_id
    left join property_groups g on g.id = s.property_group_id
    where s.company_id = ${companyId} and s.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as x)`)
  const today = todayIn(rows[0]?.time_zone ?? 'UTC')
  return new Map(
    rows.map((r) => {
      const interest = r.status === 'HELD' ? depositInterest({ depositType: r.deposit_type, amount: Number(r.amount), date: r.date }, today, r.province) : null
      return [r.id, { interest_owed: interest ? formatDecimal(interest.total) : null }]
    }),
  )
}

type Deduction = { chargeId: string | null; description: string | null; amount: number }

/** The field errors of a disposition as it stands: its deductions within the deposits and interest, and the province's law on damage. */
export async function checkDisposition(tx: Executor, companyId: string, values: Record<string, unknown>, deductions: readonly Deduction[]) {
  const leaseId = String(values.leaseId)
  const lease = await leaseFacts(tx, companyId, leaseId)
  const figures = dispositionFigures(await heldFor(tx, companyId, leaseId), Number(values.interest ?? 0), deductions)
  const errors = dispositionErrors(figures, deductions, lease.province, { interestAccount: !!values.interestAccountId, bankAccount: !!values.bankAccountId }) ?? {}
  const open = await openChargesFor(
    tx,
    companyId,
    leaseId,
    deductions.flatMap((d) => (d.chargeId ? [d.chargeId] : [])),
  )
  deductions.forEach((d, i) => {
    if (!d.chargeId) return
    const owes = open.get(d.chargeId)
    if (owes === undefined) errors[`lines[${i}].charge_id`] = [`Line ${i + 1}: not a charge this lease still owes.`]
    else if (d.amount > owes) errors[`lines[${i}].amount`] = [`Line ${i + 1}: the charge owes ${formatDecimal(owes)}; deduct no more.`]
  })
  return Object.keys(errors).length ? errors : undefined
}

/**
 * What a page of dispositions shows, in one statement for the page: the deposits they settle (or
 * settled), the deductions, the refund, and the day each is due by its province's law (the
 * property's province, else the company's, as the law is read everywhere).
 */
export async function dispositionSummaries(tx: Executor, companyId: string, ids: string[]) {
  const rows = await tx.execute<{ id: string; status: string; interest: string; held_amount: string | null; deducted_amount: string | null; lines_total: string; held_now: string; move_out: string | null; province: string | null }>(sql`
    select d.id, d.status, d.interest, d.held_amount, d.deducted_amount,
      (select coalesce(sum(l.amount), 0) from deposit_disposition_lines l where l.disposition_id = d.id) as lines_total,
      (select coalesce(sum(s.amount), 0) from security_deposits s where s.company_id = d.company_id and s.lease_id = d.lease_id and s.status = 'HELD') as held_now,
      coalesce(le.move_out_date, le.end_date)::text as move_out,
      coalesce(nullif(g.address ->> 'province', ''), c.province) as province
    from deposit_dispositions d
    join leases le on le.id = d.lease_id
    join rental_units u on u.id = le.rental_unit_id
    join buildings b on b.id = u.building_id
    join property_groups g on g.id = b.property_group_id
    join companies c on c.id = d.company_id
    where d.company_id = ${companyId} and d.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as x)`)
  return new Map(
    rows.map((r) => {
      const completed = r.status === 'COMPLETED'
      const held = Number(completed ? r.held_amount : r.held_now)
      const deducted = Number(completed ? r.deducted_amount : r.lines_total)
      return [r.id, { held: formatDecimal(held), deducted: formatDecimal(deducted), refund: formatDecimal(held + Number(r.interest) - deducted), due_date: dispositionDueDate(r.move_out, r.province) }]
    }),
  )
}

/**
 * Completes a lease's disposition: charges each damage deduction to the lease, pays the deducted
 * charges from the deposits (one payment, its lines the deductions), settles every deposit the lease
 * still holds, and keeps the figures and the refund's bank account on the disposition for its entry.
 */
export async function completeDisposition(tx: Executor, companyId: string, userId: string, record: Record<string, unknown>, deductions: readonly Deduction[]) {
  const leaseId = String(record.leaseId)
  const id = String(record.id)
  const date = String(record.date)
  const held = await heldFor(tx, companyId, leaseId)
  if (held === 0 && Number(record.interest ?? 0) === 0) throw conflict('This lease holds no deposit to settle.')
  // Deposits are settled at move-out: a lease still lived in keeps them (Ontario's pays the last month).
  const [lease] = await tx
    .select({ label: leases.label, status: leases.status, moveOutDate: leases.moveOutDate })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
  if (lease && lease.status !== 'ENDED' && (!lease.moveOutDate || lease.moveOutDate > date)) {
    const message = lease.moveOutDate
      ? `On or after ${lease.moveOutDate}, the move-out: the deposits are held until the residents leave.`
      : `${lease.label} is still lived in: give notice or end it first; the deposits are held until the residents leave.`
    throw conflict(message, { date: [message] })
  }
  const errors = await checkDisposition(tx, companyId, record, deductions)
  if (errors) throw invalid(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
  const { createRecord } = await import('~/resources/engine/api.server')
  const { rentChargesResource, rentPaymentsResource } = await import('~/resources/rent')
  const paid: { charge_id: string; amount: number }[] = []
  for (const d of deductions) {
    let chargeId = d.chargeId
    if (!chargeId) {
      const charge = await createRecord(tx, companyId, rentChargesResource, { values: { lease_id: leaseId, date, charge_type: 'OTHER', description: d.description || 'Damage', amount: d.amount } }, { userId })
      chargeId = String(charge.id)
    }
    paid.push({ charge_id: chargeId, amount: d.amount })
  }
  const deducted = deductions.reduce((sum, d) => sum + d.amount, 0)
  let paymentId: string | null = null
  if (deducted > 0) {
    const payment = await createRecord(
      tx,
      companyId,
      rentPaymentsResource,
      { values: { lease_id: leaseId, date, amount: deducted, method: FROM_DEPOSIT, memo: `From the deposits: ${String(record.label)}`, lines: paid } },
      { userId },
    )
    paymentId = String(payment.id)
  }
  let refundAccountId: string | null = null
  if (record.bankAccountId) {
    const [bank] = await tx
      .select({ glAccountId: bankAccounts.glAccountId })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, String(record.bankAccountId))))
    refundAccountId = bank?.glAccountId ?? null
  }
  await tx
    .update(securityDeposits)
    .set({ status: 'SETTLED', dispositionId: id, updatedAt: new Date() })
    .where(and(eq(securityDeposits.companyId, companyId), eq(securityDeposits.leaseId, leaseId), eq(securityDeposits.status, 'HELD')))
  await tx
    .update(depositDispositions)
    .set({ paymentId, heldAmount: held, deductedAmount: deducted, refundAccountId, updatedAt: new Date() })
    .where(and(eq(depositDispositions.companyId, companyId), eq(depositDispositions.id, id)))
}

/** The charges a disposition's lines name must be this lease's and still owe what they deduct. */
export async function openChargesFor(tx: Executor, companyId: string, leaseId: string, chargeIds: string[]) {
  if (!chargeIds.length) return new Map<string, number>()
  const rows = await tx
    .select({ id: rentCharges.id, open: sql<number>`${rentCharges.amount} - ${rentCharges.paidAmount}`.mapWith(Number) })
    .from(rentCharges)
    .where(and(eq(rentCharges.companyId, companyId), eq(rentCharges.leaseId, leaseId), eq(rentCharges.status, 'POSTED'), inArray(rentCharges.id, chargeIds)))
  return new Map(rows.map((r) => [r.id, r.open]))
}

/** What a disposition's statement says, read for it: the company, the lease and its residents, the deposits it settles and its deductions. */
export async function statementFacts(tx: Executor, companyId: string, id: string): Promise<StatementFacts> {
  if (!isUuid(id)) throw notFound('No such deposit disposition.')
  const [disposition] = await tx
    .select()
    .from(depositDispositions)
    .where(and(eq(depositDispositions.companyId, companyId), eq(depositDispositions.id, id)))
  if (!disposition) throw notFound('No such deposit disposition.')
  const completed = disposition.status === 'COMPLETED'
  const [[company], lease, people, deposits, deductions] = await Promise.all([
    tx.select().from(companies).where(eq(companies.id, companyId)),
    leaseFacts(tx, companyId, disposition.leaseId),
    leaseSummaries(tx, companyId, [disposition.leaseId]),
    tx
      .select({ depositType: securityDeposits.depositType, date: securityDeposits.date, amount: securityDeposits.amount })
      .from(securityDeposits)
      .where(
        and(
          eq(securityDeposits.companyId, companyId),
          eq(securityDeposits.leaseId, disposition.leaseId),
          completed ? eq(securityDeposits.dispositionId, id) : eq(securityDeposits.status, 'HELD'),
        ),
      )
      .orderBy(asc(securityDeposits.date)),
    tx
      .select({ description: sql<string>`coalesce(${depositDispositionLines.description}, ${rentCharges.label}, 'Damage')`, amount: depositDispositionLines.amount })
      .from(depositDispositionLines)
      .leftJoin(rentCharges, eq(rentCharges.id, depositDispositionLines.chargeId))
      .where(and(eq(depositDispositionLines.companyId, companyId), eq(depositDispositionLines.dispositionId, id)))
      .orderBy(asc(depositDispositionLines.position)),
  ])
  const moveOut = lease.moveOutDate ?? lease.endDate
  const rules = depositInterestRulesOf(lease.province)
  // The interest as the disposition works it out (to its date, or Ontario's move-out), deposit by deposit.
  const until = interestUntil(lease.province, lease.moveOutDate, disposition.date)
  const earned = deposits.map((d) => ({ depositType: d.depositType, interest: depositInterest(d, until, lease.province) }))
  return {
    company: { name: company.name, address: [company.streetAddress, company.city, company.province, company.postalCode].filter(Boolean).join(', ') || null },
    lease: { label: lease.label, unit: lease.unit, residents: people.get(disposition.leaseId)?.resident_names ?? '', moveOutDate: moveOut },
    disposition: { date: disposition.date, status: disposition.status, forwardingAddress: disposition.forwardingAddress, interest: disposition.interest },
    deposits,
    deductions,
    interest: rules
      ? {
          periods: earned.flatMap((d) => (d.interest?.periods ?? []).map((p) => ({ ...p, depositType: d.depositType }))),
          total: earned.reduce((sum, d) => sum + (d.interest?.total ?? 0), 0),
          law: rules.law,
        }
      : null,
    dueDate: dispositionDueDate(moveOut, lease.province),
    law: rulesOf(lease.province)?.deposits.law ?? null,
  }
}
