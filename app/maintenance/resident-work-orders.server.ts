import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { buildings, leases, photos, rentalUnits, workOrderCategories, workOrderComments, workOrders, workOrderStatuses } from '~/db/schema'
import { formatInstant } from '~/domain/dates'
import { notFound } from '~/domain/errors'
import { HOLDS_UNIT } from '~/domain/leasing/leases'
import { WORK_ORDER_PRIORITIES, WORK_ORDER_STAGES } from '~/domain/maintenance/work-orders'
import { residentScope } from '~/leasing/resident-center.server'
import { resourceNamed } from '~/resources'
import { stateHistory } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { firstStatusOn, timeZoneOf } from './work-orders.server'

/*
 * What a resident does with work orders in the resident center (ADR 024): they report one on a unit
 * of a lease in force, follow those they reported, comment on them and see their photos. Their work
 * orders are those reported by one of their resident records; any other id is not found, so an id
 * tells them nothing. Every write is the definitions' own create (work-orders, comments), so the
 * first status, the priority's targets, the history and the search index hold whoever reports.
 */

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) => options.find((o) => o.value === value)?.label ?? value ?? ''

const NO_SUCH_WORK_ORDER = 'No such work order.'

/** What a resident says when reporting a work order: the fields they may choose, as the API names them. */
export type ReportedValues = {
  subject: string
  description?: string
  location?: string
  category_id?: string
  priority: string
  permission_to_enter: boolean
  entry_notes?: string
  pets_on_premises: boolean
}

/** The unit and resident record a resident reports on through one of their leases in force (ACTIVE or NOTICE), or not found. */
export async function leaseToReportOn(tx: Executor, companyId: string, userId: string, leaseId: string) {
  const missing = () => notFound('No such lease.')
  if (!isUuid(leaseId)) throw missing()
  const scope = await residentScope(tx, companyId, userId)
  const reporter = scope.residents.find((r) => scope.leasesOf(r.id).includes(leaseId))
  if (!reporter) throw missing()
  const [lease] = await tx
    .select({ rentalUnitId: leases.rentalUnitId, propertyGroupId: buildings.propertyGroupId })
    .from(leases)
    .innerJoin(rentalUnits, eq(rentalUnits.id, leases.rentalUnitId))
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId), inArray(leases.status, [...HOLDS_UNIT])))
  if (!lease) throw missing()
  return { residentId: reporter.id, ...lease }
}

/**
 * Reports a work order as the resident: the definition's create with the unit and property of the
 * lease and the resident record on it as reporter, the only things the resident may not choose.
 */
export async function reportWorkOrder(tx: Executor, companyId: string, userId: string, leaseId: string, values: ReportedValues) {
  const where = await leaseToReportOn(tx, companyId, userId, leaseId)
  const resource = resourceNamed('work-orders')!
  const input = parseInput(
    resource,
    { ...values, property_group_id: where.propertyGroupId, rental_unit_id: where.rentalUnitId, reported_by_resident_id: where.residentId },
    'create',
  )
  const row = await createRecord(tx, companyId, resource, input, { userId })
  return String(row.id)
}

/** The resident records of a signed-in resident, whose reports are theirs. */
async function reporterIds(tx: Executor, companyId: string, userId: string) {
  return (await residentScope(tx, companyId, userId)).residents.map((r) => r.id)
}

/** Work orders as a resident reads them, newest first. */
async function workOrderItems(tx: Executor, companyId: string, reporters: string[], id?: string) {
  if (!reporters.length) return []
  const [rows, timeZone] = await Promise.all([
    tx
      .select({ order: workOrders, unit: rentalUnits.label, statusName: workOrderStatuses.name, category: workOrderCategories.name })
      .from(workOrders)
      .leftJoin(rentalUnits, eq(rentalUnits.id, workOrders.rentalUnitId))
      .leftJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.statusId))
      .leftJoin(workOrderCategories, eq(workOrderCategories.id, workOrders.categoryId))
      .where(and(eq(workOrders.companyId, companyId), inArray(workOrders.reportedByResidentId, reporters), id ? eq(workOrders.id, id) : undefined))
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id)),
    timeZoneOf(tx, companyId),
  ])
  const shown = (value: Date | null) => (value ? formatInstant(value.toISOString(), timeZone) : null)
  return rows.map(({ order, unit, statusName, category }) => ({
    item: {
      id: order.id,
      subject: order.subject,
      unit: unit ?? '',
      location: order.location,
      category: category,
      status_label: statusName ?? labelOf(WORK_ORDER_STAGES, order.stage),
      stage: order.stage,
      stage_label: labelOf(WORK_ORDER_STAGES, order.stage),
      priority: order.priority,
      priority_label: labelOf(WORK_ORDER_PRIORITIES, order.priority),
      created_at: order.createdAt.toISOString(),
      created: shown(order.createdAt)!,
      scheduled_at: order.scheduledAt?.toISOString() ?? null,
      scheduled_visit: shown(order.scheduledAt),
      updated_at: order.updatedAt.toISOString(),
      updated: shown(order.updatedAt)!,
    },
    order,
    timeZone,
  }))
}

