import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { executeQuery, idsMatch, queryOf, runKeptSelect } from '~/db/prepared.server'
import { buildings, journalEntries, manualJournalEntries, manualJournalEntryLines, propertyGroups, rentalUnits } from '~/db/schema'
import { DIMENSIONS, type Dimensions } from '~/domain/ledger/dimensions'
import { checkDraft } from '~/domain/ledger/entries'
import { conflict, DomainError } from '~/domain/errors'
import { formatMoney } from '~/domain/money'
import { reconciledLineCount } from './journal.server'
import { checkLines } from './posting.server'

/*
 * A manual journal entry's rules, called by its definition (~/resources/journal-entries): its
 * lines are checked as any journal entry's (each a debit or a credit, balanced, active accounts
 * and this company's dimensions); an entry a final bank reconciliation cleared cannot be corrected
 * or voided. What it posts, and correcting that, is the engine's.
 */

/** A journal line as a definition gives it: debit or credit in cents, the signed amount they make, its account and dimensions. */
export type EntryLine = Dimensions & { accountId?: unknown; amount: number; debit?: number | null; credit?: number | null; memo?: unknown }

/**
 * The field errors of a journal entry's lines, or none: each a debit or a credit, balanced, naming
 * active accounts and this company's dimensions. A line naming a unit counts for the unit's
 * property: the lines are given it where they leave the property empty (they are stored as
 * completed here), and a line naming another property is refused at its unit.
 *
 * Lines posted in the same transaction (`posted`: a manual entry's) leave their accounts and
 * dimensions to the posting function, which refuses them with the same errors at the same lines.
 */
export async function checkEntryLines(db: Executor, companyId: string, date: string, lines: EntryLine[], options: { posted: boolean }): Promise<Record<string, string[]> | undefined> {
  const errors: Record<string, string[]> = {}
  lines.forEach((line, i) => {
    if (line.debit && line.credit) errors[`lines[${i}].debit`] = [`Line ${i + 1} has both a debit and a credit; split it into two lines.`]
    else if (!line.debit && !line.credit) errors[`lines[${i}].debit`] = [`Line ${i + 1} needs a debit or a credit.`]
  })
  if (Object.keys(errors).length) return errors
  const draft = { date, lines: lines.map((l) => ({ ...Object.fromEntries(DIMENSIONS.map((d) => [d, l[d] ?? null])), accountId: String(l.accountId), amount: l.amount })) }
  const draftErrors = checkDraft(draft)
  if (Object.keys(draftErrors).length) return draftErrors
  if (options.posted) return placeAtUnits(db, companyId, lines)
  try {
    await checkLines(db, companyId, draft)
  } catch (error) {
    // Said beside the document's other field errors, not instead of them.
    if (error instanceof DomainError && error.kind === 'invalid' && error.errors) return error.errors
    throw error
  }
  return placeAtUnits(db, companyId, lines)
}

/** Gives each line naming a unit that unit's property, or the error of a line that names another. */
async function placeAtUnits(db: Executor, companyId: string, lines: EntryLine[]) {
  const unitIds = [...new Set(lines.map((l) => l.rentalUnitId).filter((id): id is string => !!id))]
  if (!unitIds.length) return undefined
  const units = await db
    .select({ id: rentalUnits.id, label: rentalUnits.label, propertyGroupId: buildings.propertyGroupId, property: propertyGroups.name })
    .from(rentalUnits)
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .innerJoin(propertyGroups, eq(propertyGroups.id, buildings.propertyGroupId))
    .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.id, unitIds)))
  const byId = new Map(units.map((u) => [u.id, u]))
  const errors: Record<string, string[]> = {}
  lines.forEach((line, i) => {
    const unit = line.rentalUnitId ? byId.get(line.rentalUnitId) : undefined
    if (!unit) return
    if (!line.propertyGroupId) line.propertyGroupId = unit.propertyGroupId
    else if (line.propertyGroupId !== unit.propertyGroupId) errors[`lines[${i}].rental_unit_id`] = [`Line ${i + 1}: ${unit.label} is at ${unit.property}, not the line's property.`]
  })
  return Object.keys(errors).length ? errors : undefined
}

