import { z } from '@hono/zod-openapi'
import { and, asc, desc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { buildings, photos, propertyGroups, rentalUnits, timeTrackingEntries, users, workLogMaterials, workLogs, workOrderCategories, workOrderComments, workOrders, workOrderStatuses } from '~/db/schema'
import { formatInstant, todayIn } from '~/domain/dates'
import { FINAL_STAGES, WORK_ORDER_STAGES, type WorkOrderStage } from '~/domain/maintenance/work-orders'
import { formatMoney } from '~/domain/money'
import { badRequest, fieldError, forbidden, notFound } from '~/api/errors'
import { resourceNamed } from '~/resources'
import { instantOf, timeWorked } from './time-tracking.server'
import { timeZoneOf } from './work-orders.server'
import { canMove, committing, recordStateChange, runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput, recordOutput } from '~/resources/engine/api.server'

/*
 * What a maintenance technician does at /mt (issue 15 item 4, ADR 024): everything starts from their
 * scope, the work orders assigned to them. An id of their company assigned to someone else is 403
 * (the office's board shows it, so they know it exists); another company's id, or none, is 404.
 * Every write goes through the work order definitions (createRecord, runAction) as the technician,
 * so the rules, history and search index hold whoever acts; this module only fixes what a
 * technician may not choose: their work order is theirs, their work log is theirs at their rate.
 */

type Db = Executor & { transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T> }
type Row = Record<string, unknown>

/** The stages a technician may move their work to: the work itself, not the office's triage, billing or closing. */
export const TECHNICIAN_STAGES: readonly WorkOrderStage[] = ['SCHEDULED', 'IN_PROGRESS', 'ON_HOLD', 'WORK_DONE']

export const WHEN_CHOICES = ['today', 'open', 'all'] as const
export type When = (typeof WHEN_CHOICES)[number]

const stageLabel = (stage: string) => WORK_ORDER_STAGES.find((s) => s.value === stage)?.label ?? stage
const isUuid = (id: string) => z.uuid().safeParse(id).success

/** One of the technician's work orders, as stored; 403 when it is their company's but someone else's, 404 when it is not their company's. */
export async function assignedWorkOrder(db: Executor, companyId: string, userId: string, id: string) {
  if (!isUuid(id)) throw notFound('No such work order.')
  const [found] = await db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
  if (!found) throw notFound('No such work order.')
  if (found.assignedUserId !== userId) throw forbidden('This work order is assigned to someone else.')
  return found
}

/** The technician's hourly rate in cents (0 when the office has not set one). */
export async function hourlyRateOf(db: Executor, companyId: string, userId: string) {
  const [user] = await db
    .select({ hourlyRate: users.hourlyRate })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
  return user?.hourlyRate ?? 0
}

/**
 * The technician's work orders for a phone list: today's (a visit scheduled today on the company's
 * clock, or due today), the open ones (not closed or canceled), or all; optionally on one stage.
 * Soonest visit first, then the newest.
 */
export async function technicianWorkOrders(db: Executor, companyId: string, userId: string, query: { when: When; stage?: string }) {
  const today = todayIn(await timeZoneOf(db, companyId))
  const conditions = [eq(workOrders.companyId, companyId), eq(workOrders.assignedUserId, userId)]
  if (query.when === 'today') conditions.push(or(eq(workOrders.scheduledDate, today), eq(workOrders.dueDate, today))!)
  if (query.when !== 'all') conditions.push(notInArray(workOrders.stage, [...FINAL_STAGES]))
  if (query.stage) conditions.push(eq(workOrders.stage, query.stage))
  const rows = await db
    .select({
      id: workOrders.id,
      subject: workOrders.subject,
      property: propertyGroups.name,
      unit: rentalUnits.label,
      location: workOrders.location,
      priority: workOrders.priority,
      stage: workOrders.stage,
      status: workOrderStatuses.name,
      scheduledDate: workOrders.scheduledDate,
      scheduledTime: workOrders.scheduledTime,
      dueDate: workOrders.dueDate,
    })
    .from(workOrders)
    .innerJoin(propertyGroups, eq(propertyGroups.id, workOrders.propertyGroupId))
    .leftJoin(rentalUnits, eq(rentalUnits.id, workOrders.rentalUnitId))
    .leftJoin(workOrderStatuses, eq(workOrderStatuses.id, workOrders.statusId))
    .where(and(...conditions))
    .orderBy(sql`${workOrders.scheduledDate} asc nulls last`, sql`${workOrders.scheduledTime} asc nulls last`, desc(workOrders.createdAt))
    .limit(500)
  return {
    today,
    count: rows.length,
    results: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      where: [r.unit || r.property, r.location].filter(Boolean).join(' · '),
      priority: r.priority,
      stage: r.stage,
      stage_label: stageLabel(r.stage),
      status_label: r.status ?? stageLabel(r.stage),
      scheduled_date: r.scheduledDate,
      scheduled_time: r.scheduledTime,
      due_date: r.dueDate,
      today: r.scheduledDate === today || r.dueDate === today,
    })),
  }
}

