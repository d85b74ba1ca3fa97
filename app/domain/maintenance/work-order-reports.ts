import type { ReportTable } from '../ledger/report-tables'
import { formatMoney } from '../money'
import { FINAL_STAGES, WORK_ORDER_PRIORITIES, WORK_ORDER_STAGES, type WorkOrderStage } from './work-orders'
import { labelOf } from '~/domain/text'

/*
 * The work order reports of domain/reports.md §4, as pure functions of the work orders a company
 * has, each with the moments its history gives it (ADR 022: stages are the engine's states, so a
 * work order's history says when it was first answered and when its work was done, whatever the
 * company calls its statuses):
 * - responded: when it first left New (someone took it up);
 * - completed: when it first reached Work done, Ready to bill or Closed (the work was done);
 * - finished: when it reached Closed or Canceled for good (it stopped being open).
 * Times are instants (ms); days are of 24 hours, to one decimal.
 */

export type ReportWorkOrder = {
  id: string
  subject: string
  propertyGroupId: string
  property: string
  unit: string | null
  location: string | null
  category: string | null
  priority: string
  stage: WorkOrderStage
  status: string | null
  assignee: string | null
  reporter: string | null
  createdAt: number
  responseDueAt: number | null
  completionDueAt: number | null
  respondedAt: number | null
  completedAt: number | null
  finishedAt: number | null
  /** Hundredths of an hour, and cents. */
  hours: number
  labour: number
  materials: number
  charged: number
}

/** What the performance report reads of a work order: its group's names and its moments. */
export type PerformanceWorkOrder = Pick<
  ReportWorkOrder,
  'assignee' | 'category' | 'priority' | 'property' | 'createdAt' | 'responseDueAt' | 'completionDueAt' | 'respondedAt' | 'completedAt' | 'finishedAt' | 'hours'
>

const HOUR = 3_600_000
const DAY = 24 * HOUR
const days = (ms: number) => Math.round((ms / DAY) * 10) / 10
const hours = (ms: number) => Math.round((ms / HOUR) * 10) / 10
const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null)
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null)
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)
const hoursText = (hundredths: number) => (hundredths / 100).toFixed(2)

/** Open at an instant: made by then and not finished by then. */
export const openAt = (order: Pick<ReportWorkOrder, 'createdAt' | 'finishedAt'>, at: number) => order.createdAt <= at && (order.finishedAt === null || order.finishedAt > at)
/** Past its completion target at an instant: open, its work not done by then, and its target gone by. */
export const pastTarget = (order: PerformanceWorkOrder, at: number) =>
  openAt(order, at) && (order.completedAt === null || order.completedAt > at) && order.completionDueAt !== null && order.completionDueAt < at
/** Its work done by an instant, not canceled. */
const completedBy = (order: Pick<ReportWorkOrder, 'completedAt'>, from: number, to: number) => order.completedAt !== null && order.completedAt >= from && order.completedAt <= to

export const PERFORMANCE_GROUPS = [
  { value: 'assignee', label: 'Technician' },
  { value: 'category', label: 'Category' },
  { value: 'priority', label: 'Priority' },
  { value: 'property', label: 'Property' },
] as const
export type PerformanceGroup = (typeof PERFORMANCE_GROUPS)[number]['value']

function groupName(order: Pick<ReportWorkOrder, 'assignee' | 'category' | 'priority' | 'property'>, by: PerformanceGroup) {
  if (by === 'assignee') return order.assignee ?? 'Unassigned'
  if (by === 'category') return order.category ?? 'No category'
  if (by === 'priority') return labelOf(WORK_ORDER_PRIORITIES, order.priority)
  return order.property
}

/** The span of a report: from the start of its first day to the end of its last, as instants. */
export type Span = { from: string; to: string; start: number; end: number; now: number }

