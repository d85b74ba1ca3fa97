import { and, eq, sql, type Query } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { executeQuery, queryOf, runKeptSelect } from '~/db/prepared.server'
import { accounts, journalEntries, journalLines, ledgerSettings } from '~/db/schema'
import { conflict, invalidFields, type FieldErrors } from '~/domain/errors'
import { checkDraft, type JournalDraft } from '~/domain/ledger/entries'
import { LINE_DIMENSIONS } from '~/domain/ledger/dimensions'
import type { AnyResource } from '~/resources/engine/define'
import { dimensionTargets, unknownDimensions, type DimensionTarget } from './dimensions.server'

const tableOf = (resource: AnyResource) => resource.table as AnyResource['table'] & { id: PgColumn }

export type PostedEntry = typeof journalEntries.$inferSelect

export type Posted = {
  entry: PostedEntry
  created: boolean
}

/**
 * The one posting function of the ledger (DESIGN.md §6): every money document
 * posts through it, inside the document's own transaction.
 *
 * - The draft must balance: at least two lines, whole cents, summing to zero.
 * - Every account must be an active account of this company, and every dimension this company's.
 * - The date must fall after the company's lock date (a conflict otherwise).
 * - Posting the same (source document, purpose) again returns the entry already
 *   posted and writes nothing; two transactions racing to post it get one entry.
 *
 * Entry numbers come from the company's ledger_settings row, whose lock this
 * takes: postings of one company are numbered without gaps and cannot interleave
 * with a change of the lock date.
 *
 * A posting that passes is one statement (checks, number, entry and lines), so it is
 * whole or absent even outside a transaction. Given the pool rather than a transaction,
 * that statement commits by itself: only for a source that is new by construction
 * (a manual entry's own id), since a source posted twice at the same moment is only
 * numbered without a gap inside a transaction. Anything refused is explained after.
 */
