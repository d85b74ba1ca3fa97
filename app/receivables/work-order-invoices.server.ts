import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { roleAccountId } from '~/ledger/chart.server'
import { markupTypes, propertyGroups, propertyOwners, propertyOwnerships, rentalUnits, workLogs, workOrders } from '~/db/schema'
import { conflict, invalid } from '~/domain/errors'
import { CHARGEABLE_STAGES } from '~/domain/maintenance/work-orders'
import { workOrderInvoiceLines, type BillableWork, type Markup } from '~/domain/receivables/invoices'
import { billed, firstStatusOn } from '~/maintenance/work-orders.server'

/*
 * Invoicing work orders to a property (SPEC.md §2 /app/accounting/invoices/invoice-work-orders-to-property/,
 * §7 work-orders/generate-bulk-invoice): the work done at a property, billed to its owner on one
 * invoice with a markup, each work order then closed. A work order is billed once, whether to a
 * lease (generate-invoice) or here.
 */

type Errors = Record<string, string[]>

export type BulkInvoiceRequest = { propertyGroupId: string; workOrderIds: string[]; propertyOwnerId?: string | null; markupTypeId?: string | null; date: string; terms?: string | null; memo?: string | null }

/** The owner a property's work is billed to: the one named, else the property's largest owner. */
async function ownerOf(tx: Executor, companyId: string, propertyGroupId: string, named: string | null | undefined) {
  if (named) {
    const [owner] = await tx
      .select({ id: propertyOwners.id })
      .from(propertyOwners)
      .where(and(eq(propertyOwners.companyId, companyId), eq(propertyOwners.id, named)))
    if (!owner) throw invalid('Bill to: choose one of your property owners.', { property_owner_id: ['Choose one of your property owners.'] })
    return owner.id
  }
  const [largest] = await tx
    .select({ id: propertyOwnerships.propertyOwnerId })
    .from(propertyOwnerships)
    .where(and(eq(propertyOwnerships.companyId, companyId), eq(propertyOwnerships.propertyGroupId, propertyGroupId)))
    .orderBy(desc(propertyOwnerships.percentage))
    .limit(1)
  const none = 'This property has no owner on record: choose the owner to bill.'
  if (!largest) throw invalid(none, { property_owner_id: [none] })
  return largest.id
}

/**
 * Bills the chosen work orders of a property to its owner on one invoice, in the caller's
 * transaction: each must be this company's, of that property, with its work done and not billed
 * (refused at its place, `work_order_ids[2]`); then each is closed through its own status change
 * (its history kept, its resident told once the transaction commits).
 */
