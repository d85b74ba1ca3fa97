import type { PermissionGroup } from '~/domain/permissions'
import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, gte, inArray, lte } from 'drizzle-orm'
import type { Context } from 'hono'
import { companies, journalEntries, propertyGroups } from '~/db/schema'
import { CASH_SUBTYPES, type AccountSubtype } from '~/domain/ledger/chart'
import { SOURCE_TYPES } from '~/domain/ledger/entries'
import {
  balanceSheetTable,
  chartOfAccountsTable,
  generalLedgerTable,
  incomeStatementTable,
  journalTransactionsTable,
  tableCsv,
  transactionRegisterTable,
  trialBalanceTable,
  type ReportTable,
} from '~/domain/ledger/report-tables'
import {
  balanceSheet,
  chartOfAccounts,
  comparisonRange,
  COMPARISONS,
  generalLedger,
  incomeStatement,
  JOURNAL_PAGE_SIZE,
  journalTransactions,
  LEDGER_PAGE_SIZE,
  ledgerAccounts,
  ledgerPageSlices,
  MAX_LEDGER_PAGE_SIZE,
  openingOf,
  pageOf,
  REPORT_BASES,
  transactionRegister,
  trialBalance,
  type AccountActivity,
  type AccountSums,
  type EntryTotals,
  type JournalEntryRow,
  type JournalPage,
  type LedgerLine,
  type LedgerSlice,
  type ReportAccount,
  type ReportBasis,
} from '~/domain/ledger/reports'
import { tablePdf } from '~/ledger/report-pdf.server'
import { accountSums, booksCalendar, entriesInRange, entryLines, entryTotals, firstEntryDate, ledgerActivity, ledgerLines, periodSums, reportAccounts, sumsBefore, type LineFilter } from '~/ledger/reports.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { badRequest } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * reporting/{statement}/: the financial statements, computed from the journal lines at
 * each request. Every statement answers JSON by default, or CSV or PDF with the same
 * filters through `?format=csv` / `?format=pdf` (one way for all of them).
 */

export const tags = ['Reporting']
/** Every statement is Reporting work; the report catalog page checks the same. */
export const REPORTING_PERMISSION = 'reporting' satisfies PermissionGroup
export const guard = signedIn(requireStaff(REPORTING_PERMISSION))

const pageSizeError = `Page size must be a whole number from 1 to ${MAX_LEDGER_PAGE_SIZE}.`
const pageSize = (fallback: number, what: string) =>
  z.coerce
    .number({ error: pageSizeError })
    .int(pageSizeError)
    .min(1, pageSizeError)
    .max(MAX_LEDGER_PAGE_SIZE, pageSizeError)
    .default(fallback)
    .openapi({ description: `${what} per page of the JSON answer (${fallback} by default); CSV and PDF hold them all` })
const Paging = {
  page: z.coerce.number({ error: 'Page must be a whole number from 1.' }).int('Page must be a whole number from 1.').min(1, 'Page must be a whole number from 1.').default(1),
  page_size: pageSize(LEDGER_PAGE_SIZE, 'Lines'),
}

const noSuchPage = () => badRequest('There is no such page.', { page: ['There is no such page: choose one from 1 to the last.'] })

/**
 * The lines a ledger shows: a page of them for JSON, every one for a download. The accounts are
 * laid out from their line counts, so a page reads only its own lines (with their running sums).
 */
async function ledgerSlice(
  query: { format: string; page: number; page_size: number },
  shown: ReportAccount[],
  activity: Map<string, AccountActivity>,
  read: (slices?: Map<string, LedgerSlice>) => Promise<LedgerLine[]>,
) {
  if (query.format !== 'json') return { lines: await read(), paging: undefined }
  const laid = ledgerPageSlices(
    shown.map((a) => ({ id: a.id, lineCount: activity.get(a.id)?.lineCount ?? 0 })),
    query.page,
    query.page_size,
  )
  if (!laid) throw noSuchPage()
  return { lines: await read(laid.slices), paging: { activity, slices: laid.slices, page: laid.page } }
}

