import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { companies, recurringTaskChecklistItems, recurringTasks, taskChecklistItems, tasks } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { describeRule, occurrences, parseRule } from '~/domain/maintenance/recurrence'
import type { ReportTask } from '~/domain/maintenance/task-reports'
import { timeZoneOf, unitOfPropertyErrors } from './work-orders.server'

/*
 * Tasks' rules (SPEC.md §7 tasks/ and recurring-tasks/, operations.md §1 and §4), called by name from
 * app/resources/tasks.ts: a task's unit is of its property; completing one keeps when; a recurring
 * task's rule is an RRULE this reads; and its occurrences are made `lead_days` before they are due,
 * once per series and day, from the series as it is then (a change reaches the ones still to come).
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

export const checkTask = (tx: Executor, companyId: string, values: Row) => unitOfPropertyErrors(tx, companyId, values, 'task')

/** Completing keeps when; reopening forgets it. */
export async function markCompleted(tx: Executor, companyId: string, id: string, completed: boolean) {
  await tx
    .update(tasks)
    .set({ completedAt: completed ? new Date() : null })
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
}

/** A series as it will be stored: its rule can be read, its unit is of its property. */
export async function checkRecurringTask(tx: Executor, companyId: string, values: Row): Promise<Errors | undefined> {
  const parsed = parseRule(String(values.rule ?? ''))
  const errors: Errors = { ...(await unitOfPropertyErrors(tx, companyId, values, 'task')) }
  if ('error' in parsed) errors.rule = [parsed.error]
  return Object.keys(errors).length ? errors : undefined
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

export type TaskRunResult = { made: number }

/**
 * Makes each active series' tasks that have come within their lead days, once per day of the
 * series: a series is locked while its tasks are made, and the days it already made are skipped,
 * so two schedulers (or a scheduler and a save) make each one once. Each task is made by the tasks
 * definition (its history, search entry and checklist), as of the series now.
 */
export async function makeDueTasks(db: Executor, options: { now?: Date; ids?: string[]; companyId?: string } = {}): Promise<TaskRunResult> {
  const now = options.now ?? new Date()
  const series = await db
    .select({ id: recurringTasks.id, companyId: recurringTasks.companyId, timeZone: companies.timeZone })
    .from(recurringTasks)
    .innerJoin(companies, eq(companies.id, recurringTasks.companyId))
    .where(and(eq(recurringTasks.isActive, true), options.ids ? inArray(recurringTasks.id, options.ids) : undefined, options.companyId ? eq(recurringTasks.companyId, options.companyId) : undefined))
  // Loaded here: the definitions import these rules.
  const [{ createRecord, parseInput }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources')])
  const tasksResource = resourceNamed('tasks')!
  let made = 0
  for (const { id, companyId, timeZone } of series) {
    made += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring-task:${id}`}))`)
      const [task] = await tx.select().from(recurringTasks).where(and(eq(recurringTasks.companyId, companyId), eq(recurringTasks.id, id)))
      const parsed = parseRule(task.rule)
      if (!task.isActive || 'error' in parsed) return 0
      const horizon = addDays(todayIn(timeZone, now), task.leadDays)
      const [{ last }] = await tx
        .select({ last: sql<string | null>`max(${tasks.occurrenceDate})::text` })
        .from(tasks)
        .where(and(eq(tasks.companyId, companyId), eq(tasks.recurringTaskId, id)))
      const from = last ? addDays(last, 1) : task.startDate
      const to = task.endDate && task.endDate < horizon ? task.endDate : horizon
      if (from > to) return 0
      const days = occurrences(parsed.rule, task.startDate, from, to, 100)
      if (!days.length) return 0
      const checklist = await tx
        .select({ description: recurringTaskChecklistItems.description })
        .from(recurringTaskChecklistItems)
        .where(and(eq(recurringTaskChecklistItems.companyId, companyId), eq(recurringTaskChecklistItems.recurringTaskId, id)))
        .orderBy(asc(recurringTaskChecklistItems.position))
      for (const day of days) {
        const body = {
          subject: task.subject,
          description: task.description,
          priority: task.priority,
          due_date: day,
          assigned_user_id: task.assignedUserId,
          property_group_id: task.propertyGroupId,
          rental_unit_id: task.rentalUnitId,
          lines: checklist.map((item) => ({ description: item.description, done: false })),
        }
        await createRecord(tx, companyId, tasksResource, { ...parseInput(tasksResource, body, 'create'), stored: { recurringTaskId: id, occurrenceDate: day } })
      }
      return days.length
    })
  }
  return { made }
}

