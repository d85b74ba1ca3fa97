import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { users } from './platform'
import { vendors } from './payables'
import { propertyGroups, rentalUnits, residents } from './properties'

/** A company's own categories of work (plumbing, electrical…), seeded with defaults (migration 0035). */
export const workOrderCategories = pgTable(
  'work_order_categories',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural` (migration 0035). */
    name: text().notNull(),
    description: text(),
    searchText: searchColumn('name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('work_order_categories_company_name_key').on(t.companyId, sql`lower(${t.name})`), searchIndex('work_order_categories', t.searchText)],
)

/**
 * A company's own statuses, each on one of the fixed stages (operations.md §0): a work order's
 * stage is its engine state, its status the company's name for where it is (ADR 022).
 */
export const workOrderStatuses = pgTable(
  'work_order_statuses',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural` (migration 0035). */
    name: text().notNull(),
    stage: text().notNull(),
    description: text(),
    searchText: searchColumn('name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('work_order_statuses_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('work_order_statuses_company_stage_idx').on(t.companyId, t.stage),
    searchIndex('work_order_statuses', t.searchText),
  ],
)

/** A work order (SPEC.md §7 work-orders/): something to fix at a property, in a unit or a common area. */
export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural` (migration 0035). */
    subject: text().notNull(),
    description: text(),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    /** A common area ("Lobby") or where in the unit ("kitchen sink"). */
    location: text(),
    categoryId: uuid().references(() => workOrderCategories.id),
    priority: text().notNull(),
    /** The fixed stage: the engine's state. */
    stage: text().notNull(),
    /** The company's status on that stage. */
    statusId: uuid().references(() => workOrderStatuses.id),
    reportedByResidentId: uuid().references(() => residents.id),
    permissionToEnter: boolean().notNull().default(false),
    entryNotes: text(),
    petsOnPremises: boolean().notNull().default(false),
    residentConsent: boolean().notNull().default(false),
    /** The visit, as a day and a quarter hour on the company's clock, and the instant they make. */
    scheduledDate: date(),
    scheduledTime: text(),
    scheduledAt: timestamp({ withTimezone: true }),
    /** When written notice of entry was given: when the visit was scheduled in a lived-in unit. */
    entryNoticeAt: timestamp({ withTimezone: true }),
    dueDate: date(),
    /** Targets from its priority, set when it is made. */
    responseDueAt: timestamp({ withTimezone: true }),
    completionDueAt: timestamp({ withTimezone: true }),
    /** Who does the work: a maintenance technician (a user). */
    assignedUserId: uuid().references(() => users.id),
    /** An outside contractor doing the work, instead of or beside a technician. */
    vendorId: uuid().references((): AnyPgColumn => vendors.id),
    /** The work order this one was duplicated from. */
    duplicatedFromId: uuid().references((): AnyPgColumn => workOrders.id),
    /** Not closed or canceled: what the work orders list opens on. */
    open: boolean().generatedAlwaysAs(sql`stage not in ('CLOSED', 'CANCELED')`),
    searchText: searchColumn('subject', 'location', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_orders_company_stage_idx').on(t.companyId, t.stage),
    index('work_orders_company_property_idx').on(t.companyId, t.propertyGroupId),
    index('work_orders_company_vendor_idx').on(t.companyId, t.vendorId).where(sql`${t.vendorId} is not null`),
    index('work_orders_company_unit_idx').on(t.companyId, t.rentalUnitId),
    index('work_orders_company_created_idx').on(t.companyId, t.createdAt),
    index('work_orders_company_open_created_idx').on(t.companyId, t.createdAt).where(sql`${t.open}`),
    searchIndex('work_orders', t.searchText),
  ],
)

/**
 * A comment on a work order (SPEC.md §7 comments/): a word between the office, the technician and,
 * when it is shared, the resident who reported it. Comments are kept as written: never changed.
 */
export const workOrderComments = pgTable(
  'work_order_comments',
  {
    id: id(),
    companyId: companyId(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id),
    body: text().notNull(),
    /** Shown to the work order's resident in the resident center; otherwise the office's and technicians' only. */
    visibleToResident: boolean().notNull().default(false),
    /** Who wrote it: staff, a technician or the resident, as they were signed in, and their name then (ADR 011). */
    authorUserId: uuid().references(() => users.id),
    authorName: text().notNull().default(''),
    searchText: searchColumn('body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('work_order_comments_company_work_order_idx').on(t.companyId, t.workOrderId, t.createdAt), searchIndex('work_order_comments', t.searchText)],
)

/**
 * A work log (SPEC.md §7 work-logs/): one visit's labour (hours at the rate billed for them) and
 * the materials used, on a work order. Its amounts are what charging for the work adds up.
 */
export const workLogs = pgTable(
  'work_logs',
  {
    id: id(),
    companyId: companyId(),
    workOrderId: uuid()
      .notNull()
      .references(() => workOrders.id),
    /** Who did the work: a technician or other user of the company. */
    userId: uuid().references(() => users.id),
    workDate: date().notNull(),
    hours: numeric({ precision: 6, scale: 2 }).notNull().default('0'),
    hourlyRate: cents().notNull().default(0),
    /** hours × hourly rate, to the cent. */
    labourAmount: cents().notNull().default(0),
    /** The total of its materials' lines. */
    materialsAmount: cents().notNull().default(0),
    description: text(),
    searchText: searchColumn('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_logs_company_work_order_idx').on(t.companyId, t.workOrderId, t.workDate),
    searchIndex('work_logs', t.searchText),
    check('work_logs_hours_not_negative', sql`${t.hours} >= 0`),
  ],
)

/** A material used on a work log: what, how many, at what unit cost, and their amount. */
export const workLogMaterials = pgTable(
  'work_log_materials',
  {
    id: id(),
    companyId: companyId(),
    workLogId: uuid()
      .notNull()
      .references(() => workLogs.id),
    position: integer().notNull(),
    description: text().notNull(),
    quantity: numeric({ precision: 10, scale: 2 }).notNull(),
    unitCost: cents().notNull(),
    amount: cents().notNull(),
  },
  (t) => [index('work_log_materials_log_idx').on(t.workLogId, t.position)],
)

/**
 * A technician's time (SPEC.md §7 time-tracking-entries/): clocked in, against a work order or not,
 * and clocked out once. The hourly rate is kept as it was at clock-in (operations.md §4), so a
 * later raise changes no past entry; its minutes and amount are set at clock-out.
 */
export const timeTrackingEntries = pgTable(
  'time_tracking_entries',
  {
    id: id(),
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    workOrderId: uuid().references(() => workOrders.id),
    /** OPEN while clocked in, CLOSED once clocked out: the engine's state. */
    state: text().notNull().default('OPEN'),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    hourlyRate: cents().notNull().default(0),
    /** Whole minutes between clock-in and clock-out, set at clock-out. */
    minutes: integer(),
    /** minutes × hourly rate, to the cent, set at clock-out. */
    amount: cents(),
    notes: text(),
    searchText: searchColumn('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('time_tracking_entries_company_user_idx').on(t.companyId, t.userId, t.startedAt),
    searchIndex('time_tracking_entries', t.searchText),
    check('time_tracking_entries_ends_after_start', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
)