export const Format = z.enum(['json', 'csv', 'pdf'], { error: 'Format must be json, csv or pdf.' }).default('json').openapi({ description: 'json (default), csv or pdf: the same statement as a download' })
const Basis = z.enum(REPORT_BASES.map((b) => b.value) as [ReportBasis, ...ReportBasis[]], { error: 'Basis must be accrual or cash.' }).default('accrual').openapi({ description: 'accrual (default): entries for both bases and accrual-only ones; cash: both and cash-only' })
export const PropertyId = z.uuid({ error: 'Choose a property.' }).optional().openapi({ description: 'Only the journal lines tagged with this property' })

const Common = z.object({ format: Format, basis: Basis, property_group_id: PropertyId })
const AsOfQuery = Common.extend({ as_of: dateInput('As of').optional().openapi({ description: 'Balances at the end of this day; today by default' }) })
const RangeQuery = Common.extend({
  date_from: dateInput('Date from').optional().openapi({ description: 'First day, inclusive; January 1 of date_to’s year by default' }),
  date_to: dateInput('Date to').optional().openapi({ description: 'Last day, inclusive; today by default' }),
})

export const Money = z.string().openapi({ example: '1250.00' })
const Filters = z.object({ basis: z.string(), property_group_id: z.string().nullable(), property_group_label: z.string().nullable() })
const Figure = z.object({ amount: Money, previous: Money.nullable(), change: Money.nullable() })
const Line = z.object({ account_id: z.string().nullable(), number: z.string(), name: z.string(), amount: Money, computed: z.enum(['PRIOR_YEARS_EARNINGS', 'CURRENT_YEAR_EARNINGS']).optional() })
const Sides = { debit: Money.nullable(), credit: Money.nullable() }

const BooksBegin = z.string().nullable().openapi({ description: 'The date of the first entry: where the prior years’ earnings begin' })

export const TrialBalance = z
  .object({
    filters: Filters,
    books_begin: BooksBegin,
    as_of: z.string(),
    year_start: z.string(),
    rows: z.array(z.object({ account_id: z.string().nullable().openapi({ description: 'null for the computed prior-years line' }), number: z.string(), name: z.string(), account_type: z.string(), ...Sides })),
    total_debit: Money,
    total_credit: Money,
    balanced: z.boolean(),
    difference: Money,
  })
  .openapi('TrialBalance')

export const BalanceSheet = z
  .object({
    filters: Filters,
    books_begin: BooksBegin,
    as_of: z.string(),
    year_start: z.string(),
    sections: z.array(z.object({ type: z.string(), label: z.string(), groups: z.array(z.object({ subtype: z.string(), label: z.string(), lines: z.array(Line), total: Money })), total: Money })),
    total_assets: Money,
    total_liabilities: Money,
    total_equity: Money,
    total_liabilities_and_equity: Money,
    balanced: z.boolean(),
    difference: Money,
  })
  .openapi('BalanceSheet')

export const IncomeStatement = z
  .object({
    filters: Filters,
    date_from: z.string(),
    date_to: z.string(),
    comparison: z.object({ compare: z.string(), date_from: z.string(), date_to: z.string() }).nullable(),
    sections: z.array(z.object({ key: z.string(), label: z.string(), rows: z.array(z.object({ account_id: z.string(), number: z.string(), name: z.string() }).extend(Figure.shape)), total: Figure })),
    net_operating_income: Figure,
    net_income: Figure,
  })
  .openapi('IncomeStatement')

const LedgerRow = z.object({
  id: z.string(),
  date: z.string(),
  entry_id: z.string(),
  entry_number: z.number().int(),
  source_type: z.string(),
  source_label: z.string(),
  memo: z.string().nullable(),
  property_group_label: z.string().nullable(),
  rental_unit_label: z.string().nullable(),
  resident_label: z.string().nullable(),
  property_owner_label: z.string().nullable(),
  ...Sides,
  balance: Money,
})

const Pagination = z
  .object({
    page: z.number().int(),
    page_size: z.number().int(),
    line_count: z.number().int().openapi({ description: 'Lines over the whole range' }),
    page_count: z.number().int(),
  })
  .openapi('LedgerPagination', { description: 'Which page of the lines this is (JSON only: CSV and PDF hold every line)' })
const Continued = {
  line_count: z.number().int().openapi({ description: 'The account’s lines over the whole range' }),
  first_line: z.number().int().openapi({ description: 'The position (from 1) of the first line shown; above 1 when the account continues from an earlier page' }),
  brought_forward: Money.openapi({ description: 'The balance before the first line shown: the opening balance on the first page' }),
}

