import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { timeZoneOf } from '~/db/clock.server'
import type { Executor } from '~/db/client.server'
import { buildings, companies, invoiceLines, invoices, leases, rentCharges, rentalUnits, residents, users, workLogs, workOrderCategories, workOrderComments, workOrders, workOrderStatuses, vendors } from '~/db/schema'
import { formatInstant, todayIn } from '~/domain/dates'
import { conflict } from '~/domain/errors'
import { HOLDS_UNIT } from '~/domain/leasing/leases'
import { formatDecimal, parseDecimal } from '~/domain/money'
import { sendEmail } from '~/utils/mailer.server'
import {
  DEFAULT_CATEGORIES,
  DEFAULT_STATUSES,
  dueInstants,
  entryNoticeRefusal,
  FINAL_STAGES,
  timesPrice,
  WORK_ORDER_STAGES,
  workCharge,
  zonedInstant,
  type WorkOrderPriority,
  type WorkOrderStage,
} from '~/domain/maintenance/work-orders'

/*
 * Work orders' rules (ADR 022), called by name from app/resources/work-orders.ts: a company's
 * default categories and statuses, the checks a work order's fields pass (its unit is of its
 * property; a visit to a lived-in unit keeps the entry-notice rule), the instants it keeps, and
 * the moves from status to status.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/** A new company's categories and statuses (migration 0035 gave every existing company the same). */
export async function openMaintenance(tx: Executor, companyId: string) {
  await tx.insert(workOrderCategories).values(DEFAULT_CATEGORIES.map((c) => ({ companyId, name: c.name, description: c.description })))
  await tx.insert(workOrderStatuses).values(DEFAULT_STATUSES.map((s) => ({ companyId, name: s.name, stage: s.stage })))
}

/** The company's time zone, the clock its days and visits are read on. */
export { timeZoneOf }

/** Whether people live in the unit: a lease in force holds it. */
async function occupied(tx: Executor, companyId: string, rentalUnitId: string | null) {
  if (!rentalUnitId) return false
  const [lease] = await tx
    .select({ id: leases.id })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, rentalUnitId), inArray(leases.status, [...HOLDS_UNIT])))
    .limit(1)
  return !!lease
}

const scheduleOf = (values: Row) => ({ date: (values.scheduledDate as string | null) ?? null, time: (values.scheduledTime as string | null) ?? null })

/**
 * The checks of a work order as it will be stored: its unit is one of its property's; a visit has a
 * day and a time; a visit newly scheduled in a lived-in unit keeps the entry-notice rule (refused at
 * `scheduled_date`). A closed or canceled one no longer changes.
 */
/**
 * A vendor given the work must be active and covered: a contractor whose liability insurance or WCB
 * clearance has lapsed leaves the company exposed to their claims. One assigned before keeps it.
 */
async function vendorErrors(tx: Executor, companyId: string, values: Row, before: string | null): Promise<Errors> {
  const vendorId = (values.vendorId as string | null | undefined) ?? null
  if (!vendorId || vendorId === before) return {}
  const [vendor] = await tx
    .select({ name: vendors.name, isActive: vendors.isActive, lapsedOn: vendors.coverageExpiresOn, today: sql<string>`current_date::text` })
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), eq(vendors.id, vendorId)))
  if (!vendor) return {}
  if (!vendor.isActive) return { vendor_id: [`${vendor.name} is deactivated: reactivate the vendor to give it work.`] }
  if (vendor.lapsedOn && vendor.lapsedOn < vendor.today) return { vendor_id: [`${vendor.name}’s insurance or WCB coverage lapsed on ${vendor.lapsedOn}: enter its renewed certificate’s expiry on the vendor first.`] }
  return {}
}

export async function checkWorkOrder(tx: Executor, companyId: string, id: string | undefined, values: Row, now = new Date()): Promise<Errors | undefined> {
  const stored = id
    ? (
        await tx
          .select()
          .from(workOrders)
          .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
      )[0]
    : undefined
  if (stored && FINAL_STAGES.includes(stored.stage as WorkOrderStage)) throw conflict(`This work order is ${stageLabel(stored.stage)}; it no longer changes. Duplicate it for follow-up work.`)
  const errors: Errors = { ...(await unitOfPropertyErrors(tx, companyId, values, 'work order')), ...(await vendorErrors(tx, companyId, values, stored?.vendorId ?? null)) }
  const unitId = (values.rentalUnitId as string | null) ?? null
  const { date, time } = scheduleOf(values)
  if (date && !time) errors.scheduled_time = ['Choose the time of the visit.']
  if (time && !date) errors.scheduled_date = ['Choose the day of the visit.']
  if (Object.keys(errors).length) return errors
  const changed = !stored || stored.scheduledDate !== date || stored.scheduledTime !== time || stored.rentalUnitId !== unitId
  if (date && time && changed) {
    const timeZone = await timeZoneOf(tx, companyId)
    const refusal = entryNoticeRefusal({
      scheduledAt: zonedInstant(date, time, timeZone),
      noticeAt: now,
      timeZone,
      priority: values.priority as WorkOrderPriority,
      residentConsent: values.residentConsent === true,
      occupied: await occupied(tx, companyId, unitId),
    })
    if (refusal) return { scheduled_date: [refusal] }
  }
  return undefined
}

