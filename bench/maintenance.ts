/**
 * The maintenance section of `npm run bench` (issue 15 item 14): the demo company gets 200,000 work
 * orders over two years on the large portfolio's units (a tenth of them open, the rest closed or
 * canceled), each with its history of moves and, when done, a work log, all by bulk INSERT … SELECT;
 * then
 *  (a) the open work orders list, GET /api/work-orders/?open=true (newest first, page 1 and page 40),
 *      against the same page, names and count written by hand, sequential, mean and p95;
 *  (b) the SSR list page GET /app/work-orders/ (which opens on the open ones), 10 connections, p95;
 *  (c) GET /api/reporting/work-order-performance/ over a year by technician, against one
 *      hand-written statement computing the same figures, mean of 5.
 */
import { leanClient } from './http'
import type { Sql } from './resource-lists'

export const WORK_ORDERS = 200_000
const LIST_REQUESTS = 200
const REPORT_ROUNDS = 5

type Timings = { mean: number; p95: number; n: number }
const summarize = (times: number[]): Timings => {
  const sorted = [...times].sort((a, b) => a - b)
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))], n: times.length }
}

const OPEN_STAGES = ['NEW', 'TRIAGE', 'ASSIGNED', 'SCHEDULED', 'IN_PROGRESS', 'ON_HOLD']

/** 200,000 work orders over the past two years, with their moves and work logs. */
export async function seedWorkOrders(sql: Sql) {
  const started = performance.now()
  const [company] = await sql<{ id: string }[]>`select id from companies where slug = 'maple'`
  await sql.begin(async (tx) => {
    await tx`
      create temporary table bench_units on commit drop as
      select u.id, b.property_group_id, row_number() over (order by u.unit_number) as n
      from rental_units u join buildings b on b.id = u.building_id
      where u.company_id = ${company.id} and u.unit_number like 'T%-%'`
    await tx`
      create temporary table bench_techs on commit drop as
      select id, row_number() over (order by email) as n from users where company_id = ${company.id} and user_type = 'maintenance_technician' and is_active`
    // Each work order: made g hours apart back over two years; every tenth is still open, on one of
    // the open stages; the others closed (one in 37 canceled), done within their target mostly.
    await tx`
      insert into work_orders (company_id, subject, description, property_group_id, rental_unit_id, category_id, priority, stage, status_id, assigned_user_id,
                               created_at, updated_at, response_due_at, completion_due_at)
      select ${company.id}, (array['Leaking tap', 'Running toilet', 'No heat', 'Fridge not cooling', 'Breaker tripping', 'Broken blind', 'Clogged drain'])[1 + g % 7] || ' ' || g,
             'Reported by the resident', u.property_group_id, u.id, c.id, p.priority, s.stage, st.id, t.id,
             w.made, w.made, w.made + p.response, w.made + p.completion
      from generate_series(1, ${WORK_ORDERS}) g
      cross join lateral (select now() - make_interval(mins => g * 5) as made) w
      cross join lateral (select case g % 10 when 0 then 'EMERGENCY' when 1 then 'URGENT' when 2 then 'URGENT' else 'ROUTINE' end as priority) pr
      cross join lateral (select pr.priority,
                                 case pr.priority when 'EMERGENCY' then interval '1 hour' when 'URGENT' then interval '24 hours' else interval '72 hours' end as response,
                                 case pr.priority when 'EMERGENCY' then interval '24 hours' when 'URGENT' then interval '72 hours' else interval '168 hours' end as completion) p
      cross join lateral (select case when g % 10 = 3 then (${OPEN_STAGES}::text[])[1 + (g / 10) % 6] when g % 37 = 0 then 'CANCELED' else 'CLOSED' end as stage) s
      join bench_units u on u.n = 1 + g % (select count(*) from bench_units)
      left join bench_techs t on t.n = 1 + g % greatest((select count(*) from bench_techs), 1)
      join lateral (select id from work_order_categories where company_id = ${company.id} order by name offset g % 7 limit 1) c on true
      join lateral (select id, stage from work_order_statuses where company_id = ${company.id} and stage = s.stage order by created_at, name limit 1) st on true`
    await tx`
      create temporary table bench_orders on commit drop as
      select id, stage, created_at, completion_due_at - created_at as target, row_number() over (order by created_at) as n
      from work_orders where company_id = ${company.id} and subject ~ ' \\d+$' and description = 'Reported by the resident'`
    // The history: made (New); then for finished work answered, done (sometimes late) and closed; an open one moved to its stage.
    await tx`
      insert into state_changes (company_id, resource, record_id, action, from_state, to_state, label, user_id, created_at)
      select ${company.id}, 'work-orders', o.id, m.action, m.from_state, m.to_state, m.label, null, o.created_at + m.after
      from bench_orders o
      cross join lateral (
        select null as action, null as from_state, 'NEW' as to_state, 'New' as label, interval '0' as after
        union all select 'change-status', 'NEW', 'ASSIGNED', 'Assigned', interval '3 hours' where o.stage not in ('NEW', 'CANCELED')
        union all select 'change-status', 'NEW', 'CANCELED', 'Canceled', interval '2 hours' where o.stage = 'CANCELED'
        union all select 'change-status', 'ASSIGNED', o.stage, initcap(replace(lower(o.stage), '_', ' ')), interval '5 hours' where o.stage in ('TRIAGE', 'SCHEDULED', 'IN_PROGRESS', 'ON_HOLD')
        union all select 'change-status', 'ASSIGNED', 'WORK_DONE', 'Work done', o.target * (case when o.n % 9 = 4 then 1.5 else 0.4 + (o.n % 4) * 0.15 end) where o.stage = 'CLOSED'
        union all select 'change-status', 'WORK_DONE', 'CLOSED', 'Closed', o.target * 1.7 where o.stage = 'CLOSED'
      ) m`
    await tx`
      insert into work_logs (company_id, work_order_id, user_id, work_date, hours, hourly_rate, labour_amount, materials_amount, description)
      select ${company.id}, o.id, w.assigned_user_id, (o.created_at + o.target * 0.5)::date, 1 + (o.n % 4) * 0.5, 8500, (1 + (o.n % 4) * 0.5) * 8500, (o.n % 5) * 1250, 'Fixed and tested'
      from bench_orders o join work_orders w on w.id = o.id where o.stage = 'CLOSED'`
  })
  for (const table of ['work_orders', 'state_changes', 'work_logs']) await sql.unsafe(`vacuum analyze ${table}`)
  const [counts] = await sql<{ orders: number; open: number; moves: number; logs: number }[]>`
    select (select count(*)::int from work_orders where company_id = ${company.id}) as orders,
           (select count(*)::int from work_orders where company_id = ${company.id} and stage not in ('CLOSED', 'CANCELED')) as open,
           (select count(*)::int from state_changes where company_id = ${company.id} and resource = 'work-orders') as moves,
           (select count(*)::int from work_logs where company_id = ${company.id}) as logs`
  return { companyId: company.id, seconds: (performance.now() - started) / 1000, counts }
}

