import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { accounts, bills, buildings, companies, propertyGroups, purchaseOrderLines, purchaseOrders, rentalUnits, users, vendors, workOrders } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { forbidden } from '~/domain/errors'
import { parseDecimal } from '~/domain/money'
import {
  approvalRefusal,
  billFromPurchaseOrder,
  lineAmount,
  purchaseOrderLabel,
  purchaseOrderLetter,
  PURCHASE_ORDER_STATUSES,
  type ListedOrder,
  type PurchaseOrderDocument,
  type PurchaseOrderStatus,
} from '~/domain/payables/purchase-orders'
import { labelOf } from '~/domain/text'
import { letterhead } from '~/leasing/letters.server'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { lineErrors } from './bills.server'

/*
 * Purchase orders' services (issue 16 item 6): what the definition of ~/resources/purchase-orders
 * runs in its record's transaction. Approving checks the approver's limit; fulfilling enters the
 * vendor's bill through the bills' own create, so it is validated and posted as any bill is.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/** A line's amount from what it was given (its quantity and unit price): what the lines table stores beside them. */
export const orderLineAmount = (line: Row) => ({ amount: lineAmount(parseDecimal(String(line.quantity ?? '0')) ?? 0, Number(line.unitPrice ?? 0)) })

/**
 * An order as it will be stored: its vendor's (active, for a new one), numbered on create (one
 * after the company's last, under a lock so two orders made at once do not take the same number),
 * its unit in its property, each line on an expense or asset account (the vendor's default when it
 * names none) and a line's unit in the line's property; named for its number and vendor.
 */
export async function checkPurchaseOrder(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined): Promise<Errors | undefined> {
  const errors: Errors = {}
  const [[vendor], [unit]] = await Promise.all([
    tx
      .select({ name: vendors.name, defaultAccountId: vendors.defaultExpenseAccountId, isActive: vendors.isActive })
      .from(vendors)
      .where(and(eq(vendors.companyId, companyId), eq(vendors.id, String(values.vendorId)))),
    values.rentalUnitId
      ? tx
          .select({ propertyGroupId: buildings.propertyGroupId })
          .from(rentalUnits)
          .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
          .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, String(values.rentalUnitId))))
      : [],
  ])
  if (!vendor) return { vendor_id: ['Choose a vendor.'] }
  if (!id && !vendor.isActive) errors.vendor_id = [`${vendor.name} is deactivated: reactivate the vendor to order from it.`]
  if (unit && unit.propertyGroupId !== values.propertyGroupId) errors.rental_unit_id = ['This unit is not in the order’s property.']
  if (lines) {
    lines.forEach((line, i) => {
      line.accountId ??= vendor.defaultAccountId
      if (!line.accountId) errors[`lines[${i}].account_id`] = [`Line ${i + 1}: choose the expense account (${vendor.name} has no default).`]
      if (Number(line.amount) <= 0) errors[`lines[${i}].unit_price`] = [`Line ${i + 1}: its quantity times its unit price comes to less than a cent.`]
    })
    Object.assign(errors, await lineErrors(tx, companyId, lines, { document: 'a purchase order', taxed: false }))
  }
  if (Object.keys(errors).length) return errors
  let number = values.number as number | undefined
  if (!id) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchase_orders:${companyId}`}))`)
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${purchaseOrders.number}), 0)::int` })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.companyId, companyId))
    number = last.number + 1
    values.number = number
  } else if (number === undefined) {
    const [current] = await tx
      .select({ number: purchaseOrders.number })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id)))
    number = current.number
  }
  values.label = purchaseOrderLabel(number, vendor.name)
  return undefined
}

/** The acting person's name and the company's day: what an approval or a rejection keeps. */
async function actor(tx: Executor, companyId: string, userId: string) {
  const [row] = await tx
    .select({
      name: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`,
      isCompanyAdmin: users.isCompanyAdmin,
      limit: users.purchaseOrderApprovalLimit,
      timeZone: companies.timeZone,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
  if (!row) throw forbidden()
  return { ...row, today: todayIn(row.timeZone) }
}