/** A unit given with a property must be one of that property's (a work order's, a task's); with no property, any of the company's. */
export async function unitOfPropertyErrors(tx: Executor, companyId: string, values: Row, what: string): Promise<Errors> {
  const unitId = (values.rentalUnitId as string | null) ?? null
  if (!unitId || !values.propertyGroupId) return {}
  const [unit] = await tx
    .select({ propertyGroupId: buildings.propertyGroupId })
    .from(rentalUnits)
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, unitId)))
  const otherwise = what === 'work order' ? ', or leave it empty for a common area' : ', or leave it empty'
  return unit && unit.propertyGroupId !== values.propertyGroupId ? { rental_unit_id: [`Choose a unit of the ${what}’s property${otherwise}.`] } : {}
}

/**
 * What a work order keeps beyond its fields, once stored: on create, the company's first status on
 * the New stage and the response and completion targets of its priority; whenever its visit is
 * (re)scheduled, the instant of the visit and, where notice is owed, when it was given (now).
 */
export async function keepWorkOrder(tx: Executor, companyId: string, record: Row, created: boolean, now = new Date()) {
  const set: Record<string, unknown> = {}
  if (created) {
    const [status] = await tx
      .select({ id: workOrderStatuses.id })
      .from(workOrderStatuses)
      .where(and(eq(workOrderStatuses.companyId, companyId), eq(workOrderStatuses.stage, String(record.stage))))
      .orderBy(asc(workOrderStatuses.createdAt), asc(workOrderStatuses.name))
      .limit(1)
    Object.assign(set, { statusId: status?.id ?? null }, dueInstants(record.priority as WorkOrderPriority, now))
  }
  const { date, time } = scheduleOf(record)
  const timeZone = date && time ? await timeZoneOf(tx, companyId) : ''
  const scheduledAt = date && time ? zonedInstant(date, time, timeZone) : null
  const before = record.scheduledAt as Date | null
  if ((scheduledAt?.getTime() ?? null) !== (before?.getTime() ?? null)) {
    set.scheduledAt = scheduledAt
    // Notice is given (and kept) only where it is owed: a lived-in unit, no emergency, no consent.
    const owed = record.priority !== 'EMERGENCY' && record.residentConsent !== true
    set.entryNoticeAt = scheduledAt && owed && (await occupied(tx, companyId, (record.rentalUnitId as string | null) ?? null)) ? now : null
  }
  if (!Object.keys(set).length) return
  await tx
    .update(workOrders)
    .set(set)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, String(record.id))))
}

const stageLabel = (stage: string) => WORK_ORDER_STAGES.find((s) => s.value === stage)?.label ?? stage

/**
 * Moving a work order to one of the company's statuses: it lands on that status's stage (the engine
 * checks the move and keeps it in the history under the status's name). A visit must be scheduled
 * before the work order is.
 */
export async function moveToStatus(tx: Executor, companyId: string, record: Row, statusId: string, afterCommit: AfterCommit = () => {}) {
  const [status] = await tx
    .select({ id: workOrderStatuses.id, name: workOrderStatuses.name, stage: workOrderStatuses.stage })
    .from(workOrderStatuses)
    .where(and(eq(workOrderStatuses.companyId, companyId), eq(workOrderStatuses.id, statusId)))
  if (!status) throw conflict('No such status in your company.', { status_id: ['Status: no such status in your company.'] })
  if (status.id === record.statusId) throw conflict(`This work order is already ${status.name}.`, { status_id: [`It is already ${status.name}.`] })
  if (status.stage === 'SCHEDULED' && !record.scheduledAt)
    throw conflict('Schedule the visit first: set the work order’s scheduled day and time, then move it to a scheduled status.', { status_id: ['Set the scheduled day and time first.'] })
  await tx
    .update(workOrders)
    .set({ statusId: status.id, updatedAt: new Date() })
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, String(record.id))))
  await tellReporter(tx, companyId, record, status.name, afterCommit)
  return { to: status.stage, label: status.name }
}

