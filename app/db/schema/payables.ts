import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Address } from '~/resources/engine/fields'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { accounts, bankAccounts } from './ledger'
import { workOrders } from './maintenance'
import { propertyGroups, rentalUnits } from './properties'

/*
 * Payables (issue 16): the vendors a company pays, their bills and the payments that pay them.
 * A bill posts Dr its lines' expense accounts / Cr accounts payable in the transaction that makes
 * it; a bill payment posts Dr accounts payable / Cr the bank account it was paid from. What a bill
 * still owes is kept on it from the allocations of the payments still standing.
 */

/**
 * Someone the company pays for goods or work: a plumber, the city, the insurer. Its bank details
 * pay it by EFT (the account number encrypted at rest, shown by its last four digits); its tax id
 * likewise; its insurance and WCB coverage lapse on their dates (a workspace warning says so).
 */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural` (migration 0043). */
    name: text().notNull(),
    trade: text(),
    contactName: text(),
    email: text(),
    phone: text(),
    website: text(),
    remittanceAddress: jsonb().$type<Address>(),
    /** DUE_ON_RECEIPT, NET_15, NET_30…: a bill's due date, from its date, when it names none. */
    paymentTerms: text().notNull().default('NET_30'),
    /** The account a new bill's lines are expensed to when they name none. */
    defaultExpenseAccountId: uuid().references(() => accounts.id),
    /** Canadian bank details for EFT: 3-digit institution, 5-digit transit, the account number encrypted. */
    bankInstitutionNumber: text(),
    bankTransitNumber: text(),
    bankAccountNumber: text(),
    /** Encrypted at rest; only its last four characters are ever shown. */
    taxId: text(),
    /** Its GST/HST registration number, printed on its invoices: input tax credits need it. */
    gstNumber: text(),
    /** Paid for services reported at year end (T4A in Canada, 1099 in the United States). */
    reportable: boolean().notNull().default(false),
    insuranceExpiresOn: date({ mode: 'string' }),
    wcbExpiresOn: date({ mode: 'string' }),
    /** The earlier of the two: when its coverage first lapses (what the vendors list sorts by, and the workspace warning reads). */
    coverageExpiresOn: date({ mode: 'string' }).generatedAlwaysAs(sql`least(insurance_expires_on, wcb_expires_on)`),
    isActive: boolean().notNull().default(true),
    searchText: searchColumn('name', 'contact_name', 'email', 'phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendors_company_name_idx').on(t.companyId, t.name),
    index('vendors_company_coverage_idx').on(t.companyId, t.coverageExpiresOn).where(sql`${t.isActive}`),
    searchIndex('vendors', t.searchText),
  ],
)

/**
 * What a vendor asks to be paid (SPEC.md §7 bills/): its lines by expense account, property and
 * unit; due on its date plus the vendor's terms unless given. POSTED until voided; what payments
 * have paid of it is kept in `paidAmount` from their allocations.
 */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    companyId: companyId(),
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id),
    /** The vendor's own invoice number. */
    reference: text(),
    date: date({ mode: 'string' }).notNull(),
    /** Always set: given, or from its date and the vendor's terms (its rules fill it in before it is stored). */
    dueDate: date({ mode: 'string' }),
    memo: text(),
    /** The work order the work was for, when it was one. */
    workOrderId: uuid().references(() => workOrders.id),
    /** POSTED or VOID. */
    status: text().notNull(),
    /** Cents: the sum of its lines. */
    amount: cents().notNull().default(0),
    /** Cents: what payments still standing have paid of it. */
    paidAmount: cents().notNull().default(0),
    /** Posted and not paid in full: what the bills list opens on, and bulk pay offers. */
    owing: boolean().generatedAlwaysAs(sql`status = 'POSTED' and paid_amount < amount`),
    /** Its name everywhere: "Bill 4411 · Rapid Plumbing of 2026-11-02", kept by its rules. Sorts naturally. */
    label: text().notNull().default(''),
    searchText: searchColumn('reference', 'memo', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bills_company_vendor_date_idx').on(t.companyId, t.vendorId, t.date),
    index('bills_company_date_idx').on(t.companyId, t.date),
    index('bills_company_owing_idx').on(t.companyId, t.dueDate).where(sql`${t.owing}`),
    check('bills_amount_positive', sql`${t.amount} > 0`),
    check('bills_paid_within_amount', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`),
    searchIndex('bills', t.searchText),
  ],
)

