import type { Letter } from '../letter'
import type { ReportTable, TableRow } from '../ledger/report-tables'
import { displayMoney, formatDecimal, formatMoney, type NumberFormat } from '../money'
import type { Choice } from '../reference-data'

/*
 * Purchase orders as pure rules (issue 16 item 6): their life, what a line comes to, who may
 * approve one, the bill fulfilling one enters, the letter it prints as and the PO listing report.
 * Amounts are cents, quantities hundredths. The services (~/payables/purchase-orders.server) read
 * and write; these decide.
 */

export const PURCHASE_ORDER_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'PENDING_APPROVAL', label: 'Pending approval' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'FULFILLED', label: 'Fulfilled' },
  { value: 'CANCELED', label: 'Canceled' },
] as const satisfies readonly Choice[]
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]['value']

/**
 * The only moves there are: a draft is sent for approval and approved or rejected; a rejected one
 * is corrected and sent again; an approved one is fulfilled, which enters its bill. Until it is
 * fulfilled, an order no longer wanted is canceled: it then commits nothing.
 */
export const PURCHASE_ORDER_TRANSITIONS = [
  ['DRAFT', 'PENDING_APPROVAL'],
  ['REJECTED', 'PENDING_APPROVAL'],
  ['PENDING_APPROVAL', 'APPROVED'],
  ['PENDING_APPROVAL', 'REJECTED'],
  ['APPROVED', 'FULFILLED'],
  ['DRAFT', 'CANCELED'],
  ['PENDING_APPROVAL', 'CANCELED'],
  ['APPROVED', 'CANCELED'],
  ['REJECTED', 'CANCELED'],
] as const satisfies readonly (readonly [PurchaseOrderStatus, PurchaseOrderStatus])[]

/** What people change: a draft, or a rejected order being corrected. Once sent, it is kept as it was sent, approved or fulfilled. */
export const PURCHASE_ORDER_EDITABLE: readonly PurchaseOrderStatus[] = ['DRAFT', 'REJECTED']
export const PURCHASE_ORDER_LOCKED: readonly PurchaseOrderStatus[] = ['PENDING_APPROVAL', 'APPROVED', 'FULFILLED', 'CANCELED']

export const purchaseOrderLabel = (number: number, vendor: string) => `PO ${number} · ${vendor}`

/** A line's amount: its quantity (hundredths) times its unit price (cents), to the nearest cent. */
export const lineAmount = (quantity: number, unitPrice: number) => Math.round((quantity * unitPrice) / 100)

/** Who approves: a company administrator, or a property manager with their limit (cents; null: none set). */
export type Approver = { name: string; isCompanyAdmin: boolean; limit: number | null }

/**
 * Why this person may not approve an order of this total, or null when they may. A company
 * administrator approves any amount: they set everyone's limits, their own too, so a limit on them
 * would bind nobody. Anyone else approves up to their limit; without one set, the company has not
 * limited them (limits are a control a company opts into, so setting none keeps approving open to
 * whoever has the accounting permission, as before limits existed).
 */
export function approvalRefusal(total: number, approver: Approver): string | null {
  if (approver.isCompanyAdmin || approver.limit === null || total <= approver.limit) return null
  return `Your purchase order approval limit is ${formatDecimal(approver.limit)}; this purchase order totals ${formatDecimal(total)}. Someone with a higher limit must approve it.`
}

export type PurchaseOrderLine = {
  accountId: string
  description: string
  /** Hundredths. */
  quantity: number
  unitPrice: number
  amount: number
  propertyGroupId: string | null
  rentalUnitId: string | null
}

export type PurchaseOrderDocument = {
  label: string
  vendorId: string
  propertyGroupId: string
  rentalUnitId: string | null
  memo: string | null
  workOrderId: string | null
  lines: readonly PurchaseOrderLine[]
}