type AfterCommit = (effect: () => Promise<void>) => void

/**
 * The resident who reported a work order hears of each change of its status (issue 15 item 3), by
 * e-mail once the change has committed, where they have an address. What they read is what the
 * resident center shows: the status's name and the work order's subject.
 */
async function tellReporter(tx: Executor, companyId: string, record: Row, statusName: string, afterCommit: AfterCommit) {
  const residentId = (record.reportedByResidentId as string | null) ?? null
  if (!residentId) return
  const [found] = await tx
    .select({ email: residents.email, firstName: residents.firstName, company: companies.name })
    .from(residents)
    .innerJoin(companies, eq(companies.id, residents.companyId))
    .where(and(eq(residents.companyId, companyId), eq(residents.id, residentId)))
  if (!found?.email) return
  const { email, firstName, company } = found
  const subject = String(record.subject)
  afterCommit(async () => {
    await sendEmail({
      companyId,
      to: email,
      subject: `Your work order is now ${statusName}: ${subject}`,
      category: 'work_order_status',
      text: `Hello ${firstName},\n\nYour work order “${subject}” is now ${statusName}.\n\nYou can follow it and add a comment in the resident center, under Work Orders.\n\n${company}`,
    })
  })
}

/** What a duplicate copies (operations.md §1): what and where, priority and access; dates, status and history start afresh. */
export function duplicateValues(record: Row) {
  return {
    subject: record.subject,
    description: record.description,
    property_group_id: record.propertyGroupId,
    rental_unit_id: record.rentalUnitId,
    location: record.location,
    category_id: record.categoryId,
    priority: record.priority,
    reported_by_resident_id: record.reportedByResidentId,
    permission_to_enter: record.permissionToEnter,
    entry_notes: record.entryNotes,
    pets_on_premises: record.petsOnPremises,
  }
}

export async function markDuplicate(tx: Executor, companyId: string, id: string, from: string) {
  await tx
    .update(workOrders)
    .set({ duplicatedFromId: from })
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
}

/** A status's stage cannot change under the work orders on it: they would sit on a stage they never moved to. */
export async function checkStatus(tx: Executor, companyId: string, id: string | undefined, values: Row): Promise<Errors | undefined> {
  if (!id) return undefined
  const [stored] = await tx
    .select({ stage: workOrderStatuses.stage })
    .from(workOrderStatuses)
    .where(and(eq(workOrderStatuses.companyId, companyId), eq(workOrderStatuses.id, id)))
  if (!stored || stored.stage === values.stage) return undefined
  const [used] = await tx
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.statusId, id)))
    .limit(1)
  return used ? { stage: ['Work orders are on this status: move them to another one before putting it on another stage.'] } : undefined
}

/** The instants a work order keeps (from its rows as read), as the API's ISO strings and as people read them on the company's clock. */
export function workOrderTimes(records: Record<string, unknown>[], timeZone: string) {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null)
  const shown = (value: unknown) => (value instanceof Date ? formatInstant(value.toISOString(), timeZone) : null)
  return new Map(
    records.map((r) => [
      String(r.id),
      {
        response_due_at: iso(r.responseDueAt),
        completion_due_at: iso(r.completionDueAt),
        scheduled_at: iso(r.scheduledAt),
        entry_notice_at: iso(r.entryNoticeAt),
        response_due: shown(r.responseDueAt),
        completion_due: shown(r.completionDueAt),
        entry_notice: shown(r.entryNoticeAt),
      },
    ]),
  )
}

/** The company's first status on a stage (the one a new company names as the stage), for moves the work itself makes. */
export async function firstStatusOn(tx: Executor, companyId: string, stage: WorkOrderStage) {
  const [status] = await tx
    .select({ id: workOrderStatuses.id, name: workOrderStatuses.name })
    .from(workOrderStatuses)
    .where(and(eq(workOrderStatuses.companyId, companyId), eq(workOrderStatuses.stage, stage)))
    .orderBy(asc(workOrderStatuses.createdAt), asc(workOrderStatuses.name))
    .limit(1)
  return status
}

/**
 * Whether a work order's work is billed: charged to a lease (a rent charge still posted) or on a line
 * of an invoice still posted. Either way it is billed once.
 */
