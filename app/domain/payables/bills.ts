import type { Choice } from '../reference-data'
import type { DraftLine, JournalDraft } from '../ledger/entries'
import { addDays } from '../ledger/reports'

/*
 * Payables as pure rules: a vendor's terms and bank details, a bill's due date, and what a bill and
 * a bill payment post. Amounts are cents. The services (~/payables) read and write; these decide.
 */

export const BILL_SOURCE = 'BILL'
export const BILL_PAYMENT_SOURCE = 'BILL_PAYMENT'

/** A vendor's payment terms: a bill is due this many days after its date. */
export const PAYMENT_TERMS = [
  { value: 'DUE_ON_RECEIPT', label: 'Due on receipt', days: 0 },
  { value: 'NET_10', label: 'Net 10', days: 10 },
  { value: 'NET_15', label: 'Net 15', days: 15 },
  { value: 'NET_30', label: 'Net 30', days: 30 },
  { value: 'NET_45', label: 'Net 45', days: 45 },
  { value: 'NET_60', label: 'Net 60', days: 60 },
] as const satisfies readonly (Choice & { days: number })[]

/** What vendors do, for finding the right one for a work order. */
export const VENDOR_TRADES = [
  { value: 'GENERAL_CONTRACTOR', label: 'General contractor' },
  { value: 'PLUMBING', label: 'Plumbing' },
  { value: 'ELECTRICAL', label: 'Electrical' },
  { value: 'HVAC', label: 'Heating and cooling' },
  { value: 'APPLIANCE_REPAIR', label: 'Appliance repair' },
  { value: 'ROOFING', label: 'Roofing' },
  { value: 'PAINTING', label: 'Painting' },
  { value: 'FLOORING', label: 'Flooring' },
  { value: 'LOCKSMITH', label: 'Locksmith' },
  { value: 'PEST_CONTROL', label: 'Pest control' },
  { value: 'CLEANING', label: 'Cleaning' },
  { value: 'LANDSCAPING', label: 'Landscaping and snow removal' },
  { value: 'ELEVATOR', label: 'Elevator' },
  { value: 'FIRE_SAFETY', label: 'Fire and life safety' },
  { value: 'UTILITY', label: 'Utility' },
  { value: 'INSURANCE', label: 'Insurance' },
  { value: 'MUNICIPALITY', label: 'Municipality (taxes, water)' },
  { value: 'PROFESSIONAL', label: 'Legal and accounting' },
  { value: 'SUPPLIES', label: 'Supplies' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]

export const BILL_STATUSES = [
  { value: 'POSTED', label: 'Posted' },
  { value: 'VOID', label: 'Void' },
] as const satisfies readonly Choice[]

export const BILL_PAYMENT_STATUSES = [
  { value: 'PAID', label: 'Paid' },
  { value: 'VOID', label: 'Void' },
] as const satisfies readonly Choice[]

export const BILL_PAYMENT_METHODS = [
  { value: 'CHEQUE', label: 'Cheque' },
  { value: 'EFT', label: 'EFT (direct deposit)' },
  { value: 'E_TRANSFER', label: 'e-Transfer' },
  { value: 'CREDIT_CARD', label: 'Credit card' },
  { value: 'CASH', label: 'Cash' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]

/** When a bill dated `date` is due on these terms (its date when the terms are unknown: due on receipt). */
export function dueDateFor(date: string, terms: string | null | undefined) {
  return addDays(date, PAYMENT_TERMS.find((t) => t.value === terms)?.days ?? 0)
}

/**
 * The due date a bill or invoice is stored with: the one given, else its date plus its terms. When
 * an edit moves its date or changes its terms and sends back the due date it had (a form does), a
 * due date that followed the old terms from the old date follows the new ones from the new date;
 * one set by hand stays.
 */
export function dueDateOf(next: { date: string; dueDate?: string | null; terms: string | null | undefined }, before: { date: string; dueDate: string | null; terms: string | null | undefined } | undefined) {
  if (!next.dueDate) return dueDateFor(next.date, next.terms)
  const moved = before && (next.date !== before.date || (next.terms ?? null) !== (before.terms ?? null))
  const followedTerms = moved && next.dueDate === before.dueDate && before.dueDate === dueDateFor(before.date, before.terms)
  return followedTerms ? dueDateFor(next.date, next.terms) : next.dueDate
}

/**
 * What is wrong with a vendor's bank details for EFT, by API field: a Canadian institution number
 * is 3 digits, a transit (branch) number 5, an account number 7 to 12; given at all, all three are.
 */
export function bankDetailsErrors(details: { institution?: string | null; transit?: string | null; account?: string | null; accountKept?: boolean }) {
  const errors: Record<string, string[]> = {}
  const { institution, transit, account } = details
  if (institution && !/^\d{3}$/.test(institution)) errors.bank_institution_number = ['Institution number must be 3 digits.']
  if (transit && !/^\d{5}$/.test(transit)) errors.bank_transit_number = ['Transit number must be 5 digits.']
  if (account && !/^\d{7,12}$/.test(account.replace(/[\s-]/g, ''))) errors.bank_account_number = ['Account number must be 7 to 12 digits.']
  const hasAccount = Boolean(account) || Boolean(details.accountKept)
  if ((institution || transit || hasAccount) && !(institution && transit && hasAccount)) {
    const missing = 'For EFT, give the institution, transit and account numbers together.'
    if (!institution) errors.bank_institution_number ??= [missing]
    if (!transit) errors.bank_transit_number ??= [missing]
    if (!hasAccount) errors.bank_account_number ??= [missing]
  }
  return errors
}

/** A bill as its posting reads it: its total, and its lines by account, property and unit. */
export type BillDocument = {
  id: string
  date: string
  label: string
  vendorId: string
  status: string
  lines: readonly BillLine[]
}

/** A line as a posting reads it: its amount, the tax the vendor charged on top (cents), and the part of that tax claimed back. */
export type BillLine = { accountId: string; amount: number; taxAmount?: number; inputTaxCredit?: number; description?: string | null; propertyGroupId?: string | null; rentalUnitId?: string | null }

/** What a line costs in all: its amount and the tax charged on it. */
export const lineTotal = (line: { amount: number; taxAmount?: number }) => line.amount + (line.taxAmount ?? 0)

/** Totals by property (null: the company's own), in the order first met. */
function byProperty(lines: readonly { amount: number; taxAmount?: number; propertyGroupId?: string | null }[]) {
  const totals = new Map<string | null, number>()
  for (const line of lines) totals.set(line.propertyGroupId ?? null, (totals.get(line.propertyGroupId ?? null) ?? 0) + lineTotal(line))
  return totals
}

/**
 * Dr each line's expense account for its amount and the tax not claimed back, Dr sales tax payable
 * for the tax that is (an input tax credit, set against the tax collected), Cr accounts payable for
 * each property's share of the whole; all tagged with the vendor; nothing once void.
 */
export function billDraft(bill: BillDocument, payableAccountId: string, salesTaxAccountId: string): JournalDraft | null {
  if (bill.status === 'VOID') return null
  const vendor = { vendorId: bill.vendorId }
  const lines: DraftLine[] = []
  for (const line of bill.lines) {
    const where = { propertyGroupId: line.propertyGroupId ?? null, ...vendor }
    const credit = line.inputTaxCredit ?? 0
    lines.push({ accountId: line.accountId, amount: lineTotal(line) - credit, memo: line.description ?? null, rentalUnitId: line.rentalUnitId ?? null, ...where })
    if (credit > 0) lines.push({ accountId: salesTaxAccountId, amount: credit, memo: `Input tax credit · ${bill.label}`, ...where })
  }
  for (const [propertyGroupId, amount] of byProperty(bill.lines)) lines.push({ accountId: payableAccountId, amount: -amount, propertyGroupId, ...vendor })
  return { date: bill.date, memo: bill.label, basis: 'BOTH', source: { type: BILL_SOURCE, id: bill.id, purpose: 'BILL' }, lines }
}

/**
 * `amount` shared among `parts` in proportion to their weights, in whole cents, summing to it
 * exactly: each gets its share rounded down, and the cents left go to the largest remainders.
 */
export function prorate<K>(amount: number, parts: readonly [K, number][]): [K, number][] {
  const total = parts.reduce((sum, [, weight]) => sum + weight, 0)
  if (!total) return []
  const shares = parts.map(([key, weight], i) => {
    const exact = (amount * weight) / total
    return { key, i, cents: Math.floor(exact), remainder: exact - Math.floor(exact) }
  })
  let left = amount - shares.reduce((sum, s) => sum + s.cents, 0)
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.i - b.i)) {
    if (left <= 0) break
    share.cents += 1
    left -= 1
  }
  return shares.filter((s) => s.cents !== 0).map((s) => [s.key, s.cents])
}

