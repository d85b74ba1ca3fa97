import { sql } from 'drizzle-orm'
import { check, date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { accounts } from './ledger'
import { workOrders } from './maintenance'
import { bills, vendors } from './payables'
import { users } from './platform'
import { propertyGroups, rentalUnits } from './properties'

/*
 * Purchase orders (issue 16 item 6): what the company commits to buy from a vendor before the bill
 * comes. Drafted, sent for approval, approved (within the approver's limit) or rejected with a
 * reason, and fulfilled, which enters the vendor's bill from its lines. It posts nothing itself:
 * the bill it makes does.
 */

/**
 * One purchase order: its vendor and property, its dates, where the goods go, its lines and their
 * total; who approved or rejected it and when (their names kept as they were, ADR 011); the bill
 * fulfilling it made.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    companyId: companyId(),
    /** The company's own running number, from 1: "PO 12". */
    number: integer().notNull(),
    vendorId: uuid()
      .notNull()
      .references(() => vendors.id),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    date: date({ mode: 'string' }).notNull(),
    /** When the goods or work are needed by. */
    requiredBy: date({ mode: 'string' }),
    shipTo: text(),
    memo: text(),
    workOrderId: uuid().references(() => workOrders.id),
    /** DRAFT, PENDING_APPROVAL, APPROVED, REJECTED or FULFILLED. */
    status: text().notNull(),
    /** Cents: the sum of its lines. */
    amount: cents().notNull().default(0),
    /** "PO 12 · Rapid Plumbing", kept by its rules. Sorts naturally. */
    label: text().notNull().default(''),
    approvedById: uuid().references(() => users.id),
    approvedByName: text(),
    /** The company's day it was approved on (the instant is in its history). */
    approvedOn: date({ mode: 'string' }),
    rejectedById: uuid().references(() => users.id),
    rejectedByName: text(),
    rejectedOn: date({ mode: 'string' }),
    rejectionReason: text(),
    /** The bill fulfilling it entered. */
    billId: uuid().references(() => bills.id),
    searchText: searchColumn('memo', 'ship_to', 'label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchase_orders_company_number_key').on(t.companyId, t.number),
    index('purchase_orders_company_date_idx').on(t.companyId, t.date),
    index('purchase_orders_company_vendor_idx').on(t.companyId, t.vendorId, t.date),
    index('purchase_orders_company_bill_idx').on(t.companyId, t.billId),
    check('purchase_orders_amount_positive', sql`${t.amount} > 0`),
    searchIndex('purchase_orders', t.searchText),
  ],
)

/** One line of a purchase order: what, how many at what unit price, expensed to an account, for a property and unit. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: id(),
    companyId: companyId(),
    purchaseOrderId: uuid()
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** Filled from the vendor's default expense account when left out. */
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    description: text().notNull(),
    quantity: numeric({ precision: 12, scale: 2 }).notNull(),
    /** Cents. */
    unitPrice: cents().notNull(),
    /** Cents: quantity × unit price, rounded to the cent. */
    amount: cents().notNull(),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.purchaseOrderId),
    index('purchase_order_lines_company_account_idx').on(t.companyId, t.accountId),
    check('purchase_order_lines_amount_positive', sql`${t.amount} > 0`),
  ],
)