export const GeneralLedger = z
  .object({
    filters: Filters,
    date_from: z.string(),
    date_to: z.string(),
    pagination: Pagination.optional(),
    accounts: z.array(
      z.object({
        account_id: z.string(),
        number: z.string(),
        name: z.string(),
        account_type: z.string(),
        normal_balance: z.enum(['DEBIT', 'CREDIT']),
        opening: Money,
        ...Continued,
        lines: z.array(LedgerRow),
        total_debit: Money.openapi({ description: 'Over the whole range' }),
        total_credit: Money.openapi({ description: 'Over the whole range' }),
        closing: Money.openapi({ description: 'opening + debits − credits over the whole range, in the account’s normal balance' }),
      }),
    ),
  })
  .openapi('GeneralLedger')

export const TransactionRegister = z
  .object({
    filters: Filters,
    account_id: z.string(),
    number: z.string(),
    name: z.string(),
    date_from: z.string(),
    date_to: z.string(),
    pagination: Pagination.optional(),
    opening: Money,
    ...Continued,
    lines: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        entry_id: z.string(),
        entry_number: z.number().int(),
        source_label: z.string(),
        memo: z.string().nullable(),
        property_group_label: z.string().nullable(),
        deposit: Money.nullable(),
        withdrawal: Money.nullable(),
        balance: Money,
      }),
    ),
    total_deposits: Money,
    total_withdrawals: Money,
    closing: Money,
  })
  .openapi('TransactionRegister')

export const JournalTransactions = z
  .object({
    filters: Filters,
    date_from: z.string(),
    date_to: z.string(),
    pagination: z
      .object({ page: z.number().int(), page_size: z.number().int(), entry_count: z.number().int(), page_count: z.number().int() })
      .optional()
      .openapi({ description: 'Which page of the entries this is (JSON only: CSV and PDF hold every entry)' }),
    entry_count: z.number().int().openapi({ description: 'Entries over the whole range' }),
    entries: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        date: z.string(),
        memo: z.string().nullable(),
        basis: z.string(),
        source_type: z.string(),
        source_label: z.string(),
        created_by_name: z.string().nullable(),
        reverses_entry_id: z.string().nullable(),
        lines: z.array(z.object({ account_id: z.string(), account_label: z.string(), memo: z.string().nullable(), property_group_label: z.string().nullable(), rental_unit_label: z.string().nullable(), ...Sides })),
        total_debit: Money,
        total_credit: Money,
      }),
    ),
    total_debit: Money.openapi({ description: 'Over the whole range' }),
    total_credit: Money.openapi({ description: 'Over the whole range' }),
    balanced: z.boolean(),
  })
  .openapi('JournalTransactions')

export const ChartOfAccounts = z
  .object({
    filters: Filters,
    as_of: z.string(),
    year_start: z.string(),
    accounts: z.array(
      z.object({
        account_id: z.string(),
        number: z.string(),
        name: z.string(),
        account_type: z.string(),
        account_type_label: z.string(),
        subtype: z.string(),
        subtype_label: z.string(),
        parent_account_id: z.string().nullable(),
        parent_label: z.string().nullable(),
        normal_balance: z.enum(['DEBIT', 'CREDIT']),
        is_active: z.boolean(),
        balance: Money.openapi({ description: 'In the account’s normal balance; this year’s for income and expense accounts' }),
      }),
    ),
    counts: z.array(z.object({ account_type: z.string(), label: z.string(), count: z.number().int() })),
  })
  .openapi('ChartOfAccounts')

