import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { notFound } from '~/domain/errors'
import { accounts, bankReconciliationItems, bankReconciliations, journalEntries, journalLines, users } from '~/db/schema'
import { DIMENSIONS, type DimensionLabelName, type DimensionName, type Dimensions } from '~/domain/ledger/dimensions'
import { debitCreditOf, SOURCE_TYPES, type Basis, type DraftLine } from '~/domain/ledger/entries'
import { containsPattern } from '~/db/like'
import { formatMoney } from '~/domain/money'
import { resourceNamed } from '~/resources'
import { dimensionTargets, joinDimensionLabels, lineLabels, type LabelKey } from './dimensions.server'

/*
 * Reading journal entries as the API shows them: an entry with its lines (debit and
 * credit columns, the names of accounts and dimensions), where it came from, and its
 * history: the original, each reversal and each replacement posted for the same document.
 */

export type EntryRow = typeof journalEntries.$inferSelect

export type EntryKind = 'ORIGINAL' | 'REVERSAL' | 'REPLACEMENT'
export const kindOf = (entry: Pick<EntryRow, 'reversesEntryId' | 'replacesEntryId'>): EntryKind =>
  entry.reversesEntryId ? 'REVERSAL' : entry.replacesEntryId ? 'REPLACEMENT' : 'ORIGINAL'

export const sourceLabel = (type: string) => SOURCE_TYPES.find((s) => s.value === type)?.label ?? resourceNamed(type)?.singular ?? type

/** Joins what `lineLabels` reads to a select from journal lines: the line's account and the records its dimensions name. */
export function joinLineLabels<Q extends PgSelect>(query: Q): Q {
  return joinDimensionLabels(query.innerJoin(accounts, eq(accounts.id, journalLines.accountId)) as unknown as Q)
}

/** A posted line with the names of its account and of what its dimensions point to. */
export type LineRow = { id: string; entryId: string; lineNumber: number; accountId: string; accountLabel: string; amount: number; memo: string | null } & Required<Dimensions> &
  Record<LabelKey, string | null>

/** The columns of a line and its labels, as linesOf and the register select them. */
export function lineColumns() {
  const labels = lineLabels()
  return Object.fromEntries(
    dimensionTargets().flatMap((d) => [
      [d.key, d.column],
      [d.labelKey, labels[d.labelKey]],
    ]),
  ) as Record<string, PgColumn | SQL>
}

/** The lines of some entries, with the names of what they point to, in entry then line order. */
export async function linesOf(db: Executor, companyId: string, entryIds: string[]): Promise<LineRow[]> {
  if (!entryIds.length) return []
  const lines = db
    .select({
      id: journalLines.id,
      entryId: journalLines.entryId,
      lineNumber: journalLines.lineNumber,
      accountId: journalLines.accountId,
      accountLabel: lineLabels().accountLabel,
      amount: journalLines.amount,
      memo: journalLines.memo,
      ...lineColumns(),
    })
    .from(journalLines)
    .$dynamic()
  return (await joinLineLabels(lines)
    .where(and(eq(journalLines.companyId, companyId), inArray(journalLines.entryId, entryIds)))
    .orderBy(asc(journalLines.entryId), asc(journalLines.lineNumber))) as LineRow[]
}

/** A line's dimensions and their names as the API writes them (`property_group_id`, `property_group_label`). */
export function dimensionsWithLabels(line: Required<Dimensions> & Partial<Record<LabelKey, string | null>>) {
  return Object.fromEntries(
    dimensionTargets().flatMap((d) => [
      [d.name, line[d.key]],
      [d.labelName, line[d.labelKey] ?? null],
    ]),
  ) as Record<DimensionName | DimensionLabelName, string | null>
}

export function lineJson(line: LineRow) {
  return { id: line.id, line_number: line.lineNumber, account_id: line.accountId, account_label: line.accountLabel, ...debitCreditOf(line.amount), memo: line.memo, ...dimensionsWithLabels(line) }
}

/** Draft lines from posted ones: what a reversal negates. */
export const draftLinesOf = (lines: LineRow[]): DraftLine[] =>
  lines.map((l) => ({ accountId: l.accountId, amount: l.amount, memo: l.memo, ...Object.fromEntries(DIMENSIONS.map((key) => [key, l[key]])) }))

const reversal = alias(journalEntries, 'reversal')
const replacement = alias(journalEntries, 'replacement')

