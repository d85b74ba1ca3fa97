import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { documents } from './attachments'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { accounts, bankAccounts } from './ledger'
import { workOrders } from './maintenance'
import { propertyGroups, rentalUnits, residents } from './properties'

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
    /** The day its residents signed it (the day it was activated, unless told): where time to lease counts to. */
    signedOn: date({ mode: 'string' }),
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

/**
 * What a lease is charged every period (SPEC.md §7 rent-payment-schedules/): its lines, each a
 * recurring charge with its amount and effective dates. The rent run charges each line once per
 * period (rent_charges' unique key), whatever the number of app processes.
 */
export const rentPaymentSchedules = pgTable(
  'rent_payment_schedules',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    /** Its lease's name, kept by the database (migration 0025) as the lease's own is. */
    label: text().notNull().default(''),
    /** A repeating value of payment-frequencies/ (MONTHLY, WEEKLY, BI_WEEKLY …). */
    frequency: text().notNull(),
    /** The day of the month a monthly period starts (31: the month's last day); the 1st when not set. */
    dueDay: integer(),
    startDate: date({ mode: 'string' }).notNull(),
    /** The last day it charges; empty: as long as the lease runs. */
    endDate: date({ mode: 'string' }),
    /** Why the rent run could not charge a period (a locked date, an inactive account); null once it charges cleanly. */
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
    /** Pre-authorized debit: the account the rent is debited from (its number encrypted at rest, only its last four digits ever shown), and the agreement's terms. */
    padAccountHolder: text(),
    padInstitutionNumber: text(),
    padTransitNumber: text(),
    padAccountNumber: text(),
    /** FIXED (the schedule's charges each period) or VARIABLE (what the lease owes on each due date). */
    padAmountType: text(),
    padWaivesPreNotification: boolean().notNull().default(false),
    searchText: searchColumn('label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rent_payment_schedules_company_lease_idx').on(t.companyId, t.leaseId),
    check('rent_payment_schedules_end_after_start', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    searchIndex('rent_payment_schedules', t.searchText),
  ],
)

