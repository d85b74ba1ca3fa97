import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { conflict, invalidFields, notFound } from '~/domain/errors'
import { linesFromInput, manualDraft, reversalDraft, type LineInput } from '~/domain/ledger/entries'
import { draftLinesOf, entryDetail, firstEntryDetail, linesOf, reconciledLineCount } from './journal.server'
import { postEntry } from './posting.server'

/*
 * Manual journal entries. A posted entry is never changed in place: correcting one
 * posts a reversal and a replacement, voiding it a reversal, and the entry's
 * history shows them. Only a manual entry that is still current can be changed,
 * and none whose lines a final bank reconciliation cleared.
 */

export type ManualEntryInput = { date: string; memo?: string | null; lines: LineInput[] }

export type EntryDetail = NonNullable<Awaited<ReturnType<typeof entryDetail>>>


/** The entry with its lines and history, or not found. */
export async function journalEntryOf(db: Executor, companyId: string, id: string): Promise<EntryDetail> {
  const detail = isUuid(id) ? await entryDetail(db, companyId, id) : undefined
  if (!detail) throw notFound('No such journal entry.')
  return detail
}

/** Posts a new manual entry; answers with it as the journal shows it. */
export async function postManualEntry(db: Executor, companyId: string, userId: string | null, input: ManualEntryInput): Promise<EntryDetail> {
  const lines = draftLines(input.lines)
  // A new entry is its own document: posting it is one statement, and it answers with what it posted.
  const { entry, posting } = await postEntry(db, companyId, manualDraft({ chainId: crypto.randomUUID(), date: input.date, memo: input.memo, lines }), { userId })
  return posting ? firstEntryDetail(entry, posting) : journalEntryOf(db, companyId, entry.id)
}

/** Corrects a manual entry: posts its reversal (on its own date, or `reversalDate`) and a replacement; answers with the replacement. */
export async function correctManualEntry(db: Executor, companyId: string, userId: string | null, id: string, input: ManualEntryInput & { reversalDate?: string }): Promise<EntryDetail> {
  const current = await journalEntryOf(db, companyId, id)
  const lines = draftLines(input.lines)
  const replacementId = await db.transaction(async (tx) => {
    const original = await reverse(tx, companyId, userId, current, input.reversalDate)
    const { entry } = await postEntry(tx, companyId, manualDraft({ chainId: current.source_id, date: input.date, memo: input.memo, lines, replaces: original }), { userId })
    return entry.id
  })
  return journalEntryOf(db, companyId, replacementId)
}

/** Voids a manual entry: posts its reversal (on its own date, or `reversalDate`); answers with the entry, now reversed. */
export async function voidManualEntry(db: Executor, companyId: string, userId: string | null, id: string, reversalDate?: string): Promise<EntryDetail> {
  const current = await journalEntryOf(db, companyId, id)
  await db.transaction((tx) => reverse(tx, companyId, userId, current, reversalDate))
  return journalEntryOf(db, companyId, current.id)
}

function draftLines(input: LineInput[]) {
  const { lines, errors } = linesFromInput(input)
  if (Object.keys(errors).length) throw invalidFields(errors, 'This journal entry cannot be posted.')
  return lines
}

/** Posts the reversal of a manual entry that is still current; refuses anything else with the reason. */
async function reverse(tx: Executor, companyId: string, userId: string | null, current: EntryDetail, date: string | undefined) {
  if (current.source_type !== 'JOURNAL_ENTRY') throw conflict(`Entry #${current.number} was posted by a ${current.source_label.toLowerCase()}; change or void that instead.`)
  if (current.kind === 'REVERSAL') throw conflict(`Entry #${current.number} is itself a reversal; it cannot be changed.`)
  if (current.reversed_by_entry_id) throw conflict(`Entry #${current.number} was already reversed by entry #${current.reversed_by_number}${current.replaced_by_number ? ` and replaced by entry #${current.replaced_by_number}; change that one` : ''}.`)
  if ((await reconciledLineCount(tx, companyId, [current.id])) > 0) throw conflict(`Entry #${current.number} is on a final bank reconciliation; it cannot be changed.`)
  // A posted entry never changes, so what `current` says of it still holds; only its lines are read as drafts.
  const lines = await linesOf(tx, companyId, [current.id])
  const draft = reversalDraft(
    { id: current.id, number: current.number, date: current.date, memo: current.memo, basis: current.basis, sourceType: 'JOURNAL_ENTRY', sourceId: current.source_id },
    draftLinesOf(lines),
    date ?? current.date,
  )
  const { created } = await postEntry(tx, companyId, draft, { userId })
  // Someone else reversed it between our read and our write: theirs stands, ours changes nothing.
  if (!created) throw conflict(`Entry #${current.number} was just changed by someone else; reload it.`)
  return { id: current.id }
}
