import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import { accounts, journalEntries, propertyGroups, recurringJournalEntries, rentalUnits } from '~/db/schema'
import { debitCreditOf, FREQUENCIES, type Frequency } from '~/domain/ledger/entries'
import { formatMoney } from '~/domain/money'
import { entryJson, selectEntries } from '~/ledger/journal.server'
import { createRecurringEntry, lockDateOf, nextDateOf, postedPeriods, recurringEntryOf, stopRecurringEntry, updateRecurringEntry, withLines, type RecurringInput, type RecurringRow } from '~/ledger/recurring.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { ListQuery, containsPattern, offsetOf, orderBy, page, pageOf } from '../pagination'
import { IdParam } from '../platform/schemas'
import { IsoDate, LineBody, lineInputOf } from './schemas'
import { tenant } from '../tenant'

/*
 * recurring-journal-entries/ (also under accounting/): a journal entry posted every
 * week, month, quarter or year by the scheduler. Its rules (checked lines, periods
 * due posted on save, DELETE stopping it) live in ~/ledger/recurring.
 */

const FREQUENCY_VALUES = FREQUENCIES.map((f) => f.value) as [Frequency, ...Frequency[]]

// A recurring line names a property and unit at most; the rest of a line's dimensions belong to documents.
const RecurringLineBody = LineBody.pick({ account_id: true, debit: true, credit: true, memo: true, property_group_id: true, rental_unit_id: true }).openapi('RecurringJournalLineInput')

const BodyFields = z.object({
  name: z.string({ error: 'Name the recurring entry.' }).trim().min(1, 'Name the recurring entry.').max(200, 'Name must be at most 200 characters.'),
  memo: z.string().trim().max(1000, 'Memo must be at most 1000 characters.').nullish(),
  frequency: z.enum(FREQUENCY_VALUES, {
    error: `Frequency must be one of: ${FREQUENCY_VALUES.join(', ')}.`,
  }),
  start_date: IsoDate.openapi({
    description: 'The first posting date; later ones keep its day of the month (month ends kept)',
  }),
  end_date: IsoDate.nullish().openapi({
    description: 'No posting after this date',
  }),
  lines: z.array(RecurringLineBody, { error: 'Add the lines of the entry.' }).min(2, 'A journal entry needs at least two lines.').max(100, 'A recurring entry can have at most 100 lines.'),
})
const endsAfterStart = (b: { start_date: string; end_date?: string | null }) => !b.end_date || b.end_date >= b.start_date
const endError = { path: ['end_date'], message: 'The end date must be on or after the start date.' }

export const RecurringBody = BodyFields.refine(endsAfterStart, endError).openapi('RecurringJournalEntryInput')
const UpdateBody = BodyFields.extend({ is_active: z.boolean().optional().openapi({ description: 'true restarts a stopped schedule' }) })
  .refine(endsAfterStart, endError)
  .openapi('RecurringJournalEntryUpdate')

const Line = z
  .object({
    account_id: z.string(),
    account_label: z.string().nullable(),
    debit: z.string().nullable(),
    credit: z.string().nullable(),
    memo: z.string().nullable(),
    property_group_id: z.string().nullable(),
    property_group_label: z.string().nullable(),
    rental_unit_id: z.string().nullable(),
    rental_unit_label: z.string().nullable(),
  })
  .openapi('RecurringJournalLine')