export async function invoiceWorkOrders(tx: Executor, companyId: string, userId: string, request: BulkInvoiceRequest, afterCommit: (effect: () => Promise<void>) => void = () => {}) {
  const ids = request.workOrderIds
  const [property] = await tx
    .select({ id: propertyGroups.id })
    .from(propertyGroups)
    .where(and(eq(propertyGroups.companyId, companyId), eq(propertyGroups.id, request.propertyGroupId)))
  if (!property) throw invalid('Property: choose one of your properties.', { property_group_id: ['Choose one of your properties.'] })
  const [rows, logs] = await Promise.all([
    tx
      .select({
        id: workOrders.id,
        subject: workOrders.subject,
        stage: workOrders.stage,
        propertyGroupId: workOrders.propertyGroupId,
        unit: rentalUnits.label,
        billed: sql<boolean>`${billed(companyId, sql`${workOrders.id}`)}`,
      })
      .from(workOrders)
      .leftJoin(rentalUnits, eq(rentalUnits.id, workOrders.rentalUnitId))
      .where(and(eq(workOrders.companyId, companyId), inArray(workOrders.id, ids)))
      .for('update', { of: workOrders }),
    tx
      .select({
        workOrderId: workLogs.workOrderId,
        labour: sql<string>`sum(${workLogs.labourAmount})`,
        materials: sql<string>`sum(${workLogs.materialsAmount})`,
      })
      .from(workLogs)
      .where(and(eq(workLogs.companyId, companyId), inArray(workLogs.workOrderId, ids)))
      .groupBy(workLogs.workOrderId),
  ])
  const byId = new Map(rows.map((r) => [r.id, r]))
  const costOf = new Map(logs.map((l) => [l.workOrderId, { labour: Number(l.labour ?? 0), materials: Number(l.materials ?? 0) }]))
  const errors: Errors = {}
  ids.forEach((id, i) => {
    const order = byId.get(id)
    const at = `work_order_ids[${i}]`
    if (!order) errors[at] = [`Work order ${i + 1} is not one of your work orders.`]
    else if (ids.indexOf(id) !== i) errors[at] = [`Work order ${i + 1} is chosen twice.`]
    else if (order.propertyGroupId !== request.propertyGroupId) errors[at] = [`${order.subject} is not at this property.`]
    else if (order.billed) errors[at] = [`${order.subject} is billed already.`]
    else if (!CHARGEABLE_STAGES.includes(order.stage as (typeof CHARGEABLE_STAGES)[number])) errors[at] = [`${order.subject}: its work is not done yet.`]
    else if (!costOf.get(id)) errors[at] = [`${order.subject}: nothing is logged to bill (log its labour and materials first).`]
  })
  if (Object.keys(errors).length) throw invalid(`Please correct the highlighted work orders: ${Object.keys(errors).join(', ')}.`, errors)

  const [ownerId, income, markup] = await Promise.all([
    ownerOf(tx, companyId, request.propertyGroupId, request.propertyOwnerId),
    roleAccountId(tx, companyId, 'MAINTENANCE_INCOME'),
    request.markupTypeId ? markupOf(tx, companyId, request.markupTypeId) : null,
  ])
  if (!income) throw conflict('Say which account maintenance charged to owners and residents is booked to (Books settings, Maintenance charged to residents) first.')
  const work: BillableWork[] = ids.map((id) => ({ id, subject: byId.get(id)!.subject, unit: byId.get(id)!.unit, ...costOf.get(id)! }))
  const lines = workOrderInvoiceLines(work, income, markup)

  // Loaded here: the definitions import these services.
  const [{ createRecord }, { runAction }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources/engine/actions.server'), import('~/resources/index')])
  const invoice = await createRecord(
    tx,
    companyId,
    resourceNamed('invoices')!,
    {
      values: {
        customer_type: 'OWNER',
        property_owner_id: ownerId,
        property_group_id: request.propertyGroupId,
        date: request.date,
        terms: request.terms ?? null,
        memo: request.memo ?? `Work orders at the property: ${work.map((w) => w.subject).join('; ')}`.slice(0, 500),
        work_order_id: ids.length === 1 ? ids[0] : null,
        lines: lines.map((l) => ({ account_id: l.accountId, description: l.description, amount: l.amount, work_order_id: l.workOrderId })),
      },
    },
    { userId },
  )
  const closed = await firstStatusOn(tx, companyId, 'CLOSED')
  if (!closed) return invoice
  for (const id of ids) await runAction(tx, companyId, userId, resourceNamed('work-orders')!, id, 'change-status', { status_id: closed.id, note: `Billed on ${String(invoice.label)}` }, { afterCommit })
  return invoice
}

/** A markup type as a cost's line reads it: this company's, with the income account its markup is booked to. */
export async function markupOf(tx: Executor, companyId: string, id: string): Promise<Markup> {
  const [found] = await tx
    .select({
      name: markupTypes.name,
      kind: markupTypes.markupKind,
      percentage: markupTypes.percentage,
      flatAmount: markupTypes.flatAmount,
      accountId: markupTypes.incomeAccountId,
    })
    .from(markupTypes)
    .where(and(eq(markupTypes.companyId, companyId), eq(markupTypes.id, id)))
  if (!found) throw invalid('Markup: choose one of your markup types.', { markup_type_id: ['Choose one of your markup types.'] })
  if (!found.accountId) throw invalid(`${found.name} books its markup to no account: choose its income account first.`, { markup_type_id: [`${found.name} has no income account.`] })
  return { ...found, accountId: found.accountId }
}