/** One line of a bill: what it was for, expensed to an account, for a property and unit. */
export const billLines = pgTable(
  'bill_lines',
  {
    id: id(),
    companyId: companyId(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
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
    index('bill_lines_bill_idx').on(t.billId),
    index('bill_lines_company_account_idx').on(t.companyId, t.accountId),
    check('bill_lines_amount_positive', sql`${t.amount} > 0`),
    check('bill_lines_tax_credit_within_tax', sql`${t.taxAmount} >= 0 and ${t.inputTaxCredit} >= 0 and ${t.inputTaxCredit} <= ${t.taxAmount}`),
  ],
)

/**
 * Money paid to a vendor (SPEC.md §7 bill-payments/): from one of the company's bank accounts, by
 * cheque, EFT or otherwise, applied to its bills (its lines). Only its memo and reference change
 * after; voiding it reverses its posting and its bills owe again.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: id(),
    companyId: companyId(),
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id),
    date: date({ mode: 'string' }).notNull(),
    /** The company's bank account the money left (its GL account is credited). */
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    method: text().notNull(),
    /** The cheque number or EFT trace. */
    reference: text(),
    memo: text(),
    /** Cents: the sum of its allocations. */
    amount: cents().notNull().default(0),
    /** PAID or VOID. */
    status: text().notNull(),
    /** "Payment of 2026-11-20 · Rapid Plumbing", kept by its rules. Sorts naturally. */
    label: text().notNull().default(''),
    /** The bulk payment it was made in (the bills paid together on the Pay Bills page); none when paid on its own. */
    bulkBillPaymentId: uuid().references((): AnyPgColumn => bulkBillPayments.id),
    /** When its remittance letter was last e-mailed to the vendor. */
    remittanceSentAt: timestamp({ withTimezone: true }),
    /** The EFT file it was sent to the bank in (its bank account's file number), once it was. */
    eftFileNumber: integer(),
    searchText: searchColumn('reference', 'memo', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bill_payments_company_bulk_idx').on(t.companyId, t.bulkBillPaymentId).where(sql`${t.bulkBillPaymentId} is not null`),
    index('bill_payments_company_vendor_date_idx').on(t.companyId, t.vendorId, t.date),
    index('bill_payments_company_date_idx').on(t.companyId, t.date),
    check('bill_payments_amount_positive', sql`${t.amount} > 0`),
    searchIndex('bill_payments', t.searchText),
  ],
)

/** What a bill payment paid of which bill. */
export const billPaymentAllocations = pgTable(
  'bill_payment_allocations',
  {
    id: id(),
    companyId: companyId(),
    paymentId: uuid()
      .notNull()
      .references(() => billPayments.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    billId: uuid()
      .notNull()
      .references(() => bills.id),
    /** Cents. */
    amount: cents().notNull(),
    /** What it paid for each property, in proportion to its bill's lines (null: the company's own): its posting's lines. */
    propertyShares: jsonb().$type<{ propertyGroupId: string | null; amount: number }[]>().notNull().default([]),
  },
  (t) => [
    index('bill_payment_allocations_payment_idx').on(t.paymentId),
    index('bill_payment_allocations_bill_idx').on(t.companyId, t.billId),
    check('bill_payment_allocations_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * Bills paid together (SPEC.md §7 bulk-bill-payments/): one run from the Pay Bills page or
 * `bills/bulk-mark-as-paid/`, from one bank account on one day, made of one payment per vendor.
 */
export const bulkBillPayments = pgTable(
  'bulk_bill_payments',
  {
    id: id(),
    companyId: companyId(),
    date: date({ mode: 'string' }).notNull(),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    method: text().notNull(),
    reference: text(),
    /** Cents: its payments' total. */
    amount: cents().notNull(),
    paymentCount: integer().notNull(),
    billCount: integer().notNull(),
    /** "Bills paid 2026-11-20 · Operating", kept by its service. Sorts naturally. */
    label: text().notNull(),
    searchText: searchColumn('reference', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bulk_bill_payments_company_date_idx').on(t.companyId, t.date), searchIndex('bulk_bill_payments', t.searchText)],
)