/** The work orders the resident reported, newest first, and what they may choose when reporting another: their leases in force and the company's categories. */
export async function residentWorkOrders(tx: Executor, companyId: string, userId: string) {
  const [items, toReportOn, categories] = await Promise.all([
    reporterIds(tx, companyId, userId).then((reporters) => workOrderItems(tx, companyId, reporters)),
    leasesToReportOn(tx, companyId, userId),
    categoriesToChoose(tx, companyId),
  ])
  return { results: items.map((i) => i.item), leases: toReportOn, categories }
}

/** One of the resident's work orders (its row), or not found. */
async function ownWorkOrder(tx: Executor, companyId: string, userId: string, id: string) {
  if (!isUuid(id)) throw notFound(NO_SUCH_WORK_ORDER)
  const [found] = await workOrderItems(tx, companyId, await reporterIds(tx, companyId, userId), id)
  if (!found) throw notFound(NO_SUCH_WORK_ORDER)
  return found
}

const photoUrl = (workOrderId: string, photoId: string) => `/api/resident-center/work-orders/${workOrderId}/photos/${photoId}/download/`

/**
 * One of the resident's work orders: what they said of it, the comments shared with them (never the
 * office's internal ones), its photos, and where it has been (the status names of its history).
 */
export async function residentWorkOrder(tx: Executor, companyId: string, userId: string, id: string) {
  const { item, order, timeZone } = await ownWorkOrder(tx, companyId, userId, id)
  const [comments, pictures, history, firstStatus] = await Promise.all([
    tx
      .select({ id: workOrderComments.id, authorName: workOrderComments.authorName, body: workOrderComments.body, createdAt: workOrderComments.createdAt })
      .from(workOrderComments)
      .where(and(eq(workOrderComments.companyId, companyId), eq(workOrderComments.workOrderId, id), eq(workOrderComments.visibleToResident, true)))
      .orderBy(asc(workOrderComments.createdAt), asc(workOrderComments.id)),
    tx
      .select({ id: photos.id, name: photos.name, caption: photos.caption, phase: photos.phase })
      .from(photos)
      .where(and(eq(photos.companyId, companyId), eq(photos.recordType, 'work-orders'), eq(photos.recordId, id)))
      .orderBy(asc(photos.sortOrder), asc(photos.createdAt), asc(photos.id)),
    stateHistory(tx, companyId, resourceNamed('work-orders')!, id),
    firstStatusOn(tx, companyId, 'NEW'),
  ])
  // A work order is made at the company's first status on the New stage; the history keeps only the stage it was made on.
  const statusOf = (step: (typeof history)[number]) => (step.action === null && step.from_state === null ? (firstStatus?.name ?? step.to_label) : step.to_label)
  return {
    ...item,
    description: order.description,
    permission_to_enter: order.permissionToEnter,
    entry_notes: order.entryNotes,
    pets_on_premises: order.petsOnPremises,
    comments: comments.map((c) => ({
      id: c.id,
      author_name: c.authorName ?? '',
      body: c.body,
      written_at: c.createdAt.toISOString(),
      written: formatInstant(c.createdAt.toISOString(), timeZone),
    })),
    photos: pictures.map((p) => ({ id: p.id, name: p.name, caption: p.caption, phase: p.phase, download_url: photoUrl(id, p.id) })),
    history: history.map((h) => ({ status_label: statusOf(h), at: h.created_at, when: formatInstant(h.created_at, timeZone) })),
  }
}

/** A comment of the resident's on one of their work orders: the comments' own create, shown to residents and signed by the resident (a closed one refuses it, 409). */
export async function commentAsResident(tx: Executor, companyId: string, userId: string, workOrderId: string, body: string) {
  await ownWorkOrder(tx, companyId, userId, workOrderId)
  const resource = resourceNamed('comments')!
  await createRecord(tx, companyId, resource, parseInput(resource, { work_order_id: workOrderId, body, visible_to_resident: true }, 'create'), { userId })
}

/** A photo of one of the resident's work orders (its stored file's row), or not found. */
export async function residentWorkOrderPhoto(tx: Executor, companyId: string, userId: string, workOrderId: string, photoId: string) {
  await ownWorkOrder(tx, companyId, userId, workOrderId)
  if (!isUuid(photoId)) throw notFound('No such photo.')
  const [photo] = await tx
    .select()
    .from(photos)
    .where(and(eq(photos.companyId, companyId), eq(photos.id, photoId), eq(photos.recordType, 'work-orders'), eq(photos.recordId, workOrderId)))
  if (!photo) throw notFound('No such photo.')
  return photo
}

/** The company's categories a resident may file a work order under, by name. */
function categoriesToChoose(tx: Executor, companyId: string) {
  return tx
    .select({ id: workOrderCategories.id, name: workOrderCategories.name })
    .from(workOrderCategories)
    .where(eq(workOrderCategories.companyId, companyId))
    .orderBy(asc(workOrderCategories.name))
}

/** The leases in force a resident may report on, with their units. */
async function leasesToReportOn(tx: Executor, companyId: string, userId: string) {
  const scope = await residentScope(tx, companyId, userId)
  if (!scope.leaseIds.length) return []
  return tx
    .select({ id: leases.id, label: leases.label, unit: rentalUnits.label })
    .from(leases)
    .innerJoin(rentalUnits, eq(rentalUnits.id, leases.rentalUnitId))
    .where(and(eq(leases.companyId, companyId), inArray(leases.id, scope.leaseIds), inArray(leases.status, [...HOLDS_UNIT])))
    .orderBy(desc(leases.startDate), asc(leases.id))
}
