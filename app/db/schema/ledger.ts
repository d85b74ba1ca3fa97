import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { companies, users } from './platform'
import { vendors } from './payables'
import { propertyGroups, propertyOwners, rentalUnits, residents } from './properties'

/*
 * The ledger (DESIGN.md §6, ADR 006). Accounts form the chart; every money
 * document posts a journal entry of at least two lines summing to zero
 * through one posting function (app/ledger/posting.server.ts). Posted entries
 * and the amounts and accounts of their lines are never updated: a correction
 * is a reversal plus a replacement. Select values are text checked by the
 * domain (app/domain/ledger/), so a new choice needs no migration.
 */

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    companyId: companyId(),
    /** The account number people and reports sort by, e.g. "1010"; unique in a company. */
    number: text().notNull(),
    name: text().notNull(),
    /** ASSET, LIABILITY, EQUITY, INCOME or EXPENSE. */
    accountType: text().notNull(),
    /** Finer kind within the type (BANK, ACCOUNTS_RECEIVABLE, OPERATING_EXPENSE …): groups the statements. */
    subtype: text().notNull(),
    parentAccountId: uuid().references((): AnyPgColumn => accounts.id),
    description: text(),
    /** Receipts into this income account count toward the management fee. */
    subjectToManagementFee: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('number', 'name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_company_number_key').on(t.companyId, t.number), searchIndex('accounts', t.searchText)],
)

/** Which account plays each role the postings need (accounts receivable, undeposited funds …). */
export const defaultGlAccounts = pgTable(
  'default_gl_accounts',
  {
    companyId: companyId(),
    role: text().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.role] })],
)

/**
 * One row per company: the lock date (no posting on or before it) and the next
 * entry number. Posting takes this row's lock, so numbers have no gaps and a
 * posting cannot slip into a period while it is being locked.
 */
export const ledgerSettings = pgTable(
  'ledger_settings',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id),
    lockDate: date({ mode: 'string' }),
    nextEntryNumber: bigint({ mode: 'number' }).notNull().default(1),
    /** The number the company's next invoice takes. */
    nextInvoiceNumber: integer().notNull().default(1001),
    /** The month (1–12) the company's fiscal year starts in: where year-to-date figures and retained earnings begin. */
    fiscalYearStartMonth: integer().notNull().default(1),
    /** The company's GST/HST registration number (its business number and RT0001), printed on its invoices: customers need it to claim their input tax credits. */
    gstNumber: text(),
    updatedAt: updatedAt(),
  },
  (t) => [check('ledger_settings_fiscal_year_start_month', sql`${t.fiscalYearStartMonth} between 1 and 12`)],
)

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    companyId: companyId(),
    number: bigint({ mode: 'number' }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    memo: text(),
    /** BOTH, or ACCRUAL / CASH for an entry that belongs to one basis only (ADR 006). */
    basis: text().notNull().default('BOTH'),
    /** The document that posted it (JOURNAL_ENTRY, BANK_DEPOSIT, RECURRING_JOURNAL_ENTRY …) and why. */
    sourceType: text().notNull(),
    sourceId: uuid().notNull(),
    purpose: text().notNull(),
    reversesEntryId: uuid().references((): AnyPgColumn => journalEntries.id),
    replacesEntryId: uuid().references((): AnyPgColumn => journalEntries.id),
    createdById: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // Posting is idempotent per (source document, purpose).
    uniqueIndex('journal_entries_source_key').on(t.companyId, t.sourceType, t.sourceId, t.purpose),
    uniqueIndex('journal_entries_company_number_key').on(t.companyId, t.number),
    // An entry is reversed at most once, and replaced at most once; reading an entry looks both up.
    uniqueIndex('journal_entries_reverses_key').on(t.reversesEntryId),
    uniqueIndex('journal_entries_replaces_key').on(t.replacesEntryId),
    index('journal_entries_company_date_idx').on(t.companyId, t.date),
    index('journal_entries_company_source_idx').on(t.companyId, t.sourceId),
  ],
)

