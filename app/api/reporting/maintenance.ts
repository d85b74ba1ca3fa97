import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { formatInstant } from '~/domain/dates'
import {
  closedWorkOrders,
  closedWorkOrdersTable,
  openWorkOrders,
  openWorkOrdersTable,
  PERFORMANCE_GROUPS,
  SUMMARY_GROUPS,
  performanceReport,
  workOrderPerformanceTable,
  workOrderSummary,
  workOrderSummaryTable,
  type PerformanceGroup,
  type Span,
  type SummaryGroup,
} from '~/domain/maintenance/work-order-reports'
import { zonedInstant } from '~/domain/maintenance/work-orders'
import { performanceTallies, reportWorkOrders, unitsByProperty } from '~/maintenance/work-order-reports.server'
import { closedTasks, closedTasksTable, openTasks, openTasksTable, taskPerformance, taskPerformanceTable } from '~/domain/maintenance/task-reports'
import { reportTasks } from '~/maintenance/tasks.server'
import { BILLABLE_FILTERS, readFrom, serviceTechHours, serviceTechHoursTable, type BillableFilter } from '~/domain/maintenance/tech-hours'
import { techHoursEntries, technicianNamed } from '~/maintenance/time-tracking.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { tenant } from '../tenant'
import { dateInput } from '../values'
import { badRequest } from '../errors'
import { AsOf, Property, PropertyId, scopeOf } from './rent'
import { calendarOf, Format, guard, rangeOf, respond, statementResponse, tags } from './statements'

/*
 * reporting/{work order or task report}/ (domain/reports.md §4): open and closed work orders, the
 * summary and the performance against the priorities' targets, computed at each request from the
 * work orders, their history, work logs and charges; open and closed tasks and task performance;
 * the service technicians' hours from their time tracking entries; JSON, or CSV or PDF with the
 * same filters.
 */

const DateFrom = dateInput('Date from').optional().openapi({ description: 'First day, inclusive; the start of the fiscal year of date_to by default' })
const DateTo = dateInput('Date to').optional().openapi({ description: 'Last day, inclusive; today by default' })
const Days = z.number().nullable()
const Percent = z.number().nullable().openapi({ description: 'A percent to one decimal; null when there is nothing to divide by' })

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** A range of days on the company's clock, as the instants it spans. */
async function spanOf(c: Context<AppEnv>, query: { date_from?: string; date_to?: string }): Promise<Span> {
  const [{ from, to }, { timeZone }] = await Promise.all([rangeOf(c, query), calendarOf(c)])
  return { from, to, start: zonedInstant(from, '00:00', timeZone).getTime(), end: zonedInstant(dayAfter(to), '00:00', timeZone).getTime() - 1, now: Date.now() }
}

const PerformanceRow = z.object({
  group: z.string(),
  completed: z.number().int(),
  mean_days: Days.openapi({ description: 'Mean days from report to work done' }),
  median_days: Days,
  within_24_hours_percent: Percent,
  on_time_percent: Percent.openapi({ description: 'Done by the completion target of its priority' }),
  mean_response_hours: Days.openapi({ description: 'Mean hours from report to first leaving New' }),
  responded_on_time_percent: Percent.openapi({ description: 'First answered by the response target of its priority' }),
  labour_hours: z.string(),
  open_overdue: z.number().int().openapi({ description: 'Open at the end of the range and past their completion target' }),
})

export const WorkOrderPerformance = z
  .object({ filters: Property, date_from: z.string(), date_to: z.string(), group_by: z.string(), rows: z.array(PerformanceRow), total: PerformanceRow })
  .openapi('WorkOrderPerformance')

const SummaryRow = z.object({
  group: z.string(),
  opened: z.number().int(),
  finished: z.number().int().openapi({ description: 'Closed or canceled in the range' }),
  open_at_end: z.number().int(),
  mean_open_age_days: Days,
  cost: z.string().openapi({ description: 'Labour and materials of the work completed in the range' }),
  units: z.number().int(),
  cost_per_unit: z.string().nullable(),
  saturation_percent: Percent.openapi({ description: 'Open at the end ÷ units (NAA: 10 % acceptable, 5 % exceptional)' }),
})

export const WorkOrderSummary = z
  .object({ filters: Property, date_from: z.string(), date_to: z.string(), group_by: z.string(), rows: z.array(SummaryRow), total: SummaryRow })
  .openapi('WorkOrderSummary')

