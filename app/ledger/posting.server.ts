import { and, eq, inArray, sql } from 'drizzle-orm'
import { badRequest, conflict } from '~/api/errors'
import type { Executor, Transaction } from '~/db/client.server'
import { accounts, journalEntries, journalLines, ledgerSettings, propertyGroups, propertyOwners, rentalUnits, residents } from '~/db/schema'
import { checkDraft, type JournalDraft } from '~/domain/ledger/entries'

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

  // The number and the checks go out together (one round trip on the transaction's connection).
  const [numbered, checked] = await Promise.allSettled([takeNumber(tx, companyId), checkLines(tx, companyId, draft)])
  if (numbered.status === 'rejected') throw numbered.reason
  const settings = numbered.value
  const locked = !!settings.lockDate && draft.date <= settings.lockDate
  if (locked || checked.status === 'rejected') {
    // A document posted before stays posted: replaying it answers with its entry even after its
    // period closed or one of its accounts was deactivated.
    const existing = await postedFor(tx, companyId, draft)
    if (existing) {
      await giveBackNumber(tx, companyId)
      return { entry: existing, created: false }
    }
    if (checked.status === 'rejected') throw checked.reason
    throw conflict(`The books are closed through ${settings.lockDate}. Post on a later date, or move the lock date back first.`, {
      date: [`Choose a date after ${settings.lockDate}, when the books were closed.`],
    })
  }

  const entry: PostedEntry = {
    id: crypto.randomUUID(),
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
    createdAt: new Date(),
  }
  // The entry and its lines in one statement: when the source was posted already (a racing
  // transaction committed first), the entry is not inserted and neither are its lines.
  const lines = draft.lines.map(
    (line, i) =>
      sql`(${entry.id}::uuid, ${i + 1}::int, ${line.accountId}::uuid, ${line.amount}::bigint, ${line.memo ?? null}::text, ${line.propertyGroupId ?? null}::uuid, ${line.rentalUnitId ?? null}::uuid, ${line.leaseId ?? null}::uuid, ${line.residentId ?? null}::uuid, ${line.vendorId ?? null}::uuid, ${line.propertyOwnerId ?? null}::uuid)`,
  )
  const inserted = await tx.execute<{ created_at: string }>(sql`
    with entry as (
      insert into ${journalEntries} (id, company_id, number, date, memo, basis, source_type, source_id, purpose, reverses_entry_id, replaces_entry_id, created_by_id)
      values (${entry.id}, ${companyId}, ${entry.number}, ${entry.date}, ${entry.memo}, ${entry.basis}, ${entry.sourceType}, ${entry.sourceId}, ${entry.purpose}, ${entry.reversesEntryId}, ${entry.replacesEntryId}, ${entry.createdById})
      on conflict (company_id, source_type, source_id, purpose) do nothing
      returning created_at
    ), posted_lines as (
      insert into ${journalLines} (company_id, entry_id, line_number, account_id, date, basis, amount, memo, property_group_id, rental_unit_id, lease_id, resident_id, vendor_id, property_owner_id)
      select ${companyId}::uuid, v.entry_id, v.line_number, v.account_id, ${entry.date}::date, ${entry.basis}, v.amount, v.memo, v.property_group_id, v.rental_unit_id, v.lease_id, v.resident_id, v.vendor_id, v.property_owner_id
      from (values ${sql.join(lines, sql`, `)}) as v(entry_id, line_number, account_id, amount, memo, property_group_id, rental_unit_id, lease_id, resident_id, vendor_id, property_owner_id)
      where exists (select from entry)
    )
    select created_at from entry`)
  if (!inserted.length) {
    // Posted before by a racing transaction that committed first.
    await giveBackNumber(tx, companyId)
    return { entry: (await postedFor(tx, companyId, draft))!, created: false }
  }
  return { entry: { ...entry, createdAt: new Date(inserted[0].created_at) }, created: true }
}

/** We still hold the settings row's lock, so nobody took a number after ours: an entry not posted gives its number back. */
async function giveBackNumber(tx: Transaction, companyId: string) {
  await tx.update(ledgerSettings).set({ nextEntryNumber: sql`${ledgerSettings.nextEntryNumber} - 1` }).where(eq(ledgerSettings.companyId, companyId))
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
  await Promise.all([checkAccounts(tx, companyId, draft), checkDimensions(tx, companyId, draft)])
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
  await Promise.all(
    DIMENSION_TABLES.map(async (dimension) => {
      const ids = [...new Set(draft.lines.map((l) => l[dimension.key]).filter((v): v is string => !!v))]
      if (!ids.length) return
      const found = await tx
        .select({ id: dimension.table.id })
        .from(dimension.table)
        .where(and(eq(dimension.table.companyId, companyId), inArray(dimension.table.id, ids)))
      const known = new Set(found.map((r) => r.id))
      draft.lines.forEach((line, i) => {
        const id = line[dimension.key]
        if (id && !known.has(id)) errors[`lines.${i}.${dimension.field}`] = [`Line ${i + 1}: no such ${dimension.label}.`]
      })
    }),
  )
  if (Object.keys(errors).length) throw badRequest(firstMessage(errors), errors)
}
