import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { bankAccounts, bankDepositItems, bankDeposits, companies, journalEntries, journalLines, rentCharges, rentPaymentAllocations, rentPayments } from '~/db/schema'
import { conflict, invalidFields } from '~/domain/errors'
import { agingOf, allocateOldestFirst, chosenAllocationErrors, RENT_PAYMENT_SOURCE, type Allocation, type OpenCharge } from '~/domain/leasing/payments'
import { todayIn } from '~/domain/dates'
import { formatDecimal, parseMoney } from '~/domain/money'

/*
 * Rent payments' rules, called by their definition (~/resources/rent): a payment is applied to its
 * lease's open charges (the ones chosen, else oldest first); what is left is a credit, applied to
 * the lease's next charges as they are made; a payment the bank returns stops paying its charges.
 * What a charge has been paid is kept on it (`paid_amount`), always recomputed from the
 * allocations of payments still received, in the transaction that changes them.
 */

/** The open charges of some leases, oldest first, by lease. */
export async function openChargesOf(tx: Executor, companyId: string, leaseIds: string[]) {
  const out = new Map<string, OpenCharge[]>()
  if (!leaseIds.length) return out
  const rows = await tx
    .select({ id: rentCharges.id, leaseId: rentCharges.leaseId, date: rentCharges.date, amount: rentCharges.amount, paid: rentCharges.paidAmount })
    .from(rentCharges)
    .where(and(eq(rentCharges.companyId, companyId), inArray(rentCharges.leaseId, leaseIds), eq(rentCharges.status, 'POSTED'), gt(rentCharges.amount, rentCharges.paidAmount)))
    .orderBy(asc(rentCharges.date), asc(rentCharges.createdAt))
  for (const row of rows) {
    const list = out.get(row.leaseId) ?? []
    list.push({ id: row.id, date: row.date, open: row.amount - row.paid })
    out.set(row.leaseId, list)
  }
  return out
}

/** Recomputes what these charges have been paid: the allocations of payments still received. */
export async function syncPaid(tx: Executor, companyId: string, chargeIds: string[]) {
  if (!chargeIds.length) return
  await tx.execute(sql`
    update ${rentCharges} c set paid_amount = coalesce((
      select sum(a.amount) from ${rentPaymentAllocations} a join ${rentPayments} p on p.id = a.payment_id
      where a.charge_id = c.id and p.status = 'RECEIVED'), 0)
    where c.company_id = ${companyId} and c.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(chargeIds)])}::jsonb) as x)`)
}

/** The field errors of a payment's chosen charges (none when it chose none), against its lease's open charges. */
export async function checkChosen(tx: Executor, companyId: string, leaseId: string, amount: number, chosen: Allocation[]) {
  if (!chosen.length) return undefined
  const open = new Map(((await openChargesOf(tx, companyId, [leaseId])).get(leaseId) ?? []).map((c) => [c.id, c]))
  const errors = chosenAllocationErrors(amount, chosen, open)
  return Object.keys(errors).length ? errors : undefined
}

/** A new payment: applied oldest first when it chose no charges; its charges' paid amounts follow. */
export async function applyPayment(tx: Executor, companyId: string, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(rentPayments)
    .where(and(eq(rentPayments.companyId, companyId), eq(rentPayments.id, paymentId)))
  const chosen = await tx
    .select({ chargeId: rentPaymentAllocations.chargeId })
    .from(rentPaymentAllocations)
    .where(and(eq(rentPaymentAllocations.companyId, companyId), eq(rentPaymentAllocations.paymentId, paymentId)))
  if (chosen.length) {
    await syncPaid(
      tx,
      companyId,
      chosen.map((c) => c.chargeId),
    )
    await syncApplied(tx, companyId, [paymentId])
    return
  }
  await applyCredits(tx, companyId, [payment.leaseId])
}

/**
 * Applies what payments of these leases still hold (an overpayment, a payment made before its
 * charge) to their open charges, oldest payment to oldest charge: as a charge is made, or a
 * payment received. Two statements for any number of leases.
 */
export async function applyCredits(tx: Executor, companyId: string, leaseIds?: string[]) {
  // The payments holding a credit are few, and an index finds them: no scan of every payment.
  const credits = await tx.execute<{ id: string; lease_id: string; unapplied: string; next: number }>(sql`
    select p.id, p.lease_id, p.amount - p.applied_amount as unapplied,
           (select coalesce(max(a.position) + 1, 0) from ${rentPaymentAllocations} a where a.payment_id = p.id)::int as next
    from ${rentPayments} p
    where p.company_id = ${companyId} and p.holds_credit
      ${leaseIds ? sql`and p.lease_id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(leaseIds)}::jsonb) as x)` : sql``}
    order by p.date, p.created_at`)
  const withCredit = [...credits]
  if (!withCredit.length) return
  const open = await openChargesOf(tx, companyId, [...new Set(withCredit.map((c) => c.lease_id))])
  const rows: { company_id: string; payment_id: string; position: number; charge_id: string; amount: number }[] = []
  for (const credit of withCredit) {
    const charges = open.get(credit.lease_id) ?? []
    const { allocations } = allocateOldestFirst(Number(credit.unapplied), charges)
    allocations.forEach((a, i) => {
      rows.push({ company_id: companyId, payment_id: credit.id, position: credit.next + i, charge_id: a.chargeId, amount: a.amount })
      // What this payment took is no longer open for the next one.
      const charge = charges.find((c) => c.id === a.chargeId)!
      charge.open -= a.amount
    })
  }
  if (!rows.length) return
  await tx.execute(sql`
    insert into ${rentPaymentAllocations} (company_id, payment_id, position, charge_id, amount)
    select company_id, payment_id, position, charge_id, amount
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(company_id uuid, payment_id uuid, position int, charge_id uuid, amount bigint)`)
  await syncPaid(
    tx,
    companyId,
    rows.map((r) => r.charge_id),
  )
  await syncApplied(
    tx,
    companyId,
    rows.map((r) => r.payment_id),
  )
}