export async function postEntry(executor: Executor, companyId: string, draft: JournalDraft, options: { userId?: string | null } = {}): Promise<Posted> {
  const errors = checkDraft(draft)
  if (Object.keys(errors).length) throw invalidFields(errors, CANNOT_POST)

  const entry: PostedEntry = {
    id: crypto.randomUUID(),
    companyId,
    number: 0,
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
  const rows = await executeQuery<PostingRow>(executor, postingQuery(draft), postingValues(entry, draft), draft.lines.length <= PREPARED_LINES)
  const [first] = rows
  if (first?.created_at) {
    entry.number = Number(first.number)
    entry.createdAt = new Date(first.created_at)
    return { entry, created: true }
  }

  // Nothing was posted. A number taken means a racing transaction posted this source first.
  if (first?.number != null) await giveBackNumber(executor, companyId, Number(first.number))
  // A document posted before stays posted: replaying it answers with its entry even after its
  // period closed or one of its accounts was deactivated.
  const existing = await postedFor(executor, companyId, draft)
  if (existing) return { entry: existing, created: false }
  await checkLines(executor, companyId, draft)
  const [settings] = await executor.select({ lockDate: ledgerSettings.lockDate }).from(ledgerSettings).where(eq(ledgerSettings.companyId, companyId))
  if (!settings) {
    // Books opened before every company had its settings row: open them, then post.
    await executor.insert(ledgerSettings).values({ companyId }).onConflictDoNothing()
    return postEntry(executor, companyId, draft, options)
  }
  if (settings.lockDate && draft.date <= settings.lockDate) {
    throw conflict(`The books are closed through ${settings.lockDate}. Post on a later date, or move the lock date back first.`, {
      date: [`Choose a date after ${settings.lockDate}, when the books were closed.`],
    })
  }
  throw new Error(`Journal entry for ${draft.source.type} ${draft.source.id} was neither posted nor refused.`)
}

type PostingRow = { number: string | number | null; created_at: string | null }

/**
 * One statement: the lines' accounts and dimensions are checked and the source looked up
 * (`refused`); only then is the next number taken, under the settings row's lock and only
 * while the date is after the lock date; the entry is inserted unless a racing transaction
 * posted the source first, and its lines with it. It answers with one row: the number taken
 * (if any) and when the entry was created (if it was).
 *
 * Its text depends only on the number of lines and the dimensions they use, so it is built
 * once per shape, with placeholders, and prepared: PostgreSQL plans it once per connection.
 * Entries of many lines (rare, and each shape a statement of its own) are sent unprepared.
 */
const PREPARED_LINES = 20
const shapes = new Map<string, Query>()

function postingQuery(draft: JournalDraft) {
  const used = dimensionTargets().filter((d) => draft.lines.some((line) => line[d.key]))
  const key = `${draft.lines.length}|${used.map((d) => d.key).join()}`
  let query = shapes.get(key)
  if (!query) {
    query = queryOf(postingStatement(draft.lines.length, used))
    if (draft.lines.length <= PREPARED_LINES) shapes.set(key, query)
  }
  return query
}

function postingValues(entry: PostedEntry, draft: JournalDraft) {
  const values: Record<string, unknown> = {
    company: entry.companyId,
    entry: entry.id,
    date: entry.date,
    memo: entry.memo,
    basis: entry.basis,
    source_type: entry.sourceType,
    source_id: entry.sourceId,
    purpose: entry.purpose,
    reverses: entry.reversesEntryId,
    replaces: entry.replacesEntryId,
    created_by: entry.createdById,
  }
  draft.lines.forEach((line, i) => {
    values[`l${i}_id`] = crypto.randomUUID()
    values[`l${i}_account`] = line.accountId
    values[`l${i}_amount`] = line.amount
    values[`l${i}_memo`] = line.memo ?? null
    for (const d of LINE_DIMENSIONS) values[`l${i}_${d.name}`] = line[d.key] ?? null
  })
  return values
}

function postingStatement(lineCount: number, used: DimensionTarget[]) {
  const p = (name: string) => sql.placeholder(name)
  const values = Array.from(
    { length: lineCount },
    (_, i) =>
      sql`(${p(`l${i}_id`)}::uuid, ${i + 1}::int, ${p(`l${i}_account`)}::uuid, ${p(`l${i}_amount`)}::bigint, ${p(`l${i}_memo`)}::text, ${sql.join(
        LINE_DIMENSIONS.map((d) => sql`${p(`l${i}_${d.name}`)}::uuid`),
        sql`, `,
      )})`,
  )
  const company = sql`${p('company')}::uuid`
  const date = sql`${p('date')}::date`
  const column = (d: DimensionTarget) => sql.raw(`draft.${d.name}`)
  const columns = LINE_DIMENSIONS.map((d) => d.name).join(', ')
  return sql`
    with draft (id, line_number, account_id, amount, memo, ${sql.raw(columns)}) as (
      values ${sql.join(values, sql`, `)}
    ), refused as (
      select from draft
      where not exists (select from ${accounts} where ${accounts.id} = draft.account_id and ${accounts.companyId} = ${company} and ${accounts.isActive})
      ${sql.join(
        used.map((d) => {
          // A dimension whose resource is still to come names nothing of this company's yet.
          if (!d.target) return sql`or ${column(d)} is not null`
          const table = tableOf(d.target)
          return sql`or (${column(d)} is not null and not exists (select from ${table} where ${table.id} = ${column(d)} and ${table.companyId} = ${company}))`
        }),
        sql` `,
      )}
      union all
      select from ${journalEntries}
      where ${journalEntries.companyId} = ${company} and ${journalEntries.sourceType} = ${p('source_type')}::text and ${journalEntries.sourceId} = ${p('source_id')}::uuid and ${journalEntries.purpose} = ${p('purpose')}::text
    ), numbered as (
      update ${ledgerSettings} set next_entry_number = ${ledgerSettings.nextEntryNumber} + 1
      where ${ledgerSettings.companyId} = ${company} and (${ledgerSettings.lockDate} is null or ${ledgerSettings.lockDate} < ${date}) and not exists (select from refused)
      returning next_entry_number - 1 as number
    ), entry as (
      insert into ${journalEntries} (id, company_id, number, date, memo, basis, source_type, source_id, purpose, reverses_entry_id, replaces_entry_id, created_by_id)
      select ${p('entry')}::uuid, ${company}, numbered.number, ${date}, ${p('memo')}::text, ${p('basis')}::text, ${p('source_type')}::text, ${p('source_id')}::uuid, ${p('purpose')}::text, ${p('reverses')}::uuid, ${p('replaces')}::uuid, ${p('created_by')}::uuid
      from numbered
      on conflict (company_id, source_type, source_id, purpose) do nothing
      returning created_at
    ), posted_lines as (
      insert into ${journalLines} (id, company_id, entry_id, line_number, account_id, date, basis, amount, memo, ${sql.raw(columns)})
      select draft.id, ${company}, ${p('entry')}::uuid, draft.line_number, draft.account_id, ${date}, ${p('basis')}::text, draft.amount, draft.memo, ${sql.raw(LINE_DIMENSIONS.map((d) => `draft.${d.name}`).join(', '))}
      from draft where exists (select from entry)
    )
    select (select number from numbered) as number, (select created_at from entry) as created_at`
}

/**
 * A number taken for an entry that was not posted goes back. Inside a transaction we still hold
 * the settings row's lock, so nobody took a number after ours; outside one, it goes back only if
 * nobody did.
 */
async function giveBackNumber(executor: Executor, companyId: string, number: number) {
  await executor
    .update(ledgerSettings)
    .set({ nextEntryNumber: sql`${ledgerSettings.nextEntryNumber} - 1` })
    .where(and(eq(ledgerSettings.companyId, companyId), eq(ledgerSettings.nextEntryNumber, number + 1)))
}

const CANNOT_POST = 'This journal entry cannot be posted.'

function postedFor(tx: Executor, companyId: string, draft: JournalDraft) {
  return tx.query.journalEntries.findFirst({
    where: and(
      eq(journalEntries.companyId, companyId),
      eq(journalEntries.sourceType, draft.source.type),
      eq(journalEntries.sourceId, draft.source.id),
      eq(journalEntries.purpose, draft.source.purpose),
    ),
  })
}

/** The lines' accounts are active accounts of this company and their dimensions are this company's (invalid, naming the line, otherwise). */
export async function checkLines(tx: Executor, companyId: string, draft: Pick<JournalDraft, 'lines'>) {
  await Promise.all([checkAccounts(tx, companyId, draft), checkDimensions(tx, companyId, draft)])
}

/** Each line's account must be an active account of this company; the error names the line. */
async function checkAccounts(tx: Executor, companyId: string, draft: Pick<JournalDraft, 'lines'>) {
  const ids = [...new Set(draft.lines.map((l) => l.accountId))]
  const found = await runKeptSelect<{ id: string; isActive: boolean; name: string }>(
    tx,
    'posting|accounts',
    () =>
      tx
        .select({ id: accounts.id, isActive: accounts.isActive, name: accounts.name })
        .from(accounts)
        .where(and(eq(accounts.companyId, sql.placeholder('companyId')), sql`${accounts.id} = any(${sql.placeholder('ids')})`)),
    { companyId, ids },
  )
  const byId = new Map(found.map((a) => [a.id, a]))
  const errors: FieldErrors = {}
  draft.lines.forEach((line, i) => {
    const account = byId.get(line.accountId)
    if (!account) errors[`lines[${i}].account_id`] = [`Line ${i + 1}: no such account.`]
    else if (!account.isActive) errors[`lines[${i}].account_id`] = [`Line ${i + 1}: ${account.name} is inactive; reactivate it or choose another account.`]
  })
  if (Object.keys(errors).length) throw invalidFields(errors, CANNOT_POST)
}

/** Every dimension of a line must be this company's; the error names the line. */
async function checkDimensions(tx: Executor, companyId: string, draft: Pick<JournalDraft, 'lines'>) {
  const errors: FieldErrors = {}
  ;(await unknownDimensions(tx, companyId, draft.lines)).forEach((unknown, i) => {
    for (const [field, label] of Object.entries(unknown)) errors[`lines[${i}].${field}`] = [`Line ${i + 1}: no such ${label}.`]
  })
  if (Object.keys(errors).length) throw invalidFields(errors, CANNOT_POST)
}

/**
 * The posting function for many entries at once: a run that makes their documents in the same
 * transaction (the rent run's charges) posts them here, in a fixed number of statements whatever
 * their number, with postEntry's checks and guarantees: each draft balances, its accounts are
 * active accounts of this company and its dimensions this company's, no date falls on or before
 * the lock date, the entries are numbered without gaps, and a (source, purpose) already posted is
 * left as it is. It takes the company's numbering lock for the rest of the caller's transaction,
 * so it must run inside one. Answers how many entries it posted.
 */
export async function postEntries(tx: Executor, companyId: string, drafts: JournalDraft[], options: { userId?: string | null } = {}): Promise<number> {
  if (!drafts.length) return 0
  for (const draft of drafts) {
    const errors = checkDraft(draft)
    if (Object.keys(errors).length) throw invalidFields(errors, CANNOT_POST)
  }
  await checkBatchReferences(tx, companyId, drafts)
  await tx.insert(ledgerSettings).values({ companyId }).onConflictDoNothing()
  const [settings] = await tx.select().from(ledgerSettings).where(eq(ledgerSettings.companyId, companyId)).for('update')
  const earliest = drafts.reduce((min, d) => (d.date < min ? d.date : min), drafts[0].date)
  if (settings.lockDate && earliest <= settings.lockDate) {
    throw conflict(`The books are closed through ${settings.lockDate}. Post on a later date, or move the lock date back first.`, { date: [`Choose a date after ${settings.lockDate}, when the books were closed.`] })
  }
  // Under the numbering lock, what is posted is all there is: skip the sources already posted.
  const posted = await tx.execute<{ key: string }>(sql`
    select e.source_type || ' ' || e.source_id || ' ' || e.purpose as key
    from jsonb_to_recordset(${JSON.stringify(drafts.map((d) => d.source))}::jsonb) as s(type text, id uuid, purpose text)
    join ${journalEntries} e on e.company_id = ${companyId} and e.source_type = s.type and e.source_id = s.id and e.purpose = s.purpose`)
  const done = new Set([...posted].map((r) => r.key))
  const fresh = drafts.filter((d) => !done.has(`${d.source.type} ${d.source.id} ${d.source.purpose}`))
  if (!fresh.length) return 0
  const first = settings.nextEntryNumber
  await tx.update(ledgerSettings).set({ nextEntryNumber: first + fresh.length }).where(eq(ledgerSettings.companyId, companyId))
  const entries = fresh.map((draft, i) => ({
    id: crypto.randomUUID(),
    number: first + i,
    date: draft.date,
    memo: draft.memo ?? null,
    basis: draft.basis ?? 'BOTH',
    source_type: draft.source.type,
    source_id: draft.source.id,
    purpose: draft.source.purpose,
    reverses: draft.reversesEntryId ?? null,
    replaces: draft.replacesEntryId ?? null,
  }))
  await tx.execute(sql`
    insert into ${journalEntries} (id, company_id, number, date, memo, basis, source_type, source_id, purpose, reverses_entry_id, replaces_entry_id, created_by_id)
    select id, ${companyId}, number, date, memo, basis, source_type, source_id, purpose, reverses, replaces, ${options.userId ?? null}
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as x(id uuid, number int, date date, memo text, basis text, source_type text, source_id uuid, purpose text, reverses uuid, replaces uuid)`)
  const lines = fresh.flatMap((draft, i) =>
    draft.lines.map((line, n) => ({
      entry: entries[i].id,
      line_number: n + 1,
      account_id: line.accountId,
      date: draft.date,
      basis: entries[i].basis,
      amount: line.amount,
      memo: line.memo ?? null,
      ...Object.fromEntries(LINE_DIMENSIONS.map((d) => [d.name, line[d.key] ?? null])),
    })),
  )
  const columns = LINE_DIMENSIONS.map((d) => d.name).join(', ')
  await tx.execute(sql`
    insert into ${journalLines} (company_id, entry_id, line_number, account_id, date, basis, amount, memo, ${sql.raw(columns)})
    select ${companyId}, entry, line_number, account_id, date, basis, amount, memo, ${sql.raw(columns)}
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(entry uuid, line_number int, account_id uuid, date date, basis text, amount bigint, memo text, ${sql.raw(LINE_DIMENSIONS.map((d) => `${d.name} uuid`).join(', '))})`)
  return fresh.length
}

/** postEntries' accounts and dimensions: each checked once, however many lines name it, in one statement per table. */
async function checkBatchReferences(tx: Executor, companyId: string, drafts: JournalDraft[]) {
  const lines = drafts.flatMap((d) => d.lines)
  const unknownOf = async (table: AnyResource['table'], ids: Set<string>, active: boolean) => {
    if (!ids.size) return []
    const t = tableOf({ table } as AnyResource)
    const rows = await tx.execute<{ id: string }>(sql`
      select x.id from jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb) as x(id)
      where not exists (select from ${table} where ${t.id} = x.id::uuid and ${t.companyId} = ${companyId}${active ? sql` and ${accounts.isActive}` : sql``})`)
    return [...rows].map((r) => r.id)
  }
  const badAccounts = await unknownOf(accounts as unknown as AnyResource['table'], new Set(lines.map((l) => l.accountId)), true)
  if (badAccounts.length) throw invalidFields({ account_id: [`No such active account: ${badAccounts.join(', ')}.`] }, CANNOT_POST)
  for (const d of dimensionTargets()) {
    const ids = new Set(lines.map((l) => l[d.key]).filter((v): v is string => !!v))
    if (ids.size && !d.target) throw invalidFields({ [d.name]: [`No such ${d.label.toLowerCase()}.`] }, CANNOT_POST)
    const bad = d.target ? await unknownOf(d.target.table, ids, false) : []
    if (bad.length) throw invalidFields({ [d.name]: [`No such ${d.label.toLowerCase()}: ${bad.join(', ')}.`] }, CANNOT_POST)
  }
}