export const billed = (companyId: string, workOrderId: SQL) => sql`(exists (select 1 from ${rentCharges} where ${rentCharges.companyId} = ${companyId} and ${rentCharges.workOrderId} = ${workOrderId} and ${rentCharges.status} = 'POSTED')
  or exists (select 1 from ${invoiceLines} il join ${invoices} i on i.id = il.invoice_id where il.company_id = ${companyId} and il.work_order_id = ${workOrderId} and i.status = 'POSTED'))`

/** The work order a log or comment is on, as stored (undefined when it is not this company's: the reference check says so at its field). */
async function workOrderOf(tx: Executor, companyId: string, id: unknown) {
  if (typeof id !== 'string') return undefined
  const [found] = await tx
    .select({ stage: workOrders.stage, charged: sql<boolean>`${billed(companyId, sql`${workOrders.id}`)}` })
    .from(workOrders)
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
  return found
}

/**
 * A work log as it will be stored: its labour is its hours at its rate; it goes on a work order that
 * is still open and not yet charged, and a log already on one stays there (what was charged was its work).
 */
export async function checkWorkLog(tx: Executor, companyId: string, id: string | undefined, values: Row): Promise<Errors | undefined> {
  values.labourAmount = timesPrice(parseDecimal(String(values.hours ?? '0')) ?? 0, Number(values.hourlyRate ?? 0))
  const ids = [values.workOrderId, ...(id ? [(await tx.select({ workOrderId: workLogs.workOrderId }).from(workLogs).where(and(eq(workLogs.companyId, companyId), eq(workLogs.id, id))))[0]?.workOrderId] : [])]
  for (const workOrderId of new Set(ids)) {
    const order = await workOrderOf(tx, companyId, workOrderId)
    if (order?.charged) throw conflict('This work order has been charged for: its work logs no longer change. Void the charge first to correct them.')
    if (order && FINAL_STAGES.includes(order.stage as WorkOrderStage)) throw conflict(`This work order is ${stageLabel(order.stage)}; work is no longer logged on it.`)
  }
  return undefined
}

/** A material's amount: its quantity at its unit cost. */
export const materialAmount = (line: Row) => ({ amount: timesPrice(parseDecimal(String(line.quantity ?? '0')) ?? 0, Number(line.unitCost ?? 0)) })

/** A comment goes on a work order that is not closed or canceled: after that, follow-up is a new work order. */
export async function checkComment(tx: Executor, companyId: string, values: Row): Promise<Errors | undefined> {
  const order = await workOrderOf(tx, companyId, values.workOrderId)
  if (order && FINAL_STAGES.includes(order.stage as WorkOrderStage)) throw conflict(`This work order is ${stageLabel(order.stage)}; comments are closed. Duplicate it for follow-up work.`)
  return undefined
}

/** Who wrote a comment, and their name as it was then (ADR 011). */
export async function signComment(tx: Executor, companyId: string, id: string, userId: string | null) {
  if (!userId) return
  await tx
    .update(workOrderComments)
    .set({ authorUserId: userId, authorName: sql`(select trim(concat_ws(' ', ${users.firstName}, ${users.lastName})) from ${users} where ${users.id} = ${userId})` })
    .where(and(eq(workOrderComments.companyId, companyId), eq(workOrderComments.id, id)))
}

/** The lease a work order's charge goes to: the one named (of the work order's unit, when it has one), else the lease in force on its unit. */
async function leaseToCharge(tx: Executor, companyId: string, record: Row, named: string | null) {
  const unitId = (record.rentalUnitId as string | null) ?? null
  const [lease] = await tx
    .select({ id: leases.id, rentalUnitId: leases.rentalUnitId })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), named ? eq(leases.id, named) : and(eq(leases.rentalUnitId, unitId ?? sql`null`), inArray(leases.status, [...HOLDS_UNIT]))))
    .orderBy(asc(leases.startDate))
    .limit(1)
  if (!lease) {
    if (named) throw conflict('No such lease in your company.', { lease_id: ['Lease: no such lease in your company.'] })
    throw conflict(unitId ? 'The unit has no lease in force: choose the lease to charge.' : 'A common area has no lease: choose the lease to charge.', { lease_id: ['Choose the lease to charge.'] })
  }
  if (named && unitId && lease.rentalUnitId !== unitId) throw conflict('Choose a lease of the work order’s unit.', { lease_id: ['Choose a lease of the work order’s unit.'] })
  return lease.id
}

/**
 * Charges a resident for a work order's work (generate-invoice): its logs' labour and materials, a
 * markup on the materials and at least the minimum trip charge, as one charge to the lease (posted by
 * the rent charges' own create: Dr accounts receivable / Cr maintenance income), then closes it.
 */
