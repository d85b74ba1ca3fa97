import type { ReportTable } from '../ledger/report-tables'
import { TASK_PRIORITIES } from './tasks'

/*
 * The task reports of domain/reports.md §4 (open tasks, closed tasks, task performance), as pure
 * functions of a company's tasks. A task is overdue when its due day has passed while it is open;
 * on time when it was completed by the end of its due day (on the company's clock, as `completedOn`).
 */

export type ReportTask = {
  id: string
  subject: string
  status: string
  priority: string
  assignee: string | null
  property: string | null
  unit: string | null
  dueDate: string | null
  createdOn: string
  completedOn: string | null
  createdAt: number
  completedAt: number | null
}

const DAY = 86_400_000
const days = (ms: number) => Math.round((ms / DAY) * 10) / 10
const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY)
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null)
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)
const priorityLabel = (value: string) => TASK_PRIORITIES.find((p) => p.value === value)?.label ?? value
const isOpen = (t: ReportTask) => t.status === 'OPEN' || t.status === 'IN_PROGRESS'

/** The tasks open on a day (made by then, not completed by then), by due day, with their age and whether overdue; counts by assignee. */
export function openTasks(tasks: readonly ReportTask[], asOf: string) {
  const open = tasks.filter((t) => t.createdOn <= asOf && (isOpen(t) || (t.completedOn !== null && t.completedOn > asOf)))
  const rows = open
    .sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || a.createdAt - b.createdAt)
    .map((t) => ({
      id: t.id,
      subject: t.subject,
      priority_label: priorityLabel(t.priority),
      assignee: t.assignee,
      property: t.property,
      unit: t.unit,
      created: t.createdOn,
      due_date: t.dueDate,
      age_days: dayCount(t.createdOn, asOf),
      overdue: t.dueDate !== null && t.dueDate < asOf,
    }))
  const byAssignee = new Map<string, { open: number; overdue: number }>()
  for (const r of rows) {
    const name = r.assignee ?? 'Unassigned'
    const count = byAssignee.get(name) ?? { open: 0, overdue: 0 }
    byAssignee.set(name, { open: count.open + 1, overdue: count.overdue + (r.overdue ? 1 : 0) })
  }
  return {
    as_of: asOf,
    rows,
    count: rows.length,
    overdue: rows.filter((r) => r.overdue).length,
    by_assignee: [...byAssignee.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([assignee, c]) => ({ assignee, ...c })),
  }
}

export function openTasksTable(report: ReturnType<typeof openTasks>, subtitle: string[]): ReportTable {
  return {
    title: 'Open Tasks',
    subtitle: [`As of ${report.as_of}: ${report.count} open, ${report.overdue} overdue`, ...subtitle],
    columns: [{ label: 'Due' }, { label: 'Task' }, { label: 'Priority' }, { label: 'Assigned to' }, { label: 'Property' }, { label: 'Unit' }, { label: 'Created' }, { label: 'Age (days)', align: 'right' }, { label: 'Overdue' }],
    rows: report.rows.map((r) => ({ cells: [r.due_date ?? '', r.subject, r.priority_label, r.assignee ?? '', r.property ?? '', r.unit ?? '', r.created, String(r.age_days), r.overdue ? 'Yes' : ''] })),
  }
}

const completedIn = (t: ReportTask, from: string, to: string) => t.status === 'COMPLETED' && t.completedOn !== null && t.completedOn >= from && t.completedOn <= to

/** The tasks completed in a range: made, due and done, the days it took, and whether on time. */
export function closedTasks(tasks: readonly ReportTask[], range: { from: string; to: string }) {
  const rows = tasks
    .filter((t) => completedIn(t, range.from, range.to))
    .sort((a, b) => a.completedAt! - b.completedAt!)
    .map((t) => ({
      id: t.id,
      subject: t.subject,
      assignee: t.assignee,
      property: t.property,
      created: t.createdOn,
      due_date: t.dueDate,
      completed: t.completedOn!,
      days: days(t.completedAt! - t.createdAt),
      on_time: t.dueDate === null ? null : t.completedOn! <= t.dueDate,
    }))
  const dated = rows.filter((r) => r.on_time !== null)
  return { date_from: range.from, date_to: range.to, rows, count: rows.length, on_time_percent: percent(dated.filter((r) => r.on_time).length, dated.length) }
}