/** JSON, or the statement as a CSV or PDF download. */
export const statementResponse = (schema: z.ZodType, description: string) => ({
  200: {
    description: `${description}. \`?format=csv\` answers text/csv and \`?format=pdf\` application/pdf, as an attachment.`,
    content: { 'application/json': { schema }, 'text/csv': { schema: z.string() }, 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
  },
  ...errorResponses(400, 401, 403),
})

export const router = createRouter()

/** The property a report is limited to, checked: its id and name (none: every property). */
export async function propertyFilter(c: Context<AppEnv>, propertyGroupId: string | undefined) {
  if (!propertyGroupId) return { id: null, label: null }
  const t = tenant(c)
  const [property] = await t.db.select({ name: propertyGroups.name }).from(propertyGroups).where(t.where(propertyGroups, eq(propertyGroups.id, propertyGroupId)))
  if (!property) throw badRequest('No such property.', { property_group_id: ['No such property.'] })
  return { id: propertyGroupId, label: property.name }
}

/** The property and basis a statement reads, checked; and how they read on a download's subtitle. */
async function filtersOf(c: Context<AppEnv>, query: { basis: ReportBasis; property_group_id?: string }) {
  const { label } = await propertyFilter(c, query.property_group_id)
  const filter: LineFilter = { basis: query.basis, propertyGroupId: query.property_group_id ?? null }
  const json = { basis: query.basis, property_group_id: query.property_group_id ?? null, property_group_label: label }
  const subtitle = [`${query.basis === 'cash' ? 'Cash' : 'Accrual'} basis`, label ? `Property: ${label}` : 'All properties']
  return { filter, json, subtitle }
}

const calendars = new WeakMap<Context<AppEnv>, ReturnType<typeof booksCalendar>>()

/** The company's calendar for its books (today, its fiscal year), read once per request. */
export function calendarOf(c: Context<AppEnv>) {
  let calendar = calendars.get(c)
  if (!calendar) {
    const t = tenant(c)
    calendars.set(c, (calendar = booksCalendar(t.db, t.companyId)))
  }
  return calendar
}

/** The asked range; by default from the start of the fiscal year to today. */
export async function rangeOf(c: Context<AppEnv>, query: { date_from?: string; date_to?: string }) {
  const calendar = await calendarOf(c)
  const to = query.date_to ?? calendar.today
  const from = query.date_from ?? calendar.fiscalYearStart(to)
  if (from > to) throw badRequest('Date from must be on or before date to.', { date_from: ['Date from must be on or before date to.'] })
  return { from, to }
}

/** Answers the statement in the asked format: JSON as is, or its table as CSV or PDF. */
export async function respond<T extends object>(c: Context<AppEnv>, format: 'json' | 'csv' | 'pdf', name: string, report: T, table: () => ReportTable) {
  if (format === 'json') return c.json(report, 200)
  const filename = `${name}-${(await calendarOf(c)).today}`
  if (format === 'csv') return c.body(tableCsv(table()), 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}.csv"` })
  const t = tenant(c)
  const [company] = await t.db.select({ name: companies.name }).from(companies).where(eq(companies.id, t.companyId))
  const pdf = await tablePdf(table(), company?.name ?? '')
  return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}.pdf"` })
}

/** Balances at the end of a day (today by default): each account's lines summed through it, and this fiscal year's. */
async function balancesAsOf(c: Context<AppEnv>, query: z.infer<typeof AsOfQuery>) {
  const t = tenant(c)
  const calendar = await calendarOf(c)
  const asOf = query.as_of ?? calendar.today
  const fiscalYearStart = calendar.fiscalYearStart(asOf)
  const { filter, json, subtitle } = await filtersOf(c, query)
  const [accounts, sums] = await Promise.all([reportAccounts(t.db, t.companyId), accountSums(t.db, t.companyId, asOf, fiscalYearStart, filter)])
  return { asOf, fiscalYearStart, json, subtitle, accounts, sums }
}

