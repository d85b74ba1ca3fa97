import type { Letter } from '../letter'
import { displayMoney, formatMoney, type NumberFormat } from '../money'
import type { Choice } from '../reference-data'
import type { DraftLine, JournalDraft } from '../ledger/entries'
import type { TaxCharged } from './sales-tax'

/*
 * Receivables as pure rules: what an invoice and an invoice payment post, and their names. Amounts
 * are cents. The services (~/receivables) read and write; these decide.
 */

export const INVOICE_SOURCE = 'INVOICE'
export const INVOICE_PAYMENT_SOURCE = 'INVOICE_PAYMENT'

export const CUSTOMER_TYPES = [
  { value: 'RESIDENT', label: 'Resident' },
  { value: 'OWNER', label: 'Property owner' },
  { value: 'OTHER', label: 'Other customer' },
] as const satisfies readonly Choice[]

export const INVOICE_STATUSES = [
  { value: 'POSTED', label: 'Posted' },
  { value: 'VOID', label: 'Void' },
] as const satisfies readonly Choice[]

/** Whether a line is taxed: left out, by its property's type (commercial and self storage are, residential is not). */
export const LINE_TAX = [
  { value: 'TAXABLE', label: 'Taxable' },
  { value: 'EXEMPT', label: 'Exempt' },
] as const satisfies readonly Choice[]

export const INVOICE_PAYMENT_STATUSES = [
  { value: 'RECEIVED', label: 'Received' },
  { value: 'VOID', label: 'Void' },
] as const satisfies readonly Choice[]

export const INVOICE_PAYMENT_METHODS = [
  { value: 'CHEQUE', label: 'Cheque' },
  { value: 'EFT', label: 'EFT (direct deposit)' },
  { value: 'E_TRANSFER', label: 'e-Transfer' },
  { value: 'CREDIT_CARD', label: 'Credit card' },
  { value: 'CASH', label: 'Cash' },
  { value: 'OWNER_DRAW', label: 'Taken from the owner’s funds' },
  { value: 'OTHER', label: 'Other' },
] as const satisfies readonly Choice[]

/** Who an invoice is to, as its postings tag the receivable: a resident (and their lease) or an owner. */
export type Customer = { residentId?: string | null; propertyOwnerId?: string | null; leaseId?: string | null }

/** An invoice as its posting reads it. */
export type InvoiceDocument = Customer & {
  id: string
  date: string
  label: string
  status: string
  propertyGroupId: string
  rentalUnitId?: string | null
  lines: readonly { accountId: string; amount: number; description?: string | null }[]
  taxes: readonly Pick<TaxCharged, 'label' | 'amount'>[]
}

/**
 * The customer's tags on the receivable. Not the lease: a lease's receivable is its rent charges'
 * (what its ledger and the rent reports read, tied to the account lease by lease); an invoice is
 * owed beside it, by the resident.
 */
const tags = (customer: Customer) => ({ residentId: customer.residentId ?? null, propertyOwnerId: customer.propertyOwnerId ?? null })

/**
 * Dr accounts receivable for the whole (tagged with the customer), Cr each line's income account and
 * Cr sales tax payable for each tax, all for the invoice's property; nothing once void.
 */
export function invoiceDraft(invoice: InvoiceDocument, receivableAccountId: string, salesTaxAccountId: string): JournalDraft | null {
  if (invoice.status === 'VOID') return null
  const where = { propertyGroupId: invoice.propertyGroupId, rentalUnitId: invoice.rentalUnitId ?? null }
  const total = invoice.lines.reduce((sum, l) => sum + l.amount, 0) + invoice.taxes.reduce((sum, t) => sum + t.amount, 0)
  const lines: DraftLine[] = [{ accountId: receivableAccountId, amount: total, memo: invoice.label, ...where, ...tags(invoice) }]
  for (const line of invoice.lines) lines.push({ accountId: line.accountId, amount: -line.amount, memo: line.description ?? null, ...where, ...tags(invoice) })
  for (const tax of invoice.taxes) if (tax.amount > 0) lines.push({ accountId: salesTaxAccountId, amount: -tax.amount, memo: `${tax.label} · ${invoice.label}`, ...where })
  return { date: invoice.date, memo: invoice.label, basis: 'BOTH', source: { type: INVOICE_SOURCE, id: invoice.id, purpose: 'INVOICE' }, lines }
}

/** A payment as its posting reads it. */
export type InvoicePaymentDocument = Customer & { id: string; date: string; label: string; status: string; amount: number; bankAccountId: string; propertyGroupId: string }

