import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { accounts } from './ledger'
import { bills, vendors } from './payables'
import { propertyGroups, rentalUnits } from './properties'

/*
 * Vendor credits (issue 16 item 4): what a vendor owes the company back, from its credit memo. A
 * credit posts Dr accounts payable / Cr the expense accounts of its lines in the transaction that
 * makes it; it is then applied to the vendor's open bills, each application reducing what the
 * bill owes (the bill's `paidAmount` counts applications beside payments) and what is left of it.
 */

/**
 * One credit (SPEC.md §7 vendor-credits/): its vendor, its memo number, why (a fixed type), its
 * lines by expense account, property and unit. POSTED until voided; what applications still
 * standing have applied of it is kept in `appliedAmount`.
 */
export const vendorCredits = pgTable(
  'vendor_credits',
  {
    id: id(),
    companyId: companyId(),
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id),
    /** The vendor's credit memo number. */
    reference: text(),
    date: date({ mode: 'string' }).notNull(),
    /** RETURN, OVERBILLING, REBATE, WARRANTY or OTHER (vendor-credit-types/). */
    creditType: text().notNull(),
    memo: text(),
    /** POSTED or VOID. */
    status: text().notNull(),
    /** Cents: the sum of its lines. */
    amount: cents().notNull().default(0),
    /** Cents: what applications still standing have applied of it to bills. */
    appliedAmount: cents().notNull().default(0),
    /** Posted and not applied in full: what the credits list opens on, and what can be applied. */
    available: boolean().generatedAlwaysAs(sql`status = 'POSTED' and applied_amount < amount`),
    /** "Credit CM-118 · Rapid Plumbing of 2026-11-02", kept by its rules. Sorts naturally. */
    label: text().notNull().default(''),
    searchText: searchColumn('reference', 'memo', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_credits_company_vendor_date_idx').on(t.companyId, t.vendorId, t.date),
    index('vendor_credits_company_date_idx').on(t.companyId, t.date),
    check('vendor_credits_amount_positive', sql`${t.amount} > 0`),
    check('vendor_credits_applied_within_amount', sql`${t.appliedAmount} >= 0 and ${t.appliedAmount} <= ${t.amount}`),
    searchIndex('vendor_credits', t.searchText),
  ],
)

/** One line of a credit: what it was for, taken off an expense account, for a property and unit. */
export const vendorCreditLines = pgTable(
  'vendor_credit_lines',
  {
    id: id(),
    companyId: companyId(),
    vendorCreditId: uuid()
      .notNull()
      .references(() => vendorCredits.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    description: text(),
    /** Cents. */
    amount: cents().notNull(),
    /** Cents: the GST/HST (or QST) the vendor charged on the line, on top of its amount. */
    taxAmount: cents().notNull().default(0),
    /** Cents: the part of that tax claimed back as an input tax credit; the rest is a cost of the line's account. */
    inputTaxCredit: cents().notNull().default(0),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
  },
  (t) => [
    index('vendor_credit_lines_credit_idx').on(t.vendorCreditId),
    index('vendor_credit_lines_company_account_idx').on(t.companyId, t.accountId),
    check('vendor_credit_lines_amount_positive', sql`${t.amount} > 0`),
    check('vendor_credit_lines_tax_credit_within_tax', sql`${t.taxAmount} >= 0 and ${t.inputTaxCredit} >= 0 and ${t.inputTaxCredit} <= ${t.taxAmount}`),
  ],
)

/**
 * An application of a credit to one of its vendor's bills (SPEC.md §7 vendor-credit-transactions/):
 * on a day, an amount. It posts nothing. APPLIED until voided, when the bill owes that much again.
 */
export const vendorCreditApplications = pgTable(
  'vendor_credit_applications',
  {
    id: id(),
    companyId: companyId(),
    vendorCreditId: uuid()
      .notNull()
      .references(() => vendorCredits.id),
    billId: uuid()
      .notNull()
      .references(() => bills.id),
    /** The credit's vendor, kept so a vendor's page lists them. */
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id),
    date: date({ mode: 'string' }).notNull(),
    /** Cents. */
    amount: cents().notNull(),
    /** APPLIED or VOID. */
    status: text().notNull(),
    /** "Credit CM-118 · Rapid Plumbing of 2026-11-02 → Bill 4411 · …". Sorts naturally. */
    label: text().notNull().default(''),
    searchText: searchColumn('label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendor_credit_applications_credit_idx').on(t.companyId, t.vendorCreditId),
    index('vendor_credit_applications_bill_idx').on(t.companyId, t.billId),
    index('vendor_credit_applications_vendor_idx').on(t.companyId, t.vendorId, t.date),
    check('vendor_credit_applications_amount_positive', sql`${t.amount} > 0`),
    searchIndex('vendor_credit_applications', t.searchText),
  ],
)
