import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { performanceGroupName, type PerformanceGroup, type PerformanceTally, type ReportWorkOrder } from '~/domain/maintenance/work-order-reports'
import type { WorkOrderStage } from '~/domain/maintenance/work-orders'

/*
 * What the work order reports read: each work order with its names (property, unit, category,
 * status, assignee, reporter), the moments its history gives it (when it first left New, when its
 * work was first done, when it was closed or canceled), its work logs' hours and amounts, and what
 * was charged for it. Only the work orders that can count in the span: made by its end and not
 * finished before its start. One statement; the rules are ~/domain/maintenance/work-order-reports.
 */

type Row = {
  id: string
  subject: string
  property_group_id: string
  property: string
  unit: string | null
  location: string | null
  category: string | null
  priority: string
  stage: string
  status: string | null
  assignee: string | null
  reporter: string | null
  created_at: Date | string
  response_due_at: Date | string | null
  completion_due_at: Date | string | null
  responded_at: Date | string | null
  completed_at: Date | string | null
  finished_at: Date | string | null
  hours: string | number | null
  labour: string | number | null
  materials: string | number | null
  charged: string | number | null
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).getTime())

/** Each work order's moments from its history: when it first left New, when its work was first done, when it last reached Closed or Canceled. */
const movesOf = (companyId: string) => sql`
      select record_id,
             min(created_at) filter (where from_state = 'NEW') as responded_at,
             min(created_at) filter (where to_state in ('WORK_DONE', 'READY_TO_BILL', 'CLOSED')) as completed_at,
             max(created_at) filter (where to_state in ('CLOSED', 'CANCELED')) as finished_at
      from state_changes
      where company_id = ${companyId} and resource = 'work-orders'
      group by record_id`

export async function reportWorkOrders(tx: Executor, companyId: string, span: { start: number; end: number }, filters: { propertyGroupId?: string | null } = {}): Promise<ReportWorkOrder[]> {
  const start = new Date(span.start).toISOString()
  const end = new Date(span.end).toISOString()
  const rows = (await tx.execute(sql`
    with moves as (${movesOf(companyId)}), logs as (
      select work_order_id, sum(hours) as hours, sum(labour_amount) as labour, sum(materials_amount) as materials
      from work_logs where company_id = ${companyId} group by work_order_id
    ), charges as (
      select work_order_id, sum(amount) as charged
      from rent_charges where company_id = ${companyId} and work_order_id is not null and status = 'POSTED' group by work_order_id
    )
    select w.id, w.subject, w.property_group_id, p.name as property, u.label as unit, w.location, c.name as category,
           w.priority, w.stage, s.name as status,
           nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '') as assignee,
           nullif(trim(concat_ws(' ', r.first_name, r.last_name)), '') as reporter,
           w.created_at, w.response_due_at, w.completion_due_at, m.responded_at, m.completed_at,
           case when w.stage in ('CLOSED', 'CANCELED') then m.finished_at end as finished_at,
           l.hours, l.labour, l.materials, ch.charged
    from work_orders w
    join property_groups p on p.id = w.property_group_id
    left join rental_units u on u.id = w.rental_unit_id
    left join work_order_categories c on c.id = w.category_id
    left join work_order_statuses s on s.id = w.status_id
    left join users a on a.id = w.assigned_user_id
    left join residents r on r.id = w.reported_by_resident_id
    left join moves m on m.record_id = w.id
    left join logs l on l.work_order_id = w.id
    left join charges ch on ch.work_order_id = w.id
    where w.company_id = ${companyId}
      and w.created_at <= ${end}
      and (w.stage not in ('CLOSED', 'CANCELED') or m.finished_at is null or m.finished_at >= ${start} or m.completed_at >= ${start})
      ${filters.propertyGroupId ? sql`and w.property_group_id = ${filters.propertyGroupId}` : sql``}
  `)) as unknown as Row[]
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    propertyGroupId: r.property_group_id,
    property: r.property,
    unit: r.unit,
    location: r.location,
    category: r.category,
    priority: r.priority,
    stage: r.stage as WorkOrderStage,
    status: r.status,
    assignee: r.assignee,
    reporter: r.reporter,
    createdAt: instant(r.created_at)!,
    responseDueAt: instant(r.response_due_at),
    completionDueAt: instant(r.completion_due_at),
    respondedAt: instant(r.responded_at),
    completedAt: instant(r.completed_at),
    finishedAt: instant(r.finished_at),
    hours: Math.round(Number(r.hours ?? 0) * 100),
    labour: Number(r.labour ?? 0),
    materials: Number(r.materials ?? 0),
    charged: Number(r.charged ?? 0),
  }))
}

