import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, exists, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Transaction } from '~/db/client.server'
import { journalEntries, journalLines } from '~/db/schema'
import { linesFromInput, manualDraft, reversalDraft, SOURCE_TYPES, type LineInput } from '~/domain/ledger/entries'
import { countEntries, draftLinesOf, entryDetail, entryJson, firstEntryDetail, entryMatches, linesOf, reconciledLineCount, reversedIs, selectEntries } from '~/ledger/journal.server'
import { postEntry } from '~/ledger/posting.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { badRequest, conflict, notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { IdParam } from '../platform/schemas'
import { Id, IsoDate, JournalLine, LineBody } from './schemas'

/*
 * accounting/journal-entries/: the journal. Every posted entry is listed here, whatever
 * posted it; POST writes a manual entry. A posted entry is never changed in place: PUT
 * posts a reversal and a replacement, DELETE a reversal, and the entry's history shows them.
 */

const EntryBody = z
  .object({
    date: IsoDate,
    memo: z.string().trim().max(1000, 'Memo must be at most 1000 characters.').nullish(),
    lines: z.array(LineBody, { error: 'Add the lines of the entry.' }).min(2, 'A journal entry needs at least two lines.').max(500, 'A journal entry can have at most 500 lines.'),
  })
  .openapi('JournalEntryInput')

const UpdateBody = EntryBody.extend({
  reversal_date: IsoDate.optional().openapi({ description: 'When to post the reversal of the current version; its own date by default. Use a date in an open period when that one is locked.' }),
}).openapi('JournalEntryUpdate')