/** The entry a manual entry stands at now (its latest version), by document id. */
async function currentEntries(db: Executor, companyId: string, ids: string[]) {
  const sources = idsMatch(journalEntries.sourceId, ids, 'ids')
  const rows = await runKeptSelect<{ id: string; sourceId: string; number: number }>(
    db,
    `manual-entries|current|${sources.key}`,
    () =>
      db
        .select({ id: journalEntries.id, sourceId: journalEntries.sourceId, number: journalEntries.number })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.companyId, sql.placeholder('companyId')),
            eq(journalEntries.sourceType, 'JOURNAL_ENTRY'),
            sources.where(),
            isNull(journalEntries.reversesEntryId),
          ),
        )
        .orderBy(desc(journalEntries.number)),
    { companyId, ...sources.values },
  )
  const current = new Map<string, { id: string; number: number }>()
  for (const row of rows) if (!current.has(row.sourceId)) current.set(row.sourceId, { id: row.id, number: row.number })
  return current
}

/** Refuses to correct or void an entry whose current version a final bank reconciliation cleared. */
export async function refuseIfReconciled(db: Executor, companyId: string, id: string) {
  const current = (await currentEntries(db, companyId, [id])).get(id)
  if (current && (await reconciledLineCount(db, companyId, [current.id])) > 0) throw conflict(`Entry #${current.number} is on a final bank reconciliation; it cannot be changed.`)
}

/** Sets the day the next reversal posts on (a void's), or clears it once a correction used it, so the next takes its own entry's date again. */
export async function setReversalDate(db: Executor, companyId: string, id: string, day: string | null) {
  await db
    .update(manualJournalEntries)
    .set({ reversalDate: day })
    .where(and(eq(manualJournalEntries.companyId, companyId), eq(manualJournalEntries.id, id)))
}

/**
 * What a page of manual entries shows beside their fields: the number and id of the entry each
 * stands at (its latest version), and its total (the sum of its debits). One statement; one
 * entry's (its page, a create's answer) planned once, a page's of many with an array.
 */
const SUMMARIES = {
  one: queryOf(summariesOf(sql`(select ${sql.placeholder('id')}::uuid as id) as d`)),
  many: queryOf(summariesOf(sql`unnest(${sql.placeholder('ids')}::uuid[]) as d(id)`)),
}

function summariesOf(documents: SQL) {
  const company = sql`${sql.placeholder('companyId')}::uuid`
  return sql`
    select d.id, e.id as journal_entry_id, e.number,
           (select coalesce(sum(l.amount), 0) from ${manualJournalEntryLines} l where l.company_id = ${company} and l.manual_journal_entry_id = d.id and l.amount > 0) as total
    from ${documents}
    left join lateral (
      select je.id, je.number from ${journalEntries} je
      where je.company_id = ${company} and je.source_type = 'JOURNAL_ENTRY' and je.source_id = d.id and je.reverses_entry_id is null
      order by je.number desc limit 1
    ) e on true`
}

export async function manualEntrySummaries(db: Executor, companyId: string, ids: string[]) {
  const rows = ids.length
    ? await executeQuery<{ id: string; journal_entry_id: string | null; number: string | number | null; total: string | number }>(
        db,
        ids.length === 1 ? SUMMARIES.one : SUMMARIES.many,
        ids.length === 1 ? { companyId, id: ids[0] } : { companyId, ids },
        true,
      )
    : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  return new Map(
    ids.map((id) => {
      const r = byId.get(id)
      return [id, { journal_entry_id: r?.journal_entry_id ?? null, number: r?.number == null ? null : Number(r.number), total: formatMoney(Number(r?.total ?? 0)) }]
    }),
  )
}