export async function chargeForWork(tx: Executor, companyId: string, userId: string, record: Row, input: Row, afterCommit: AfterCommit = () => {}) {
  const leaseId = await leaseToCharge(tx, companyId, record, (input.lease_id as string | undefined) ?? null)
  const logs = await tx
    .select({ labourAmount: workLogs.labourAmount, materialsAmount: workLogs.materialsAmount })
    .from(workLogs)
    .where(and(eq(workLogs.companyId, companyId), eq(workLogs.workOrderId, String(record.id))))
  const charge = workCharge(logs, { markupPercent: Number(input.markup_percent ?? 0), minimumCharge: Number(input.minimum_charge ?? 0) })
  if (charge.total <= 0) throw conflict('There is nothing to charge: log the work and materials first, or set a minimum trip charge.')
  const timeZone = await timeZoneOf(tx, companyId)
  // Loaded here, not at the top: the definitions import these rules.
  const [{ createRecord }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources')])
  const description = (input.description as string | undefined) || `Repair: ${String(record.subject)}`
  await createRecord(
    tx,
    companyId,
    resourceNamed('rent-receivables')!,
    { values: { lease_id: leaseId, date: todayIn(timeZone), charge_type: 'MAINTENANCE', description: description.slice(0, 200), amount: charge.total }, stored: { workOrderId: String(record.id) } },
    { userId },
  )
  const closed = await firstStatusOn(tx, companyId, 'CLOSED')
  await tx
    .update(workOrders)
    .set({ statusId: closed?.id ?? null, updatedAt: new Date() })
    .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, String(record.id))))
  await tellReporter(tx, companyId, record, closed?.name ?? 'Closed', afterCommit)
  return { to: 'CLOSED', label: `${closed?.name ?? 'Closed'}: charged ${formatDecimal(charge.total)}` }
}

/** When each comment was written, as people read it on the company's clock. */
export async function writtenAt(tx: Executor, companyId: string, records: Row[]) {
  const timeZone = await timeZoneOf(tx, companyId)
  return new Map(records.map((r) => [String(r.id), { written: formatInstant(new Date(String(r.created_at)).toISOString(), timeZone) }]))
}

/**
 * The work orders ready to charge (SPEC.md §7 invoiceable-work-orders/): work done or ready to bill,
 * not charged yet, oldest first, with what their logs come to (before any markup or minimum) and the
 * lease in force on their unit, which generate-invoice charges unless told another.
 */
export async function invoiceableWorkOrders(tx: Executor, companyId: string, page: { limit: number; offset: number; propertyGroupId?: string }) {
  const rows = (await tx.execute(sql`
    select w.id, w.subject, w.stage, p.name as property, u.label as unit, w.location, s.name as status,
           coalesce(l.hours, 0)::text as hours, coalesce(l.labour, 0)::bigint as labour, coalesce(l.materials, 0)::bigint as materials,
           lease.id as lease_id, lease.label as lease_label, count(*) over () as total
    from work_orders w
    join property_groups p on p.id = w.property_group_id
    left join rental_units u on u.id = w.rental_unit_id
    left join work_order_statuses s on s.id = w.status_id
    left join lateral (select sum(hours) as hours, sum(labour_amount) as labour, sum(materials_amount) as materials from work_logs where company_id = ${companyId} and work_order_id = w.id) l on true
    left join lateral (select id, label from leases where company_id = ${companyId} and rental_unit_id = w.rental_unit_id and status in ('ACTIVE', 'NOTICE') order by start_date limit 1) lease on true
    where w.company_id = ${companyId} and w.stage in ('WORK_DONE', 'READY_TO_BILL')
      and not ${billed(companyId, sql`w.id`)}
      ${page.propertyGroupId ? sql`and w.property_group_id = ${page.propertyGroupId}` : sql``}
    order by w.created_at, w.id
    limit ${page.limit} offset ${page.offset}
  `)) as unknown as { id: string; subject: string; stage: string; property: string; unit: string | null; location: string | null; status: string | null; hours: string; labour: string | number; materials: string | number; lease_id: string | null; lease_label: string | null; total: string | number }[]
  return {
    count: rows.length ? Number(rows[0].total) : 0,
    results: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      stage: r.stage,
      status_label: r.status ?? stageLabel(r.stage),
      property: r.property,
      unit: r.unit,
      location: r.location,
      hours: Number(r.hours),
      labour: formatDecimal(Number(r.labour)),
      materials: formatDecimal(Number(r.materials)),
      work_total: formatDecimal(Number(r.labour) + Number(r.materials)),
      lease_id: r.lease_id,
      lease_label: r.lease_label,
    })),
  }
}
