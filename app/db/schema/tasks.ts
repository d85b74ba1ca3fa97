import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { workOrders } from './maintenance'
import { users } from './platform'
import { propertyGroups, rentalUnits } from './properties'

/**
 * A recurring task (SPEC.md §7 recurring-tasks/, operations.md §1 and §4): a task made again on an
 * RRULE schedule (`rule`), each occurrence `leadDays` before it is due, from this series' template
 * as it is then: a change to the series changes the occurrences still to come, never those made.
 */
export const recurringTasks = pgTable(
  'recurring_tasks',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural`. */
    subject: text().notNull(),
    description: text(),
    priority: text().notNull(),
    assignedUserId: uuid().references(() => users.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    /** RFC 5545 RRULE: FREQ=MONTHLY;BYMONTHDAY=1. */
    rule: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    leadDays: integer().notNull().default(7),
    isActive: boolean().notNull().default(true),
    searchText: searchColumn('subject', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('recurring_tasks_company_idx').on(t.companyId), searchIndex('recurring_tasks', t.searchText)],
)

/** A recurring task's checklist, copied into each occurrence when it is made. */
export const recurringTaskChecklistItems = pgTable(
  'recurring_task_checklist_items',
  {
    id: id(),
    companyId: companyId(),
    recurringTaskId: uuid()
      .notNull()
      .references(() => recurringTasks.id),
    position: integer().notNull(),
    description: text().notNull(),
  },
  (t) => [index('recurring_task_checklist_items_task_idx').on(t.recurringTaskId, t.position)],
)

/**
 * A task (SPEC.md §7 tasks/): something to do by a day, for someone, at a property or unit, with a
 * checklist; open → in progress → completed, or canceled, through its actions (ADR 013), its
 * completion kept for the task reports. An occurrence of a recurring task names its series and day.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural`. */
    subject: text().notNull(),
    description: text(),
    status: text().notNull(),
    priority: text().notNull(),
    dueDate: date({ mode: 'string' }),
    assignedUserId: uuid().references(() => users.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    workOrderId: uuid().references(() => workOrders.id),
    recurringTaskId: uuid().references(() => recurringTasks.id),
    /** The day of its series it was made for: one task per series and day, even when two schedulers race. */
    occurrenceDate: date({ mode: 'string' }),
    completedAt: timestamp({ withTimezone: true }),
    /** Open or in progress: what the task list opens on. */
    open: boolean().generatedAlwaysAs(sql`status in ('OPEN', 'IN_PROGRESS')`),
    searchText: searchColumn('subject', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tasks_recurring_occurrence_key').on(t.companyId, t.recurringTaskId, t.occurrenceDate).where(sql`${t.recurringTaskId} is not null`),
    index('tasks_company_open_due_idx').on(t.companyId, t.dueDate).where(sql`${t.open}`),
    index('tasks_company_assignee_idx').on(t.companyId, t.assignedUserId),
    searchIndex('tasks', t.searchText),
  ],
)

/** A task's checklist, in order, each item done or not. */
export const taskChecklistItems = pgTable(
  'task_checklist_items',
  {
    id: id(),
    companyId: companyId(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id),
    position: integer().notNull(),
    description: text().notNull(),
    done: boolean().notNull().default(false),
  },
  (t) => [index('task_checklist_items_task_idx').on(t.taskId, t.position)],
)