/** A statement of balances at the end of a day, with the date the books begin. */
async function asOfStatement<R>(c: Context<AppEnv>, query: z.infer<typeof AsOfQuery>, compute: (accounts: ReportAccount[], sums: AccountSums[], asOf: string, fiscalYearStart: string) => R) {
  const t = tenant(c)
  const [{ asOf, fiscalYearStart, json, subtitle, accounts, sums }, booksBegin] = await Promise.all([balancesAsOf(c, query), firstEntryDate(t.db, t.companyId)])
  return { query, subtitle, report: { filters: json, books_begin: booksBegin, ...compute(accounts, sums, asOf, fiscalYearStart) } }
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/trial-balance',
    tags,
    summary: 'Trial balance as of a date: each account with a balance as a debit or a credit (income and expenses for the year so far, earlier years as one retained-earnings line); the two columns are equal',
    ...guard,
    request: { query: AsOfQuery },
    responses: statementResponse(TrialBalance, 'The trial balance'),
  }),
  async (c) => {
    const { query, report, subtitle } = await asOfStatement(c, c.req.valid('query'), trialBalance)
    return respond(c, query.format, 'trial-balance', report, () => trialBalanceTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/balance-sheet',
    tags,
    summary: 'Balance sheet as of any date: assets, liabilities and equity by subtype, with retained earnings and this year’s net income computed; assets = liabilities + equity',
    ...guard,
    request: { query: AsOfQuery },
    responses: statementResponse(BalanceSheet, 'The balance sheet'),
  }),
  async (c) => {
    const { query, report, subtitle } = await asOfStatement(c, c.req.valid('query'), balanceSheet)
    return respond(c, query.format, 'balance-sheet', report, () => balanceSheetTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/income-statement',
    tags,
    summary: 'Income statement for a range: income, operating expenses, net operating income, non-operating lines and net income; optionally beside the previous period or the same period last year',
    ...guard,
    request: {
      query: RangeQuery.extend({
        compare: z
          .enum(COMPARISONS.map((x) => x.value) as ['previous_period', 'previous_year'], { error: 'Compare must be previous_period or previous_year.' })
          .optional()
          .openapi({ description: 'previous_period: the period of equal length just before; previous_year: the same dates a year earlier' }),
      }),
    },
    responses: statementResponse(IncomeStatement, 'The income statement'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const range = await rangeOf(c, query)
    const { filter, json, subtitle } = await filtersOf(c, query)
    const previous = query.compare ? comparisonRange(range.from, range.to, query.compare) : null
    const [accounts, sums, previousSums] = await Promise.all([
      reportAccounts(t.db, t.companyId),
      periodSums(t.db, t.companyId, range, filter),
      previous ? periodSums(t.db, t.companyId, previous, filter) : null,
    ])
    const report = { filters: json, ...incomeStatement(accounts, sums, range, previous && previousSums ? { ...previous, compare: query.compare!, sums: previousSums } : undefined) }
    return respond(c, query.format, 'income-statement', report, () => incomeStatementTable(report, subtitle))
  },
)

const AccountIds = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const ids = value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []
    if (ids.some((id) => !z.uuid().safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: 'Choose accounts by id (several separated by commas).' })
      return z.NEVER
    }
    return ids.length ? ids : undefined
  })
  .openapi({ type: 'string', description: 'One account id, or several separated by commas; every account by default' })

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/general-ledger',
    tags,
    summary: 'General ledger for a range: per account the opening balance, every line with its entry, source, memo, dimensions and running balance, and the closing balance',
    ...guard,
    request: { query: RangeQuery.extend({ account_id: AccountIds, ...Paging }) },
    responses: statementResponse(GeneralLedger, 'The general ledger'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const range = await rangeOf(c, query)
    const { filter, json, subtitle } = await filtersOf(c, query)
    const [accounts, before, activity] = await Promise.all([
      reportAccounts(t.db, t.companyId),
      sumsBefore(t.db, t.companyId, range.from, (await calendarOf(c)).fiscalYearStart(range.from), filter, query.account_id),
      ledgerActivity(t.db, t.companyId, range, filter, query.account_id),
    ])
    const chosen = query.account_id ? accounts.filter((a) => query.account_id!.includes(a.id)) : accounts
    if (query.account_id && chosen.length !== query.account_id.length) throw badRequest('No such account.', { account_id: ['No such account.'] })
    const openings = new Map(chosen.map((a) => [a.id, openingOf(a, before.get(a.id) ?? { before: 0, beforeThisYear: 0 })]))
    const { lines, paging } = await ledgerSlice(query, ledgerAccounts(chosen, openings, activity), activity, (slices) => ledgerLines(t.db, t.companyId, range, filter, query.account_id, slices))
    const report = { filters: json, ...generalLedger(chosen, openings, lines, range, paging) }
    return respond(c, query.format, 'general-ledger', report, () => generalLedgerTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/transaction-register',
    tags,
    summary: 'The register of one bank, cash, undeposited-funds or credit-card account: deposits, withdrawals and the running balance from all earlier history',
    ...guard,
    request: {
      query: RangeQuery.extend({ account_id: z.uuid({ error: 'Choose a bank or cash account.' }).openapi({ description: 'The bank or cash account (its GL account id)' }), ...Paging }),
    },
    responses: statementResponse(TransactionRegister, 'The register'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const range = await rangeOf(c, query)
    const { filter, json, subtitle } = await filtersOf(c, query)
    const account = (await reportAccounts(t.db, t.companyId)).find((a) => a.id === query.account_id)
    if (!account || !CASH_SUBTYPES.includes(account.subtype as AccountSubtype)) throw badRequest('Choose a bank or cash account.', { account_id: ['Choose a bank or cash account.'] })
    const [before, activity] = await Promise.all([
      sumsBefore(t.db, t.companyId, range.from, (await calendarOf(c)).fiscalYearStart(range.from), filter, [account.id]),
      ledgerActivity(t.db, t.companyId, range, filter, [account.id]),
    ])
    const { lines, paging } = await ledgerSlice(query, [account], activity, (slices) => ledgerLines(t.db, t.companyId, range, filter, [account.id], slices))
    const accountPaging = paging && { activity: activity.get(account.id) ?? { lineCount: 0, debit: 0, credit: 0 }, slice: paging.slices.get(account.id) ?? { from: 1, to: 0 }, page: paging.page }
    const report = { filters: json, ...transactionRegister(account, before.get(account.id)?.before ?? 0, lines, range, accountPaging) }
    return respond(c, query.format, 'transaction-register', report, () => transactionRegisterTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/journal-transactions',
    tags,
    summary: 'Every journal entry in a range with its lines (of one source when asked; touching the property when asked), each entry’s totals and the grand totals',
    ...guard,
    request: {
      query: RangeQuery.extend({
        source_type: z.enum(SOURCE_TYPES.map((s) => s.value) as [string, ...string[]], { error: `Source must be one of: ${SOURCE_TYPES.map((s) => s.value).join(', ')}.` }).optional(),
        page: Paging.page,
        page_size: pageSize(JOURNAL_PAGE_SIZE, 'Entries'),
      }),
    },
    responses: statementResponse(JournalTransactions, 'The journal'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const range = await rangeOf(c, query)
    const { filter, json, subtitle } = await filtersOf(c, query)
    const entryFilter = { ...filter, sourceType: query.source_type }
    let paging: { totals: EntryTotals; page: JournalPage } | undefined
    let entries: JournalEntryRow[]
    if (query.format === 'json') {
      const totals = await entryTotals(t.db, t.companyId, range, entryFilter)
      const page = pageOf(totals.entryCount, query.page, query.page_size)
      if (!page) throw noSuchPage()
      paging = { totals, page: { page: page.page, page_size: page.pageSize, entry_count: totals.entryCount, page_count: page.pageCount } }
      entries = await entriesInRange(t.db, t.companyId, range, entryFilter, { offset: page.offset, limit: page.pageSize })
    } else entries = await entriesInRange(t.db, t.companyId, range, entryFilter)
    const lines = entries.length
      ? await entryLines(t.db, t.companyId, and(gte(journalEntries.date, range.from), lte(journalEntries.date, range.to), inArray(journalEntries.id, entries.map((e) => e.id))))
      : []
    const report = { filters: json, ...journalTransactions(entries, lines, range, paging) }
    return respond(c, query.format, 'journal-transactions', report, () => journalTransactionsTable(report, subtitle))
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/chart-of-accounts',
    tags,
    summary: 'The chart of accounts: number, name, type, subtype, parent, normal balance, active, and each balance as of a date',
    ...guard,
    request: {
      query: AsOfQuery.extend({
        is_active: z.enum(['true', 'false'], { error: 'Is active must be true or false.' }).optional().openapi({ description: 'Only active (true) or inactive (false) accounts; all by default' }),
      }),
    },
    responses: statementResponse(ChartOfAccounts, 'The chart of accounts'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const { asOf, fiscalYearStart, json, subtitle, accounts: all, sums } = await balancesAsOf(c, query)
    const accounts = query.is_active ? all.filter((a) => a.isActive === (query.is_active === 'true')) : all
    const report = { filters: json, ...chartOfAccounts(accounts, sums, asOf, fiscalYearStart) }
    return respond(c, query.format, 'chart-of-accounts', report, () => chartOfAccountsTable(report, subtitle))
  },
)
