import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import type { PerformanceWorkOrder, ReportWorkOrder } from '~/domain/maintenance/work-order-reports'
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

/**
 * What the performance report reads: only the work orders it counts (their work done in the span,
 * or open and past their target at `at`), only their group's names and their moments, as numbers.
 * A year of a large portfolio is a hundred thousand of them: reportWorkOrders' every name and
 * figure cost four times the statement itself.
 */
export async function performanceWorkOrders(tx: Executor, companyId: string, span: { start: number; end: number }, at: number, filters: { propertyGroupId?: string | null } = {}): Promise<PerformanceWorkOrder[]> {
  const start = new Date(span.start).toISOString()
  const end = new Date(span.end).toISOString()
  const moment = new Date(at).toISOString()
  // Instants in whole milliseconds, as Date would read them.
  const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`
  const rows = (await tx.execute(sql`
    with moves as (${movesOf(companyId)}), logs as (
      select work_order_id, sum(hours) as hours from work_logs where company_id = ${companyId} group by work_order_id
    ), counted as (
      select w.*, m.responded_at, m.completed_at, case when w.stage in ('CLOSED', 'CANCELED') then m.finished_at end as finished_at
      from work_orders w left join moves m on m.record_id = w.id
      where w.company_id = ${companyId} and w.created_at <= ${end}
        ${filters.propertyGroupId ? sql`and w.property_group_id = ${filters.propertyGroupId}` : sql``}
    )
    select w.priority, p.name as property, c.name as category,
           nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '') as assignee,
           ${ms(sql`w.created_at`)} as created_at, ${ms(sql`w.response_due_at`)} as response_due_at, ${ms(sql`w.completion_due_at`)} as completion_due_at,
           ${ms(sql`w.responded_at`)} as responded_at, ${ms(sql`w.completed_at`)} as completed_at, ${ms(sql`w.finished_at`)} as finished_at,
           coalesce(l.hours, 0)::float8 as hours
    from counted w
    join property_groups p on p.id = w.property_group_id
    left join logs l on l.work_order_id = w.id
    left join work_order_categories c on c.id = w.category_id
    left join users a on a.id = w.assigned_user_id
    where (w.completed_at >= ${start} and w.completed_at <= ${end})
       or (w.created_at <= ${moment} and (w.finished_at is null or w.finished_at > ${moment})
           and (w.completed_at is null or w.completed_at > ${moment}) and w.completion_due_at < ${moment})
  `)) as unknown as {
    priority: string
    property: string
    category: string | null
    assignee: string | null
    created_at: number
    response_due_at: number | null
    completion_due_at: number | null
    responded_at: number | null
    completed_at: number | null
    finished_at: number | null
    hours: number
  }[]
  return rows.map((r) => ({
    priority: r.priority,
    property: r.property,
    category: r.category,
    assignee: r.assignee,
    createdAt: r.created_at,
    responseDueAt: r.response_due_at,
    completionDueAt: r.completion_due_at,
    respondedAt: r.responded_at,
    completedAt: r.completed_at,
    finishedAt: r.finished_at,
    hours: Math.round(r.hours * 100),
  }))
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