/**
 * What a group's performance figures are worked out from: its work done in the span (how many; the
 * sum and the middle one or two of their days to done, each rounded to a tenth; how many within 24
 * hours; how many had a target and met it; how many were answered, the sum of their hours to answer,
 * each rounded to a tenth, and how many had a response target and met it; their labour in hundredths
 * of an hour) and how many open ones are past their target. The database tallies a large portfolio's
 * year (performanceTallies) as workOrderPerformance does here.
 */
export type PerformanceTally = {
  completed: number
  daysSum: number
  /** The middle days to done in order (the lower and the upper middle: the same when `completed` is odd); null with none done. */
  daysMiddle: [number, number] | null
  within24Hours: number
  targeted: number
  onTime: number
  answered: number
  responseHoursSum: number
  responseTargeted: number
  respondedOnTime: number
  hours: number
  overdue: number
}

/** A group's performance row from its tally. */
function performanceFigures(group: string, t: PerformanceTally) {
  const median = t.daysMiddle === null ? null : t.completed % 2 ? t.daysMiddle[0] : (t.daysMiddle[0] + t.daysMiddle[1]) / 2
  return {
    group,
    completed: t.completed,
    mean_days: oneDecimal(t.completed ? t.daysSum / t.completed : null),
    median_days: oneDecimal(median),
    within_24_hours_percent: percent(t.within24Hours, t.completed),
    on_time_percent: percent(t.onTime, t.targeted),
    mean_response_hours: oneDecimal(t.answered ? t.responseHoursSum / t.answered : null),
    responded_on_time_percent: percent(t.respondedOnTime, t.responseTargeted),
    labour_hours: hoursText(t.hours),
    open_overdue: t.overdue,
  }
}

/** The report from each group's tally (by its name) and the tally of all of them. */
export function performanceReport(groups: ReadonlyMap<string, PerformanceTally>, all: PerformanceTally, span: Span, by: PerformanceGroup) {
  const rows = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, tally]) => performanceFigures(name, tally))
  return { date_from: span.from, date_to: span.to, group_by: by, rows, total: performanceFigures('All work orders', all) }
}

/** The name of a group of the performance report, as the database tallies them by their stored value (a priority by its label). */
export const performanceGroupName = (by: PerformanceGroup, value: string) => (by === 'priority' ? labelOf(WORK_ORDER_PRIORITIES, value) : value)

/**
 * Work order performance over the work completed in a span, by group: how many, the mean and
 * median days from report to work done, the share done within 24 hours, the share done by its
 * target (its priority's completion time) and answered by its response target, the mean hours to
 * the first response; and, at the span's end, how many open ones are past their target.
 */
export function workOrderPerformance(orders: readonly PerformanceWorkOrder[], span: Span, by: PerformanceGroup) {
  const at = Math.min(span.end, span.now)
  const groups = new Map<string, PerformanceWorkOrder[]>()
  const overdue = new Map<string, number>()
  for (const order of orders) {
    const name = groupName(order, by)
    // Pushed, not copied: a year of a large portfolio's work is a hundred thousand work orders.
    if (completedBy(order, span.start, span.end)) {
      const group = groups.get(name)
      if (group) group.push(order)
      else groups.set(name, [order])
    } else if (!groups.has(name) && pastTarget(order, at)) groups.set(name, [])
    if (pastTarget(order, at)) overdue.set(name, (overdue.get(name) ?? 0) + 1)
  }
  const tally = (done: PerformanceWorkOrder[], pastDue: number): PerformanceTally => {
    const taken = done.map((o) => days(o.completedAt! - o.createdAt))
    const sorted = [...taken].sort((a, b) => a - b)
    const answered = done.filter((o) => o.respondedAt !== null)
    const targeted = done.filter((o) => o.completionDueAt !== null)
    const responseTargeted = answered.filter((o) => o.responseDueAt !== null)
    return {
      completed: done.length,
      daysSum: taken.reduce((a, b) => a + b, 0),
      daysMiddle: sorted.length ? [sorted[Math.ceil(sorted.length / 2) - 1], sorted[Math.floor(sorted.length / 2)]] : null,
      within24Hours: done.filter((o) => o.completedAt! - o.createdAt <= DAY).length,
      targeted: targeted.length,
      onTime: targeted.filter((o) => o.completedAt! <= o.completionDueAt!).length,
      answered: answered.length,
      responseHoursSum: answered.map((o) => hours(o.respondedAt! - o.createdAt)).reduce((a, b) => a + b, 0),
      responseTargeted: responseTargeted.length,
      respondedOnTime: responseTargeted.filter((o) => o.respondedAt! <= o.responseDueAt!).length,
      hours: done.reduce((sum, o) => sum + o.hours, 0),
      overdue: pastDue,
    }
  }
  const tallies = new Map([...groups.entries()].map(([name, done]) => [name, tally(done, overdue.get(name) ?? 0)]))
  const allPastDue = [...overdue.values()].reduce((a, b) => a + b, 0)
  return performanceReport(tallies, tally([...groups.values()].flat(), allPastDue), span, by)
}

