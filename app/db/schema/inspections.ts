import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { leases, rentCharges } from './leasing'
import { workOrders } from './maintenance'
import { users } from './platform'
import { propertyGroups, rentalUnits } from './properties'

/*
 * Inspections (issue 15 item 6, operations.md §2): a company's forms of rooms and items, and the
 * reports made from them, unit by unit (move-in, move-out, periodic…), each item rated with a note
 * and photos, finalized (locked and signed) once done.
 */

/** An inspection form (SPEC.md §2 property-inspection-forms): the rooms and items a report starts with. */
export const inspectionForms = pgTable(
  'inspection_forms',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural`. */
    name: text().notNull(),
    description: text(),
    isActive: boolean().notNull().default(true),
    searchText: searchColumn('name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inspection_forms_company_idx').on(t.companyId), searchIndex('inspection_forms', t.searchText)],
)

/** A form's items, in order: a room (repeated for each bedroom or bathroom of the unit, where it says so) and a thing in it. */
export const inspectionFormItems = pgTable(
  'inspection_form_items',
  {
    id: id(),
    companyId: companyId(),
    formId: uuid()
      .notNull()
      .references(() => inspectionForms.id),
    position: integer().notNull(),
    room: text().notNull(),
    item: text().notNull(),
    /** ONCE, EACH_BEDROOM or EACH_BATHROOM. */
    repeat: text().notNull().default('ONCE'),
    /** A photo must show the item when it is rated poor or damaged. */
    photoRequired: boolean().notNull().default(false),
  },
  (t) => [index('inspection_form_items_form_idx').on(t.formId, t.position)],
)

/**
 * An inspection report (SPEC.md §7 inspection-reports/, property-inspections/): one unit's
 * condition on a day, item by item. A move-out report is compared with the unit's move-in report;
 * a finalized one is locked and carries its signatures.
 */
export const inspectionReports = pgTable(
  'inspection_reports',
  {
    id: id(),
    companyId: companyId(),
    /** Its name everywhere: "Move-out inspection · 102 · Bronson Court · 2026-11-20", kept by its rules. Sorts naturally. */
    label: text().notNull(),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id),
    /** The unit's property, kept in the row for lists and filters. */
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    leaseId: uuid().references(() => leases.id),
    formId: uuid().references(() => inspectionForms.id),
    /** MOVE_IN, MOVE_OUT, PERIODIC, PRE_MOVE_OUT or TRANSFER. */
    inspectionType: text().notNull(),
    /** SCHEDULED, IN_PROGRESS, FINALIZED or CANCELED: the engine's state. */
    status: text().notNull(),
    scheduledDate: date({ mode: 'string' }),
    inspectedDate: date({ mode: 'string' }),
    inspectorUserId: uuid().references(() => users.id),
    /** The move-in report a move-out one is compared with, item by item. */
    moveInReportId: uuid().references((): AnyPgColumn => inspectionReports.id),
    summary: text(),
    /** The signatures, as typed names, kept when it was finalized. */
    inspectorSignature: text(),
    residentSignature: text(),
    residentRefusedToSign: boolean().notNull().default(false),
    finalizedAt: timestamp({ withTimezone: true }),
    finalizedBy: uuid().references(() => users.id),
    /** Scheduled or in progress: the inspections still to do. */
    open: boolean().generatedAlwaysAs(sql`status in ('SCHEDULED', 'IN_PROGRESS')`),
    searchText: searchColumn('label', 'summary'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inspection_reports_company_unit_idx').on(t.companyId, t.rentalUnitId),
    index('inspection_reports_company_property_idx').on(t.companyId, t.propertyGroupId),
    index('inspection_reports_company_open_idx').on(t.companyId, t.scheduledDate).where(sql`${t.open}`),
    index('inspection_reports_company_lease_idx').on(t.companyId, t.leaseId),
    searchIndex('inspection_reports', t.searchText),
  ],
)

/**
 * A report's items, in order: the room and item, its rating and note, and what it calls for: a
 * repair (a work order, opened when the report is finalized) or a charge to the resident.
 */
export const inspectionReportItems = pgTable(
  'inspection_report_items',
  {
    id: id(),
    companyId: companyId(),
    reportId: uuid()
      .notNull()
      .references(() => inspectionReports.id),
    position: integer().notNull(),
    room: text().notNull(),
    item: text().notNull(),
    /** NEW, GOOD, FAIR, POOR, DAMAGED or NOT_APPLICABLE; null until rated. */
    rating: text(),
    note: text(),
    photoRequired: boolean().notNull().default(false),
    /** NONE, REPAIR or CHARGE. */
    followUp: text().notNull().default('NONE'),
    chargeAmount: cents(),
    workOrderId: uuid().references(() => workOrders.id),
    chargeId: uuid().references(() => rentCharges.id),
  },
  (t) => [index('inspection_report_items_report_idx').on(t.reportId, t.position)],
)