/** Recomputes what these payments apply to charges: the sum of their allocations. */
async function syncApplied(tx: Executor, companyId: string, paymentIds: string[]) {
  if (!paymentIds.length) return
  await tx.execute(sql`
    update ${rentPayments} p set applied_amount = coalesce((select sum(a.amount) from ${rentPaymentAllocations} a where a.payment_id = p.id), 0)
    where p.company_id = ${companyId} and p.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(paymentIds)])}::jsonb) as x)`)
}

/** A payment's amount, date, lease and charges are what was received (written on create only); a returned one does not change at all. */
export function checkPaymentChange(current: Record<string, unknown>) {
  if (current.status === 'RETURNED') throw conflict('A returned payment cannot change; record the new payment instead.')
}

/**
 * The account that holds a payment's money now, which its return takes it back from: the bank
 * account's GL account once it went to the bank in a deposit, else undeposited funds.
 */
export async function accountHolding(tx: Executor, companyId: string, paymentId: string) {
  const [line] = await tx
    .select({ accountId: journalLines.accountId, bankGlAccountId: bankAccounts.glAccountId })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .leftJoin(bankDepositItems, and(eq(bankDepositItems.companyId, companyId), eq(bankDepositItems.journalLineId, journalLines.id)))
    .leftJoin(bankDeposits, eq(bankDeposits.id, bankDepositItems.bankDepositId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, bankDeposits.bankAccountId))
    .where(
      and(
        eq(journalLines.companyId, companyId),
        eq(journalEntries.sourceType, RENT_PAYMENT_SOURCE),
        eq(journalEntries.sourceId, paymentId),
        eq(journalEntries.purpose, 'RECEIPT'),
        gt(journalLines.amount, 0),
      ),
    )
  if (!line) throw invalidFields({ status: ['This payment was never posted.'] }, 'This payment cannot be returned.')
  return line.bankGlAccountId ?? line.accountId
}

/** The charges a payment paid some of. */
export async function chargesPaidBy(tx: Executor, companyId: string, paymentId: string) {
  const rows = await tx
    .selectDistinct({ chargeId: rentPaymentAllocations.chargeId })
    .from(rentPaymentAllocations)
    .where(and(eq(rentPaymentAllocations.companyId, companyId), eq(rentPaymentAllocations.paymentId, paymentId)))
  return rows.map((r) => r.chargeId)
}

/**
 * What a page of open items (rent charges, bills) shows beside their fields: what each still owes
 * (its amount less what is paid, nothing once void) and how many days past `dueKey` it is, on the
 * company's clock. The records come as the API answers them: amounts as "1250.00".
 */
export async function openItemSummaries(tx: Executor, companyId: string, records: Record<string, unknown>[], dueKey: string) {
  const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  const today = todayIn(company?.timeZone ?? 'UTC')
  return new Map(
    records.map((r) => {
      const open = r.status === 'VOID' ? 0 : (parseMoney(String(r.amount)) ?? 0) - (parseMoney(String(r.paid_amount)) ?? 0)
      return [String(r.id), { open: formatDecimal(open), days_overdue: open > 0 ? agingOf(String(r[dueKey]), today).days : 0 }]
    }),
  )
}

/** What a page of payments shows beside their fields: how much is applied to charges and how much is held as a credit. */
export async function paymentSummaries(tx: Executor, companyId: string, ids: string[]) {
  const rows = await tx
    .select({ id: rentPayments.id, amount: rentPayments.amount, applied: rentPayments.appliedAmount })
    .from(rentPayments)
    .where(and(eq(rentPayments.companyId, companyId), inArray(rentPayments.id, ids)))
  return new Map(rows.map((r) => [r.id, { applied: formatDecimal(r.applied), unapplied: formatDecimal(r.amount - r.applied) }]))
}

/** Charges by id, as bulk marking as paid reads them: this company's, with what each still owes (nothing once void). */
export async function chargesByIds(tx: Executor, companyId: string, ids: string[]) {
  const rows = await tx
    .select({ id: rentCharges.id, leaseId: rentCharges.leaseId, amount: rentCharges.amount, paid: rentCharges.paidAmount, status: rentCharges.status })
    .from(rentCharges)
    .where(and(eq(rentCharges.companyId, companyId), inArray(rentCharges.id, ids)))
    .for('update')
  return new Map(rows.map((r) => [r.id, { id: r.id, leaseId: r.leaseId, open: r.status === 'POSTED' ? r.amount - r.paid : 0 }]))
}