const Entry = z
  .object({
    id: z.string(),
    number: z.number().int(),
    date: z.string(),
    memo: z.string().nullable(),
    basis: z.enum(['BOTH', 'ACCRUAL', 'CASH']),
    source_type: z.string().openapi({ description: 'What posted it: JOURNAL_ENTRY (manual), BANK_DEPOSIT, RECURRING_JOURNAL_ENTRY …' }),
    source_label: z.string(),
    source_id: z.string(),
    kind: z.enum(['ORIGINAL', 'REVERSAL', 'REPLACEMENT']),
    status: z.enum(['POSTED', 'REVERSED']),
    reverses_entry_id: z.string().nullable(),
    reversed_by_entry_id: z.string().nullable(),
    reversed_by_number: z.number().int().nullable(),
    replaces_entry_id: z.string().nullable(),
    replaced_by_entry_id: z.string().nullable(),
    replaced_by_number: z.number().int().nullable(),
    total: z.string().openapi({ description: 'The sum of the debits' }),
    created_by_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('JournalEntrySummary')

const EntryWithLines = Entry.extend({
  editable: z.boolean().openapi({ description: 'A manual entry, not reversed, none of its lines on a final reconciliation' }),
  reconciled: z.boolean(),
  lines: z.array(JournalLine),
  history: z.array(z.object({ id: z.string(), number: z.number().int(), date: z.string(), kind: z.enum(['ORIGINAL', 'REVERSAL', 'REPLACEMENT']), memo: z.string().nullable(), total: z.string(), created_at: z.string() })),
}).openapi('JournalEntry')

const ListParams = ListQuery.extend({
  date_from: IsoDate.optional(),
  date_to: IsoDate.optional(),
  source_type: z.enum(SOURCE_TYPES.map((s) => s.value) as [string, ...string[]], { error: `Source type must be one of: ${SOURCE_TYPES.map((s) => s.value).join(', ')}.` }).optional(),
  account_id: Id.optional(),
  property_group_id: Id.optional(),
  status: z.enum(['POSTED', 'REVERSED'], { error: 'Status must be POSTED or REVERSED.' }).optional(),
})

const tags = ['Accounting']
const guard = signedIn(requireStaff('accounting'))

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/journal-entries',
    tags,
    summary: 'The journal: every posted entry, newest first, with filters by date, source, account and property',
    ...guard,
    request: { query: ListParams },
    responses: { 200: jsonResponse(pageOf(Entry, 'JournalEntryPage'), 'A page of entries'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const lineWhere = (condition: SQL) => exists(t.db.select({ one: sql`1` }).from(journalLines).where(and(eq(journalLines.entryId, journalEntries.id), condition)))
    const conditions = [
      eq(journalEntries.companyId, t.companyId),
      query.search ? entryMatches(query.search) : undefined,
      query.date_from ? gte(journalEntries.date, query.date_from) : undefined,
      query.date_to ? lte(journalEntries.date, query.date_to) : undefined,
      query.source_type ? eq(journalEntries.sourceType, query.source_type) : undefined,
      query.account_id ? lineWhere(eq(journalLines.accountId, query.account_id)) : undefined,
      query.property_group_id ? lineWhere(eq(journalLines.propertyGroupId, query.property_group_id)) : undefined,
    ]
    const where = and(...conditions, query.status ? reversedIs(query.status === 'REVERSED') : undefined)
    const ordering = orderBy(query.ordering, { date: journalEntries.date, number: journalEntries.number, created_at: journalEntries.createdAt }, '-date,-number')
    const [rows, total] = await Promise.all([
      selectEntries(t.db)
        .where(where)
        .orderBy(...ordering, desc(journalEntries.number))
        .limit(query.page_size)
        .offset(offsetOf(query)),
      countEntries(t.db, where),
    ])
    return c.json(page(c, query, total, rows.map(entryJson)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/journal-entries',
    tags,
    summary: 'Post a manual journal entry: at least two lines, debits equal to credits, in an open period',
    ...guard,
    request: jsonBody(EntryBody),
    responses: { 201: jsonResponse(EntryWithLines, 'The posted entry'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const lines = draftLines(body.lines)
    // A new entry is its own document: posting it is one statement, and it answers with what it posted.
    const { entry, posting } = await postEntry(t.db, t.companyId, manualDraft({ chainId: crypto.randomUUID(), date: body.date, memo: body.memo, lines }), { userId: t.principal.userId })
    return c.json(posting ? firstEntryDetail(entry, posting) : (await entryDetail(t.db, t.companyId, entry.id))!, 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/journal-entries/{id}',
    tags,
    summary: 'One entry with its lines and history (original, reversals, replacements)',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(EntryWithLines, 'The entry'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(await found(c, c.req.valid('param').id), 200),
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/accounting/journal-entries/{id}',
    tags,
    summary: 'Correct a manual entry: posts its reversal and a replacement with the new date, memo and lines; answers with the replacement',
    ...guard,
    request: { params: IdParam, ...jsonBody(UpdateBody) },
    responses: { 200: jsonResponse(EntryWithLines, 'The replacement entry'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const current = await found(c, c.req.valid('param').id)
    const lines = draftLines(body.lines)
    const id = await t.db.transaction(async (tx) => {
      const original = await reverse(c, tx, current, body.reversal_date)
      const { entry } = await postEntry(tx, t.companyId, manualDraft({ chainId: current.source_id, date: body.date, memo: body.memo, lines, replaces: original }), { userId: t.principal.userId })
      return entry.id
    })
    return c.json((await entryDetail(t.db, t.companyId, id))!, 200)
  },
)

router.openapi(
  createRoute({
    method: 'delete',
    path: '/accounting/journal-entries/{id}',
    tags,
    summary: 'Void a manual entry: posts its reversal (on its own date, or `reversal_date`); both stay in the journal',
    ...guard,
    request: { params: IdParam, query: z.object({ reversal_date: IsoDate.optional() }) },
    responses: { 200: jsonResponse(EntryWithLines, 'The voided entry, now reversed'), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const current = await found(c, c.req.valid('param').id)
    await t.db.transaction((tx) => reverse(c, tx, current, c.req.valid('query').reversal_date))
    return c.json((await entryDetail(t.db, t.companyId, current.id))!, 200)
  },
)

type Detail = NonNullable<Awaited<ReturnType<typeof entryDetail>>>

async function found(c: Context<AppEnv>, id: string): Promise<Detail> {
  if (!z.uuid().safeParse(id).success) throw notFound('No such journal entry.')
  const t = tenant(c)
  const detail = await entryDetail(t.db, t.companyId, id)
  if (!detail) throw notFound('No such journal entry.')
  return detail
}

function draftLines(input: z.infer<typeof LineBody>[]) {
  const { lines, errors } = linesFromInput(
    input.map(
      (l): LineInput => ({
        accountId: l.account_id,
        debit: l.debit,
        credit: l.credit,
        memo: l.memo,
        propertyGroupId: l.property_group_id,
        rentalUnitId: l.rental_unit_id,
        leaseId: l.lease_id,
        residentId: l.resident_id,
        vendorId: l.vendor_id,
        propertyOwnerId: l.property_owner_id,
      }),
    ),
  )
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0][0], errors)
  return lines
}

/** Posts the reversal of a manual entry that is still current; refuses anything else with the reason. */
async function reverse(c: Context<AppEnv>, tx: Transaction, current: Detail, date: string | undefined) {
  const t = tenant(c)
  if (current.source_type !== 'JOURNAL_ENTRY') throw conflict(`Entry #${current.number} was posted by a ${current.source_label.toLowerCase()}; change or void that instead.`)
  if (current.kind === 'REVERSAL') throw conflict(`Entry #${current.number} is itself a reversal; it cannot be changed.`)
  if (current.reversed_by_entry_id) throw conflict(`Entry #${current.number} was already reversed by entry #${current.reversed_by_number}${current.replaced_by_number ? ` and replaced by entry #${current.replaced_by_number}; change that one` : ''}.`)
  if ((await reconciledLineCount(tx, t.companyId, [current.id])) > 0) throw conflict(`Entry #${current.number} is on a final bank reconciliation; it cannot be changed.`)
  // A posted entry never changes, so what `current` says of it still holds; only its lines are read as drafts.
  const lines = await linesOf(tx, t.companyId, [current.id])
  const draft = reversalDraft(
    { id: current.id, number: current.number, date: current.date, memo: current.memo, basis: current.basis, sourceType: 'JOURNAL_ENTRY', sourceId: current.source_id },
    draftLinesOf(lines),
    date ?? current.date,
  )
  const { created } = await postEntry(tx, t.companyId, draft, { userId: t.principal.userId })
  // Someone else reversed it between our read and our write: theirs stands, ours changes nothing.
  if (!created) throw conflict(`Entry #${current.number} was just changed by someone else; reload it.`)
  return { id: current.id }
}

