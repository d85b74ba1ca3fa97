import type { Choice } from '../reference-data'
import type { JournalDraft } from '../ledger/entries'
import { formatDecimal } from '../money'
import { billDraft, propertySharesOf, type BillDocument, type BillLine, type PropertyShare } from './bills'

/*
 * Vendor credits (issue 16 item 4): what a vendor owes back (goods returned, an overbilling, a
 * rebate, a warranty refund), entered from its credit memo. It posts the mirror of a bill: Dr
 * accounts payable for each property's share / Cr the expense accounts its lines name. It is then
 * applied to the vendor's open bills: an application reduces what the bill owes and what is left
 * of the credit, and posts nothing (accounts payable was reduced when the credit posted). Pure.
 */

export const VENDOR_CREDIT_SOURCE = 'VENDOR_CREDIT'

/** Why a vendor gives a credit: a fixed list (SPEC.md §7 vendor-credit-types/). */
export const VENDOR_CREDIT_TYPES = [
  { value: 'RETURN', label: 'Return of goods' },
  { value: 'OVERBILLING', label: 'Overbilling correction' },
  { value: 'REBATE', label: 'Rebate or discount' },
  { value: 'WARRANTY', label: 'Warranty refund' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]

export const VENDOR_CREDIT_STATUSES = [
  { value: 'POSTED', label: 'Posted' },
  { value: 'VOID', label: 'Void' },
] as const satisfies readonly Choice[]

export const VENDOR_CREDIT_APPLICATION_STATUSES = [
  { value: 'APPLIED', label: 'Applied' },
  { value: 'VOID', label: 'Void' },
] as const satisfies readonly Choice[]

/** A credit as its posting reads it: the shape of a bill. */
export type VendorCreditDocument = BillDocument

/** Dr accounts payable for each property's share, Cr each line's expense account and the input tax credit taken back, all tagged with the vendor: a bill's posting turned round; nothing once void. */
export function vendorCreditDraft(credit: VendorCreditDocument, payableAccountId: string, salesTaxAccountId: string): JournalDraft | null {
  const bill = billDraft(credit, payableAccountId, salesTaxAccountId)
  if (!bill) return null
  return { ...bill, source: { type: VENDOR_CREDIT_SOURCE, id: credit.id, purpose: 'VENDOR_CREDIT' }, lines: bill.lines.map((line) => ({ ...line, amount: -line.amount })) }
}

/** "Credit CM-118 · Rapid Plumbing of 2026-11-02" (its memo number when it has one). */
export function vendorCreditLabel(reference: string | null | undefined, vendorName: string, date: string) {
  return `Credit ${reference ? `${reference} · ` : ''}${vendorName} of ${date}`
}

/** "Credit CM-118 · Rapid Plumbing of 2026-11-02 → Bill 4411 · Rapid Plumbing of 2026-10-20". */
export function applicationLabel(creditLabel: string, billLabel: string) {
  return `${creditLabel} → ${billLabel}`
}

/** What an application reads of its credit and bill (amounts in cents). */
export type ApplicationCheck = {
  amount: number
  date: string
  credit: { vendorId: string; status: string; date: string; amount: number; applied: number; label: string }
  bill: { vendorId: string; status: string; amount: number; paid: number; label: string } | null
  /** What applying it would move between properties' payables (`applicationMoves`). */
  moves?: readonly PropertyShare[]
}

/**
 * What is wrong with applying `amount` of a credit to a bill, by API field: the credit is posted
 * and has that much left; the bill is the same vendor's, for the same properties, posted, and owes
 * at least that much; the application is dated on or after the credit. Empty when it holds.
 */
export function applicationErrors({ amount, date, credit, bill, moves = [] }: ApplicationCheck): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  const left = credit.amount - credit.applied
  if (credit.status !== 'POSTED') errors.vendor_credit_id = [`${credit.label} is void.`]
  if (!bill) errors.bill_id = ['Choose one of the vendor’s bills.']
  else if (bill.vendorId !== credit.vendorId) errors.bill_id = [`${bill.label} is another vendor’s: a credit applies only to its own vendor’s bills.`]
  else if (bill.status !== 'POSTED') errors.bill_id = [`${bill.label} is void.`]
  else if (bill.amount <= bill.paid) errors.bill_id = [`${bill.label} is paid in full.`]
  else if (moves.length) errors.bill_id = [`${bill.label} is for other properties than the credit: each property’s books keep their own payables, so a credit settles only bills of the properties it is for.`]
  if (!Number.isInteger(amount) || amount <= 0) errors.amount = ['More than 0.00.']
  else if (amount > left) errors.amount = [left <= 0 ? `${credit.label} is applied in full.` : `At most the ${formatDecimal(left)} left of the credit.`]
  else if (bill && !errors.bill_id && amount > bill.amount - bill.paid) errors.amount = [`At most the ${formatDecimal(bill.amount - bill.paid)} ${bill.label} still owes.`]
  if (date < credit.date) errors.date = [`On or after the credit’s date, ${credit.date}.`]
  return errors
}

/** A vendor's credits left unapplied at the end of a day (cents): a debit on accounts payable, shown beside its bills in aged payables. */
export type OpenCredit = { vendorId: string; vendorLabel: string; left: number }

/**
 * What applying `amount` of a credit to a bill would move between properties' payables: the credit
 * reduced accounts payable for its lines' properties, and would settle the bill's, each in
 * proportion to its lines (tax included). By property, the bill's share less the credit's: they sum
 * to nothing, and are all nothing when both are for the same properties alike. Each property's books
 * balance on their own, so an application that moves something is refused (`applicationErrors`).
 */
export function applicationMoves(amount: number, creditLines: readonly Pick<BillLine, 'amount' | 'taxAmount' | 'propertyGroupId'>[], billLines: readonly Pick<BillLine, 'amount' | 'taxAmount' | 'propertyGroupId'>[]): PropertyShare[] {
  const moves = new Map<string | null, number>()
  for (const share of propertySharesOf(amount, billLines)) moves.set(share.propertyGroupId, (moves.get(share.propertyGroupId) ?? 0) + share.amount)
  for (const share of propertySharesOf(amount, creditLines)) moves.set(share.propertyGroupId, (moves.get(share.propertyGroupId) ?? 0) - share.amount)
  return [...moves].filter(([, cents]) => cents !== 0).map(([propertyGroupId, cents]) => ({ propertyGroupId, amount: cents }))
}