const byId = (companyId: string, id: string) => and(eq(purchaseOrders.companyId, companyId), eq(purchaseOrders.id, id))

/** Sending it (again) clears a rejection's record from the order: its history keeps it. */
export async function sendForApproval(tx: Executor, companyId: string, record: Row) {
  await tx
    .update(purchaseOrders)
    .set({ rejectedById: null, rejectedByName: null, rejectedOn: null, rejectionReason: null })
    .where(byId(companyId, String(record.id)))
}

/** Approves it as this person, within their limit (403 naming it otherwise), keeping who and when. */
export async function approvePurchaseOrder(tx: Executor, companyId: string, userId: string, record: Row) {
  const approver = await actor(tx, companyId, userId)
  const refusal = approvalRefusal(Number(record.amount), { name: approver.name, isCompanyAdmin: approver.isCompanyAdmin, limit: approver.limit })
  if (refusal) throw forbidden(refusal)
  await tx
    .update(purchaseOrders)
    .set({ approvedById: userId, approvedByName: approver.name, approvedOn: approver.today })
    .where(byId(companyId, String(record.id)))
}

/** Rejects it as this person, keeping who, when and why. */
export async function rejectPurchaseOrder(tx: Executor, companyId: string, userId: string, record: Row, reason: string) {
  const rejecter = await actor(tx, companyId, userId)
  await tx
    .update(purchaseOrders)
    .set({ rejectedById: userId, rejectedByName: rejecter.name, rejectedOn: rejecter.today, rejectionReason: reason })
    .where(byId(companyId, String(record.id)))
}

async function orderLines(tx: Executor, companyId: string, id: string) {
  return tx
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.companyId, companyId), eq(purchaseOrderLines.purchaseOrderId, id)))
    .orderBy(asc(purchaseOrderLines.position))
}

/**
 * Enters the vendor's bill for the order through the bills' own create (validated, due on the
 * vendor's terms unless given, posted through the one posting function in this transaction) and
 * links it to the order. Answers the bill's id.
 */