export const OpenWorkOrders = z
  .object({
    filters: Property,
    as_of: z.string(),
    count: z.number().int(),
    overdue: z.number().int(),
    by_stage: z.array(z.object({ stage: z.string(), label: z.string(), count: z.number().int() })),
    rows: z.array(
      z.object({
        id: z.string(),
        subject: z.string(),
        reported: z.string(),
        reported_label: z.string().openapi({ description: 'reported on the company’s clock' }),
        property: z.string(),
        unit: z.string().nullable(),
        location: z.string().nullable(),
        category: z.string().nullable(),
        priority: z.string(),
        priority_label: z.string(),
        status: z.string(),
        reporter: z.string().nullable(),
        assignee: z.string().nullable(),
        complete_by: z.string().nullable(),
        complete_by_label: z.string().nullable(),
        age_days: z.number(),
        overdue: z.boolean(),
      }),
    ),
  })
  .openapi('OpenWorkOrders')

const Money = z.string()
export const ClosedWorkOrders = z
  .object({
    filters: Property,
    date_from: z.string(),
    date_to: z.string(),
    rows: z.array(
      z.object({
        id: z.string(),
        subject: z.string(),
        property: z.string(),
        unit: z.string().nullable(),
        location: z.string().nullable(),
        category: z.string().nullable(),
        assignee: z.string().nullable(),
        reported: z.string(),
        reported_label: z.string(),
        completed: z.string(),
        completed_label: z.string(),
        days: z.number(),
        on_time: z.boolean().nullable(),
        labour_hours: z.string(),
        labour: Money,
        materials: Money,
        cost: Money,
        charged: Money,
      }),
    ),
    totals: z.object({ count: z.number().int(), labour_hours: z.string(), labour: Money, materials: Money, cost: Money, charged: Money }),
  })
  .openapi('ClosedWorkOrders')

export const router = createRouter()