export function workOrderPerformanceTable(report: ReturnType<typeof workOrderPerformance>, subtitle: string[]): ReportTable {
  const show = (value: number | null, suffix = '') => (value === null ? '—' : `${value}${suffix}`)
  const cells = (r: (typeof report.rows)[number]) => [
    r.group,
    String(r.completed),
    show(r.mean_days),
    show(r.median_days),
    show(r.within_24_hours_percent, '%'),
    show(r.on_time_percent, '%'),
    show(r.mean_response_hours),
    show(r.responded_on_time_percent, '%'),
    r.labour_hours,
    String(r.open_overdue),
  ]
  const right = (label: string) => ({ label, align: 'right' as const })
  return {
    title: 'Work Order Performance',
    subtitle: [`Work completed from ${report.date_from} to ${report.date_to}, by ${labelOf(PERFORMANCE_GROUPS, report.group_by).toLowerCase()}`, ...subtitle],
    columns: [
      { label: labelOf(PERFORMANCE_GROUPS, report.group_by) },
      right('Completed'),
      right('Mean days'),
      right('Median days'),
      right('Within 24 h'),
      right('On time'),
      right('Mean hours to respond'),
      right('Responded on time'),
      right('Labour hours'),
      right('Open overdue'),
    ],
    rows: [...report.rows.map((r) => ({ cells: cells(r) })), { cells: cells(report.total), kind: 'total' as const }],
  }
}

export const SUMMARY_GROUPS = PERFORMANCE_GROUPS.filter((g) => g.value !== 'assignee')
export type SummaryGroup = Exclude<PerformanceGroup, 'assignee'>

/**
 * Work order summary over a span, by property, category or priority: opened in it, finished in it,
 * open at its end and their mean age, the cost of the work done in it (labour and materials of the
 * work completed), and, by property, the cost per unit and the saturation (open ÷ units; NAA holds
 * 10 % acceptable and 5 % exceptional).
 */