/** The open work orders' page as someone would write it by hand: the page, the names its columns show, and how many are open (what its pages are counted from). */
function handOpenList(sql: Sql, companyId: string, offset: number) {
  return sql`
    select w.*, p.name as property_label, u.label as unit_label, c.name as category_label, s.name as status_label,
           trim(concat_ws(' ', a.first_name, a.last_name)) as assignee_label,
           (select count(*) from work_orders where company_id = ${companyId} and open) as total
    from (select * from work_orders where company_id = ${companyId} and open order by created_at desc, id limit 25 offset ${offset}) w
    join property_groups p on p.id = w.property_group_id
    left join rental_units u on u.id = w.rental_unit_id
    left join work_order_categories c on c.id = w.category_id
    left join work_order_statuses s on s.id = w.status_id
    left join users a on a.id = w.assigned_user_id
    order by w.created_at desc, w.id`
}

export async function measureOpenList(base: string, headers: Record<string, string>, sql: Sql, companyId: string) {
  const pages = [1, 40]
  const first = (await (await fetch(`${base}/api/work-orders/?open=true&page=1&page_size=25`, { headers })).json()) as { count: number; results: { id: string }[] }
  const [handFirst] = await handOpenList(sql, companyId, 0)
  const [{ open }] = await sql<{ open: number }[]>`select count(*)::int as open from work_orders where company_id = ${companyId} and stage not in ('CLOSED', 'CANCELED')`
  if (first.count !== open || first.results[0]?.id !== handFirst.id) throw new Error(`the open work orders list and the hand-written query disagree: API ${first.count} first ${first.results[0]?.id}; SQL ${open} first ${handFirst.id}`)
  const api: number[] = []
  const hand: number[] = []
  const client = leanClient(base, headers)
  for (let i = 0; i < LIST_REQUESTS + 20; i++) {
    const page = pages[i % pages.length]
    let started = performance.now()
    const response = await client.get(`/api/work-orders/?open=true&page=${page}&page_size=25`)
    if (response.status !== 200) throw new Error(`GET /api/work-orders/?open=true: ${response.status}`)
    const apiMs = performance.now() - started
    started = performance.now()
    await handOpenList(sql, companyId, (page - 1) * 25)
    const handMs = performance.now() - started
    if (i >= 20) {
      api.push(apiMs)
      hand.push(handMs)
    }
  }
  // The hand-written page counts in the same pass; the API counts beside its page, as it does for any unsearched list.
  return { api: summarize(api), hand: summarize(hand), open }
}