const Recurring = z
  .object({
    id: z.string(),
    name: z.string(),
    memo: z.string().nullable(),
    frequency: z.enum(FREQUENCY_VALUES),
    frequency_label: z.string(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    is_active: z.boolean(),
    total: z.string().openapi({ description: 'The sum of the debits of one posting' }),
    next_date: z.string().nullable().openapi({
      description: 'When it posts next: its first period not yet posted after the lock date; null when stopped or ended',
    }),
    posted_count: z.number().int().openapi({ description: 'How many periods it has posted' }),
    last_error: z.string().nullable().openapi({
      description: 'Why the last run could not post a period (a locked date, an inactive account); null when it posted cleanly',
    }),
    last_error_at: z.string().nullable(),
    lines: z.array(Line),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('RecurringJournalEntry')

const JournalEntrySummary = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string(),
  memo: z.string().nullable(),
  status: z.enum(['POSTED', 'REVERSED']),
  total: z.string(),
})
const RecurringDetail = Recurring.extend({
  entries: z.array(JournalEntrySummary).openapi({ description: 'What it posted, newest first (the last 100)' }),
}).openapi('RecurringJournalEntryDetail')

const ListParams = ListQuery.extend({
  is_active: z.enum(['true', 'false'], { error: 'is_active must be true or false.' }).optional(),
})

const tags = ['Accounting']
const guard = signedIn(requireStaff('accounting'))

export const router = createRouter()

const recurringInput = (body: z.infer<typeof RecurringBody>): RecurringInput => ({
  name: body.name,
  memo: body.memo,
  frequency: body.frequency,
  startDate: body.start_date,
  endDate: body.end_date,
  lines: body.lines.map(lineInputOf),
})

/** Schedules as the API shows them: lines with their names, next date, posted count, last error. */
async function toJson(c: Context<AppEnv>, rows: RecurringRow[]) {
  const t = tenant(c)
  const ids = (pick: (l: RecurringRow['lines'][number]) => string | null | undefined) => [...new Set(rows.flatMap((r) => r.lines.map(pick)).filter((v): v is string => !!v))]
  const named = async (table: typeof accounts | typeof propertyGroups | typeof rentalUnits, label: SQL<string>, wanted: string[]) =>
    new Map(
      wanted.length
        ? (
            await t.db
              .select({ id: table.id, label })
              .from(table)
              .where(and(eq(table.companyId, t.companyId), inArray(table.id, wanted)))
          ).map((r) => [r.id, r.label])
        : [],
    )
  const [accountRows, propertyRows, unitRows, posted, lockDate] = await Promise.all([
    named(
      accounts,
      sql<string>`${accounts.number} || ' · ' || ${accounts.name}`,
      ids((l) => l.accountId),
    ),
    named(
      propertyGroups,
      sql<string>`${propertyGroups.name}`,
      ids((l) => l.propertyGroupId),
    ),
    named(
      rentalUnits,
      sql<string>`${rentalUnits.label}`,
      ids((l) => l.rentalUnitId),
    ),
    postedPeriods(
      t.db,
      t.companyId,
      rows.map((r) => r.id),
    ),
    lockDateOf(t.db, t.companyId),
  ])
  return rows.map((r) => {
    const done = posted.get(r.id) ?? new Set<string>()
    return {
      id: r.id,
      name: r.name,
      memo: r.memo,
      frequency: r.frequency as Frequency,
      frequency_label: FREQUENCIES.find((f) => f.value === r.frequency)?.label ?? r.frequency,
      start_date: r.startDate,
      end_date: r.endDate,
      is_active: r.isActive,
      total: formatMoney(r.lines.filter((l) => l.amount > 0).reduce((a, l) => a + l.amount, 0)),
      next_date: nextDateOf(r, done, lockDate),
      posted_count: done.size,
      last_error: r.lastError,
      last_error_at: r.lastErrorAt?.toISOString() ?? null,
      lines: r.lines.map((l) => ({
        account_id: l.accountId,
        account_label: accountRows.get(l.accountId) ?? null,
        ...debitCreditOf(l.amount),
        memo: l.memo ?? null,
        property_group_id: l.propertyGroupId ?? null,
        property_group_label: (l.propertyGroupId && propertyRows.get(l.propertyGroupId)) || null,
        rental_unit_id: l.rentalUnitId ?? null,
        rental_unit_label: (l.rentalUnitId && unitRows.get(l.rentalUnitId)) || null,
      })),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }
  })
}

async function detail(c: Context<AppEnv>, id: string) {
  const t = tenant(c)
  const row = await recurringEntryOf(t.db, t.companyId, id)
  const [json] = await toJson(c, [row])
  const entries = await selectEntries(t.db)
    .where(and(eq(journalEntries.companyId, t.companyId), eq(journalEntries.sourceType, 'RECURRING_JOURNAL_ENTRY'), eq(journalEntries.sourceId, id)))
    .orderBy(desc(journalEntries.date), desc(journalEntries.number))
    .limit(100)
  return {
    ...json,
    entries: entries.map(entryJson).map((e) => ({
      id: e.id,
      number: e.number,
      date: e.date,
      memo: e.memo,
      status: e.status,
      total: e.total,
    })),
  }
}

// SPEC.md §7 names the collection at the API's root; the accounting area serves it too.
for (const base of ['/accounting/recurring-journal-entries', '/recurring-journal-entries']) {
  const hide = base !== '/accounting/recurring-journal-entries'
  router.openapi(
    createRoute({
      method: 'get',
      path: base,
      hide,
      tags,
      summary: 'Recurring journal entries, with when each posts next and how many periods it has posted',
      ...guard,
      request: { query: ListParams },
      responses: {
        200: jsonResponse(pageOf(Recurring, 'RecurringJournalEntryPage'), 'A page of recurring entries'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const query = c.req.valid('query')
      const t = tenant(c)
      const where = t.where(
        recurringJournalEntries,
        query.search ? sql`(${recurringJournalEntries.name} ilike ${containsPattern(query.search)} or ${recurringJournalEntries.memo} ilike ${containsPattern(query.search)})` : undefined,
        query.is_active ? eq(recurringJournalEntries.isActive, query.is_active === 'true') : undefined,
      )
      const ordering = orderBy(
        query.ordering,
        {
          name: recurringJournalEntries.name,
          start_date: recurringJournalEntries.startDate,
          created_at: recurringJournalEntries.createdAt,
        },
        'name',
      )
      const [rows, [{ n }]] = await Promise.all([
        t.db
          .select()
          .from(recurringJournalEntries)
          .where(where)
          .orderBy(...ordering, asc(recurringJournalEntries.id))
          .limit(query.page_size)
          .offset(offsetOf(query)),
        t.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(recurringJournalEntries)
          .where(where),
      ])
      return c.json(page(c, query, n, await toJson(c, await withLines(t.db, rows))), 200)
    },
  )

  router.openapi(
    createRoute({
      method: 'post',
      path: base,
      hide,
      tags,
      summary: 'Create a recurring journal entry; the periods already due post at once, later ones on schedule',
      ...guard,
      request: jsonBody(RecurringBody),
      responses: {
        201: jsonResponse(RecurringDetail, 'The recurring entry'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const t = tenant(c)
      const { id } = await createRecurringEntry(t.db, t.companyId, t.principal.userId, recurringInput(c.req.valid('json')))
      return c.json(await detail(c, id), 201)
    },
  )

  router.openapi(
    createRoute({
      method: 'get',
      path: `${base}/{id}`,
      hide,
      tags,
      summary: 'One recurring journal entry with the entries it posted',
      ...guard,
      request: { params: IdParam },
      responses: {
        200: jsonResponse(RecurringDetail, 'The recurring entry'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => c.json(await detail(c, c.req.valid('param').id), 200),
  )

  router.openapi(
    createRoute({
      method: 'put',
      path: `${base}/{id}`,
      hide,
      tags,
      summary: 'Change a recurring entry: later periods post the new lines; what it posted stays as it was',
      ...guard,
      request: { params: IdParam, ...jsonBody(UpdateBody) },
      responses: {
        200: jsonResponse(RecurringDetail, 'The recurring entry'),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const body = c.req.valid('json')
      const t = tenant(c)
      const { id } = await updateRecurringEntry(t.db, t.companyId, c.req.valid('param').id, { ...recurringInput(body), isActive: body.is_active })
      return c.json(await detail(c, id), 200)
    },
  )

  router.openapi(
    createRoute({
      method: 'delete',
      path: `${base}/{id}`,
      hide,
      tags,
      summary: 'Stop a recurring entry: nothing more posts; the entries it posted stay in the journal',
      ...guard,
      request: { params: IdParam },
      responses: {
        200: jsonResponse(RecurringDetail, 'The stopped recurring entry'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const t = tenant(c)
      const { id } = await stopRecurringEntry(t.db, t.companyId, c.req.valid('param').id)
      return c.json(await detail(c, id), 200)
    },
  )
}