export function workOrderSummary(orders: readonly ReportWorkOrder[], units: ReadonlyMap<string, number>, span: Span, by: SummaryGroup) {
  const at = Math.min(span.end, span.now)
  const groups = new Map<string, { opened: number; finished: number; open: number[]; cost: number; units: number }>()
  const row = (name: string, propertyGroupId: string) => {
    let found = groups.get(name)
    if (!found) groups.set(name, (found = { opened: 0, finished: 0, open: [], cost: 0, units: by === 'property' ? (units.get(propertyGroupId) ?? 0) : 0 }))
    return found
  }
  for (const order of orders) {
    const opened = order.createdAt >= span.start && order.createdAt <= span.end
    const finished = order.finishedAt !== null && order.finishedAt >= span.start && order.finishedAt <= span.end
    const open = openAt(order, at)
    const done = completedBy(order, span.start, span.end)
    if (!opened && !finished && !open && !done) continue
    const r = row(by === 'property' ? order.property : groupName(order, by), order.propertyGroupId)
    if (opened) r.opened++
    if (finished) r.finished++
    if (open) r.open.push(at - order.createdAt)
    if (done) r.cost += order.labour + order.materials
  }
  const allUnits = [...units.values()].reduce((a, b) => a + b, 0)
  const figures = (name: string, r: { opened: number; finished: number; open: number[]; cost: number; units: number }) => ({
    group: name,
    opened: r.opened,
    finished: r.finished,
    open_at_end: r.open.length,
    mean_open_age_days: oneDecimal(mean(r.open.map(days))),
    cost: formatMoney(r.cost),
    units: r.units,
    cost_per_unit: r.units ? formatMoney(Math.round(r.cost / r.units)) : null,
    saturation_percent: r.units ? percent(r.open.length, r.units) : null,
  })
  const rows = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, r]) => figures(name, r))
  const all = { opened: 0, finished: 0, open: [] as number[], cost: 0, units: allUnits }
  for (const r of groups.values()) {
    all.opened += r.opened
    all.finished += r.finished
    all.cost += r.cost
    for (const age of r.open) all.open.push(age)
  }
  return { date_from: span.from, date_to: span.to, group_by: by, rows, total: figures('All work orders', all) }
}

export function workOrderSummaryTable(report: ReturnType<typeof workOrderSummary>, subtitle: string[]): ReportTable {
  const right = (label: string) => ({ label, align: 'right' as const })
  const cells = (r: (typeof report.rows)[number]) => [
    r.group,
    String(r.opened),
    String(r.finished),
    String(r.open_at_end),
    r.mean_open_age_days === null ? '—' : String(r.mean_open_age_days),
    r.cost,
    r.cost_per_unit ?? '—',
    r.saturation_percent === null ? '—' : `${r.saturation_percent}%`,
  ]
  return {
    title: 'Work Order Summary',
    subtitle: [`From ${report.date_from} to ${report.date_to}, by ${labelOf(SUMMARY_GROUPS, report.group_by).toLowerCase()}`, ...subtitle],
    columns: [{ label: labelOf(SUMMARY_GROUPS, report.group_by) }, right('Opened'), right('Finished'), right('Open at end'), right('Mean age of open (days)'), right('Cost of work done'), right('Cost per unit'), right('Saturation')],
    rows: [...report.rows.map((r) => ({ cells: cells(r) })), { cells: cells(report.total), kind: 'total' as const }],
  }
}

/** The work orders open at an instant, oldest first, with their age and whether they are past their target; counts by stage. */
export function openWorkOrders(orders: readonly ReportWorkOrder[], asOf: { date: string; at: number }, shown: (iso: string) => string) {
  const open = orders.filter((o) => openAt(o, asOf.at)).sort((a, b) => a.createdAt - b.createdAt)
  const rows = open.map((o) => ({
    id: o.id,
    subject: o.subject,
    reported: new Date(o.createdAt).toISOString(),
    reported_label: shown(new Date(o.createdAt).toISOString()),
    property: o.property,
    unit: o.unit,
    location: o.location,
    category: o.category,
    priority: o.priority,
    priority_label: labelOf(WORK_ORDER_PRIORITIES, o.priority),
    status: o.status ?? labelOf(WORK_ORDER_STAGES, o.stage),
    reporter: o.reporter,
    assignee: o.assignee,
    complete_by: o.completionDueAt === null ? null : new Date(o.completionDueAt).toISOString(),
    complete_by_label: o.completionDueAt === null ? null : shown(new Date(o.completionDueAt).toISOString()),
    age_days: days(asOf.at - o.createdAt),
    overdue: pastTarget(o, asOf.at),
  }))
  const byStage = WORK_ORDER_STAGES.filter((s) => !FINAL_STAGES.includes(s.value)).map((s) => ({ stage: s.value, label: s.label, count: open.filter((o) => o.stage === s.value).length }))
  return { as_of: asOf.date, rows, count: rows.length, overdue: rows.filter((r) => r.overdue).length, by_stage: byStage.filter((s) => s.count > 0) }
}