/** A schedule's recurring charges, in order: rent, parking, pet rent and the like. */
export const rentPaymentScheduleLines = pgTable(
  'rent_payment_schedule_lines',
  {
    id: id(),
    companyId: companyId(),
    scheduleId: uuid()
      .notNull()
      .references(() => rentPaymentSchedules.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    chargeType: text().notNull(),
    description: text(),
    /** Cents per whole period. */
    amount: cents().notNull(),
    /** The income account; the company's rent income account when not set. */
    accountId: uuid().references(() => accounts.id),
    effectiveFrom: date({ mode: 'string' }),
    effectiveTo: date({ mode: 'string' }),
  },
  (t) => [index('rent_payment_schedule_lines_schedule_idx').on(t.scheduleId), check('rent_payment_schedule_lines_amount_positive', sql`${t.amount} > 0`)],
)

/**
 * A charge to a lease (SPEC.md §7 rent-receivables/, POST rent-charges/): one period of a schedule
 * line, or a one-off. It posts Dr accounts receivable / Cr its income account in the transaction
 * that makes it; voiding it reverses that. A schedule line is charged once per period: the unique
 * key below holds even when two rent runs race.
 */
export const rentCharges = pgTable(
  'rent_charges',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    date: date({ mode: 'string' }).notNull(),
    chargeType: text().notNull(),
    description: text().notNull(),
    /** Cents. */
    amount: cents().notNull(),
    /** The income account; empty: the company's account for its kind (rent income, late fee income). */
    accountId: uuid().references(() => accounts.id),
    /** POSTED or VOID. */
    status: text().notNull(),
    /** What payments still received have paid of it: kept from their allocations (~/leasing/payments), in the transaction that changes them. */
    paidAmount: cents().notNull().default(0),
    /** Whether it still owes something: posted and not paid in full (what the receivables list opens on). */
    owing: boolean().generatedAlwaysAs(sql`status = 'POSTED' and paid_amount < amount`),
    /** Its name everywhere: "Rent of 2026-11-01 · 102 · Bronson Court from 2026-07-01", kept by the database (migration 0026). */
    label: text().notNull().default(''),
    /** The lease's unit and property, kept by the database from the lease (migration 0025): the posting tags its lines with them. */
    rentalUnitId: uuid().references(() => rentalUnits.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    /** The schedule and line it was charged for, and the period; none for a one-off charge. A line removed from its schedule keeps its charges. */
    scheduleId: uuid().references(() => rentPaymentSchedules.id),
    scheduleLineId: uuid(),
    /** The rent charge a late fee was charged for: one late fee per charge (the unique key below). */
    forChargeId: uuid().references((): AnyPgColumn => rentCharges.id),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    /** The work order it charges for (generate-invoice): a work order is charged once, unless that charge is voided. */
    workOrderId: uuid().references(() => workOrders.id),
    searchText: searchColumn('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rent_charges_work_order_key').on(t.companyId, t.workOrderId).where(sql`${t.workOrderId} is not null and ${t.status} = 'POSTED'`),
    uniqueIndex('rent_charges_schedule_line_period_key').on(t.companyId, t.scheduleLineId, t.periodStart).where(sql`${t.scheduleLineId} is not null`),
    uniqueIndex('rent_charges_late_fee_key').on(t.companyId, t.forChargeId).where(sql`${t.forChargeId} is not null`),
    index('rent_charges_company_lease_date_idx').on(t.companyId, t.leaseId, t.date),
    index('rent_charges_company_date_idx').on(t.companyId, t.date),
    index('rent_charges_company_owing_idx').on(t.companyId, t.date).where(sql`${t.owing}`),
    check('rent_charges_amount_positive', sql`${t.amount} > 0`),
    check('rent_charges_paid_within_amount', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`),
    searchIndex('rent_charges', t.searchText),
  ],
)

/**
 * Money received for a lease (SPEC.md §7 rent-payments/): applied to its open charges (its lines),
 * any rest held as a credit for the next charge. It posts Dr undeposited funds / Cr receivables,
 * and waits there for a bank deposit; a payment the bank returns (NSF) posts the reverse on the day
 * it came back and stops paying its charges.
 */
export const rentPayments = pgTable(
  'rent_payments',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    /** Its name everywhere: "Payment of 2026-11-05 · 102 · Bronson Court from 2026-07-01", kept by the database (migration 0026). */
    label: text().notNull().default(''),
    date: date({ mode: 'string' }).notNull(),
    /** Cents. */
    amount: cents().notNull(),
    method: text().notNull(),
    /** The cheque number, e-Transfer or EFT reference. */
    reference: text(),
    memo: text(),
    /** RECEIVED or RETURNED. */
    status: text().notNull(),
    /** What its allocations apply to charges: kept from them (~/leasing/payments), in the transaction that writes them. */
    appliedAmount: cents().notNull().default(0),
    /** Whether it still holds a credit for the lease's next charges: received and not applied in full. */
    holdsCredit: boolean().generatedAlwaysAs(sql`status = 'RECEIVED' and applied_amount < amount`),
    returnedDate: date({ mode: 'string' }),
    /** The account its return took the money from: the bank's, once it was deposited, else undeposited funds. */
    returnedFromAccountId: uuid().references(() => accounts.id),
    /** The lease's unit and property, kept by the database from the lease (migration 0026). */
    rentalUnitId: uuid().references(() => rentalUnits.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    searchText: searchColumn('reference', 'memo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rent_payments_company_lease_date_idx').on(t.companyId, t.leaseId, t.date),
    index('rent_payments_company_date_idx').on(t.companyId, t.date),
    index('rent_payments_company_credit_idx').on(t.companyId, t.leaseId).where(sql`${t.holdsCredit}`),
    // The few payments the bank returned, by when: whether anything happened after a report's day.
    index('rent_payments_company_returned_idx').on(t.companyId, t.returnedDate).where(sql`${t.returnedDate} is not null`),
    check('rent_payments_amount_positive', sql`${t.amount} > 0`),
    searchIndex('rent_payments', t.searchText),
  ],
)

/** What a payment paid of which charge (its lines): chosen, applied oldest first, or applied later from its credit. */
export const rentPaymentAllocations = pgTable(
  'rent_payment_allocations',
  {
    id: id(),
    companyId: companyId(),
    paymentId: uuid()
      .notNull()
      .references(() => rentPayments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    chargeId: uuid()
      .notNull()
      .references(() => rentCharges.id),
    /** Cents. */
    amount: cents().notNull(),
  },
  (t) => [
    index('rent_payment_allocations_payment_idx').on(t.paymentId),
    index('rent_payment_allocations_charge_idx').on(t.companyId, t.chargeId),
    check('rent_payment_allocations_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * How a company charges for rent paid late (its default, or one property's): a flat amount or a
 * percent of what is owed, after grace days, at most a maximum; the rent run applies it within the
 * province's law (~/domain/leasing/provinces).
 */
export const lateFeePolicies = pgTable(
  'late_fee_policies',
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    /** The property it applies to; none: the company's default. */
    propertyGroupId: uuid().references(() => propertyGroups.id),
    /** FLAT or PERCENT. */
    feeType: text().notNull(),
    /** Cents, for a flat fee. */
    amount: cents(),
    /** Hundredths of a percent of what the charge still owes, for a percent fee. */
    percent: integer(),
    /** The most one late payment is charged, in cents. */
    maximum: cents(),
    graceDays: integer().notNull().default(5),
    isActive: boolean().notNull().default(true),
    searchText: searchColumn('name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One policy per property, and one default (no property): nulls count as equal.
    unique('late_fee_policies_property_key').on(t.companyId, t.propertyGroupId).nullsNotDistinct(),
    check('late_fee_policies_grace_days', sql`${t.graceDays} between 0 and 60`),
    searchIndex('late_fee_policies', t.searchText),
  ],
)

/**
 * A deposit a lease's residents paid the landlord to hold (SPEC.md §7 security-deposits/): a
 * damage or pet damage deposit where the province allows one, Ontario's last month's rent deposit,
 * a key deposit. Received, it posts Dr undeposited funds / Cr security deposits held, and stays
 * held until its lease's disposition settles it (~/domain/leasing/deposits has each province's rules).
 */
export const securityDeposits = pgTable(
  'security_deposits',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    /** "Last month’s rent deposit · 102 · Bronson Court from 2026-07-01", kept by the database (migration 0031). */
    label: text().notNull().default(''),
    depositType: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    /** Cents. */
    amount: cents().notNull(),
    method: text().notNull(),
    reference: text(),
    memo: text(),
    /** HELD, then SETTLED by the lease's disposition. */
    status: text().notNull(),
    dispositionId: uuid().references((): AnyPgColumn => depositDispositions.id),
    /**
     * The lease it was received under, once a renewal has taken it over (`leaseId` is the lease
     * holding it now): its receipt stays posted to that lease, and the renewal's entry moved it.
     */
    receivedLeaseId: uuid().references((): AnyPgColumn => leases.id),
    /** The lease's unit and property, kept by the database from the lease (migration 0031). */
    rentalUnitId: uuid().references(() => rentalUnits.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    searchText: searchColumn('reference', 'memo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('security_deposits_company_lease_idx').on(t.companyId, t.leaseId),
    check('security_deposits_amount_positive', sql`${t.amount} > 0`),
    searchIndex('security_deposits', t.searchText),
  ],
)

/**
 * What happens to a lease's deposits when its residents move out (SPEC.md §7, issue 14 item 5): each
 * deduction (against a charge still owing, or for damage where the province allows it), the interest
 * the deposits earned, and the refund paid from a bank account; due within the province's deadline.
 */
export const depositDispositions = pgTable(
  'deposit_dispositions',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    label: text().notNull().default(''),
    date: date({ mode: 'string' }).notNull(),
    /** Cents the deposits earned while held, refunded with them. */
    interest: cents().notNull().default(0),
    /** The expense account the interest is charged to. */
    interestAccountId: uuid().references(() => accounts.id),
    /** The bank account the refund is paid from. */
    bankAccountId: uuid().references(() => bankAccounts.id),
    forwardingAddress: text(),
    memo: text(),
    /** DRAFT, then COMPLETED. */
    status: text().notNull(),
    /** The payment that applied the deductions to the lease's charges, once completed. */
    paymentId: uuid().references(() => rentPayments.id),
    /** Its figures as they stood when it was completed, in cents: the deposits it settled and what it deducted from them. */
    heldAmount: cents(),
    deductedAmount: cents(),
    /** The bank's ledger account the refund was paid from, once completed. */
    refundAccountId: uuid().references(() => accounts.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    searchText: searchColumn('memo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deposit_dispositions_company_lease_idx').on(t.companyId, t.leaseId),
    check('deposit_dispositions_interest_not_negative', sql`${t.interest} >= 0`),
    searchIndex('deposit_dispositions', t.searchText),
  ],
)

/** A disposition's deductions (its lines): a charge still owing, paid from the deposits, or damage charged and paid from them. */
export const depositDispositionLines = pgTable(
  'deposit_disposition_lines',
  {
    id: id(),
    companyId: companyId(),
    dispositionId: uuid()
      .notNull()
      .references(() => depositDispositions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** The charge it pays; none: damage, charged to the lease when the disposition is completed. */
    chargeId: uuid().references(() => rentCharges.id),
    description: text(),
    /** Cents. */
    amount: cents().notNull(),
  },
  (t) => [index('deposit_disposition_lines_disposition_idx').on(t.dispositionId), check('deposit_disposition_lines_amount_positive', sql`${t.amount} > 0`)],
)

/**
 * A file kept on a lease (SPEC.md §7 lease-attachments/): what the lease keeps about one document of
 * the company's store, the file itself being that document (kept on the lease, its bytes in the file
 * store): which kind it is, a description, and whether the lease's residents read it in the
 * resident center. Every document kept on a lease is one (migration 0034).
 */
export const leaseAttachments = pgTable(
  'lease_attachments',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    /** Sorts naturally (Addendum 2 before Addendum 10): the column's collation is `natural` (migration 0034). */
    title: text().notNull(),
    category: text().notNull(),
    /** The document holding the file; its name and type follow the title and category. */
    fileId: uuid()
      .notNull()
      .references(() => documents.id),
    description: text(),
    sharedWithResidents: boolean().notNull().default(false),
    searchText: searchColumn('title', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lease_attachments_company_lease_idx').on(t.companyId, t.leaseId),
    uniqueIndex('lease_attachments_file_idx').on(t.fileId),
    searchIndex('lease_attachments', t.searchText),
  ],
)