/** A line's words on its bill: its description, and how many at what price where it is more than one. */
function billLineDescription(line: PurchaseOrderLine) {
  const text = line.quantity === 100 ? line.description : `${line.description} (${formatDecimal(line.quantity)} × ${formatMoney(line.unitPrice)})`
  return text.slice(0, 300)
}

/**
 * The bill fulfilling an order enters, as the bills API takes it: the vendor's, for the order's
 * work order, each line expensed as ordered, for its own property and unit or else the order's.
 */
export function billFromPurchaseOrder(order: PurchaseOrderDocument, bill: { date: string; reference: string | null; dueDate: string | null }) {
  const memo = order.memo ? `${order.label}: ${order.memo}` : order.label
  return {
    vendor_id: order.vendorId,
    date: bill.date,
    reference: bill.reference,
    ...(bill.dueDate ? { due_date: bill.dueDate } : {}),
    memo: memo.slice(0, 500),
    work_order_id: order.workOrderId,
    lines: order.lines.map((line) => {
      const ownPlace = line.propertyGroupId !== null || line.rentalUnitId !== null
      return {
        account_id: line.accountId,
        description: billLineDescription(line),
        property_group_id: ownPlace ? line.propertyGroupId : order.propertyGroupId,
        rental_unit_id: ownPlace ? line.rentalUnitId : order.rentalUnitId,
        amount: formatMoney(line.amount),
      }
    }),
  }
}

export type PurchaseOrderLetterInput = {
  buyer: { name: string; address: string | null; phone: string | null; email: string | null }
  vendor: { name: string; address: string | null }
  order: {
    number: number
    date: string
    requiredBy: string | null
    status: string
    property: string
    unit: string | null
    shipTo: string | null
    workOrder: string | null
    memo: string | null
    amount: number
    approvedBy: string | null
    approvedOn: string | null
  }
  lines: readonly { description: string; quantity: number; unitPrice: number; amount: number; account: string }[]
  currency: string
  numbers: NumberFormat
}

/** The order as it is sent to the vendor: who buys, what, for where, by when, and who approved it (a line to sign while nobody has). */
export function purchaseOrderLetter(input: PurchaseOrderLetterInput): Letter {
  const money = (cents: number) => displayMoney(formatMoney(cents), input.currency, input.numbers)
  const { order } = input
  const optional = (label: string, value: string | null) => (value ? [[label, value] as const] : [])
  return {
    letterhead: [input.buyer.name, ...[input.buyer.address, input.buyer.phone, input.buyer.email].filter((line): line is string => !!line)],
    title: 'Purchase Order',
    subtitle: `PO ${order.number} of ${order.date}${order.status === 'Approved' || order.status === 'Fulfilled' ? '' : ` (${order.status.toLowerCase()})`}`,
    sections: [
      { heading: 'Vendor', rows: [['Name', input.vendor.name], ...optional('Address', input.vendor.address)] },
      {
        heading: 'Order',
        rows: [
          ['PO number', String(order.number)],
          ['Date', order.date],
          ...optional('Required by', order.requiredBy),
          ['Property', order.unit ? `${order.property}, unit ${order.unit}` : order.property],
          ...optional('Ship to', order.shipTo),
          ...optional('Work order', order.workOrder),
        ],
      },
      {
        heading: 'Items',
        rows: [
          ...input.lines.map((line) => [`${line.description} — ${formatDecimal(line.quantity)} × ${money(line.unitPrice)} (${line.account})`, money(line.amount)] as const),
          ['Total', money(order.amount)] as const,
        ],
      },
      ...(order.memo ? [{ heading: 'Notes', paragraphs: [order.memo] }] : []),
      {
        paragraphs: [
          order.approvedBy ? `Approved by ${order.approvedBy} on ${order.approvedOn}.` : 'Not yet approved: this order is not valid until it is signed below.',
          `Please quote PO ${order.number} on your invoice. Questions: ${[input.buyer.phone, input.buyer.email].filter(Boolean).join(' or ') || input.buyer.name}.`,
        ],
      },
    ],
    signatures: order.approvedBy ? [] : ['Authorized by', 'Date'],
  }
}

