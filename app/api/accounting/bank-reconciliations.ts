import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Executor } from '~/db/client.server'
import { bankReconciliations, companies, journalLines } from '~/db/schema'
import { reconciliationDifference } from '~/domain/ledger/banking'
import { formatMoney, parseMoney } from '~/domain/money'
import { reconcilableLines } from '~/ledger/banking.server'
import { deleteReconciliation, finalizeReconciliation, reconciliationOf, selectReconciliations, setCleared, startReconciliation, type ReconciliationRow } from '~/ledger/reconciliations.server'
import { reconciliationPdf } from '~/ledger/reconciliation-pdf.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'
import { dateInput, moneyString } from '../values'

/*
 * accounting/bank-reconciliations/: a bank statement against the register of the
 * bank account's GL account, ticked until it balances, then marked final (the
 * rules live in ~/ledger/reconciliations).
 */

const tags = ['Accounting']
const guard = signedIn(requireStaff('accounting'))

export const ReconciliationBody = z
  .object({
    bank_account_id: z.uuid({ error: 'Choose the bank account.' }),
    statement_date: dateInput('Statement date'),
    statement_ending_balance: moneyString('Statement ending balance', { negative: true }),
  })
  .openapi('BankReconciliationInput')

const ClearedBody = z
  .object({
    journal_line_ids: z.array(z.uuid({ error: 'Must be a journal line id.' }), { error: 'Name the journal lines.' }).max(5000, 'At most 5000 lines at once.'),
    cleared: z.boolean({ error: 'Say whether the lines are cleared (true) or not (false).' }),
  })
  .openapi('BankReconciliationClearedItems')

