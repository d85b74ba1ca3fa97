import { sql } from 'drizzle-orm'
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { documents } from './attachments'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { accounts, bankAccounts, creditCards, markupTypes } from './ledger'
import { bills, vendors } from './payables'
import { propertyGroups, propertyOwners, rentalUnits, residents } from './properties'
import { invoices } from './receivables'

/**
 * An expense paid on the spot (SPEC.md §2 /app/record-expense/, issue 16 item 9): the hardware
 * store, the locksmith paid by card, the city's permit fee. One step: what it was for, the property,
 * the account, what was paid and from which bank account or credit card, the GST/HST it included
 * (claimed back as an input tax credit) and the receipt. It posts Dr the expense and the tax
 * credit / Cr the account it was paid from; voiding it reverses that.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    companyId: companyId(),
    date: date({ mode: 'string' }).notNull(),
    /** A vendor on file, or none: `payee` names who was paid. */
    vendorId: uuid().references(() => vendors.id),
    payee: text(),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    /** Paid from one of these: a bank account (debit card, cheque, e-Transfer) or a credit card. */
    bankAccountId: uuid().references(() => bankAccounts.id),
    creditCardId: uuid().references(() => creditCards.id),
    reference: text(),
    /** Cents: what was paid, taxes included. */
    amount: cents().notNull(),
    /** Cents: the GST/HST it included. */
    taxAmount: cents().notNull().default(0),
    /**
     * Cents: the part of that tax claimed back as an input tax credit; the rest is a cost of the
     * expense account. Always set when recorded (left empty, by the property's rule): nullable so
     * that a form may leave it empty.
     */
    inputTaxCredit: cents(),
    memo: text(),
    /** The receipt: a document of the company's store, kept on the property. */
    receiptId: uuid().references(() => documents.id),
    /** POSTED or VOID. */
    status: text().notNull(),
    /** "Expense of 2026-11-20 · Home Depot": its name everywhere, kept by its rules. */
    label: text().notNull().default(''),
    searchText: searchColumn('payee', 'reference', 'memo', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('expenses_company_date_idx').on(t.companyId, t.date),
    check('expenses_amount_positive', sql`${t.amount} > 0`),
    check('expenses_tax_within_amount', sql`${t.taxAmount} >= 0 and ${t.taxAmount} < ${t.amount}`),
    check('expenses_tax_credit_within_tax', sql`${t.inputTaxCredit} >= 0 and ${t.inputTaxCredit} <= ${t.taxAmount}`),
    check('expenses_paid_from_one', sql`(${t.bankAccountId} is null) <> (${t.creditCardId} is null)`),
    searchIndex('expenses', t.searchText),
  ],
)

/**
 * A cost passed on (issue 16 item 5): what a bill's line or an expense cost the company for an
 * owner's property or a resident (a repair the owner pays for, a resident's damage), billed to them
 * later with a markup. Invoicing it makes an invoice of its cost and its markup; it is then billed.
 */
export const billableExpenses = pgTable(
  'billable_expenses',
  {
    id: id(),
    companyId: companyId(),
    date: date({ mode: 'string' }).notNull(),
    description: text().notNull(),
    /** Cents: what it cost the company. */
    amount: cents().notNull(),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    /** OWNER or RESIDENT: who it is passed on to. */
    customerType: text().notNull(),
    propertyOwnerId: uuid().references(() => propertyOwners.id),
    residentId: uuid().references(() => residents.id),
    /** Where the cost came from, if from a bill or an expense paid on the spot. */
    billId: uuid().references(() => bills.id),
    expenseId: uuid().references(() => expenses.id),
    markupTypeId: uuid().references(() => markupTypes.id),
    /** The invoice it was billed on, once it was. */
    invoiceId: uuid().references(() => invoices.id),
    /** UNBILLED or BILLED. */
    status: text().notNull(),
    label: text().notNull().default(''),
    searchText: searchColumn('description', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billable_expenses_company_status_idx').on(t.companyId, t.status),
    check('billable_expenses_amount_positive', sql`${t.amount} > 0`),
    searchIndex('billable_expenses', t.searchText),
  ],
)
