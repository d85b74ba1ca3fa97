import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { idsMatch, runKeptSelect } from '~/db/prepared.server'
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

/** What a page of manual entries shows beside their fields: the number and id of the entry each stands at, and its total. */
export async function manualEntrySummaries(db: Executor, companyId: string, ids: string[]) {
  const entries = idsMatch(manualJournalEntryLines.manualJournalEntryId, ids, 'ids')
  const [current, lines] = await Promise.all([
    currentEntries(db, companyId, ids),
    runKeptSelect<{ id: string; amount: number }>(
      db,
      `manual-entries|amounts|${entries.key}`,
      () =>
        db
          .select({ id: manualJournalEntryLines.manualJournalEntryId, amount: manualJournalEntryLines.amount })
          .from(manualJournalEntryLines)
          .where(and(eq(manualJournalEntryLines.companyId, sql.placeholder('companyId')), entries.where())),
      { companyId, ...entries.values },
    ),
  ])
  const totals = new Map<string, number>()
  for (const line of lines) if (line.amount > 0) totals.set(line.id, (totals.get(line.id) ?? 0) + line.amount)
  return new Map(
    ids.map((id) => [
      id,
      { journal_entry_id: current.get(id)?.id ?? null, number: current.get(id)?.number ?? null, total: formatMoney(totals.get(id) ?? 0) },
    ]),
  )
}