const Summary = z
  .object({
    id: z.string(),
    bank_account_id: z.string(),
    bank_account_name: z.string(),
    gl_account_id: z.string(),
    gl_account_label: z.string(),
    statement_date: z.string(),
    statement_ending_balance: z.string(),
    opening_balance: z.string().openapi({ description: 'The previous final reconciliation’s ending balance (0.00 for the first)' }),
    cleared_total: z.string().openapi({ description: 'The sum of the cleared items (deposits positive)' }),
    cleared_balance: z.string().openapi({ description: 'Opening balance + cleared items' }),
    difference: z.string().openapi({ description: 'Statement ending balance − cleared balance; must be 0.00 to mark final' }),
    cleared_count: z.number().int(),
    status: z.enum(['DRAFT', 'FINAL']),
    finalized_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('BankReconciliationSummary')

const Item = z.object({
  journal_line_id: z.string(),
  journal_entry_id: z.string(),
  entry_number: z.number().int(),
  date: z.string(),
  memo: z.string().nullable(),
  amount: z.string().openapi({ description: 'Deposits positive, payments negative' }),
  cleared: z.boolean(),
})

const Detail = Summary.extend({
  book_balance: z.string().openapi({ description: 'The GL account’s balance on the statement date' }),
  items: z.array(Item).openapi({ description: 'Every line of the bank’s GL account dated on or before the statement date and not cleared on an earlier final reconciliation' }),
}).openapi('BankReconciliation')

export const router = createRouter()

function summaryJson(row: ReconciliationRow) {
  const r = row.r
  return {
    id: r.id,
    bank_account_id: r.bankAccountId,
    bank_account_name: row.bankAccountName,
    gl_account_id: row.glAccountId,
    gl_account_label: row.glAccountLabel,
    statement_date: r.statementDate,
    statement_ending_balance: formatMoney(r.statementEndingBalance),
    opening_balance: formatMoney(r.openingBalance),
    cleared_total: formatMoney(row.clearedTotal),
    cleared_balance: formatMoney(r.openingBalance + row.clearedTotal),
    difference: formatMoney(reconciliationDifference({ statementEndingBalance: r.statementEndingBalance, openingBalance: r.openingBalance, clearedTotal: row.clearedTotal })),
    cleared_count: row.clearedCount,
    status: r.status as 'DRAFT' | 'FINAL',
    finalized_at: r.finalizedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }
}

async function detailOf(db: Executor, companyId: string, id: string) {
  const row = await reconciliationOf(db, companyId, id)
  const lines = await reconcilableLines(db, companyId, row.r, row.glAccountId)
  const [book] = await db
    .select({ total: sql<number>`coalesce(sum(${journalLines.amount}), 0)`.mapWith(Number) })
    .from(journalLines)
    .where(and(eq(journalLines.companyId, companyId), eq(journalLines.accountId, row.glAccountId), sql`${journalLines.date} <= ${row.r.statementDate}`))
  return {
    ...summaryJson(row),
    book_balance: formatMoney(book.total),
    items: lines.map((l) => ({ journal_line_id: l.id, journal_entry_id: l.entryId, entry_number: l.entryNumber, date: l.date, memo: l.memo, amount: formatMoney(l.amount), cleared: l.cleared })),
  }
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/bank-reconciliations',
    tags,
    summary: 'Bank reconciliations, latest statement first',
    ...guard,
    request: { query: ListQuery.extend({ bank_account_id: z.uuid({ error: 'Must be a bank account id.' }).optional(), status: z.enum(['DRAFT', 'FINAL'], { error: 'Status must be DRAFT or FINAL.' }).optional() }) },
    responses: { 200: jsonResponse(pageOf(Summary, 'BankReconciliationPage'), 'A page of reconciliations'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const where = and(
      eq(bankReconciliations.companyId, t.companyId),
      query.bank_account_id ? eq(bankReconciliations.bankAccountId, query.bank_account_id) : undefined,
      query.status ? eq(bankReconciliations.status, query.status) : undefined,
    )
    const ordering = orderBy(query.ordering, { statement_date: bankReconciliations.statementDate, created_at: bankReconciliations.createdAt }, '-statement_date')
    const [rows, [{ n }]] = await Promise.all([
      selectReconciliations(t.db)
        .where(where)
        .orderBy(...ordering, desc(bankReconciliations.createdAt))
        .limit(query.page_size)
        .offset(offsetOf(query)),
      t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bankReconciliations).where(where),
    ])
    return c.json(page(c, query, n, rows.map(summaryJson)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/bank-reconciliations',
    tags,
    summary: 'Start reconciling a bank statement: its date (after the last final reconciliation’s) and ending balance; one draft per bank account at a time',
    ...guard,
    request: jsonBody(ReconciliationBody),
    responses: { 201: jsonResponse(Detail, 'The reconciliation, with the items to tick'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const { id } = await startReconciliation(t.db, t.companyId, { bankAccountId: body.bank_account_id, statementDate: body.statement_date, statementEndingBalance: parseMoney(body.statement_ending_balance)! })
    return c.json(await detailOf(t.db, t.companyId, id), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/bank-reconciliations/{id}',
    tags,
    summary: 'One reconciliation with every item it can tick (cleared or outstanding) and its difference',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(Detail, 'The reconciliation'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await detailOf(t.db, t.companyId, c.req.valid('param').id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'delete',
    path: '/accounting/bank-reconciliations/{id}',
    tags,
    summary: 'Delete a draft reconciliation and its ticks; a final one answers 409',
    ...guard,
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    await deleteReconciliation(t.db, t.companyId, c.req.valid('param').id)
    return c.body(null, 204)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/bank-reconciliations/{id}/cleared-items',
    tags,
    summary: 'Tick (`cleared: true`) or untick lines of the bank’s GL account dated on or before the statement date; refused on a final reconciliation',
    ...guard,
    request: { params: IdParam, ...jsonBody(ClearedBody) },
    responses: { 200: jsonResponse(Detail, 'The reconciliation'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const { id } = c.req.valid('param')
    await setCleared(t.db, t.companyId, id, { journalLineIds: body.journal_line_ids, cleared: body.cleared })
    return c.json(await detailOf(t.db, t.companyId, id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/bank-reconciliations/{id}/mark-as-final',
    tags,
    summary: 'Mark a reconciliation final when its difference is 0.00 (409 with the difference otherwise); its items are then locked',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(Detail, 'The final reconciliation'), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const { id } = c.req.valid('param')
    await finalizeReconciliation(t.db, t.companyId, t.principal.userId, id)
    return c.json(await detailOf(t.db, t.companyId, id), 200)
  },
)

async function pdfOf(c: Context<AppEnv>, id: string) {
  const t = tenant(c)
  const detail = await detailOf(t.db, t.companyId, id)
  const [company] = await t.db.select({ name: companies.name }).from(companies).where(eq(companies.id, t.companyId))
  const item = (i: (typeof detail.items)[number]) => ({ date: i.date, entry: `#${i.entry_number}`, memo: i.memo ?? '', amount: i.amount })
  const cleared = detail.items.filter((i) => i.cleared)
  const outstanding = detail.items.filter((i) => !i.cleared)
  const total = (items: typeof detail.items) => formatMoney(items.reduce((sum, i) => sum + parseMoney(i.amount)!, 0))
  const bytes = await reconciliationPdf({
    company: company?.name ?? '',
    bankAccount: detail.bank_account_name,
    glAccount: detail.gl_account_label,
    statementDate: detail.statement_date,
    status: detail.status,
    finalizedAt: detail.finalized_at,
    summary: [
      ['Statement ending balance', detail.statement_ending_balance],
      ['Opening balance', detail.opening_balance],
      ['Cleared items', detail.cleared_total],
      ['Cleared balance', detail.cleared_balance],
      ['Difference', detail.difference],
      ['Book balance on the statement date', detail.book_balance],
    ],
    cleared: { items: cleared.map(item), total: total(cleared) },
    outstanding: { items: outstanding.map(item), total: total(outstanding) },
  })
  const filename = `reconciliation-${detail.bank_account_name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${detail.statement_date}.pdf`
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"` })
}

// SPEC.md §7 writes this call without the accounting prefix; both paths answer.
for (const path of ['/accounting/bank-reconciliations/{id}/generate-pdf', '/bank-reconciliations/{id}/generate-pdf']) {
  router.openapi(
    createRoute({
      method: 'post',
      path,
      tags,
      summary: 'The reconciliation as a PDF: statement, balances, cleared and outstanding items, difference',
      ...guard,
      request: { params: IdParam },
      responses: { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses(401, 403, 404) },
    }),
    (c) => pdfOf(c, c.req.valid('param').id),
  )
}
