import { and, eq, inArray, sql } from 'drizzle-orm'
import { badRequest, conflict } from '~/api/errors'
import type { Executor, Transaction } from '~/db/client.server'
import { accounts, journalEntries, journalLines, ledgerSettings, propertyGroups, propertyOwners, rentalUnits, residents } from '~/db/schema'
import { checkDraft, DIMENSIONS, type JournalDraft } from '~/domain/ledger/entries'

export type PostedEntry = typeof journalEntries.$inferSelect

/**
 * The one posting function of the ledger (DESIGN.md §6): every money document
 * posts through it, inside the document's own transaction.
 *
 * - The draft must balance: at least two lines, whole cents, summing to zero.
 * - Every account must be an active account of this company.
 * - The date must fall after the company's lock date (409 otherwise).
 * - Posting the same (source document, purpose) again returns the entry already
 *   posted and writes nothing; two transactions racing to post it get one entry.
 *
 * Entry numbers come from the company's ledger_settings row, whose lock this
 * takes: postings of one company are numbered without gaps and cannot interleave
 * with a change of the lock date.
 */
export async function postEntry(tx: Transaction, companyId: string, draft: JournalDraft, options: { userId?: string | null } = {}): Promise<{ entry: PostedEntry; created: boolean }> {
  const errors = checkDraft(draft)
  if (Object.keys(errors).length) throw badRequest(firstMessage(errors), errors)

  const settings = await takeNumber(tx, companyId)
  if (settings.lockDate && draft.date <= settings.lockDate) {
    const existing = await postedFor(tx, companyId, draft)
    if (existing) return { entry: existing, created: false }
    throw conflict(`The books are closed through ${settings.lockDate}. Post on a later date, or move the lock date back first.`, {
      date: [`Choose a date after ${settings.lockDate}, when the books were closed.`],
    })
  }

  await checkLines(tx, companyId, draft)

  const [entry] = await tx
    .insert(journalEntries)
    .values({
      companyId,
      number: settings.number,
      date: draft.date,
      memo: draft.memo ?? null,
      basis: draft.basis ?? 'BOTH',
      sourceType: draft.source.type,
      sourceId: draft.source.id,
      purpose: draft.source.purpose,
      reversesEntryId: draft.reversesEntryId ?? null,
      replacesEntryId: draft.replacesEntryId ?? null,
      createdById: options.userId ?? null,
    })
    .onConflictDoNothing({ target: [journalEntries.companyId, journalEntries.sourceType, journalEntries.sourceId, journalEntries.purpose] })
    .returning()
  if (!entry) {
    // Posted before (a replay, or a racing transaction that committed first). We still hold
    // the settings row's lock, so nobody took a number after ours: give it back.
    await tx.update(ledgerSettings).set({ nextEntryNumber: sql`${ledgerSettings.nextEntryNumber} - 1` }).where(eq(ledgerSettings.companyId, companyId))
    return { entry: (await postedFor(tx, companyId, draft))!, created: false }
  }

  await tx.insert(journalLines).values(
    draft.lines.map((line, i) => ({
      companyId,
      entryId: entry.id,
      lineNumber: i + 1,
      accountId: line.accountId,
      date: draft.date,
      basis: entry.basis,
      amount: line.amount,
      memo: line.memo ?? null,
      ...Object.fromEntries(DIMENSIONS.map((d) => [d, line[d] ?? null])),
    })),
  )
  return { entry, created: true }
}

function firstMessage(errors: Record<string, string[]>) {
  return Object.values(errors)[0]?.[0] ?? 'This journal entry cannot be posted.'
}

/** Takes the next entry number (and the lock date) under the settings row's lock, creating the row on a company's first posting. */
async function takeNumber(tx: Transaction, companyId: string) {
  const [row] = await tx
    .insert(ledgerSettings)
    .values({ companyId, nextEntryNumber: 2 })
    .onConflictDoUpdate({ target: ledgerSettings.companyId, set: { nextEntryNumber: sql`${ledgerSettings.nextEntryNumber} + 1` } })
    .returning({ number: sql<number>`${ledgerSettings.nextEntryNumber} - 1`.mapWith(Number), lockDate: ledgerSettings.lockDate })
  return row
}

function postedFor(tx: Transaction, companyId: string, draft: JournalDraft) {
  return tx.query.journalEntries.findFirst({
    where: and(
      eq(journalEntries.companyId, companyId),
      eq(journalEntries.sourceType, draft.source.type),
      eq(journalEntries.sourceId, draft.source.id),
      eq(journalEntries.purpose, draft.source.purpose),
    ),
  })
}

/** The lines' accounts are active accounts of this company and their dimensions are this company's (400 naming the line otherwise). */
export async function checkLines(tx: Executor, companyId: string, draft: Pick<JournalDraft, 'lines'>) {
  await checkAccounts(tx, companyId, draft)
  await checkDimensions(tx, companyId, draft)
}

/** Each line's account must be an active account of this company; the error names the line. */
async function checkAccounts(tx: Executor, companyId: string, draft: Pick<JournalDraft, 'lines'>) {
  const ids = [...new Set(draft.lines.map((l) => l.accountId))]
  const found = await tx
    .select({ id: accounts.id, isActive: accounts.isActive, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, ids)))
  const byId = new Map(found.map((a) => [a.id, a]))
  const errors: Record<string, string[]> = {}
  draft.lines.forEach((line, i) => {
    const account = byId.get(line.accountId)
    if (!account) errors[`lines.${i}.account_id`] = [`Line ${i + 1}: no such account.`]
    else if (!account.isActive) errors[`lines.${i}.account_id`] = [`Line ${i + 1}: ${account.name} is inactive; reactivate it or choose another account.`]
  })
  if (Object.keys(errors).length) throw badRequest(firstMessage(errors), errors)
}

// The dimensions with a table to check against; leases and vendors have none yet.
const DIMENSION_TABLES = [
  { key: 'propertyGroupId', field: 'property_group_id', label: 'property', table: propertyGroups },
  { key: 'rentalUnitId', field: 'rental_unit_id', label: 'rental unit', table: rentalUnits },
  { key: 'residentId', field: 'resident_id', label: 'resident', table: residents },
  { key: 'propertyOwnerId', field: 'property_owner_id', label: 'property owner', table: propertyOwners },
] as const

/** A line's property, unit, resident and owner must be this company's. */
async function checkDimensions(tx: Executor, companyId: string, draft: Pick<JournalDraft, 'lines'>) {
  const errors: Record<string, string[]> = {}
  for (const dimension of DIMENSION_TABLES) {
    const ids = [...new Set(draft.lines.map((l) => l[dimension.key]).filter((v): v is string => !!v))]
    if (!ids.length) continue
    const found = await tx
      .select({ id: dimension.table.id })
      .from(dimension.table)
      .where(and(eq(dimension.table.companyId, companyId), inArray(dimension.table.id, ids)))
    const known = new Set(found.map((r) => r.id))
    draft.lines.forEach((line, i) => {
      const id = line[dimension.key]
      if (id && !known.has(id)) errors[`lines.${i}.${dimension.field}`] = [`Line ${i + 1}: no such ${dimension.label}.`]
    })
  }
  if (Object.keys(errors).length) throw badRequest(firstMessage(errors), errors)
}
