import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias, type PgSelect } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { accounts, bankReconciliationItems, bankReconciliations, journalEntries, journalLines, propertyGroups, propertyOwners, rentalUnits, residents, users } from '~/db/schema'
import { debitCreditOf, SOURCE_TYPES, type Basis, type DraftLine } from '~/domain/ledger/entries'
import { containsPattern } from '~/db/like'
import { formatMoney } from '~/domain/money'

/*
 * Reading journal entries as the API shows them: an entry with its lines (debit and
 * credit columns, the names of accounts and dimensions), where it came from, and its
 * history: the original, each reversal and each replacement posted for the same document.
 */

export type EntryRow = typeof journalEntries.$inferSelect

export type EntryKind = 'ORIGINAL' | 'REVERSAL' | 'REPLACEMENT'
export const kindOf = (entry: Pick<EntryRow, 'reversesEntryId' | 'replacesEntryId'>): EntryKind =>
  entry.reversesEntryId ? 'REVERSAL' : entry.replacesEntryId ? 'REPLACEMENT' : 'ORIGINAL'

export const sourceLabel = (type: string) => SOURCE_TYPES.find((s) => s.value === type)?.label ?? type

/** How a line names what it points to, with each table joined under its own name. */
export const lineLabels = {
  accountLabel: sql<string>`${accounts.number} || ' · ' || ${accounts.name}`,
  propertyGroupLabel: sql<string | null>`${propertyGroups.name}`,
  rentalUnitLabel: sql<string | null>`${rentalUnits.label}`,
  residentLabel: sql<string | null>`${residents.firstName} || ' ' || ${residents.lastName}`,
  propertyOwnerLabel: sql<string | null>`coalesce(${propertyOwners.companyName}, ${propertyOwners.firstName} || ' ' || ${propertyOwners.lastName})`,
}

/** Joins what `lineLabels` reads to a select from journal lines: the line's account and the records its dimensions name. */
export function joinLineLabels<Q extends PgSelect>(query: Q): Q {
  return query
    .innerJoin(accounts, eq(accounts.id, journalLines.accountId))
    .leftJoin(propertyGroups, eq(propertyGroups.id, journalLines.propertyGroupId))
    .leftJoin(rentalUnits, eq(rentalUnits.id, journalLines.rentalUnitId))
    .leftJoin(residents, eq(residents.id, journalLines.residentId))
    .leftJoin(propertyOwners, eq(propertyOwners.id, journalLines.propertyOwnerId)) as unknown as Q
}

/** The lines of some entries, with the names of what they point to, in entry then line order. */
export async function linesOf(db: Executor, companyId: string, entryIds: string[]) {
  if (!entryIds.length) return []
  const lines = db
    .select({
      id: journalLines.id,
      entryId: journalLines.entryId,
      lineNumber: journalLines.lineNumber,
      accountId: journalLines.accountId,
      accountLabel: lineLabels.accountLabel,
      amount: journalLines.amount,
      memo: journalLines.memo,
      propertyGroupId: journalLines.propertyGroupId,
      propertyGroupLabel: lineLabels.propertyGroupLabel,
      rentalUnitId: journalLines.rentalUnitId,
      rentalUnitLabel: lineLabels.rentalUnitLabel,
      leaseId: journalLines.leaseId,
      residentId: journalLines.residentId,
      residentLabel: lineLabels.residentLabel,
      vendorId: journalLines.vendorId,
      propertyOwnerId: journalLines.propertyOwnerId,
      propertyOwnerLabel: lineLabels.propertyOwnerLabel,
    })
    .from(journalLines)
    .$dynamic()
  return joinLineLabels(lines)
    .where(and(eq(journalLines.companyId, companyId), inArray(journalLines.entryId, entryIds)))
    .orderBy(asc(journalLines.entryId), asc(journalLines.lineNumber))
}

export type LineRow = Awaited<ReturnType<typeof linesOf>>[number]

export function lineJson(line: LineRow) {
  return {
    id: line.id,
    line_number: line.lineNumber,
    account_id: line.accountId,
    account_label: line.accountLabel,
    ...debitCreditOf(line.amount),
    memo: line.memo,
    property_group_id: line.propertyGroupId,
    property_group_label: line.propertyGroupLabel,
    rental_unit_id: line.rentalUnitId,
    rental_unit_label: line.rentalUnitLabel,
    lease_id: line.leaseId,
    resident_id: line.residentId,
    resident_label: line.residentLabel,
    vendor_id: line.vendorId,
    property_owner_id: line.propertyOwnerId,
    property_owner_label: line.propertyOwnerLabel,
  }
}

/** Draft lines from posted ones: what a reversal negates. */
export const draftLinesOf = (lines: LineRow[]): DraftLine[] =>
  lines.map((l) => ({
    accountId: l.accountId,
    amount: l.amount,
    memo: l.memo,
    propertyGroupId: l.propertyGroupId,
    rentalUnitId: l.rentalUnitId,
    leaseId: l.leaseId,
    residentId: l.residentId,
    vendorId: l.vendorId,
    propertyOwnerId: l.propertyOwnerId,
  }))

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

/**
 * The detail of an entry just posted for a document nothing else was posted for (a new
 * manual entry), from what posting it returned: nothing reversed or replaced it, no
 * reconciliation holds it, and its history is itself.
 */
export function firstEntryDetail(entry: EntryRow, posting: { lines: LineRow[]; createdByName: string | null }) {
  const row: SelectedEntry = {
    entry,
    createdByName: posting.createdByName,
    reversedById: null,
    reversedByNumber: null,
    replacedById: null,
    replacedByNumber: null,
    total: posting.lines.reduce((sum, line) => (line.amount > 0 ? sum + line.amount : sum), 0),
  }
  return detailJson(row, [row], posting.lines, 0)
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