/** The statuses a technician may choose for a work order now: on their stages, a move its stage allows (or another name on its stage), not the one it has. */
async function statusChoices(db: Executor, companyId: string, record: { stage: string; statusId: string | null }) {
  if (FINAL_STAGES.includes(record.stage as WorkOrderStage)) return []
  const workOrdersResource = resourceNamed('work-orders')!
  const statuses = await db
    .select({ id: workOrderStatuses.id, name: workOrderStatuses.name, stage: workOrderStatuses.stage })
    .from(workOrderStatuses)
    .where(and(eq(workOrderStatuses.companyId, companyId), inArray(workOrderStatuses.stage, [...TECHNICIAN_STAGES])))
    .orderBy(asc(workOrderStatuses.createdAt), asc(workOrderStatuses.name))
  return statuses
    .filter((s) => s.id !== record.statusId && (s.stage === record.stage || canMove(workOrdersResource, record.stage, s.stage)))
    .sort((a, b) => TECHNICIAN_STAGES.indexOf(a.stage as WorkOrderStage) - TECHNICIAN_STAGES.indexOf(b.stage as WorkOrderStage))
    .map((s) => ({ id: s.id, name: s.name, stage: s.stage, stage_label: stageLabel(s.stage) }))
}

const photoOutput = (workOrderId: string, p: typeof photos.$inferSelect) => ({
  id: p.id,
  name: p.name,
  caption: p.caption,
  phase: p.phase,
  content_type: p.contentType,
  size_bytes: p.sizeBytes,
  created_at: p.createdAt.toISOString(),
  download_url: `/api/technician/work-orders/${workOrderId}/photos/${p.id}/download/`,
})

