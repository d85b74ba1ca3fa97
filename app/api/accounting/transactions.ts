import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm'
import { journalLines } from '~/db/schema'
import { debitCreditOf } from '~/domain/ledger/entries'
import { formatMoney } from '~/domain/money'
import { bankAccountOf } from '~/ledger/banking.server'
import { dimensionsWithLabels, sourceLabel } from '~/ledger/journal.server'
import { dimensionsFromJson } from '~/domain/ledger/dimensions'
import { correctTransaction, registerQuery, transactionOf, type RegisterRow } from '~/ledger/register.server'
import { createRouter } from '../create-app'
import { badRequest } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, page, pageOf } from '../pagination'
import { IdParam } from '../platform/schemas'
import { Id, IsoDate, JournalLine, LINE_DESCRIPTION } from './schemas'
import { tenant } from '../tenant'

/*
 * accounting/transactions/: the register, one row per journal line with its entry.
 * Filtered to one account (or a bank account's GL account) it carries the running
 * balance, oldest first. A line's memo and dimensions may be corrected in place
 * (the rules live in ~/ledger/register).
 */

const tags = ['Accounting']
const guard = signedIn(requireStaff('accounting'))

export const Transaction = JournalLine.omit({ line_number: true })
  .extend({
    journal_entry_id: z.string(),
    entry_number: z.number().int(),
    date: z.string(),
    memo: z.string().nullable().openapi({ description: 'The line’s memo' }),
    entry_memo: z.string().nullable(),
    source_type: z.string(),
    source_label: z.string(),
    cleared: z.boolean().openapi({ description: 'Ticked on a bank reconciliation' }),
    reconciled: z.boolean().openapi({ description: 'On a final bank reconciliation' }),
    balance: z.string().nullable().openapi({ description: 'The account’s running balance after this line (debits positive), when the list is filtered to one account' }),
  })
  .openapi('Transaction')

const ListParams = ListQuery.extend({
  account_id: Id.optional(),
  bank_account_id: Id.optional(),
  property_group_id: Id.optional(),
  date_from: IsoDate.optional(),
  date_to: IsoDate.optional(),
})

/** The fields a PUT may change. The others of a posted line are named and refused. */
const FIXED = ['amount', 'debit', 'credit', 'account_id', 'date', 'journal_entry_id', 'entry_number'] as const
const CHANGEABLE = LINE_DESCRIPTION
const UpdateBody = z
  .object(CHANGEABLE)
  .catchall(z.unknown())
  .superRefine((body, ctx) => {
    for (const field of Object.keys(body)) {
      if ((FIXED as readonly string[]).includes(field))
        ctx.addIssue({ code: 'custom', path: [field], message: `The ${field.replace(/_id$/, '').replace('_', ' ')} of a posted line cannot be changed here; edit its journal entry, which posts a reversal and a replacement.` })
      else if (!(field in CHANGEABLE)) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is not a field of a transaction.` })
    }
  })
  .openapi('TransactionUpdate', { description: 'Only memo and dimensions; amount, debit, credit, account_id and date are refused' })

export const router = createRouter()

function transactionJson(row: RegisterRow) {
  const l = row
  return {
    id: l.id,
    journal_entry_id: l.entryId,
    entry_number: row.entryNumber,
    date: l.date,
    memo: l.memo,
    entry_memo: row.entryMemo,
    source_type: row.sourceType,
    source_label: sourceLabel(row.sourceType),
    account_id: l.accountId,
    account_label: row.accountLabel,
    ...debitCreditOf(l.amount),
    ...dimensionsWithLabels(row),
    cleared: row.cleared,
    reconciled: row.reconciled,
    balance: row.balance === null ? null : formatMoney(Number(row.balance)),
  }
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/transactions',
    tags,
    summary: 'The register: journal lines with their entry, by date then entry number; with one account (`account_id` or `bank_account_id`) each carries the running balance',
    ...guard,
    request: { query: ListParams },
    responses: { 200: jsonResponse(pageOf(Transaction, 'TransactionPage'), 'A page of register lines'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const bank = query.bank_account_id ? await bankAccountOf(t.db, t.companyId, query.bank_account_id, 'bank_account_id') : null
    if (bank && query.account_id && query.account_id !== bank.glAccountId) throw badRequest('Filter by an account or by a bank account, not two different ones.', { account_id: ['This is not the bank account’s GL account.'] })
    const accountId = bank?.glAccountId ?? query.account_id
    const descending = (query.ordering ?? 'date').trim() === '-date'
    if (query.ordering && !['date', '-date'].includes(query.ordering.trim())) throw badRequest('The register is ordered by date.', { ordering: ['Choose date or -date.'] })
    // Lines before date_from still count toward the running balance, so the window runs over them and the range is cut afterwards.
    const running = registerQuery(t.db, !!accountId)
      .where(
        and(
          eq(journalLines.companyId, t.companyId),
          accountId ? eq(journalLines.accountId, accountId) : undefined,
          query.property_group_id ? eq(journalLines.propertyGroupId, query.property_group_id) : undefined,
          query.date_to ? lte(journalLines.date, query.date_to) : undefined,
          accountId ? undefined : query.date_from ? gte(journalLines.date, query.date_from) : undefined,
        ),
      )
      .as('register')
    const inRange = query.date_from && accountId ? gte(running.date, query.date_from) : undefined
    const direction = descending ? desc : asc
    const [rows, [{ n }]] = await Promise.all([
      t.db
        .select()
        .from(running)
        .where(inRange)
        .orderBy(direction(running.date), direction(running.entryNumber), direction(running.lineNumber))
        .limit(query.page_size)
        .offset(offsetOf(query)),
      t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(running).where(inRange),
    ])
    return c.json(page(c, query, n, (rows as RegisterRow[]).map(transactionJson)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/transactions/{id}',
    tags,
    summary: 'One register line with its entry',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(Transaction, 'The line'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(transactionJson(await transactionOf(t.db, t.companyId, c.req.valid('param').id)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/accounting/transactions/{id}',
    tags,
    summary: 'Correct a line’s memo and dimensions (property, unit, lease, resident, vendor, owner); its amount, account and date are refused with 400',
    ...guard,
    request: { params: IdParam, ...jsonBody(UpdateBody) },
    responses: { 200: jsonResponse(Transaction, 'The line'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const correction = { memo: body.memo, ...dimensionsFromJson(body) }
    return c.json(transactionJson(await correctTransaction(t.db, t.companyId, c.req.valid('param').id, correction)), 200)
  },
)