const groupBy = <T extends string>(groups: readonly { value: T; label: string }[], fallback: T) =>
  z
    .enum(groups.map((g) => g.value) as [T, ...T[]], { error: `Group by must be one of: ${groups.map((g) => g.value).join(', ')}.` })
    .default(fallback)
    .openapi({ description: `${groups.map((g) => g.value).join(', ')}; ${fallback} by default` })

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/work-order-performance',
    tags,
    summary:
      'Work order performance over the work completed in a range, by technician, category, priority or property: completed, mean and median days to complete, % within 24 hours, % on time against the priority’s target, mean hours to first response and % answered on time, labour hours, and open work orders past their target',
    ...guard,
    request: { query: z.object({ format: Format, date_from: DateFrom, date_to: DateTo, property_group_id: PropertyId, group_by: groupBy<PerformanceGroup>(PERFORMANCE_GROUPS, 'assignee') }) },
    responses: statementResponse(WorkOrderPerformance, 'Work order performance'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [span, { filters, subtitle }] = await Promise.all([spanOf(c, query), scopeOf(c, { property_group_id: query.property_group_id })])
    const { groups, all } = await performanceTallies(t.db, t.companyId, span, Math.min(span.end, span.now), query.group_by, { propertyGroupId: filters.property_group_id })
    const report = { filters, ...performanceReport(groups, all, span, query.group_by) }
    return respond(c, query.format, 'work-order-performance', report, () => workOrderPerformanceTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/work-order-summary',
    tags,
    summary:
      'Work order summary over a range, by property, category or priority: opened, closed or canceled, open at the end and their mean age, the cost of the work completed, cost per unit and saturation (open ÷ units)',
    ...guard,
    request: { query: z.object({ format: Format, date_from: DateFrom, date_to: DateTo, property_group_id: PropertyId, group_by: groupBy<SummaryGroup>(SUMMARY_GROUPS, 'property') }) },
    responses: statementResponse(WorkOrderSummary, 'Work order summary'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [span, { filters, subtitle }] = await Promise.all([spanOf(c, query), scopeOf(c, { property_group_id: query.property_group_id })])
    const [orders, units] = await Promise.all([reportWorkOrders(t.db, t.companyId, span, { propertyGroupId: filters.property_group_id }), unitsByProperty(t.db, t.companyId)])
    const report = { filters, ...workOrderSummary(orders, filters.property_group_id ? new Map([[filters.property_group_id, units.get(filters.property_group_id) ?? 0]]) : units, span, query.group_by) }
    return respond(c, query.format, 'work-order-summary', report, () => workOrderSummaryTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/open-work-orders',
    tags,
    summary: 'The work orders open at the end of a day, oldest first: where, what, priority, status, who reported it and who has it, the completion target, age in days and whether it is past its target; counts by stage',
    ...guard,
    request: { query: z.object({ format: Format, as_of: AsOf, property_group_id: PropertyId }) },
    responses: statementResponse(OpenWorkOrders, 'Open work orders'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [{ scope, filters, subtitle }, { timeZone }] = await Promise.all([scopeOf(c, { as_of: query.as_of, property_group_id: query.property_group_id }), calendarOf(c)])
    const at = Math.min(zonedInstant(dayAfter(scope.asOf), '00:00', timeZone).getTime() - 1, Date.now())
    const orders = await reportWorkOrders(t.db, t.companyId, { start: at, end: at }, { propertyGroupId: filters.property_group_id })
    const report = { filters, ...openWorkOrders(orders, { date: scope.asOf, at }, (iso) => formatInstant(iso, timeZone)) }
    return respond(c, query.format, 'open-work-orders', report, () => openWorkOrdersTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/closed-work-orders',
    tags,
    summary: 'The work orders whose work was completed in a range: when reported and done, days taken, on time or not, labour hours, labour, materials, cost and what was charged for it, with totals',
    ...guard,
    request: { query: z.object({ format: Format, date_from: DateFrom, date_to: DateTo, property_group_id: PropertyId }) },
    responses: statementResponse(ClosedWorkOrders, 'Closed work orders'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [span, { filters, subtitle }, { timeZone }] = await Promise.all([spanOf(c, query), scopeOf(c, { property_group_id: query.property_group_id }), calendarOf(c)])
    const orders = await reportWorkOrders(t.db, t.companyId, span, { propertyGroupId: filters.property_group_id })
    const report = { filters, ...closedWorkOrders(orders, span, (iso) => formatInstant(iso, timeZone)) }
    return respond(c, query.format, 'closed-work-orders', report, () => closedWorkOrdersTable(report, subtitle))
  },
)

const Percentage = z.number().nullable()

export const OpenTasks = z
  .object({
    filters: Property,
    as_of: z.string(),
    count: z.number().int(),
    overdue: z.number().int(),
    by_assignee: z.array(z.object({ assignee: z.string(), open: z.number().int(), overdue: z.number().int() })),
    rows: z.array(
      z.object({
        id: z.string(),
        subject: z.string(),
        priority_label: z.string(),
        assignee: z.string().nullable(),
        property: z.string().nullable(),
        unit: z.string().nullable(),
        created: z.string(),
        due_date: z.string().nullable(),
        age_days: z.number().int(),
        overdue: z.boolean(),
      }),
    ),
  })
  .openapi('OpenTasks')

export const ClosedTasks = z
  .object({
    filters: Property,
    date_from: z.string(),
    date_to: z.string(),
    count: z.number().int(),
    on_time_percent: Percentage,
    rows: z.array(
      z.object({
        id: z.string(),
        subject: z.string(),
        assignee: z.string().nullable(),
        property: z.string().nullable(),
        created: z.string(),
        due_date: z.string().nullable(),
        completed: z.string(),
        days: z.number(),
        on_time: z.boolean().nullable(),
      }),
    ),
  })
  .openapi('ClosedTasks')

const TaskPerformanceRow = z.object({
  group: z.string(),
  created: z.number().int(),
  completed: z.number().int(),
  mean_days: Days,
  median_days: Days,
  on_time_percent: Percentage,
  open_overdue: z.number().int(),
})
export const TaskPerformance = z
  .object({ filters: Property, date_from: z.string(), date_to: z.string(), rows: z.array(TaskPerformanceRow), total: TaskPerformanceRow })
  .openapi('TaskPerformance')

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/open-tasks',
    tags,
    summary: 'The tasks open at the end of a day, by due day: priority, who has them, where, age and whether overdue; counts by assignee',
    ...guard,
    request: { query: z.object({ format: Format, as_of: AsOf, property_group_id: PropertyId }) },
    responses: statementResponse(OpenTasks, 'Open tasks'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const { scope, filters, subtitle } = await scopeOf(c, { as_of: query.as_of, property_group_id: query.property_group_id })
    const report = { filters, ...openTasks(await reportTasks(t.db, t.companyId, { propertyGroupId: filters.property_group_id }), scope.asOf) }
    return respond(c, query.format, 'open-tasks', report, () => openTasksTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/closed-tasks',
    tags,
    summary: 'The tasks completed in a range: made, due and completed, the days taken and whether on time',
    ...guard,
    request: { query: z.object({ format: Format, date_from: DateFrom, date_to: DateTo, property_group_id: PropertyId }) },
    responses: statementResponse(ClosedTasks, 'Closed tasks'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [range, { filters, subtitle }] = await Promise.all([rangeOf(c, query), scopeOf(c, { property_group_id: query.property_group_id })])
    const report = { filters, ...closedTasks(await reportTasks(t.db, t.companyId, { propertyGroupId: filters.property_group_id }), range) }
    return respond(c, query.format, 'closed-tasks', report, () => closedTasksTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/task-performance',
    tags,
    summary: 'Task performance over a range, by assignee: created, completed, mean and median days to complete, % on time, and open ones overdue',
    ...guard,
    request: { query: z.object({ format: Format, date_from: DateFrom, date_to: DateTo, property_group_id: PropertyId }) },
    responses: statementResponse(TaskPerformance, 'Task performance'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [range, { filters, subtitle }] = await Promise.all([rangeOf(c, query), scopeOf(c, { property_group_id: query.property_group_id })])
    const report = { filters, ...taskPerformance(await reportTasks(t.db, t.companyId, { propertyGroupId: filters.property_group_id }), range) }
    return respond(c, query.format, 'task-performance', report, () => taskPerformanceTable(report, subtitle))
  },
)

const TechHoursTotals = z.object({
  technician: z.string(),
  hours: z.string(),
  billable_hours: z.string().openapi({ description: 'Hours clocked against work orders' }),
  overtime_hours: z.string().openapi({ description: 'Hours at a premium: past 44 in a week, or on a public holiday' }),
  cost: z.string(),
  utilisation_percent: Percent.openapi({ description: 'Billable hours ÷ hours clocked' }),
})
export const ServiceTechHours = z
  .object({
    filters: Property.extend({ user_id: z.string().nullable(), technician: z.string().nullable(), billable: z.enum(BILLABLE_FILTERS.map((b) => b.value) as [BillableFilter, ...BillableFilter[]]).nullable() }),
    date_from: z.string(),
    date_to: z.string(),
    rows: z.array(
      z.object({
        id: z.string().openapi({ description: 'The time tracking entry' }),
        technician: z.string(),
        date: z.string(),
        work_order_id: z.string().nullable(),
        work_order: z.string().nullable(),
        property: z.string().nullable(),
        unit: z.string().nullable(),
        hours: z.string().openapi({ description: 'To the quarter hour' }),
        rate_type: z.enum(['REGULAR', 'OVERTIME', 'HOLIDAY']),
        rate_type_label: z.string(),
        rate: z.string().openapi({ description: 'An hour, at the rate kept when the technician clocked in, times 1.5 at a premium' }),
        cost: z.string(),
        billable: z.boolean().openapi({ description: 'Clocked against a work order' }),
      }),
    ),
    by_technician: z.array(TechHoursTotals),
    total: TechHoursTotals,
  })
  .openapi('ServiceTechHours')

const TechnicianId = z.uuid({ error: 'Choose a technician.' }).optional().openapi({ description: 'Only this technician’s time' })

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/service-tech-hours',
    tags,
    summary:
      'Service technician hours over a range: each stretch clocked, to the quarter hour, with its work order and place, rate type (regular, overtime past 44 hours a week, public holiday), rate and cost, and whether billable; each technician’s hours, billable hours, cost and utilisation',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        date_from: DateFrom,
        date_to: DateTo,
        property_group_id: PropertyId,
        user_id: TechnicianId,
        billable: z.enum(BILLABLE_FILTERS.map((b) => b.value) as [BillableFilter, ...BillableFilter[]], { error: `Billable must be one of: ${BILLABLE_FILTERS.map((b) => b.value).join(', ')}.` }).optional(),
      }),
    },
    responses: statementResponse(ServiceTechHours, 'Service technician hours'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [{ from, to }, { filters, subtitle }, { timeZone }, technician] = await Promise.all([
      rangeOf(c, query),
      scopeOf(c, { property_group_id: query.property_group_id }),
      calendarOf(c),
      query.user_id ? technicianNamed(t.db, t.companyId, query.user_id) : null,
    ])
    if (query.user_id && !technician) throw badRequest('No such technician in your company.', { user_id: ['Choose a technician of your company.'] })
    const entries = await techHoursEntries(t.db, t.companyId, { from: readFrom(from), to, timeZone }, { propertyGroupId: filters.property_group_id, userId: query.user_id })
    const report = {
      filters: { ...filters, user_id: query.user_id ?? null, technician: technician ?? null, billable: query.billable ?? null },
      ...serviceTechHours(entries, { from, to }, { billable: query.billable }),
    }
    const more = [technician ? `Technician: ${technician}` : 'All technicians', ...(query.billable ? [BILLABLE_FILTERS.find((b) => b.value === query.billable)!.label] : [])]
    return respond(c, query.format, 'service-tech-hours', report, () => serviceTechHoursTable(report, [...subtitle, ...more]))
  },
)