/** Work order performance over a year by technician, in one statement: the figures the report shows. */
function handPerformance(sql: Sql, companyId: string, from: string, to: string) {
  return sql`
    with moves as (
      select record_id,
             min(created_at) filter (where from_state = 'NEW') as responded_at,
             min(created_at) filter (where to_state in ('WORK_DONE', 'READY_TO_BILL', 'CLOSED')) as completed_at
      from state_changes where company_id = ${companyId} and resource = 'work-orders' group by record_id
    ), logs as (
      select work_order_id, sum(hours) as hours from work_logs where company_id = ${companyId} group by work_order_id
    ), done as (
      select coalesce(trim(concat_ws(' ', a.first_name, a.last_name)), 'Unassigned') as technician, w.created_at, w.response_due_at, w.completion_due_at,
             m.responded_at, m.completed_at, coalesce(l.hours, 0) as hours
      from work_orders w join moves m on m.record_id = w.id
      left join users a on a.id = w.assigned_user_id
      left join logs l on l.work_order_id = w.id
      where w.company_id = ${companyId} and m.completed_at >= ${from}::timestamptz and m.completed_at < ${to}::timestamptz + interval '1 day'
    )
    select technician, count(*) as completed,
           round(avg(extract(epoch from completed_at - created_at) / 86400)::numeric, 1) as mean_days,
           round((percentile_cont(0.5) within group (order by extract(epoch from completed_at - created_at) / 86400))::numeric, 1) as median_days,
           round(100.0 * count(*) filter (where completed_at - created_at <= interval '24 hours') / count(*), 1) as within_24,
           round(100.0 * count(*) filter (where completed_at <= completion_due_at) / nullif(count(*) filter (where completion_due_at is not null), 0), 1) as on_time,
           round(avg(extract(epoch from responded_at - created_at) / 3600)::numeric, 1) as response_hours,
           round(100.0 * count(*) filter (where responded_at <= response_due_at) / nullif(count(*) filter (where responded_at is not null and response_due_at is not null), 0), 1) as responded_on_time,
           sum(hours) as hours
    from done group by technician order by technician`
}

export async function measurePerformanceReport(base: string, headers: Record<string, string>, sql: Sql, companyId: string, today: string) {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10)
  const url = `${base}/api/reporting/work-order-performance/?date_from=${from}&date_to=${today}&group_by=assignee`
  const api: number[] = []
  const hand: number[] = []
  let completed = 0
  for (let round = 0; round <= REPORT_ROUNDS; round++) {
    let started = performance.now()
    const response = await fetch(url, { headers })
    const body = (await response.json()) as { total: { completed: number } }
    const apiMs = performance.now() - started
    if (response.status !== 200) throw new Error(`work-order-performance: ${response.status} ${JSON.stringify(body).slice(0, 300)}`)
    completed = body.total.completed
    started = performance.now()
    const rows = await handPerformance(sql, companyId, from, today)
    const handMs = performance.now() - started
    const handCompleted = rows.reduce((sum, r) => sum + Number(r.completed), 0)
    if (round === 0 && Math.abs(handCompleted - completed) > completed * 0.01) throw new Error(`work-order-performance: the API counts ${completed} completed, the hand-written statement ${handCompleted}`)
    // The first round warms both up.
    if (round > 0) {
      api.push(apiMs)
      hand.push(handMs)
    }
  }
  return { api: summarize(api), hand: summarize(hand), completed }
}