/** Math.round in SQL, on a float8 (halves up, as JavaScript rounds): the figures round each work order's days and hours as the domain's rules do. */
const jsRound = (x: SQL) => sql`(case when ${x} - floor(${x}) >= 0.5 then ceil(${x}) else floor(${x}) end)`

/** What the performance report groups by: its name, and a priority by its stored value (named by the domain). */
const PERFORMANCE_GROUP: Record<PerformanceGroup, SQL> = {
  assignee: sql`coalesce(nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), 'Unassigned')`,
  category: sql`coalesce(c.name, 'No category')`,
  priority: sql`w.priority`,
  property: sql`p.name`,
}

/**
 * The performance report's tallies, by group and for all (~/domain/maintenance/work-order-reports
 * works the figures out from them): the work orders it counts (their work done in the span, or open
 * and past their target at `at`), tallied in one statement. A year of a large portfolio is a hundred
 * thousand work orders, which read into the app and tallied there cost more than the statement itself.
 * Each is taken as workOrderPerformance takes it: its instants in whole milliseconds, its days and
 * hours each rounded to a tenth in floating point, its labour hours to a hundredth.
 */
export async function performanceTallies(tx: Executor, companyId: string, span: { start: number; end: number }, at: number, by: PerformanceGroup, filters: { propertyGroupId?: string | null } = {}) {
  const start = new Date(span.start).toISOString()
  const end = new Date(span.end).toISOString()
  const moment = new Date(at).toISOString()
  // Instants in whole milliseconds, as Date would read them.
  const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`
  const [startMs, endMs, atMs] = [sql`${span.start}::float8`, sql`${span.end}::float8`, sql`${at}::float8`]
  // The history's moments and the logs' hours are worked out once (materialized): a parallel plan
  // had each of its workers aggregate all of them again, three times the work on a busy machine.
  const rows = (await tx.execute(sql`
    with moves as materialized (${movesOf(companyId)}), logs as materialized (
      select work_order_id, sum(hours) as hours from work_logs where company_id = ${companyId} group by work_order_id
    ), counted as (
      select w.*, m.responded_at, m.completed_at, case when w.stage in ('CLOSED', 'CANCELED') then m.finished_at end as finished_at
      from work_orders w left join moves m on m.record_id = w.id
      where w.company_id = ${companyId} and w.created_at <= ${end}
        ${filters.propertyGroupId ? sql`and w.property_group_id = ${filters.propertyGroupId}` : sql``}
    ), orders as (
      select ${PERFORMANCE_GROUP[by]} as name,
             ${ms(sql`w.created_at`)} as created, ${ms(sql`w.response_due_at`)} as response_due, ${ms(sql`w.completion_due_at`)} as completion_due,
             ${ms(sql`w.responded_at`)} as responded, ${ms(sql`w.completed_at`)} as completed, ${ms(sql`w.finished_at`)} as finished,
             ${jsRound(sql`coalesce(l.hours, 0)::float8 * 100`)} as hours
      from counted w
      join property_groups p on p.id = w.property_group_id
      left join logs l on l.work_order_id = w.id
      left join work_order_categories c on c.id = w.category_id
      left join users a on a.id = w.assigned_user_id
      where (w.completed_at >= ${start} and w.completed_at <= ${end})
         or (w.created_at <= ${moment} and (w.finished_at is null or w.finished_at > ${moment})
             and (w.completed_at is null or w.completed_at > ${moment}) and w.completion_due_at < ${moment})
    ), flagged as (
      select name, completed, created, responded, response_due, completion_due, hours,
             coalesce(completed >= ${startMs} and completed <= ${endMs}, false) as done,
             coalesce(created <= ${atMs} and (finished is null or finished > ${atMs}) and (completed is null or completed > ${atMs}) and completion_due < ${atMs}, false) as overdue,
             ${jsRound(sql`((completed - created) / 86400000::float8) * 10`)} / 10 as days,
             ${jsRound(sql`((responded - created) / 3600000::float8) * 10`)} / 10 as response_hours
      from orders
    )
    select name, grouping(name) = 1 as everything,
           (count(*) filter (where done))::int as completed,
           coalesce(sum(days) filter (where done), 0) as days_sum,
           percentile_disc(0.5) within group (order by days) filter (where done) as days_low,
           percentile_disc(0.5) within group (order by days desc) filter (where done) as days_high,
           (count(*) filter (where done and completed - created <= 86400000))::int as within_24_hours,
           (count(*) filter (where done and completion_due is not null))::int as targeted,
           (count(*) filter (where done and completed <= completion_due))::int as on_time,
           (count(*) filter (where done and responded is not null))::int as answered,
           coalesce(sum(response_hours) filter (where done and responded is not null), 0) as response_hours_sum,
           (count(*) filter (where done and responded is not null and response_due is not null))::int as response_targeted,
           (count(*) filter (where done and responded <= response_due))::int as responded_on_time,
           coalesce(sum(hours) filter (where done), 0)::float8 as hours,
           (count(*) filter (where overdue))::int as overdue
    from flagged
    group by grouping sets ((name), ())
    having grouping(name) = 1 or count(*) filter (where done or overdue) > 0
  `)) as unknown as {
    name: string | null
    everything: boolean
    completed: number
    days_sum: number
    days_low: number | null
    days_high: number | null
    within_24_hours: number
    targeted: number
    on_time: number
    answered: number
    response_hours_sum: number
    response_targeted: number
    responded_on_time: number
    hours: number
    overdue: number
  }[]
  const tally = (r: (typeof rows)[number]): PerformanceTally => ({
    completed: r.completed,
    daysSum: r.days_sum,
    daysMiddle: r.days_low === null || r.days_high === null ? null : [r.days_low, r.days_high],
    within24Hours: r.within_24_hours,
    targeted: r.targeted,
    onTime: r.on_time,
    answered: r.answered,
    responseHoursSum: r.response_hours_sum,
    responseTargeted: r.response_targeted,
    respondedOnTime: r.responded_on_time,
    hours: r.hours,
    overdue: r.overdue,
  })
  const groups = new Map<string, PerformanceTally>()
  let all: PerformanceTally | undefined
  for (const r of rows) {
    if (r.everything) all = tally(r)
    else groups.set(performanceGroupName(by, r.name!), tally(r))
  }
  return { groups, all: all! }
}

/** The units of each property, for cost per unit and saturation. */
export async function unitsByProperty(tx: Executor, companyId: string) {
  const rows = (await tx.execute(sql`
    select b.property_group_id, count(*)::int as units
    from rental_units u join buildings b on b.id = u.building_id
    where u.company_id = ${companyId}
    group by b.property_group_id
  `)) as unknown as { property_group_id: string; units: number }[]
  return new Map(rows.map((r) => [r.property_group_id, Number(r.units)]))
}

/**
 * The dashboard's work order figures: the open ones by priority, those past their target with the
 * work not done, and those nobody has. Read on each visit (time alone makes one overdue), through
 * the stage index: open work orders are the few of a company's many.
 */
export async function openWorkOrderFigures(tx: Executor, companyId: string) {
  const [row] = (await tx.execute(sql`
    select count(*)::int as open,
           count(*) filter (where priority = 'EMERGENCY')::int as emergency,
           count(*) filter (where priority = 'URGENT')::int as urgent,
           count(*) filter (where priority = 'ROUTINE')::int as routine,
           count(*) filter (where stage not in ('WORK_DONE', 'READY_TO_BILL') and completion_due_at < now())::int as overdue,
           count(*) filter (where assigned_user_id is null)::int as unassigned
    from work_orders
    where company_id = ${companyId} and stage not in ('CLOSED', 'CANCELED')
  `)) as unknown as { open: number; emergency: number; urgent: number; routine: number; overdue: number; unassigned: number }[]
  return row
}