/** Dr the bank account it was deposited to, Cr accounts receivable for the customer; nothing once void. */
export function invoicePaymentDraft(payment: InvoicePaymentDocument, receivableAccountId: string): JournalDraft | null {
  if (payment.status === 'VOID') return null
  const where = { propertyGroupId: payment.propertyGroupId, ...tags(payment) }
  return {
    date: payment.date,
    memo: payment.label,
    basis: 'BOTH',
    source: { type: INVOICE_PAYMENT_SOURCE, id: payment.id, purpose: 'PAYMENT' },
    lines: [
      { accountId: payment.bankAccountId, amount: payment.amount, ...where },
      { accountId: receivableAccountId, amount: -payment.amount, ...where },
    ],
  }
}

/** "Invoice 1042 · Jane Park". */
export const invoiceLabel = (number: number, customer: string) => `Invoice ${number} · ${customer}`
/** "Payment of 2026-11-20 · Invoice 1042 · Jane Park". */
export const invoicePaymentLabel = (date: string, invoiceLabel: string) => `Payment of ${date} · ${invoiceLabel}`

export type InvoiceLetterInput = {
  from: { name: string; address: string | null; phone: string | null; email: string | null; gstNumber?: string | null }
  invoice: { number: number; date: string; dueDate: string; customerName: string; customerAddress: string | null; property: string; unit: string | null; memo: string | null }
  lines: readonly { description: string | null; account: string; amount: number; taxable: boolean }[]
  subtotal: number
  taxes: readonly Pick<TaxCharged, 'label' | 'amount'>[]
  amount: number
  paid: number
  currency: string
  numbers: NumberFormat
}

/** The invoice as the customer reads it: who it is from and to, each line, the taxes, the total and what is still due. */
export function invoiceLetter(input: InvoiceLetterInput): Letter {
  const money = (cents: number) => displayMoney(formatMoney(cents), input.currency, input.numbers)
  const { invoice } = input
  const due = input.amount - input.paid
  return {
    letterhead: [input.from.name, ...[input.from.address, input.from.phone, input.from.email].filter((line): line is string => !!line)],
    title: `Invoice ${invoice.number}`,
    subtitle: `Dated ${invoice.date} · due ${invoice.dueDate}`,
    sections: [
      {
        heading: 'Billed to',
        rows: [['Customer', invoice.customerName], ...(invoice.customerAddress ? [['Address', invoice.customerAddress] as const] : []), ['For', invoice.unit ? `${invoice.property}, ${invoice.unit}` : invoice.property]],
      },
      { heading: 'Charges', rows: input.lines.map((line) => [`${line.description || line.account}${line.taxable ? ' (taxable)' : ''}`, money(line.amount)] as const) },
      {
        rows: [
          ['Subtotal', money(input.subtotal)],
          ...input.taxes.map((tax) => [tax.label, money(tax.amount)] as const),
          ['Total', money(input.amount)],
          ...(input.paid > 0 ? [['Paid', money(input.paid)] as const] : []),
          ['Amount due', money(due)],
        ],
      },
      {
        paragraphs: [
          ...(invoice.memo ? [invoice.memo] : []),
          due > 0 ? `Please pay ${money(due)} by ${invoice.dueDate}, quoting invoice ${invoice.number}.` : 'Paid in full: thank you.',
          ...(input.from.gstNumber ? [`GST/HST registration ${input.from.gstNumber}`] : []),
        ],
      },
    ],
    signatures: [],
  }
}

/** A markup type as invoicing work orders applies it: a percentage (hundredths of a percent) of each one's cost, or a flat amount on each. */
export type Markup = { kind: string; percentage: number | null; flatAmount: number | null; accountId: string; name: string }

/** What a markup adds to a cost passed on: its percentage of the cost (rounded to the cent), or its flat amount; nothing without one. */
export const markupOn = (cost: number, markup: Markup | null) => (markup ? (markup.kind === 'PERCENT' ? Math.round((cost * (markup.percentage ?? 0)) / 10_000) : (markup.flatAmount ?? 0)) : 0)

/** A work order ready to bill: what its logs come to. */
export type BillableWork = { id: string; subject: string; unit: string | null; labour: number; materials: number }

/**
 * The lines of an invoice billing work orders to a property: each work order's labour and materials
 * credited to `workAccountId`, and its markup, if any, on a line of its own credited to the markup's
 * account (so the markup earned shows apart from the cost recovered). Work orders that come to
 * nothing are left out; a markup of nothing adds no line.
 */
export function workOrderInvoiceLines(work: readonly BillableWork[], workAccountId: string, markup: Markup | null) {
  const lines: { accountId: string; description: string; amount: number; workOrderId: string }[] = []
  for (const order of work) {
    const cost = order.labour + order.materials
    if (cost <= 0) continue
    const what = `${order.subject}${order.unit ? ` (${order.unit})` : ''}`.slice(0, 250)
    lines.push({ accountId: workAccountId, description: what, amount: cost, workOrderId: order.id })
    const added = markupOn(cost, markup)
    if (markup && added > 0) lines.push({ accountId: markup.accountId, description: `${markup.name}: ${what}`.slice(0, 300), amount: added, workOrderId: order.id })
  }
  return lines
}