export function openWorkOrdersTable(report: ReturnType<typeof openWorkOrders>, subtitle: string[]): ReportTable {
  return {
    title: 'Open Work Orders',
    subtitle: [`As of ${report.as_of}: ${report.count} open, ${report.overdue} past their target`, ...subtitle],
    columns: [{ label: 'Reported' }, { label: 'Work order' }, { label: 'Property' }, { label: 'Unit or area' }, { label: 'Category' }, { label: 'Priority' }, { label: 'Status' }, { label: 'Reported by' }, { label: 'Assigned to' }, { label: 'Complete by' }, { label: 'Age (days)', align: 'right' }, { label: 'Overdue' }],
    rows: report.rows.map((r) => ({
      cells: [r.reported_label, r.subject, r.property, r.unit ?? r.location ?? '', r.category ?? '', r.priority_label, r.status, r.reporter ?? '', r.assignee ?? '', r.complete_by_label ?? '', String(r.age_days), r.overdue ? 'Yes' : ''],
    })),
  }
}

/** The work orders whose work was completed in a span, with the days it took and what it cost and was charged. */
export function closedWorkOrders(orders: readonly ReportWorkOrder[], span: Span, shown: (iso: string) => string) {
  const done = orders.filter((o) => completedBy(o, span.start, span.end)).sort((a, b) => a.completedAt! - b.completedAt!)
  const rows = done.map((o) => ({
    id: o.id,
    subject: o.subject,
    property: o.property,
    unit: o.unit,
    location: o.location,
    category: o.category,
    assignee: o.assignee,
    reported: new Date(o.createdAt).toISOString(),
    reported_label: shown(new Date(o.createdAt).toISOString()),
    completed: new Date(o.completedAt!).toISOString(),
    completed_label: shown(new Date(o.completedAt!).toISOString()),
    days: days(o.completedAt! - o.createdAt),
    on_time: o.completionDueAt === null ? null : o.completedAt! <= o.completionDueAt,
    labour_hours: hoursText(o.hours),
    labour: formatMoney(o.labour),
    materials: formatMoney(o.materials),
    cost: formatMoney(o.labour + o.materials),
    charged: formatMoney(o.charged),
  }))
  const sum = (pick: (o: ReportWorkOrder) => number) => done.reduce((total, o) => total + pick(o), 0)
  return {
    date_from: span.from,
    date_to: span.to,
    rows,
    totals: { count: rows.length, labour_hours: hoursText(sum((o) => o.hours)), labour: formatMoney(sum((o) => o.labour)), materials: formatMoney(sum((o) => o.materials)), cost: formatMoney(sum((o) => o.labour + o.materials)), charged: formatMoney(sum((o) => o.charged)) },
  }
}

export function closedWorkOrdersTable(report: ReturnType<typeof closedWorkOrders>, subtitle: string[]): ReportTable {
  const right = (label: string) => ({ label, align: 'right' as const })
  const t = report.totals
  return {
    title: 'Closed Work Orders',
    subtitle: [`Work completed from ${report.date_from} to ${report.date_to}: ${t.count} work orders`, ...subtitle],
    columns: [{ label: 'Completed' }, { label: 'Work order' }, { label: 'Property' }, { label: 'Unit or area' }, { label: 'Assigned to' }, { label: 'Reported' }, right('Days'), { label: 'On time' }, right('Labour hours'), right('Labour'), right('Materials'), right('Cost'), right('Charged')],
    rows: [
      ...report.rows.map((r) => ({
        cells: [r.completed_label, r.subject, r.property, r.unit ?? r.location ?? '', r.assignee ?? '', r.reported_label, String(r.days), r.on_time === null ? '' : r.on_time ? 'Yes' : 'No', r.labour_hours, r.labour, r.materials, r.cost, r.charged],
      })),
      { cells: ['Total', '', '', '', '', '', '', '', t.labour_hours, t.labour, t.materials, t.cost, t.charged], kind: 'total' as const },
    ],
  }
}