export function closedTasksTable(report: ReturnType<typeof closedTasks>, subtitle: string[]): ReportTable {
  return {
    title: 'Closed Tasks',
    subtitle: [`Completed from ${report.date_from} to ${report.date_to}: ${report.count} tasks, ${report.on_time_percent ?? '—'}% on time`, ...subtitle],
    columns: [{ label: 'Completed' }, { label: 'Task' }, { label: 'Assigned to' }, { label: 'Property' }, { label: 'Created' }, { label: 'Due' }, { label: 'Days', align: 'right' }, { label: 'On time' }],
    rows: report.rows.map((r) => ({ cells: [r.completed, r.subject, r.assignee ?? '', r.property ?? '', r.created, r.due_date ?? '', String(r.days), r.on_time === null ? '' : r.on_time ? 'Yes' : 'No'] })),
  }
}

/** Task performance over a range, by assignee: made, completed, mean and median days, on time, and open overdue at its end. */
export function taskPerformance(tasks: readonly ReportTask[], range: { from: string; to: string }) {
  const names = new Set<string>()
  const name = (t: ReportTask) => t.assignee ?? 'Unassigned'
  const relevant = tasks.filter((t) => (t.createdOn >= range.from && t.createdOn <= range.to) || completedIn(t, range.from, range.to) || (isOpen(t) && t.dueDate !== null && t.dueDate < range.to))
  relevant.forEach((t) => names.add(name(t)))
  const figures = (group: string, of: ReportTask[]) => {
    const done = of.filter((t) => completedIn(t, range.from, range.to))
    const taken = done.map((t) => days(t.completedAt! - t.createdAt)).sort((a, b) => a - b)
    const dated = done.filter((t) => t.dueDate !== null)
    const middle = Math.floor(taken.length / 2)
    return {
      group,
      created: of.filter((t) => t.createdOn >= range.from && t.createdOn <= range.to).length,
      completed: done.length,
      mean_days: oneDecimal(taken.length ? taken.reduce((a, b) => a + b, 0) / taken.length : null),
      median_days: oneDecimal(taken.length ? (taken.length % 2 ? taken[middle] : (taken[middle - 1] + taken[middle]) / 2) : null),
      on_time_percent: percent(dated.filter((t) => t.completedOn! <= t.dueDate!).length, dated.length),
      open_overdue: of.filter((t) => isOpen(t) && t.dueDate !== null && t.dueDate < range.to).length,
    }
  }
  const rows = [...names].sort().map((group) => figures(group, relevant.filter((t) => name(t) === group)))
  return { date_from: range.from, date_to: range.to, rows, total: figures('All tasks', relevant) }
}

export function taskPerformanceTable(report: ReturnType<typeof taskPerformance>, subtitle: string[]): ReportTable {
  const right = (label: string) => ({ label, align: 'right' as const })
  const show = (v: number | null, suffix = '') => (v === null ? '—' : `${v}${suffix}`)
  const cells = (r: (typeof report.rows)[number]) => [r.group, String(r.created), String(r.completed), show(r.mean_days), show(r.median_days), show(r.on_time_percent, '%'), String(r.open_overdue)]
  return {
    title: 'Task Performance',
    subtitle: [`From ${report.date_from} to ${report.date_to}, by assignee`, ...subtitle],
    columns: [{ label: 'Assigned to' }, right('Created'), right('Completed'), right('Mean days'), right('Median days'), right('On time'), right('Open overdue')],
    rows: [...report.rows.map((r) => ({ cells: cells(r) })), { cells: cells(report.total), kind: 'total' as const }],
  }
}
