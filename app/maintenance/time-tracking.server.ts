import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { timeTrackingEntries, users } from '~/db/schema'
import { formatInstant } from '~/domain/dates'
import type { TechHoursEntry } from '~/domain/maintenance/tech-hours'
import { zonedInstant } from '~/domain/maintenance/work-orders'
import { timeZoneOf } from './work-orders.server'
import { fieldError } from '~/api/errors'

/*
 * Time tracking entries' rules (operations.md §4), called by name from
 * app/resources/time-tracking-entries.ts and by the technician's operations: an entry keeps the
 * hourly rate of its clock-in; clocking out sets its end, its whole minutes and their amount at
 * that rate, and an end before the start is refused at ended_at.
 */

type Row = Record<string, unknown>

/** An instant as sent: ISO 8601, or a day and time without an offset (a form's datetime-local), read on the company's clock. */
export function instantOf(value: unknown, field: string, timeZone: string) {
  if (value === undefined || value === null || value === '') return undefined
  const text = String(value)
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:00)?$/.exec(text)
  const at = local ? zonedInstant(local[1], local[2], timeZone) : new Date(text)
  if (Number.isNaN(at.getTime())) throw fieldError(field, 'Enter a date and time, e.g. 2026-03-02T08:30.')
  return at
}

/** Whole minutes worked and their amount at the entry's rate, to the cent. */
export function timeWorked(startedAt: Date, endedAt: Date, hourlyRateCents: number) {
  const minutes = Math.floor((endedAt.getTime() - startedAt.getTime()) / 60_000)
  return { minutes, amount: Math.round((minutes * hourlyRateCents) / 60) }
}

/** Clocking out (the clock-out action): the end is now or as given, never before the start; minutes and amount at the rate kept. */
export async function clockOutEntry(tx: Executor, companyId: string, record: Row, endedAtInput: unknown, now = new Date()) {
  const endedAt = instantOf(endedAtInput, 'ended_at', await timeZoneOf(tx, companyId)) ?? now
  const startedAt = record.startedAt as Date
  if (endedAt.getTime() < startedAt.getTime()) throw fieldError('ended_at', 'The end must be after the start.')
  if (endedAt.getTime() > now.getTime() + 5 * 60_000) throw fieldError('ended_at', 'The end cannot be in the future.')
  await tx
    .update(timeTrackingEntries)
    .set({ endedAt, ...timeWorked(startedAt, endedAt, Number(record.hourlyRate ?? 0)), updatedAt: new Date() })
    .where(and(eq(timeTrackingEntries.companyId, companyId), eq(timeTrackingEntries.id, String(record.id))))
}

/** When each entry started and ended, as the API's ISO strings and on the company's clock. */
export async function entryTimes(tx: Executor, companyId: string, ids: string[]) {
  const [timeZone, rows] = await Promise.all([
    timeZoneOf(tx, companyId),
    tx
      .select({ id: timeTrackingEntries.id, startedAt: timeTrackingEntries.startedAt, endedAt: timeTrackingEntries.endedAt })
      .from(timeTrackingEntries)
      .where(and(eq(timeTrackingEntries.companyId, companyId), inArray(timeTrackingEntries.id, ids))),
  ])
  return new Map(
    rows.map((r) => [
      r.id,
      {
        started_at: r.startedAt.toISOString(),
        ended_at: r.endedAt?.toISOString() ?? null,
        started: formatInstant(r.startedAt.toISOString(), timeZone),
        ended: r.endedAt ? formatInstant(r.endedAt.toISOString(), timeZone) : null,
      },
    ]),
  )
}

/**
 * The office clocks a technician in (time-tracking-entries/ create): now, at the technician's hourly
 * rate of today, kept as it is; a technician clocked in already is refused at the field.
 */
export async function clockInNow(tx: Executor, companyId: string, values: Row, now = new Date()) {
  const userId = String(values.userId)
  const [[open], [user]] = await Promise.all([
    tx
      .select({ id: timeTrackingEntries.id })
      .from(timeTrackingEntries)
      .where(and(eq(timeTrackingEntries.companyId, companyId), eq(timeTrackingEntries.userId, userId), eq(timeTrackingEntries.state, 'OPEN'))),
    tx.select({ hourlyRate: users.hourlyRate }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId))),
  ])
  if (open) return { user_id: ['This technician is clocked in already: clock them out first.'] }
  Object.assign(values, { startedAt: now, hourlyRate: user?.hourlyRate ?? 0 })
  return undefined
}

/**
 * What the service technician hours report reads (~/domain/maintenance/tech-hours): each entry
 * clocked out that started from `from` to `to` on the company's clock, with who, the work order and
 * where it was; only those on the property's work orders when one is chosen, only one technician's
 * when one is.
 */
export async function techHoursEntries(
  tx: Executor,
  companyId: string,
  range: { from: string; to: string; timeZone: string },
  filters: { propertyGroupId?: string | null; userId?: string | null } = {},
): Promise<TechHoursEntry[]> {
  const rows = (await tx.execute(sql`
    select t.id, t.user_id, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as technician, u.email,
           t.started_at, (t.started_at at time zone ${range.timeZone})::date::text as date, t.minutes, t.hourly_rate,
           t.work_order_id, w.subject as work_order, p.name as property, un.label as unit
    from time_tracking_entries t
    join users u on u.id = t.user_id
    left join work_orders w on w.id = t.work_order_id
    left join property_groups p on p.id = w.property_group_id
    left join rental_units un on un.id = w.rental_unit_id
    where t.company_id = ${companyId} and t.state = 'CLOSED' and t.minutes is not null
      and (t.started_at at time zone ${range.timeZone})::date between ${range.from}::date and ${range.to}::date
      ${filters.propertyGroupId ? sql`and w.property_group_id = ${filters.propertyGroupId}` : sql``}
      ${filters.userId ? sql`and t.user_id = ${filters.userId}` : sql``}
    order by t.started_at, t.id
  `)) as unknown as {
    id: string
    user_id: string
    technician: string | null
    email: string
    started_at: Date | string
    date: string
    minutes: number
    hourly_rate: string | number
    work_order_id: string | null
    work_order: string | null
    property: string | null
    unit: string | null
  }[]
  return rows.map((r) => ({
    id: r.id,
    technicianId: r.user_id,
    technician: r.technician ?? r.email,
    startedAt: new Date(r.started_at).getTime(),
    date: r.date,
    minutes: Number(r.minutes),
    hourlyRate: Number(r.hourly_rate),
    workOrderId: r.work_order_id,
    workOrder: r.work_order,
    property: r.property,
    unit: r.unit,
  }))
}

/** A technician of the company by id: their name, or undefined. */
export async function technicianNamed(tx: Executor, companyId: string, id: string) {
  const [found] = await tx
    .select({ name: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id), eq(users.userType, 'maintenance_technician')))
  return found?.name
}
