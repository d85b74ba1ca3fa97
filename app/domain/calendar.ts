import { addDays, daysBetween } from '~/domain/ledger/reports'

/*
 * The calendar (issue 15 item 8): work orders, inspections, tasks, lease starts and ends, make-ready
 * days and people's own events on one calendar, by month, week or as an agenda. Pure: which days a
 * view shows, where it goes before and after, and the entries of each day in order.
 */

export const CALENDAR_VIEWS = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'agenda', label: 'Agenda' },
] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]['value']

export const ENTRY_KINDS = [
  { value: 'work-order', label: 'Work order' },
  { value: 'inspection', label: 'Inspection' },
  { value: 'task', label: 'Task' },
  { value: 'move-in', label: 'Move-in' },
  { value: 'move-out', label: 'Move-out' },
  { value: 'make-ready', label: 'Ready by' },
  { value: 'event', label: 'Event' },
] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]['value']

/** One thing on the calendar: what, on which day (and at what time, or all day), whose, and where its page is. */
export type CalendarEntry = { kind: EntryKind; id: string; title: string; date: string; time: string | null; detail: string | null; userId: string | null; href: string }

/** How many days the agenda shows from its day. */
export const AGENDA_DAYS = 30
/** The most days one request for entries may span (a month's grid is 42). */
export const MAX_RANGE_DAYS = 62

/** Monday of the week of `day` (weeks start on Monday, as in Canada's business calendar). */
export function weekStart(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

/** The days a view shows around `day`: a month's whole weeks (Monday to Sunday), a week, or the agenda's days. */
export function viewRange(view: CalendarView, day: string): { from: string; to: string } {
  if (view === 'week') return { from: weekStart(day), to: addDays(weekStart(day), 6) }
  if (view === 'agenda') return { from: day, to: addDays(day, AGENDA_DAYS - 1) }
  const first = `${day.slice(0, 7)}-01`
  const last = addDays(`${monthAfter(day)}-01`, -1)
  return { from: weekStart(first), to: addDays(weekStart(last), 6) }
}

/** `YYYY-MM` of the month after `day`'s. */
function monthAfter(day: string) {
  const [y, m] = day.split('-').map(Number)
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

/** The day a view's "previous" and "next" go to: a month, a week or the agenda's span away (a month keeps its day where the other month has it). */
export function stepped(view: CalendarView, day: string, direction: 1 | -1) {
  if (view === 'week') return addDays(day, 7 * direction)
  if (view === 'agenda') return addDays(day, AGENDA_DAYS * direction)
  const [y, m] = day.split('-').map(Number)
  const month = m + direction
  const [year, monthOf] = month === 0 ? [y - 1, 12] : month === 13 ? [y + 1, 1] : [y, month]
  const lastDay = new Date(Date.UTC(year, monthOf, 0)).getUTCDate()
  return `${year}-${String(monthOf).padStart(2, '0')}-${String(Math.min(Number(day.slice(8, 10)), lastDay)).padStart(2, '0')}`
}

/** The days from `from` to `to`, both counted. */
export function daysOf(from: string, to: string) {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i))
}

const KIND_ORDER: readonly string[] = ENTRY_KINDS.map((k) => k.value)

/** The calendar's order: by day, each day's all-day entries first, then by time, then by kind and title. */
export function compareEntries(a: CalendarEntry, b: CalendarEntry) {
  return a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '') || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.title.localeCompare(b.title)
}

/** Entries by day, in the calendar's order. */
export function byDay(entries: readonly CalendarEntry[]) {
  const days = new Map<string, CalendarEntry[]>()
  for (const entry of [...entries].sort(compareEntries)) days.set(entry.date, [...(days.get(entry.date) ?? []), entry])
  return days
}
