import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { leases } from './leasing'
import { workOrders } from './maintenance'
import { users } from './platform'
import { propertyGroups, rentalUnits } from './properties'

/*
 * Make-ready (issue 15 item 7, operations.md §3): a unit turning over between one lease's move-out and
 * the next move-in, made ready by tasks in the company's categories, some done through work orders.
 */

/** A company's kinds of make-ready task (inspection, cleaning, repair…), seeded with defaults (migration 0041). */
export const makeReadyTaskCategories = pgTable(
  'make_ready_task_categories',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural`. */
    name: text().notNull(),
    description: text(),
    /** Its tasks are done through work orders (repairs, safety): a make-ready opens one for each still to do. */
    opensWorkOrders: boolean().notNull().default(false),
    searchText: searchColumn('name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('make_ready_task_categories_company_name_key').on(t.companyId, sql`lower(${t.name})`), searchIndex('make_ready_task_categories', t.searchText)],
)

/**
 * A make-ready (SPEC.md §7 leasing/make-readies/): one unit's turn, from the move-out of the lease
 * leaving it to the day it is ready, before the next lease moves in. The next lease and its move-in
 * are kept in the row by its rules (and by the leases', as they change), so the board sorts by them.
 */
export const makeReadies = pgTable(
  'make_readies',
  {
    id: id(),
    companyId: companyId(),
    /** "Turn of 102 · Bronson Court from 2026-06-30", kept by its rules. Sorts naturally. */
    label: text().notNull(),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    moveOutLeaseId: uuid().references(() => leases.id),
    /** Always set (by its rules, from the lease moving out, when not given): nullable so that a form may leave it to them. */
    moveOutDate: date({ mode: 'string' }),
    /** The day it should be ready: the day before the next move-in, unless set. Always set, as the move-out. */
    readyByDate: date({ mode: 'string' }),
    /** The day it was made ready. */
    readyDate: date({ mode: 'string' }),
    nextLeaseId: uuid().references(() => leases.id),
    nextMoveInDate: date({ mode: 'string' }),
    /** UPCOMING, IN_PROGRESS, ON_HOLD, DONE or CANCELED: the engine's state. */
    status: text().notNull(),
    notes: text(),
    open: boolean().generatedAlwaysAs(sql`status in ('UPCOMING', 'IN_PROGRESS', 'ON_HOLD')`),
    searchText: searchColumn('label', 'notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One turn at a time per unit.
    uniqueIndex('make_readies_company_unit_open_key').on(t.companyId, t.rentalUnitId).where(sql`${t.open}`),
    index('make_readies_company_unit_idx').on(t.companyId, t.rentalUnitId),
    index('make_readies_company_next_move_in_idx').on(t.companyId, t.nextMoveInDate),
    searchIndex('make_readies', t.searchText),
  ],
)

/** A make-ready's tasks, in order: a category, what to do, by when, who, its status and the work order doing it. */
export const makeReadyTasks = pgTable(
  'make_ready_tasks',
  {
    id: id(),
    companyId: companyId(),
    makeReadyId: uuid()
      .notNull()
      .references(() => makeReadies.id),
    position: integer().notNull(),
    categoryId: uuid()
      .notNull()
      .references(() => makeReadyTaskCategories.id),
    description: text().notNull(),
    /** TO_DO, IN_PROGRESS, DONE or SKIPPED. */
    status: text().notNull().default('TO_DO'),
    dueDate: date({ mode: 'string' }),
    assignedUserId: uuid().references(() => users.id),
    workOrderId: uuid().references(() => workOrders.id),
    cost: cents(),
  },
  (t) => [index('make_ready_tasks_make_ready_idx').on(t.makeReadyId, t.position)],
)