export const journalLines = pgTable(
  'journal_lines',
  {
    id: id(),
    companyId: companyId(),
    entryId: uuid()
      .notNull()
      .references(() => journalEntries.id),
    lineNumber: integer().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    /** The entry's date and basis, kept on each line so a statement reads one table. */
    date: date({ mode: 'string' }).notNull(),
    basis: text().notNull(),
    /** Cents: a debit is positive, a credit negative; an entry's lines sum to zero. */
    amount: cents().notNull(),
    memo: text(),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    // Checked to be the company's by the dimension registry.
    leaseId: uuid(),
    residentId: uuid().references(() => residents.id),
    vendorId: uuid().references((): AnyPgColumn => vendors.id),
    propertyOwnerId: uuid().references(() => propertyOwners.id),
    /** Memo and dimensions may be corrected (never the amount or account). */
    updatedAt: updatedAt(),
  },
  (t) => [
    check('journal_lines_amount_nonzero', sql`${t.amount} <> 0`),
    index('journal_lines_company_account_date_idx').on(t.companyId, t.accountId, t.date),
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_company_property_date_idx').on(t.companyId, t.propertyGroupId, t.date),
    // A lease's rent account reads its lines.
    index('journal_lines_company_lease_date_idx').on(t.companyId, t.leaseId, t.date).where(sql`${t.leaseId} is not null`),
  ],
)

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    /** OPERATING or TRUST (money held for owners and residents). */
    bankAccountType: text().notNull(),
    glAccountId: uuid()
      .notNull()
      .references(() => accounts.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    institutionName: text(),
    institutionNumber: text(),
    transitNumber: text(),
    /** Encrypted at rest; shown only by its last four digits. */
    accountNumber: text(),
    description: text(),
    /** EFT as the bank set it up for paying vendors from this account (CPA-005): the originator ID it assigned, its data centre, the name payees see. */
    eftOriginatorId: text(),
    eftDataCentre: text(),
    eftShortName: text(),
    /** The number of the last EFT file made from this account; the next is one more (a bank refuses a number twice). */
    eftFileNumber: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name', 'institution_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bank_accounts_gl_account_key').on(t.companyId, t.glAccountId), searchIndex('bank_accounts', t.searchText)],
)

export const creditCards = pgTable(
  'credit_cards',
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    glAccountId: uuid()
      .notNull()
      .references(() => accounts.id),
    issuer: text(),
    lastFour: text(),
    creditLimit: cents(),
    description: text(),
    isActive: boolean().notNull().default(true),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name', 'issuer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('credit_cards_gl_account_key').on(t.companyId, t.glAccountId), searchIndex('credit_cards', t.searchText)],
)

/** Undeposited receipts gathered into one deposit: Dr the bank, Cr undeposited funds. */
export const bankDeposits = pgTable(
  'bank_deposits',
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    date: date({ mode: 'string' }).notNull(),
    memo: text(),
    amount: cents().notNull(),
    journalEntryId: uuid().references(() => journalEntries.id),
    /** DEPOSITED: a deposit is made whole, in one step (its history says who made it, when). */
    status: text().notNull().default('DEPOSITED'),
    createdById: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('memo'),
  },
  (t) => [index('bank_deposits_company_date_idx').on(t.companyId, t.date), searchIndex('bank_deposits', t.searchText)],
)

/** The undeposited-funds debit lines a deposit gathered, its lines in order; a receipt is deposited once. */
export const bankDepositItems = pgTable(
  'bank_deposit_items',
  {
    // Not the primary key: that stays (company, receipt), which is what lets a receipt be deposited once.
    id: uuid().notNull().defaultRandom(),
    companyId: companyId(),
    bankDepositId: uuid()
      .notNull()
      .references(() => bankDeposits.id),
    journalLineId: uuid()
      .notNull()
      .references(() => journalLines.id),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.journalLineId] }), uniqueIndex('bank_deposit_items_id_key').on(t.id), index('bank_deposit_items_deposit_idx').on(t.bankDepositId)],
)

export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    statementDate: date({ mode: 'string' }).notNull(),
    statementEndingBalance: cents().notNull(),
    /** The previous final reconciliation's ending balance (zero for the first). */
    openingBalance: cents().notNull().default(0),
    /** DRAFT until marked final; a final reconciliation locks its cleared lines. */
    status: text().notNull().default('DRAFT'),
    finalizedAt: timestamp({ withTimezone: true }),
    finalizedById: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bank_reconciliations_account_date_idx').on(t.companyId, t.bankAccountId, t.statementDate)],
)

/** The bank account's journal lines ticked as cleared on a reconciliation. */
export const bankReconciliationItems = pgTable(
  'bank_reconciliation_items',
  {
    companyId: companyId(),
    bankReconciliationId: uuid()
      .notNull()
      .references(() => bankReconciliations.id, { onDelete: 'cascade' }),
    journalLineId: uuid()
      .notNull()
      .references(() => journalLines.id),
  },
  (t) => [primaryKey({ columns: [t.bankReconciliationId, t.journalLineId] }), index('bank_reconciliation_items_line_idx').on(t.journalLineId)],
)