/** One of the technician's work orders: its fields (access notes and schedule among them), every comment (internal ones too), its work logs with their materials, its photos, and the statuses they may choose. */
export async function technicianWorkOrder(db: Executor, companyId: string, userId: string, id: string) {
  const stored = await assignedWorkOrder(db, companyId, userId, id)
  const timeZone = await timeZoneOf(db, companyId)
  const [record, comments, logs, materials, pictures, statuses] = await Promise.all([
    recordOutput(db, companyId, resourceNamed('work-orders')!, id),
    db.select().from(workOrderComments).where(and(eq(workOrderComments.companyId, companyId), eq(workOrderComments.workOrderId, id))).orderBy(asc(workOrderComments.createdAt)),
    db
      .select({ log: workLogs, technician: sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))` })
      .from(workLogs)
      .leftJoin(users, eq(users.id, workLogs.userId))
      .where(and(eq(workLogs.companyId, companyId), eq(workLogs.workOrderId, id)))
      .orderBy(desc(workLogs.workDate), desc(workLogs.createdAt)),
    db
      .select({ m: workLogMaterials })
      .from(workLogMaterials)
      .innerJoin(workLogs, eq(workLogs.id, workLogMaterials.workLogId))
      .where(and(eq(workLogMaterials.companyId, companyId), eq(workLogs.workOrderId, id)))
      .orderBy(asc(workLogMaterials.position)),
    db
      .select()
      .from(photos)
      .where(and(eq(photos.companyId, companyId), eq(photos.recordType, 'work-orders'), eq(photos.recordId, id)))
      .orderBy(asc(photos.sortOrder), asc(photos.createdAt)),
    statusChoices(db, companyId, stored),
  ])
  return {
    work_order: record,
    comments: comments.map((c) => ({
      id: c.id,
      body: c.body,
      visible_to_resident: c.visibleToResident,
      author_name: c.authorName,
      mine: c.authorUserId === userId,
      written: formatInstant(c.createdAt.toISOString(), timeZone),
      created_at: c.createdAt.toISOString(),
    })),
    work_logs: logs.map(({ log, technician }) => ({
      id: log.id,
      work_date: log.workDate,
      technician: technician || null,
      hours: String(log.hours),
      hourly_rate: formatMoney(log.hourlyRate),
      labour_amount: formatMoney(log.labourAmount),
      materials_amount: formatMoney(log.materialsAmount),
      description: log.description,
      materials: materials
        .filter(({ m }) => m.workLogId === log.id)
        .map(({ m }) => ({ description: m.description, quantity: String(m.quantity), unit_cost: formatMoney(m.unitCost), amount: formatMoney(m.amount) })),
    })),
    photos: pictures.map((p) => photoOutput(id, p)),
    statuses,
    closed: FINAL_STAGES.includes(stored.stage as WorkOrderStage),
    today: todayIn(timeZone),
  }
}

/** A work order the technician adds (found on site): made by the definition, assigned to themselves. */
export async function addWorkOrder(db: Executor, companyId: string, userId: string, body: Row) {
  const resource = resourceNamed('work-orders')!
  const input = parseInput(resource, { ...body, assigned_user_id: userId, reported_by_resident_id: null }, 'create')
  const row = await createRecord(db, companyId, resource, input, { userId })
  return recordOutput(db, companyId, resource, String(row.id))
}

/** Moves the technician's work order to a status of their stages, through the definition's change-status; the resident's e-mail goes once it has committed. */
export async function changeStatus(db: Db, companyId: string, userId: string, id: string, statusId: string, origin?: string) {
  await assignedWorkOrder(db, companyId, userId, id)
  if (isUuid(statusId)) {
    const [status] = await db
      .select({ stage: workOrderStatuses.stage })
      .from(workOrderStatuses)
      .where(and(eq(workOrderStatuses.companyId, companyId), eq(workOrderStatuses.id, statusId)))
    if (status && !TECHNICIAN_STAGES.includes(status.stage as WorkOrderStage))
      throw fieldError('status_id', `Choose a status on Scheduled, In progress, On hold or Work done; ${stageLabel(status.stage)} is the office’s to choose.`)
  }
  const resource = resourceNamed('work-orders')!
  await committing(db, (tx, afterCommit) => runAction(tx, companyId, userId, resource, id, 'change-status', { status_id: statusId }, { origin, afterCommit }))
  return recordOutput(db, companyId, resource, id)
}

/** A work log of the technician's own on their work order, at their hourly rate (labour = hours × rate), with its materials priced by the definition. */
export async function addWorkLog(db: Executor, companyId: string, userId: string, id: string, body: Row) {
  await assignedWorkOrder(db, companyId, userId, id)
  const rate = await hourlyRateOf(db, companyId, userId)
  const resource = resourceNamed('work-logs')!
  const input = parseInput(resource, { ...body, work_order_id: id, user_id: userId, hourly_rate: formatMoney(rate) }, 'create')
  const row = await createRecord(db, companyId, resource, input, { userId })
  return recordOutput(db, companyId, resource, String(row.id))
}

/** A comment of the technician's on their work order, shown to the resident or kept internal as they choose. */
export async function addComment(db: Executor, companyId: string, userId: string, id: string, body: Row) {
  await assignedWorkOrder(db, companyId, userId, id)
  const resource = resourceNamed('comments')!
  const input = parseInput(resource, { body: body.body, visible_to_resident: body.visible_to_resident ?? false, work_order_id: id }, 'create')
  const row = await createRecord(db, companyId, resource, input, { userId })
  return recordOutput(db, companyId, resource, String(row.id))
}

/** A photo of the technician's work order, to send. */
export async function workOrderPhoto(db: Executor, companyId: string, userId: string, id: string, photoId: string) {
  await assignedWorkOrder(db, companyId, userId, id)
  if (!isUuid(photoId)) throw notFound('No such photo.')
  const [photo] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.companyId, companyId), eq(photos.id, photoId), eq(photos.recordType, 'work-orders'), eq(photos.recordId, id)))
  if (!photo) throw notFound('No such photo.')
  return photo
}

export { photoOutput }

/* Time tracking: a technician clocks in (against one of their work orders, or not) and out once. */

const entryOutput = (e: typeof timeTrackingEntries.$inferSelect, timeZone: string, workOrder?: string | null) => ({
  id: e.id,
  work_order_id: e.workOrderId,
  work_order: workOrder ?? null,
  state: e.state,
  started_at: e.startedAt.toISOString(),
  ended_at: e.endedAt?.toISOString() ?? null,
  started: formatInstant(e.startedAt.toISOString(), timeZone),
  ended: e.endedAt ? formatInstant(e.endedAt.toISOString(), timeZone) : null,
  hourly_rate: formatMoney(e.hourlyRate),
  minutes: e.minutes,
  amount: e.amount === null ? null : formatMoney(e.amount),
  notes: e.notes,
})

export type TimeEntryInput = { work_order_id?: string | null; started_at?: string | null; ended_at?: string | null; notes?: string | null }

/** The technician's time entries, newest first. */
export async function technicianTimeEntries(db: Executor, companyId: string, userId: string) {
  const timeZone = await timeZoneOf(db, companyId)
  const rows = await db
    .select({ e: timeTrackingEntries, subject: workOrders.subject })
    .from(timeTrackingEntries)
    .leftJoin(workOrders, eq(workOrders.id, timeTrackingEntries.workOrderId))
    .where(and(eq(timeTrackingEntries.companyId, companyId), eq(timeTrackingEntries.userId, userId)))
    .orderBy(desc(timeTrackingEntries.startedAt))
    .limit(200)
  const results = rows.map((r) => entryOutput(r.e, timeZone, r.subject))
  return { count: results.length, open: results.find((r) => r.state === 'OPEN') ?? null, results }
}

export async function technicianTimeEntry(db: Executor, companyId: string, userId: string, id: string) {
  if (!isUuid(id)) throw notFound('No such time tracking entry.')
  const [found] = await db
    .select({ e: timeTrackingEntries, subject: workOrders.subject })
    .from(timeTrackingEntries)
    .leftJoin(workOrders, eq(workOrders.id, timeTrackingEntries.workOrderId))
    .where(and(eq(timeTrackingEntries.companyId, companyId), eq(timeTrackingEntries.id, id)))
  if (!found) throw notFound('No such time tracking entry.')
  if (found.e.userId !== userId) throw forbidden('This time tracking entry is someone else’s.')
  return entryOutput(found.e, await timeZoneOf(db, companyId), found.subject)
}

/** The longest entry of time already worked: a day's; longer is a typing mistake, or several days to enter one by one. */
const MAX_ENTRY_HOURS = 24

/**
 * Clocking in: the entry starts now (or when given), against one of the technician's work orders
 * or none, at their hourly rate as it is now (kept as it was: a later raise changes no past entry).
 * One entry is open at a time. Given an end too, it is a closed entry (time worked after the fact).
 */
export async function clockIn(db: Executor, companyId: string, userId: string, input: TimeEntryInput) {
  const timeZone = await timeZoneOf(db, companyId)
  const startedAt = instantOf(input.started_at, 'started_at', timeZone) ?? new Date()
  const endedAt = instantOf(input.ended_at, 'ended_at', timeZone)
  if (endedAt && endedAt.getTime() < startedAt.getTime()) throw fieldError('ended_at', 'The end must be after the start.')
  if (startedAt.getTime() > Date.now() + 5 * 60_000) throw fieldError('started_at', 'The start cannot be in the future.')
  if (endedAt && endedAt.getTime() - startedAt.getTime() > MAX_ENTRY_HOURS * 3_600_000) throw fieldError('ended_at', `An entry is at most ${MAX_ENTRY_HOURS} hours: enter each day’s work as an entry of its own.`)
  if (endedAt) {
    // Time already worked cannot be worked twice: it may not overlap another of the technician's entries (the open one runs to now).
    const [other] = await db
      .select({ startedAt: timeTrackingEntries.startedAt, endedAt: timeTrackingEntries.endedAt })
      .from(timeTrackingEntries)
      .where(
        and(
          eq(timeTrackingEntries.companyId, companyId),
          eq(timeTrackingEntries.userId, userId),
          lt(timeTrackingEntries.startedAt, endedAt),
          sql`coalesce(${timeTrackingEntries.endedAt}, now()) > ${startedAt.toISOString()}::timestamptz`,
        ),
      )
      .limit(1)
    if (other) {
      const span = `${formatInstant(other.startedAt.toISOString(), timeZone)} to ${other.endedAt ? formatInstant(other.endedAt.toISOString(), timeZone) : 'now (clocked in)'}`
      throw fieldError('started_at', `This time overlaps your entry of ${span}.`)
    }
  }
  const workOrderId = input.work_order_id || null
  if (workOrderId) {
    if (!isUuid(workOrderId)) throw fieldError('work_order_id', 'Work order: no such work order.')
    const [order] = await db
      .select({ assignedUserId: workOrders.assignedUserId })
      .from(workOrders)
      .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, workOrderId)))
    if (!order) throw fieldError('work_order_id', 'Work order: no such work order.')
    if (order.assignedUserId !== userId) throw fieldError('work_order_id', 'This work order is assigned to someone else.')
  }
  if (!endedAt) {
    const [open] = await db
      .select({ id: timeTrackingEntries.id })
      .from(timeTrackingEntries)
      .where(and(eq(timeTrackingEntries.companyId, companyId), eq(timeTrackingEntries.userId, userId), eq(timeTrackingEntries.state, 'OPEN')))
    if (open) throw badRequest('You are clocked in already: clock out first.', { __all__: ['You are clocked in already: clock out first.'] })
  }
  const hourlyRate = await hourlyRateOf(db, companyId, userId)
  const notes = typeof input.notes === 'string' && input.notes.trim() ? input.notes.trim().slice(0, 2000) : null
  const [row] = await db
    .insert(timeTrackingEntries)
    .values({ companyId, userId, workOrderId, startedAt, hourlyRate, notes, ...(endedAt ? { endedAt, state: 'CLOSED', ...timeWorked(startedAt, endedAt, hourlyRate) } : {}) })
    .returning({ id: timeTrackingEntries.id })
  // The entries' history says who clocked in, and out, and when, as the engine keeps it for every document.
  const resource = resourceNamed('time-tracking-entries')!
  await recordStateChange(db, { companyId, resource, recordId: row.id, action: null, from: null, to: 'OPEN', userId })
  if (endedAt) await recordStateChange(db, { companyId, resource, recordId: row.id, action: 'clock-out', from: 'OPEN', to: 'CLOSED', userId })
  return technicianTimeEntry(db, companyId, userId, row.id)
}

/** Clocking out of one of the technician's entries: the entries' clock-out action, as the technician (it refuses an entry clocked out already, and an end before the start). */
export async function clockOut(db: Executor, companyId: string, userId: string, id: string, input: { ended_at?: string | null }) {
  await technicianTimeEntry(db, companyId, userId, id)
  await runAction(db, companyId, userId, resourceNamed('time-tracking-entries')!, id, 'clock-out', { ended_at: input.ended_at ?? null })
  return technicianTimeEntry(db, companyId, userId, id)
}

/** What a technician picks from when adding a work order: the company's properties, their units and the categories of work. */
export async function workOrderChoices(db: Executor, companyId: string) {
  const [properties, units, categories] = await Promise.all([
    db.select({ id: propertyGroups.id, name: propertyGroups.name }).from(propertyGroups).where(eq(propertyGroups.companyId, companyId)).orderBy(asc(propertyGroups.name)),
    db
      .select({ id: rentalUnits.id, name: rentalUnits.label, propertyGroupId: buildings.propertyGroupId })
      .from(rentalUnits)
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .where(eq(rentalUnits.companyId, companyId))
      .orderBy(asc(rentalUnits.label)),
    db.select({ id: workOrderCategories.id, name: workOrderCategories.name }).from(workOrderCategories).where(eq(workOrderCategories.companyId, companyId)).orderBy(asc(workOrderCategories.name)),
  ])
  return { properties, units: units.map((u) => ({ id: u.id, name: u.name, property_group_id: u.propertyGroupId })), categories }
}
