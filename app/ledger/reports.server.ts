import { and, asc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { accounts, companies, journalEntries, journalLines, ledgerSettings, users } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import type { AccountType } from '~/domain/ledger/chart'
import { basesOf, yearStart, type AccountActivity, type AccountSums, type EntryTotals, type JournalEntryRow, type LedgerLine, type LedgerSlice, type ReportAccount, type ReportBasis } from '~/domain/ledger/reports'
import { dimensionColumns, dimensionLabels, joinDimensionLabels, lineLabels } from './dimensions.server'
import { joinLineLabels } from './journal.server'

/*
 * The statements' queries: journal lines summed or listed by company, date, basis and
 * property (each line carries its entry's date and basis, so a statement reads one table).
 * What they return is shaped by the pure functions of app/domain/ledger/reports.ts.
 */

export type LineFilter = { basis: ReportBasis; propertyGroupId?: string | null }

/** The lines a statement reads: this company's, on its basis, of one property when asked. */
function linesWhere(companyId: string, filter: LineFilter, ...conditions: (SQL | undefined)[]) {
  return and(
    eq(journalLines.companyId, companyId),
    inArray(journalLines.basis, basesOf(filter.basis)),
    filter.propertyGroupId ? eq(journalLines.propertyGroupId, filter.propertyGroupId) : undefined,
    ...conditions,
  )
}

const sum = (condition?: SQL) => (condition ? sql<number>`coalesce(sum(${journalLines.amount}) filter (where ${condition}), 0)` : sql<number>`coalesce(sum(${journalLines.amount}), 0)`).mapWith(Number)

/** The debits and the credits of the lines summed, each as a positive number of cents. */
const debitsAndCredits = () => ({
  debit: sum(sql`${journalLines.amount} > 0`),
  credit: sql<number>`coalesce(-sum(${journalLines.amount}) filter (where ${journalLines.amount} < 0), 0)`.mapWith(Number),
})

export async function reportAccounts(db: Executor, companyId: string): Promise<ReportAccount[]> {
  const rows = await db
    .select({ id: accounts.id, number: accounts.number, name: accounts.name, accountType: accounts.accountType, subtype: accounts.subtype, parentAccountId: accounts.parentAccountId, isActive: accounts.isActive })
    .from(accounts)
    .where(eq(accounts.companyId, companyId))
  return rows.map((r) => ({ ...r, accountType: r.accountType as AccountType }))
}

/** Each account's lines through `asOf`, in total and since the start of its fiscal year. */
export function accountSums(db: Executor, companyId: string, asOf: string, fiscalYearStart: string, filter: LineFilter): Promise<AccountSums[]> {
  return db
    .select({ accountId: journalLines.accountId, total: sum(), yearToDate: sum(gte(journalLines.date, fiscalYearStart)) })
    .from(journalLines)
    .where(linesWhere(companyId, filter, lte(journalLines.date, asOf)))
    .groupBy(journalLines.accountId)
}

/** Each account's lines summed over a range. */
export async function periodSums(db: Executor, companyId: string, range: { from: string; to: string }, filter: LineFilter) {
  const rows = await db
    .select({ accountId: journalLines.accountId, amount: sum() })
    .from(journalLines)
    .where(linesWhere(companyId, filter, gte(journalLines.date, range.from), lte(journalLines.date, range.to)))
    .groupBy(journalLines.accountId)
  return new Map(rows.map((r) => [r.accountId, r.amount]))
}

/** Each account's lines before `from`: all of them, and those before the start of its fiscal year. */
export async function sumsBefore(db: Executor, companyId: string, from: string, fiscalYearStart: string, filter: LineFilter, accountIds?: string[]) {
  const rows = await db
    .select({ accountId: journalLines.accountId, before: sum(), beforeThisYear: sum(lt(journalLines.date, fiscalYearStart)) })
    .from(journalLines)
    .where(linesWhere(companyId, filter, lt(journalLines.date, from), accountIds ? inArray(journalLines.accountId, accountIds) : undefined))
    .groupBy(journalLines.accountId)
  return new Map(rows.map((r) => [r.accountId, r]))
}

/**
 * The company's calendar for its books: today in its time zone, and the start of the fiscal
 * year a date falls in (the month set in its ledger settings, January by default).
 */
export async function booksCalendar(db: Executor, companyId: string) {
  const [row] = await db
    .select({ timeZone: companies.timeZone, startMonth: ledgerSettings.fiscalYearStartMonth })
    .from(companies)
    .leftJoin(ledgerSettings, eq(ledgerSettings.companyId, companies.id))
    .where(eq(companies.id, companyId))
  const startMonth = row?.startMonth ?? 1
  const timeZone = row?.timeZone ?? 'UTC'
  return { today: todayIn(timeZone), timeZone, fiscalYearStart: (date: string) => yearStart(date, startMonth) }
}

/** The date of the company's first entry, or null for empty books. */
export async function firstEntryDate(db: Executor, companyId: string) {
  const [row] = await db
    .select({ date: sql<string | null>`min(${journalEntries.date})` })
    .from(journalEntries)
    .where(eq(journalEntries.companyId, companyId))
  return row?.date ?? null
}

/** Each account's lines over a range: how many, and their debits and credits. */
export async function ledgerActivity(db: Executor, companyId: string, range: { from: string; to: string }, filter: LineFilter, accountIds?: string[]): Promise<Map<string, AccountActivity>> {
  const rows = await db
    .select({
      accountId: journalLines.accountId,
      lineCount: sql<number>`count(*)`.mapWith(Number),
      ...debitsAndCredits(),
    })
    .from(journalLines)
    .where(linesWhere(companyId, filter, gte(journalLines.date, range.from), lte(journalLines.date, range.to), accountIds ? inArray(journalLines.accountId, accountIds) : undefined))
    .groupBy(journalLines.accountId)
  return new Map(rows.map(({ accountId, ...activity }) => [accountId, activity]))
}

/**
 * The lines of some accounts over a range in ledger order (date, entry, line), with their entry,
 * the names of their dimensions, and each one's `running` sum within its account over the range.
 * Given `slices` (one page of a long ledger), only those positions of those accounts.
 */
export async function ledgerLines(
  db: Executor,
  companyId: string,
  range: { from: string; to: string },
  filter: LineFilter,
  accountIds?: string[],
  slices?: Map<string, LedgerSlice>,
): Promise<LedgerLine[]> {
  const order = sql`partition by ${journalLines.accountId} order by ${journalLines.date}, ${journalEntries.number}, ${journalLines.lineNumber}`
  const numbered = db
    .select({
      id: journalLines.id,
      accountId: journalLines.accountId,
      entryId: journalLines.entryId,
      entryNumber: sql<number>`${journalEntries.number}`.as('entry_number'),
      date: journalLines.date,
      sourceType: sql<string>`${journalEntries.sourceType}`.as('source_type'),
      memo: sql<string | null>`coalesce(${journalLines.memo}, ${journalEntries.memo})`.as('line_memo'),
      amount: journalLines.amount,
      ...dimensionColumns(),
      position: sql<number>`row_number() over (${order})`.as('position'),
      running: sql<number>`sum(${journalLines.amount}) over (${order} rows unbounded preceding)`.as('running'),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(linesWhere(companyId, filter, gte(journalLines.date, range.from), lte(journalLines.date, range.to), accountIds ? inArray(journalLines.accountId, accountIds) : undefined))
    .as('numbered')
  const shown = slices
    ? or(...[...slices].filter(([, s]) => s.to >= s.from).map(([accountId, s]) => sql`(${numbered.accountId} = ${accountId} and ${numbered.position} between ${s.from} and ${s.to})`))
    : undefined
  if (slices && !shown) return []
  const labelled = db
    .select({
      id: numbered.id,
      accountId: numbered.accountId,
      entryId: numbered.entryId,
      entryNumber: numbered.entryNumber,
      date: numbered.date,
      sourceType: numbered.sourceType,
      memo: numbered.memo,
      amount: numbered.amount,
      running: numbered.running,
      ...dimensionLabels(),
    })
    .from(numbered)
    .$dynamic()
  const rows = await joinDimensionLabels(labelled, numbered).where(shown).orderBy(asc(numbered.accountId), asc(numbered.position))
  return rows.map((r) => ({ ...r, entryNumber: Number(r.entryNumber), running: Number(r.running) }))
}

type EntryFilter = LineFilter & { sourceType?: string | null }

/** The entries the journal shows: this company's over a range, on the basis, of one source type and touching one property when asked. */
function entriesWhere(companyId: string, range: { from: string; to: string }, filter: EntryFilter) {
  const touchesProperty = filter.propertyGroupId
    ? sql`exists (select 1 from ${journalLines} where ${journalLines.entryId} = ${journalEntries.id} and ${journalLines.propertyGroupId} = ${filter.propertyGroupId})`
    : undefined
  return and(
    eq(journalEntries.companyId, companyId),
    inArray(journalEntries.basis, basesOf(filter.basis)),
    gte(journalEntries.date, range.from),
    lte(journalEntries.date, range.to),
    filter.sourceType ? eq(journalEntries.sourceType, filter.sourceType) : undefined,
    touchesProperty,
  )
}

/** How many entries the journal shows over a range, and the debits and credits of their lines. */
export async function entryTotals(db: Executor, companyId: string, range: { from: string; to: string }, filter: EntryFilter): Promise<EntryTotals> {
  const [row] = await db
    .select({
      entryCount: sql<number>`count(distinct ${journalEntries.id})`.mapWith(Number),
      ...debitsAndCredits(),
    })
    .from(journalEntries)
    .innerJoin(journalLines, and(eq(journalLines.entryId, journalEntries.id), eq(journalLines.companyId, companyId)))
    .where(entriesWhere(companyId, range, filter))
  return row ?? { entryCount: 0, debit: 0, credit: 0 }
}

/** Entries over a range (of one source type, touching one property when asked), oldest first; one page of them when asked. */
export async function entriesInRange(
  db: Executor,
  companyId: string,
  range: { from: string; to: string },
  filter: EntryFilter,
  page?: { offset: number; limit: number },
): Promise<JournalEntryRow[]> {
  const query = db
    .select({
      id: journalEntries.id,
      number: journalEntries.number,
      date: journalEntries.date,
      memo: journalEntries.memo,
      basis: journalEntries.basis,
      sourceType: journalEntries.sourceType,
      reversesEntryId: journalEntries.reversesEntryId,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(journalEntries)
    .leftJoin(users, eq(users.id, journalEntries.createdById))
    .where(entriesWhere(companyId, range, filter))
    .orderBy(asc(journalEntries.date), asc(journalEntries.number))
  return page ? query.limit(page.limit).offset(page.offset) : query
}

/** Lines of the entries `condition` picks, in entry order, for the journal and the export: account, amount and every dimension by name. */
export function entryLines(db: Executor, companyId: string, condition: SQL | undefined) {
  const lines = db
    .select({
      entryId: journalLines.entryId,
      entryNumber: journalEntries.number,
      entryDate: journalEntries.date,
      entryMemo: journalEntries.memo,
      entryBasis: journalEntries.basis,
      sourceType: journalEntries.sourceType,
      accountId: journalLines.accountId,
      accountLabel: lineLabels().accountLabel,
      amount: journalLines.amount,
      memo: journalLines.memo,
      ...dimensionColumns(),
      ...dimensionLabels(),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .$dynamic()
  return joinLineLabels(lines)
    .where(and(eq(journalLines.companyId, companyId), condition))
    .orderBy(asc(journalLines.date), asc(journalEntries.number), asc(journalLines.lineNumber))
}
