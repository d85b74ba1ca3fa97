import type { JournalDraft } from '../ledger/entries'
import { leaseTags } from './rent'

/*
 * Rent payments as pure rules: how a payment is applied to a lease's open charges (oldest first,
 * or to the charges chosen), what it posts when received (Dr undeposited funds / Cr receivables
 * for the lease) and when the bank returns it (the reverse, on the day it came back), and how old
 * an open charge is. The services (~/leasing/payments.server) read the rows and apply these.
 */

export const PAYMENT_METHODS = [
  { value: 'CASH', label: 'Cash' },
  { value: 'CHEQUE', label: 'Cheque' },
  { value: 'E_TRANSFER', label: 'Interac e-Transfer' },
  { value: 'EFT', label: 'EFT' },
  { value: 'PAD', label: 'Pre-authorized debit' },
  { value: 'CARD', label: 'Card' },
  // Set by a deposit disposition when it pays charges from the lease's deposits, never chosen.
  { value: 'DEPOSIT', label: 'From the deposit', system: true },
] as const
/** The method of a payment made from the lease's deposits: it draws on the deposits held, not on money received. */
export const FROM_DEPOSIT = 'DEPOSIT'

export const PAYMENT_STATUSES = [
  { value: 'RECEIVED', label: 'Received' },
  { value: 'RETURNED', label: 'Returned (NSF)' },
] as const

export type OpenCharge = { id: string; date: string; open: number }
export type Allocation = { chargeId: string; amount: number }

/** Applies `amount` to the open charges, oldest first (by date, then as given): what each gets, and what is left over as a credit. */
export function allocateOldestFirst(amount: number, open: readonly OpenCharge[]): { allocations: Allocation[]; unapplied: number } {
  const allocations: Allocation[] = []
  let left = amount
  for (const charge of [...open].sort((a, b) => a.date.localeCompare(b.date))) {
    if (left <= 0) break
    if (charge.open <= 0) continue
    const applied = Math.min(left, charge.open)
    allocations.push({ chargeId: charge.id, amount: applied })
    left -= applied
  }
  return { allocations, unapplied: left }
}

/**
 * The field errors of a payment applied to chosen charges: each must be an open charge of the
 * lease and get no more than it owes, and together no more than the payment.
 */
export function chosenAllocationErrors(amount: number, chosen: readonly Allocation[], open: ReadonlyMap<string, OpenCharge>): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  chosen.forEach((line, i) => {
    const charge = open.get(line.chargeId)
    if (!charge) errors[`lines[${i}].charge_id`] = [`Line ${i + 1}: not an open charge of this lease.`]
    else if (line.amount > charge.open) errors[`lines[${i}].amount`] = [`Line ${i + 1}: the charge owes ${(charge.open / 100).toFixed(2)}; apply no more.`]
  })
  const total = chosen.reduce((sum, line) => sum + line.amount, 0)
  if (!Object.keys(errors).length && total > amount) errors.amount = [`The lines apply ${(total / 100).toFixed(2)}, more than the payment.`]
  return errors
}

export type PaymentDocument = { id: string; date: string; amount: number; memo: string; leaseId: string; rentalUnitId: string | null; propertyGroupId: string | null }

export const RENT_PAYMENT_SOURCE = 'RENT_PAYMENT'
/** The purpose a returned payment posts under: its receipt no longer waits in undeposited funds. */
export const RETURN_PURPOSE = 'RETURN'

/**
 * A payment received: Dr undeposited funds, Cr receivables for the lease. One made from the lease's
 * deposits (`fromDeposits`) debits the deposits held instead, tagged with the lease whose they are.
 */
export function paymentDraft(payment: PaymentDocument, debitAccountId: string, receivableAccountId: string, { fromDeposits = false } = {}): JournalDraft {
  const tags = leaseTags(payment)
  return {
    date: payment.date,
    memo: payment.memo,
    basis: 'BOTH',
    source: { type: RENT_PAYMENT_SOURCE, id: payment.id, purpose: 'RECEIPT' },
    lines: [
      { accountId: debitAccountId, amount: payment.amount, ...(fromDeposits ? tags : { propertyGroupId: payment.propertyGroupId }) },
      { accountId: receivableAccountId, amount: -payment.amount, ...tags },
    ],
  }
}

/** A payment the bank returned (NSF), on the day it came back: the lease owes again what it paid, and the money leaves the account that held it. */
export function returnDraft(payment: PaymentDocument, returnedDate: string, fromAccountId: string, receivableAccountId: string): JournalDraft {
  const tags = leaseTags(payment)
  return {
    date: returnedDate,
    memo: `Returned: ${payment.memo}`,
    basis: 'BOTH',
    source: { type: RENT_PAYMENT_SOURCE, id: payment.id, purpose: RETURN_PURPOSE },
    lines: [
      { accountId: receivableAccountId, amount: payment.amount, ...tags },
      { accountId: fromAccountId, amount: -payment.amount, propertyGroupId: payment.propertyGroupId },
    ],
  }
}

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', '91+'] as const

/** Days past due on `asOf` (0 before it falls due), and its aging column. */
export function agingOf(dueDate: string, asOf: string): { days: number; bucket: (typeof AGING_BUCKETS)[number] } {
  const days = Math.max(0, Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000))
  return { days, bucket: days <= 30 ? '0-30' : days <= 60 ? '31-60' : days <= 90 ? '61-90' : '91+' }
}

/**
 * Charges marked as paid together: one payment per lease, paying each chosen charge what it owes,
 * in the order the charges were chosen within each lease.
 */
export function paymentsForCharges(charges: readonly { id: string; leaseId: string; open: number }[]) {
  const byLease = new Map<string, { leaseId: string; amount: number; lines: Allocation[] }>()
  for (const charge of charges) {
    const payment = byLease.get(charge.leaseId) ?? { leaseId: charge.leaseId, amount: 0, lines: [] }
    payment.amount += charge.open
    payment.lines.push({ chargeId: charge.id, amount: charge.open })
    byLease.set(charge.leaseId, payment)
  }
  return [...byLease.values()]
}