/** An order as the PO listing reads it: its figures in cents, what its bill (standing, not void) came to and what of that is paid. */
export type ListedOrder = {
  id: string
  number: number
  label: string
  date: string
  requiredBy: string | null
  status: PurchaseOrderStatus
  vendorId: string
  vendorLabel: string
  propertyLabel: string
  amount: number
  billId: string | null
  billed: number
  paid: number
}

const statusLabel = (status: string) => PURCHASE_ORDER_STATUSES.find((s) => s.value === status)?.label ?? status

/** Committed and not yet billed: what an approved order, or a fulfilled one beyond its bill, still stands for; nothing before approval or once rejected. */
export function unbilledOf(order: Pick<ListedOrder, 'status' | 'amount' | 'billed'>) {
  return order.status === 'APPROVED' || order.status === 'FULFILLED' ? Math.max(order.amount - order.billed, 0) : 0
}

/** The PO listing: each order of the range, oldest first, with what was billed of it, totals, and a count and total by status. */
export function poListing(orders: readonly ListedOrder[]) {
  const sorted = [...orders].sort((a, b) => a.date.localeCompare(b.date) || a.number - b.number)
  const totals = { amount: 0, billed: 0, paid: 0, unbilled: 0 }
  const byStatus = new Map<string, { count: number; amount: number }>(PURCHASE_ORDER_STATUSES.map((s) => [s.value, { count: 0, amount: 0 }]))
  const rows = sorted.map((order) => {
    const unbilled = unbilledOf(order)
    totals.amount += order.amount
    totals.billed += order.billed
    totals.paid += order.paid
    totals.unbilled += unbilled
    const status = byStatus.get(order.status)!
    status.count += 1
    status.amount += order.amount
    return {
      id: order.id,
      number: order.number,
      label: order.label,
      date: order.date,
      required_by: order.requiredBy,
      status: order.status,
      status_label: statusLabel(order.status),
      vendor_id: order.vendorId,
      vendor_label: order.vendorLabel,
      property_label: order.propertyLabel,
      bill_id: order.billId,
      amount: formatMoney(order.amount),
      billed: formatMoney(order.billed),
      paid: formatMoney(order.paid),
      unbilled: formatMoney(unbilled),
    }
  })
  return {
    count: rows.length,
    rows,
    by_status: PURCHASE_ORDER_STATUSES.map((s) => ({ status: s.value, status_label: s.label, count: byStatus.get(s.value)!.count, amount: formatMoney(byStatus.get(s.value)!.amount) })),
    totals: { amount: formatMoney(totals.amount), billed: formatMoney(totals.billed), paid: formatMoney(totals.paid), unbilled: formatMoney(totals.unbilled) },
  }
}

export function poListingTable(report: ReturnType<typeof poListing> & { date_from: string; date_to: string }, subtitle: string[]): ReportTable {
  const rows: TableRow[] = report.rows.map((r) => ({ cells: [String(r.number), r.date, r.vendor_label, r.property_label, r.status_label, r.required_by, r.amount, r.billed, r.paid, r.unbilled] }))
  rows.push({ cells: ['Total', '', `${report.count} order(s)`, '', '', '', report.totals.amount, report.totals.billed, report.totals.paid, report.totals.unbilled], kind: 'total' })
  for (const s of report.by_status) if (s.count) rows.push({ cells: ['', '', `${s.status_label}: ${s.count}`, '', '', '', s.amount, null, null, null] })
  const right = (label: string) => ({ label, align: 'right' as const })
  return {
    title: 'PO Listing',
    subtitle: [`${report.date_from} to ${report.date_to}`, ...subtitle],
    columns: [{ label: 'PO' }, { label: 'Date' }, { label: 'Vendor' }, { label: 'Property' }, { label: 'Status' }, { label: 'Required by' }, right('Total'), right('Billed'), right('Paid'), right('Unbilled')],
    rows,
  }
}