/** Lines of a bank statement imported from CSV or OFX, each with the register line it matches once confirmed. */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: id(),
    companyId: companyId(),
    bankAccountId: uuid()
      .notNull()
      .references(() => bankAccounts.id),
    date: date({ mode: 'string' }).notNull(),
    description: text().notNull(),
    amount: cents().notNull(),
    /** The bank's own id for the transaction (OFX FITID), or a hash of the CSV row: importing twice adds nothing. */
    externalId: text().notNull(),
    matchedJournalLineId: uuid().references(() => journalLines.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bank_statement_lines_external_key').on(t.companyId, t.bankAccountId, t.externalId)],
)

/** A line of a recurring entry: cents as in journal_lines (a debit positive). */
export type RecurringLine = {
  accountId: string
  amount: number
  memo?: string | null
  propertyGroupId?: string | null
  rentalUnitId?: string | null
}

/** A journal entry posted every period by the scheduler, once per period whatever the number of app processes. */
export const recurringJournalEntries = pgTable(
  'recurring_journal_entries',
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    memo: text(),
    /** WEEKLY, MONTHLY, QUARTERLY or YEARLY. */
    frequency: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    isActive: boolean().notNull().default(true),
    /** Why the scheduler's last run could not post a period (a locked date, an inactive account); null once it posts cleanly. */
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
    createdById: uuid().references(() => users.id),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name', 'memo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('recurring_journal_entries_company_idx').on(t.companyId), searchIndex('recurring_journal_entries', t.searchText)],
)

/** A recurring entry's lines, in order: what each period posts, one journal line each. */
export const recurringJournalEntryLines = pgTable(
  'recurring_journal_entry_lines',
  {
    id: id(),
    companyId: companyId(),
    recurringJournalEntryId: uuid()
      .notNull()
      .references(() => recurringJournalEntries.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    /** Cents: a debit is positive, a credit negative (as on a journal line). */
    amount: cents().notNull(),
    memo: text(),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
  },
  (t) => [check('recurring_journal_entry_lines_amount_nonzero', sql`${t.amount} <> 0`), index('recurring_journal_entry_lines_entry_idx').on(t.recurringJournalEntryId, t.position)],
)

/**
 * How a cost passed on to an owner or a resident is marked up (a billable expense, a work order's
 * invoice): a percentage of the cost or a flat amount on top, booked to an income account.
 */
export const markupTypes = pgTable(
  'markup_types',
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    markupKind: text().notNull(),
    /** Hundredths of a percent of the cost (1000 = 10%). */
    percentage: integer(),
    flatAmount: cents(),
    /** The income account the markup is booked to. */
    incomeAccountId: uuid().references(() => accounts.id),
    description: text(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('markup_types_company_name_key').on(t.companyId, sql`lower(${t.name})`), searchIndex('markup_types', t.searchText)],
)

/**
 * A manual journal entry (ADR 013): a document whose lines are a journal entry's and whose
 * posting is itself. Its id is the chain id its postings carry (`source_type` JOURNAL_ENTRY,
 * `source_id`), so its original, reversals and replacements are its journal section. POSTED
 * while its latest version stands; VOID once that was reversed and nothing replaced it.
 */
export const manualJournalEntries = pgTable(
  'manual_journal_entries',
  {
    id: id(),
    companyId: companyId(),
    date: date({ mode: 'string' }).notNull(),
    memo: text(),
    status: text().notNull().default('POSTED'),
    /** The day its next correction or void posts the reversal on (one in an open period, when its own is locked); cleared once used. */
    reversalDate: date({ mode: 'string' }),
    createdById: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('memo'),
  },
  (t) => [index('manual_journal_entries_company_date_idx').on(t.companyId, t.date), searchIndex('manual_journal_entries', t.searchText)],
)

/** A manual entry's lines as its current version posts them: a debit positive, a credit negative, with a journal line's dimensions. */
export const manualJournalEntryLines = pgTable(
  'manual_journal_entry_lines',
  {
    id: id(),
    companyId: companyId(),
    manualJournalEntryId: uuid()
      .notNull()
      .references(() => manualJournalEntries.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    amount: cents().notNull(),
    memo: text(),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    // As on journal_lines: checked to be the company's by the dimension registry.
    leaseId: uuid(),
    residentId: uuid().references(() => residents.id),
    vendorId: uuid().references((): AnyPgColumn => vendors.id),
    propertyOwnerId: uuid().references(() => propertyOwners.id),
  },
  (t) => [check('manual_journal_entry_lines_amount_nonzero', sql`${t.amount} <> 0`), index('manual_journal_entry_lines_entry_idx').on(t.manualJournalEntryId, t.position)],
)