/** Entries with who posted them and what reversed or replaced them. */
export function selectEntries(db: Executor) {
  return db
    .select({
      entry: journalEntries,
      createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      reversedById: reversal.id,
      reversedByNumber: reversal.number,
      replacedById: replacement.id,
      replacedByNumber: replacement.number,
      total: sql<number>`(select coalesce(sum(amount), 0) from ${journalLines} where ${journalLines.entryId} = ${journalEntries.id} and ${journalLines.amount} > 0)`.mapWith(Number),
    })
    .from(journalEntries)
    .leftJoin(users, eq(users.id, journalEntries.createdById))
    .leftJoin(reversal, eq(reversal.reversesEntryId, journalEntries.id))
    .leftJoin(replacement, eq(replacement.replacesEntryId, journalEntries.id))
    .$dynamic()
}

/** Entries are reversed (or not): a condition for selectEntries and countEntries. */
export const reversedIs = (reversed: boolean) => (reversed ? sql`${reversal.id} is not null` : sql`${reversal.id} is null`)

export async function countEntries(db: Executor, where: SQL | undefined) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(journalEntries)
    .leftJoin(reversal, eq(reversal.reversesEntryId, journalEntries.id))
    .where(where)
  return row.n
}

type SelectedEntry = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number]

export function entryJson(row: SelectedEntry) {
  const e = row.entry
  return {
    id: e.id,
    number: e.number,
    date: e.date,
    memo: e.memo,
    basis: e.basis as Basis,
    source_type: e.sourceType,
    source_label: sourceLabel(e.sourceType),
    source_id: e.sourceId,
    kind: kindOf(e),
    status: row.reversedById ? ('REVERSED' as const) : ('POSTED' as const),
    reverses_entry_id: e.reversesEntryId,
    reversed_by_entry_id: row.reversedById,
    reversed_by_number: row.reversedByNumber,
    replaces_entry_id: e.replacesEntryId,
    replaced_by_entry_id: row.replacedById,
    replaced_by_number: row.replacedByNumber,
    total: formatMoney(row.total),
    created_by_name: row.createdByName,
    created_at: e.createdAt.toISOString(),
  }
}

export type EntryDetail = NonNullable<Awaited<ReturnType<typeof entryDetail>>>

/** The entry with its lines and history, or not found. */
export async function journalEntryOf(db: Executor, companyId: string, id: string): Promise<EntryDetail> {
  const detail = isUuid(id) ? await entryDetail(db, companyId, id) : undefined
  if (!detail) throw notFound('No such journal entry.')
  return detail
}

/** One entry with its lines and history, or undefined. */
export async function entryDetail(db: Executor, companyId: string, id: string) {
  const [row] = await selectEntries(db).where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.id, id)))
  if (!row) return undefined
  const e = row.entry
  const [chain, lines, locked] = await Promise.all([
    selectEntries(db)
      .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.sourceType, e.sourceType), eq(journalEntries.sourceId, e.sourceId)))
      .orderBy(asc(journalEntries.number)),
    linesOf(db, companyId, [e.id]),
    reconciledLineCount(db, companyId, [e.id]),
  ])
  return detailJson(row, chain, lines, locked)
}

function detailJson(row: SelectedEntry, chain: SelectedEntry[], lines: LineRow[], locked: number) {
  const e = row.entry
  return {
    ...entryJson(row),
    editable: e.sourceType === 'JOURNAL_ENTRY' && !row.reversedById && !e.reversesEntryId && locked === 0,
    reconciled: locked > 0,
    lines: lines.map(lineJson),
    history: chain.map((c) => ({ id: c.entry.id, number: c.entry.number, date: c.entry.date, kind: kindOf(c.entry), memo: c.entry.memo, total: formatMoney(c.total), created_at: c.entry.createdAt.toISOString() })),
  }
}

/** How many of these entries' lines a final bank reconciliation has locked. */
export async function reconciledLineCount(db: Executor, companyId: string, entryIds: string[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bankReconciliationItems)
    .innerJoin(bankReconciliations, eq(bankReconciliations.id, bankReconciliationItems.bankReconciliationId))
    .innerJoin(journalLines, eq(journalLines.id, bankReconciliationItems.journalLineId))
    .where(and(eq(bankReconciliationItems.companyId, companyId), eq(bankReconciliations.status, 'FINAL'), inArray(journalLines.entryId, entryIds)))
  return row.n
}

/** A search of entries: the memo contains it, or it is the entry's number ("42" or "#42"). */
export function entryMatches(search: string) {
  const number = /^#?(\d{1,15})$/.exec(search)?.[1]
  const memo = sql`${journalEntries.memo} ilike ${containsPattern(search)}`
  return number ? or(memo, eq(journalEntries.number, Number(number))) : memo
}
