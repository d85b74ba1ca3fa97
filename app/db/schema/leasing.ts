import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { rentalUnits, residents } from './properties'

/**
 * A lease: a unit let to residents for a term at a rent (SPEC.md §7 leases/). Its status moves
 * draft → active → notice → ended through its actions only, and the unit's status and its
 * residents' types follow it (ADR 013: a document).
 */
export const leases = pgTable(
  'leases',
  {
    id: id(),
    companyId: companyId(),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id),
    /**
     * The lease's name everywhere it appears: "102 · Bronson Court from 2026-07-01". The database
     * keeps it (triggers on this table and on rental_units, migration 0024), so a renamed unit
     * renames its leases too.
     */
    label: text().notNull().default(''),
    leaseType: text().notNull(),
    status: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    moveInDate: date({ mode: 'string' }),
    noticeDate: date({ mode: 'string' }),
    moveOutDate: date({ mode: 'string' }),
    /** Cents, per `rentFrequency`. */
    rent: cents().notNull(),
    rentFrequency: text().notNull(),
    /** The day of the month rent falls due (31: the month's last day); the 1st when not set. */
    rentDueDay: integer(),
    securityDeposit: cents(),
    lastMonthRentDeposit: cents(),
    keyDeposit: cents(),
    /** The lease this one renews; activating a renewal ends it. */
    renewsLeaseId: uuid().references((): AnyPgColumn => leases.id),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leases_company_unit_idx').on(t.companyId, t.rentalUnitId, t.status),
    index('leases_company_label_idx').on(t.companyId, t.label),
    index('leases_company_status_idx').on(t.companyId, t.status),
    check('leases_rent_not_negative', sql`${t.rent} >= 0`),
    check('leases_end_after_start', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    searchIndex('leases', t.searchText),
  ],
)

/** Who is on a lease, and as what (the lease's lines): each resident once per lease. */
export const leaseResidents = pgTable(
  'lease_residents',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    residentId: uuid()
      .notNull()
      .references(() => residents.id),
    role: text().notNull(),
  },
  (t) => [uniqueIndex('lease_residents_lease_resident_key').on(t.leaseId, t.residentId), index('lease_residents_resident_idx').on(t.companyId, t.residentId)],
)
