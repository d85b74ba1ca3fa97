import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { resourceNamed } from '~/resources'
import { pagePathOf } from '~/resources/engine/view'
import { compareEntries, type CalendarEntry, type EntryKind } from '~/domain/calendar'

/*
 * What the calendar shows between two days (issue 15 item 8), read in one statement: the open work
 * orders on their visit day (else their due day), the inspections still to do, the open tasks by
 * their due day, leases' move-ins and move-outs, open make-readies' ready-by days and people's own
 * events. Each kind only for whom may see it (operations, leasing); "mine" narrows the kinds that
 * are someone's (work orders, inspections, tasks, events) to the caller's, and keeps the company's
 * dates (moves, make-readies) that are nobody's.
 */

export type CalendarQuery = { from: string; to: string; userId: string | null; operations: boolean; leasing: boolean }

export async function calendarEntries(db: Executor, companyId: string, query: CalendarQuery): Promise<CalendarEntry[]> {
  const { from, to } = query
  const mine = (column: SQL) => (query.userId ? sql`and ${column} = ${query.userId}` : sql``)
  const parts: SQL[] = []
  if (query.operations) {
    parts.push(sql`
      select 'work-order' as kind, w.id, w.subject as title, coalesce(w.scheduled_date, w.due_date)::text as date, case when w.scheduled_date is not null then w.scheduled_time end as time,
             concat_ws(' · ', u.label, p.name) as detail, w.assigned_user_id as user_id
      from work_orders w join property_groups p on p.id = w.property_group_id left join rental_units u on u.id = w.rental_unit_id
      where w.company_id = ${companyId} and w.open and coalesce(w.scheduled_date, w.due_date) between ${from} and ${to} ${mine(sql`w.assigned_user_id`)}`)
    parts.push(sql`
      select 'inspection', r.id, r.label, r.scheduled_date::text, null::text, null::text, r.inspector_user_id
      from inspection_reports r
      where r.company_id = ${companyId} and r.open and r.scheduled_date between ${from} and ${to} ${mine(sql`r.inspector_user_id`)}`)
    parts.push(sql`
      select 'task', t.id, t.subject, t.due_date::text, null::text, concat_ws(' · ', u.label, p.name), t.assigned_user_id
      from tasks t left join property_groups p on p.id = t.property_group_id left join rental_units u on u.id = t.rental_unit_id
      where t.company_id = ${companyId} and t.open and t.due_date between ${from} and ${to} ${mine(sql`t.assigned_user_id`)}`)
    parts.push(sql`
      select 'make-ready', m.id, m.label, m.ready_by_date::text, null::text, null::text, null::uuid
      from make_readies m
      where m.company_id = ${companyId} and m.open and m.ready_by_date between ${from} and ${to}`)
  }
  if (query.leasing) {
    parts.push(sql`
      select 'move-in', l.id, l.label, coalesce(l.move_in_date, l.start_date)::text, null::text, null::text, null::uuid
      from leases l
      where l.company_id = ${companyId} and l.status in ('DRAFT', 'ACTIVE', 'NOTICE') and coalesce(l.move_in_date, l.start_date) between ${from} and ${to}`)
    parts.push(sql`
      select 'move-out', l.id, l.label, coalesce(l.move_out_date, l.end_date)::text, null::text, null::text, null::uuid
      from leases l
      where l.company_id = ${companyId} and l.status in ('ACTIVE', 'NOTICE', 'ENDED') and coalesce(l.move_out_date, l.end_date) between ${from} and ${to}`)
  }
  parts.push(sql`
    select 'event', e.id, e.title, e.start_date::text, e.start_time, e.location, e.user_id
    from calendar_events e
    where e.company_id = ${companyId} and e.start_date between ${from} and ${to} ${mine(sql`e.user_id`)}`)
  // Every part's columns typed alike, whichever part comes first: (kind, id, title, date, time, detail, user_id).
  const rows = (await db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) as entries (kind, id, title, date, time, detail, user_id)`)) as unknown as { kind: EntryKind; id: string; title: string; date: string; time: string | null; detail: string | null; user_id: string | null }[]
  return rows.map((r) => ({ kind: r.kind, id: r.id, title: r.title, date: r.date, time: r.time, detail: r.detail || null, userId: r.user_id, href: hrefOf(r.kind, r.id) })).sort(compareEntries)
}

/** The resource whose page each kind of entry opens. */
const RESOURCE_OF: Record<EntryKind, string> = {
  'work-order': 'work-orders',
  inspection: 'inspection-reports',
  task: 'tasks',
  'move-in': 'leases',
  'move-out': 'leases',
  'make-ready': 'make-ready',
  event: 'calendar-events',
}
const hrefOf = (kind: EntryKind, id: string) => `${pagePathOf(resourceNamed(RESOURCE_OF[kind])!)}${id}/`
