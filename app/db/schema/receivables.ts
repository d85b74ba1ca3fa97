import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { leases } from './leasing'
import { accounts, bankAccounts } from './ledger'
import { workOrders } from './maintenance'
import { propertyGroups, propertyOwners, rentalUnits, residents } from './properties'

/*
 * Receivables (issue 16): invoices the company sends to residents, owners and other customers, and
 * the payments that pay them. An invoice posts Dr accounts receivable / Cr its lines' income accounts
 * and Cr sales tax payable in the transaction that makes it; a payment posts Dr the bank account it
 * was deposited to / Cr accounts receivable. What an invoice still owes is kept on it from the
 * payments still standing.
 */

/** One tax an invoice charges, as it was worked out on its date: GST 5 %, HST 13 %, PST 7 %… */
export type InvoiceTax = { code: string; label: string; rate: number; taxable: number; amount: number }

/**
 * What the company bills someone for: work done for an owner, a resident's damage, a commercial
 * tenant's recovery, a storage customer's extras. Numbered in sequence per company; due on its terms.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    companyId: companyId(),
    /** In sequence per company (ledger_settings.next_invoice_number), from its rules. */
    number: integer().notNull(),
    /** RESIDENT, OWNER or OTHER: who it is billed to. */
    customerType: text().notNull(),
    residentId: uuid().references(() => residents.id),
    propertyOwnerId: uuid().references(() => propertyOwners.id),
    leaseId: uuid().references(() => leases.id),
    /** Who it is billed to, as printed: the resident's or owner's name, or the customer's given. */
    customerName: text().notNull(),
    customerEmail: text(),
    customerAddress: text(),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    date: date({ mode: 'string' }).notNull(),
    terms: text(),
    /** Always set: given, or from its date and its terms (its rules fill it in). */
    dueDate: date({ mode: 'string' }),
    memo: text(),
    workOrderId: uuid().references(() => workOrders.id),
    /** The company's day it was last e-mailed to the customer. */
    emailedOn: date({ mode: 'string' }),
    duplicatedFromId: uuid().references((): AnyPgColumn => invoices.id),
    /** POSTED or VOID. */
    status: text().notNull(),
    /** Cents: the sum of its lines, before tax. */
    subtotal: cents().notNull().default(0),
    /** Cents: the taxes it charges. */
    taxAmount: cents().notNull().default(0),
    /** Cents: what it asks for, its subtotal and taxes. */
    amount: cents().notNull().default(0),
    paidAmount: cents().notNull().default(0),
    taxes: jsonb().$type<InvoiceTax[]>().notNull().default([]),
    /** The province whose taxes it charges (its property's, else the company's). */
    taxProvince: text(),
    owing: boolean().generatedAlwaysAs(sql`status = 'POSTED' and paid_amount < amount`),
    /** "Invoice 1042 · Jane Park": its name everywhere, kept by its rules. */
    label: text().notNull().default(''),
    searchText: searchColumn('customer_name', 'memo', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_company_number_idx').on(t.companyId, t.number),
    index('invoices_company_date_idx').on(t.companyId, t.date),
    index('invoices_company_owing_idx').on(t.companyId, t.dueDate).where(sql`${t.owing}`),
    check('invoices_amount_positive', sql`${t.amount} > 0`),
    check('invoices_paid_within_amount', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`),
    searchIndex('invoices', t.searchText),
  ],
)

/** One line of an invoice: what it is for, credited to an income account, taxable or exempt. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    companyId: companyId(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    description: text(),
    /** Cents. */
    amount: cents().notNull(),
    /** The work order it bills (invoicing work orders to a property makes one line each): a work order billed once. */
    workOrderId: uuid().references(() => workOrders.id),
    /** TAXABLE or EXEMPT: given, or by its property's type (its rules fill it in). */
    tax: text().notNull().default('EXEMPT'),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId), index('invoice_lines_work_order_idx').on(t.workOrderId).where(sql`${t.workOrderId} is not null`), check('invoice_lines_amount_positive', sql`${t.amount} > 0`)],
)

/** Money received for an invoice, deposited to one of the company's bank accounts. Voiding it reverses it. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    companyId: companyId(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    date: date({ mode: 'string' }).notNull(),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    method: text().notNull(),
    reference: text(),
    memo: text(),
    amount: cents().notNull(),
    /** RECEIVED or VOID. */
    status: text().notNull(),
    label: text().notNull().default(''),
    searchText: searchColumn('reference', 'memo', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoice_payments_company_invoice_idx').on(t.companyId, t.invoiceId),
    index('invoice_payments_company_date_idx').on(t.companyId, t.date),
    check('invoice_payments_amount_positive', sql`${t.amount} > 0`),
    searchIndex('invoice_payments', t.searchText),
  ],
)