export type PropertyShare = { propertyGroupId: string | null; amount: number }

/** What paying `amount` of a bill pays for each of its properties: in proportion to its lines (a bill for two buildings is paid from each building's share). */
export function propertySharesOf(amount: number, billLines: readonly { amount: number; taxAmount?: number; propertyGroupId?: string | null }[]): PropertyShare[] {
  return prorate(amount, [...byProperty(billLines)]).map(([propertyGroupId, cents]) => ({ propertyGroupId, amount: cents }))
}

/** A payment as its posting reads it: what it paid of each bill, for each property. */
export type BillPaymentDocument = {
  id: string
  date: string
  label: string
  vendorId: string
  status: string
  bankAccountId: string
  lines: readonly { propertyShares: readonly PropertyShare[] }[]
}

/** Dr accounts payable, Cr the bank account, for each property its bills are for, tagged with the vendor; nothing once void. */
export function billPaymentDraft(payment: BillPaymentDocument, payableAccountId: string): JournalDraft | null {
  if (payment.status === 'VOID') return null
  const totals = new Map<string | null, number>()
  for (const line of payment.lines) for (const share of line.propertyShares) totals.set(share.propertyGroupId, (totals.get(share.propertyGroupId) ?? 0) + share.amount)
  const vendor = { vendorId: payment.vendorId }
  const lines: DraftLine[] = []
  for (const [propertyGroupId, amount] of totals) {
    lines.push({ accountId: payableAccountId, amount, propertyGroupId, ...vendor })
    lines.push({ accountId: payment.bankAccountId, amount: -amount, propertyGroupId, ...vendor })
  }
  return { date: payment.date, memo: payment.label, basis: 'BOTH', source: { type: BILL_PAYMENT_SOURCE, id: payment.id, purpose: 'PAYMENT' }, lines }
}

/** Bills marked as paid together: one payment per vendor, paying each bill what it owes, in the order chosen. */
export function paymentsForBills(bills: readonly { id: string; vendorId: string; open: number }[]) {
  const byVendor = new Map<string, { vendorId: string; amount: number; lines: { billId: string; amount: number }[] }>()
  for (const bill of bills) {
    if (bill.open <= 0) continue
    const payment = byVendor.get(bill.vendorId) ?? { vendorId: bill.vendorId, amount: 0, lines: [] }
    payment.amount += bill.open
    payment.lines.push({ billId: bill.id, amount: bill.open })
    byVendor.set(bill.vendorId, payment)
  }
  return [...byVendor.values()]
}

/** A bill's name everywhere: "Bill 4411 · Rapid Plumbing of 2026-11-02" (without the vendor's number, "Bill · …"). */
export const billLabel = (reference: string | null | undefined, vendor: string, date: string) => `${reference ? `Bill ${reference}` : 'Bill'} · ${vendor} of ${date}`
/** A bill payment's name: "Payment of 2026-11-20 · Rapid Plumbing". */
export const billPaymentLabel = (vendor: string, date: string) => `Payment of ${date} · ${vendor}`