export async function fulfilPurchaseOrder(tx: Executor, companyId: string, userId: string, record: Row, input: Row) {
  const id = String(record.id)
  const lines = await orderLines(tx, companyId, id)
  const order: PurchaseOrderDocument = {
    label: String(record.label),
    vendorId: String(record.vendorId),
    propertyGroupId: String(record.propertyGroupId),
    rentalUnitId: (record.rentalUnitId as string | null) ?? null,
    memo: (record.memo as string | null) ?? null,
    workOrderId: (record.workOrderId as string | null) ?? null,
    lines: lines.map((line) => ({
      accountId: line.accountId,
      description: line.description,
      quantity: parseDecimal(line.quantity) ?? 0,
      unitPrice: line.unitPrice,
      amount: line.amount,
      propertyGroupId: line.propertyGroupId,
      rentalUnitId: line.rentalUnitId,
    })),
  }
  const body = billFromPurchaseOrder(order, {
    date: String(input.date),
    reference: (input.reference as string | null | undefined) ?? null,
    dueDate: (input.due_date as string | null | undefined) ?? null,
  })
  // Loaded here, not at the top: the definitions import these services, and pages and tests read the definitions without the API.
  const [{ createRecord, parseInput }, { billsResource }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources/payables')])
  const bill = await createRecord(tx, companyId, billsResource, parseInput(billsResource, body, 'create'), { userId })
  await tx
    .update(purchaseOrders)
    .set({ billId: String(bill.id) })
    .where(byId(companyId, id))
  return String(bill.id)
}

/** A vendor's remittance address on one line. */
const oneLine = (address: { street?: string | null; city?: string | null; province?: string | null; postal_code?: string | null } | null) =>
  address ? [address.street, address.city, [address.province, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null : null

/** The order as the PDF sent to its vendor. */
export async function purchaseOrderPdf(tx: Executor, companyId: string, id: string) {
  const [[row], lines, company] = await Promise.all([
    tx
      .select({
        order: purchaseOrders,
        vendor: { name: vendors.name, address: vendors.remittanceAddress },
        property: propertyGroups.name,
        unit: rentalUnits.label,
        workOrder: workOrders.subject,
      })
      .from(purchaseOrders)
      .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
      .innerJoin(propertyGroups, eq(propertyGroups.id, purchaseOrders.propertyGroupId))
      .leftJoin(rentalUnits, eq(rentalUnits.id, purchaseOrders.rentalUnitId))
      .leftJoin(workOrders, eq(workOrders.id, purchaseOrders.workOrderId))
      .where(byId(companyId, id)),
    tx
      .select({ line: purchaseOrderLines, account: sql<string>`${accounts.number} || ' ' || ${accounts.name}` })
      .from(purchaseOrderLines)
      .innerJoin(accounts, eq(accounts.id, purchaseOrderLines.accountId))
      .where(and(eq(purchaseOrderLines.companyId, companyId), eq(purchaseOrderLines.purchaseOrderId, id)))
      .orderBy(asc(purchaseOrderLines.position)),
    letterhead(tx, companyId),
  ])
  const { order } = row
  const letter = purchaseOrderLetter({
    buyer: company,
    vendor: { name: row.vendor.name, address: oneLine(row.vendor.address) },
    order: {
      number: order.number,
      date: order.date,
      requiredBy: order.requiredBy,
      status: labelOf(PURCHASE_ORDER_STATUSES, order.status),
      property: row.property,
      unit: row.unit,
      shipTo: order.shipTo,
      workOrder: row.workOrder,
      memo: order.memo,
      amount: order.amount,
      approvedBy: order.approvedByName,
      approvedOn: order.approvedOn,
    },
    lines: lines.map(({ line, account }) => ({ description: line.description, quantity: parseDecimal(line.quantity) ?? 0, unitPrice: line.unitPrice, amount: line.amount, account })),
    currency: company.currency,
    numbers: company.numbers,
  })
  return { filename: `purchase-order-${order.number}-${row.vendor.name}.pdf`, body: await lettersPdf([letter], `${letter.title} — ${order.label}`) }
}

/** The orders dated in a range (narrowed by status, vendor and property), with what their bill, where it stands, came to and what of it is paid. */
export async function listedOrders(
  db: Executor,
  companyId: string,
  filters: { from: string; to: string; status?: PurchaseOrderStatus; vendorId?: string; propertyGroupId?: string },
): Promise<ListedOrder[]> {
  const conditions: (SQL | undefined)[] = [
    eq(purchaseOrders.companyId, companyId),
    gte(purchaseOrders.date, filters.from),
    lte(purchaseOrders.date, filters.to),
    filters.status ? eq(purchaseOrders.status, filters.status) : undefined,
    filters.vendorId ? eq(purchaseOrders.vendorId, filters.vendorId) : undefined,
    filters.propertyGroupId ? eq(purchaseOrders.propertyGroupId, filters.propertyGroupId) : undefined,
  ]
  const standing = sql`${bills.status} = 'POSTED'`
  const rows = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      label: purchaseOrders.label,
      date: purchaseOrders.date,
      requiredBy: purchaseOrders.requiredBy,
      status: purchaseOrders.status,
      vendorId: purchaseOrders.vendorId,
      vendorLabel: vendors.name,
      propertyLabel: propertyGroups.name,
      amount: purchaseOrders.amount,
      billId: purchaseOrders.billId,
      billed: sql<number>`coalesce(case when ${standing} then ${bills.amount} end, 0)::bigint`.mapWith(Number),
      paid: sql<number>`coalesce(case when ${standing} then ${bills.paidAmount} end, 0)::bigint`.mapWith(Number),
    })
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .innerJoin(propertyGroups, eq(propertyGroups.id, purchaseOrders.propertyGroupId))
    .leftJoin(bills, eq(bills.id, purchaseOrders.billId))
    .where(and(...conditions))
  return rows.map((r) => ({ ...r, status: r.status as PurchaseOrderStatus }))
}