/** What a page of series shows beside their fields: the rule in words, the next day one falls due, and how many tasks it made. */
export async function seriesSummaries(db: Executor, companyId: string, records: Row[]) {
  const ids = records.map((r) => String(r.id))
  const [made, timeZone] = await Promise.all([
    db
      .select({ id: tasks.recurringTaskId, count: sql<number>`count(*)::int`, last: sql<string | null>`max(${tasks.occurrenceDate})::text` })
      .from(tasks)
      .where(and(eq(tasks.companyId, companyId), inArray(tasks.recurringTaskId, ids)))
      .groupBy(tasks.recurringTaskId),
    timeZoneOf(db, companyId),
  ])
  const byId = new Map(made.map((m) => [String(m.id), m]))
  const today = todayIn(timeZone)
  return new Map(
    records.map((r) => {
      const parsed = parseRule(String(r.rule))
      const done = byId.get(String(r.id))
      const after = done?.last ? addDays(done.last, 1) : String(r.start_date)
      const from = after > today ? after : today
      const next = 'rule' in parsed && r.is_active !== false ? occurrences(parsed.rule, String(r.start_date), from, (r.end_date as string | null) ?? addDays(from, 3 * 366), 1)[0] ?? null : null
      return [String(r.id), { schedule: 'rule' in parsed ? describeRule(parsed.rule) : '', next_due: next, made_count: done?.count ?? 0 }]
    }),
  )
}

/** The checklist's progress, for a page of tasks: "2 of 5 done". */
export async function checklistProgress(db: Executor, companyId: string, records: Row[]) {
  const ids = records.map((r) => String(r.id))
  const rows = await db
    .select({ taskId: taskChecklistItems.taskId, items: sql<number>`count(*)::int`, done: sql<number>`(count(*) filter (where ${taskChecklistItems.done}))::int` })
    .from(taskChecklistItems)
    .where(and(eq(taskChecklistItems.companyId, companyId), inArray(taskChecklistItems.taskId, ids)))
    .groupBy(taskChecklistItems.taskId)
  const byId = new Map(rows.map((r) => [String(r.taskId), r]))
  return new Map(ids.map((id) => [id, { checklist: byId.has(id) ? `${byId.get(id)!.done} of ${byId.get(id)!.items} done` : null }]))
}

/** What the task reports read: every task of the company (of a property), its names, and its days on the company's clock. */
export async function reportTasks(db: Executor, companyId: string, filters: { propertyGroupId?: string | null } = {}): Promise<ReportTask[]> {
  const zone = await timeZoneOf(db, companyId)
  const rows = (await db.execute(sql`
    select t.id, t.subject, t.status, t.priority, t.due_date::text as due_date, t.created_at, t.completed_at,
           (t.created_at at time zone ${zone})::date::text as created_on, (t.completed_at at time zone ${zone})::date::text as completed_on,
           nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '') as assignee, p.name as property, u.label as unit
    from tasks t
    left join users a on a.id = t.assigned_user_id
    left join property_groups p on p.id = t.property_group_id
    left join rental_units u on u.id = t.rental_unit_id
    where t.company_id = ${companyId} and t.status <> 'CANCELED'
      ${filters.propertyGroupId ? sql`and t.property_group_id = ${filters.propertyGroupId}` : sql``}
  `)) as unknown as { id: string; subject: string; status: string; priority: string; due_date: string | null; created_at: string | Date; completed_at: string | Date | null; created_on: string; completed_on: string | null; assignee: string | null; property: string | null; unit: string | null }[]
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    status: r.status,
    priority: r.priority,
    assignee: r.assignee,
    property: r.property,
    unit: r.unit,
    dueDate: r.due_date,
    createdOn: r.created_on,
    completedOn: r.completed_on,
    createdAt: new Date(r.created_at).getTime(),
    completedAt: r.completed_at === null ? null : new Date(r.completed_at).getTime(),
  }))
}
