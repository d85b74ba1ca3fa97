import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, exists, gte, lte, sql, type SQL } from 'drizzle-orm'
import { journalEntries, journalLines } from '~/db/schema'
import { SOURCE_TYPES } from '~/domain/ledger/entries'
import { countEntries, entryJson, entryMatches, journalEntryOf, reversedIs, selectEntries } from '~/ledger/journal.server'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { IdParam } from '../platform/schemas'
import { Id, IsoDate, JournalLine } from './schemas'

/*
 * accounting/journal/: the journal, the ledger's read side. Every posted entry is listed here,
 * whatever posted it, and each is read with its lines and history. Nothing is written here:
 * documents post (a manual entry is the document accounting/journal-entries/, ADR 013).
 */

const Entry = z
  .object({
    id: z.string(),
    number: z.number().int(),
    date: z.string(),
    memo: z.string().nullable(),
    basis: z.enum(['BOTH', 'ACCRUAL', 'CASH']),
    source_type: z.string().openapi({ description: 'What posted it: JOURNAL_ENTRY (a manual entry, accounting/journal-entries/{source_id}/), BANK_DEPOSIT, RECURRING_JOURNAL_ENTRY …' }),
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
  editable: z.boolean().openapi({ description: 'A manual entry, not reversed, none of its lines on a final reconciliation: its document (accounting/journal-entries/{source_id}/) can correct or void it' }),
  reconciled: z.boolean(),
  lines: z.array(JournalLine),
  history: z.array(z.object({ id: z.string(), number: z.number().int(), date: z.string(), kind: z.enum(['ORIGINAL', 'REVERSAL', 'REPLACEMENT']), memo: z.string().nullable(), total: z.string(), created_at: z.string() })),
}).openapi('JournalEntry')

const ListParams = ListQuery.extend({
  date_from: IsoDate.optional(),
  date_to: IsoDate.optional(),
  source_type: z.enum(SOURCE_TYPES.map((s) => s.value) as [string, ...string[]], { error: `Source type must be one of: ${SOURCE_TYPES.map((s) => s.value).join(', ')}.` }).optional(),
  source_id: Id.optional().openapi({ description: 'The entries a document posted (its id; see source_type)' }),
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
    path: '/accounting/journal',
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
      query.source_id ? eq(journalEntries.sourceId, query.source_id) : undefined,
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
    method: 'get',
    path: '/accounting/journal/{id}',
    tags,
    summary: 'One entry with its lines and history (original, reversals, replacements)',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(EntryWithLines, 'The entry'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await journalEntryOf(t.db, t.companyId, c.req.valid('param').id), 200)
  },
)
