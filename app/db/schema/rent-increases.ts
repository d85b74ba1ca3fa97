import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { leases } from './leasing'
import { propertyGroups } from './properties'

/**
 * Notices of rent increase made together (SPEC.md §7 bulk-rent-increase-notices/): one notice date,
 * one effective date and one increase for the leases picked (its lines), each becoming a rent
 * increase with its notice given; one PDF holds a letter per lease, and the letters can be mailed.
 */
export const bulkRentIncreaseNotices = pgTable(
  'bulk_rent_increase_notices',
  {
    id: id(),
    companyId: companyId(),
    /** The property whose leases it offers; none: every property's. */
    propertyGroupId: uuid().references(() => propertyGroups.id),
    noticeDate: date({ mode: 'string' }).notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    /** Hundredths of a percent; none: each lease's province's guideline for the year. */
    increasePercent: integer(),
    /** E-mail each letter to its lease's tenants as the notices are made. */
    emailResidents: boolean().notNull().default(false),
    /** When its letters were last e-mailed. */
    emailedAt: timestamp({ withTimezone: true }),
    /** ISSUED: made whole in one step, its history says who made it. */
    status: text().notNull(),
    memo: text(),
    searchText: searchColumn('memo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bulk_rent_increase_notices_company_date_idx').on(t.companyId, t.noticeDate), searchIndex('bulk_rent_increase_notices', t.searchText)],
)

/** The leases a bulk notice was made for (its lines), in order. */
export const bulkRentIncreaseNoticeLeases = pgTable(
  'bulk_rent_increase_notice_leases',
  {
    id: id(),
    companyId: companyId(),
    noticeId: uuid()
      .notNull()
      .references(() => bulkRentIncreaseNotices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
  },
  (t) => [index('bulk_rent_increase_notice_leases_notice_idx').on(t.noticeId)],
)

/**
 * A rent increase (SPEC.md §7 rent-increases/): a lease's new rent from a date, within its
 * province's law (the guideline, the notice, twelve months apart). Its status moves draft → notice
 * given → applied (or canceled); applying it ends the rent line of the lease's schedule the day
 * before and adds the new rent from its date, so the rent run charges it from then on.
 */
export const rentIncreases = pgTable(
  'rent_increases',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    /** Its lease's name, kept by the database (migration 0032) as a schedule's is. */
    label: text().notNull().default(''),
    status: text().notNull(),
    /** The lease's rent when the increase was made, in cents: kept by the database from the lease (migration 0032). */
    currentRent: cents().notNull(),
    newRent: cents().notNull(),
    effectiveDate: date({ mode: 'string' }).notNull(),
    /** When written notice was given; none while a draft. */
    noticeDate: date({ mode: 'string' }),
    /** Not held to the guideline (in Ontario, a unit first occupied after November 15, 2018), and why. */
    exempt: boolean().notNull().default(false),
    exemptionReason: text(),
    /** The bulk notice that made it, if one did. */
    bulkNoticeId: uuid().references(() => bulkRentIncreaseNotices.id),
    /** The schedule line it added when applied: the new rent from its date. */
    scheduleLineId: uuid(),
    /** Whether the lease's rent says the new rent yet: the rent run sets it once the date has come. */
    leaseRentUpdated: boolean().notNull().default(false),
    searchText: searchColumn('label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rent_increases_company_lease_idx').on(t.companyId, t.leaseId, t.effectiveDate),
    index('rent_increases_company_status_idx').on(t.companyId, t.status),
    index('rent_increases_company_bulk_idx').on(t.companyId, t.bulkNoticeId).where(sql`${t.bulkNoticeId} is not null`),
    // What the rent run reads each time: applied increases whose lease does not say the new rent yet.
    index('rent_increases_company_pending_idx').on(t.companyId, t.effectiveDate).where(sql`${t.status} = 'APPLIED' and not ${t.leaseRentUpdated}`),
    check('rent_increases_new_rent_positive', sql`${t.newRent} > 0`),
    check('rent_increases_current_rent_not_negative', sql`${t.currentRent} >= 0`),
    searchIndex('rent_increases', t.searchText),
  ],
)
