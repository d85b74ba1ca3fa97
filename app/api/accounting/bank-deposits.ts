import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { bankAccounts, bankDepositItems, bankDeposits, journalEntries, journalLines } from '~/db/schema'
import { formatMoney } from '~/domain/money'
import { bankAccountOf, receiptJson, selectReceipts, undepositedReceipts } from '~/ledger/banking.server'
import { createDeposit } from '~/ledger/deposits.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { containsPattern, ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { IdParam } from '../platform/schemas'
import { IsoDate } from './schemas'
import { tenant } from '../tenant'

/*
 * accounting/bank-deposits/: receipts waiting in undeposited funds, and the
 * deposits that take them to the bank (the rules live in ~/ledger/deposits).
 */

const tags = ['Accounting']
const guard = signedIn(requireStaff('accounting'))


export const DepositBody = z
  .object({
    bank_account_id: z.uuid({ error: 'Choose the bank account.' }),
    date: IsoDate,
    memo: z.string().trim().max(500, 'Memo must be at most 500 characters.').nullish(),
    journal_line_ids: z.array(z.uuid({ error: 'Must be a journal line id.' }), { error: 'Choose the receipts to deposit.' }).min(1, 'Choose at least one receipt to deposit.').max(1000, 'A deposit can gather at most 1000 receipts.'),
  })
  .openapi('BankDepositInput')

const Receipt = z
  .object({
    journal_line_id: z.string(),
    date: z.string(),
    journal_entry_id: z.string(),
    entry_number: z.number().int(),
    memo: z.string().nullable(),
    property_group_id: z.string().nullable(),
    property_group_label: z.string().nullable(),
    amount: z.string(),
  })
  .openapi('UndepositedReceipt')

const Deposit = z
  .object({
    id: z.string(),
    bank_account_id: z.string(),
    bank_account_name: z.string(),
    date: z.string(),
    memo: z.string().nullable(),
    amount: z.string(),
    item_count: z.number().int(),
    journal_entry_id: z.string().nullable(),
    journal_entry_number: z.number().int().nullable(),
    created_at: z.string(),
  })
  .openapi('BankDepositSummary')

const DepositWithItems = Deposit.extend({ items: z.array(Receipt) }).openapi('BankDeposit')

export const router = createRouter()

function selectDeposits(c: Context<AppEnv>) {
  const t = tenant(c)
  return t.db
    .select({
      deposit: bankDeposits,
      bankAccountName: bankAccounts.name,
      entryNumber: journalEntries.number,
      itemCount: sql<number>`(select count(*) from ${bankDepositItems} where ${bankDepositItems.bankDepositId} = ${bankDeposits.id})`.mapWith(Number),
    })
    .from(bankDeposits)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankDeposits.bankAccountId))
    .leftJoin(journalEntries, eq(journalEntries.id, bankDeposits.journalEntryId))
    .$dynamic()
}

type DepositRow = Awaited<ReturnType<ReturnType<typeof selectDeposits>['execute']>>[number]

const depositJson = (row: DepositRow) => ({
  id: row.deposit.id,
  bank_account_id: row.deposit.bankAccountId,
  bank_account_name: row.bankAccountName,
  date: row.deposit.date,
  memo: row.deposit.memo,
  amount: formatMoney(row.deposit.amount),
  item_count: row.itemCount,
  journal_entry_id: row.deposit.journalEntryId,
  journal_entry_number: row.entryNumber,
  created_at: row.deposit.createdAt.toISOString(),
})

async function depositDetail(c: Context<AppEnv>, id: string) {
  const t = tenant(c)
  if (!z.uuid().safeParse(id).success) throw notFound('No such bank deposit.')
  const [row] = await selectDeposits(c).where(and(eq(bankDeposits.companyId, t.companyId), eq(bankDeposits.id, id)))
  if (!row) throw notFound('No such bank deposit.')
  const items = await selectReceipts(t.db)
    .innerJoin(bankDepositItems, eq(bankDepositItems.journalLineId, journalLines.id))
    .where(and(eq(bankDepositItems.companyId, t.companyId), eq(bankDepositItems.bankDepositId, id)))
    .orderBy(asc(journalLines.date), asc(journalEntries.number))
  return { ...depositJson(row), items: items.map(receiptJson) }
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/bank-deposits/undeposited',
    tags,
    summary: 'Receipts waiting in undeposited funds, oldest first; with `bank_account_id` of an account kept for one property, that property’s (and those with none)',
    ...guard,
    request: { query: z.object({ bank_account_id: z.uuid({ error: 'Must be a bank account id.' }).optional() }) },
    responses: { 200: jsonResponse(z.object({ results: z.array(Receipt), total: z.string() }).openapi('UndepositedReceipts'), 'Receipts'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const { bank_account_id } = c.req.valid('query')
    const bank = bank_account_id ? await bankAccountOf(t.db, t.companyId, bank_account_id, 'bank_account_id') : null
    const receipts = await undepositedReceipts(t.db, t.companyId, { propertyGroupId: bank?.propertyGroupId })
    return c.json({ results: receipts.map(receiptJson), total: formatMoney(receipts.reduce((sum, r) => sum + r.amount, 0)) }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/bank-deposits',
    tags,
    summary: 'Bank deposits, newest first',
    ...guard,
    request: { query: ListQuery.extend({ bank_account_id: z.uuid({ error: 'Must be a bank account id.' }).optional() }) },
    responses: { 200: jsonResponse(pageOf(Deposit, 'BankDepositPage'), 'A page of deposits'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const where = and(eq(bankDeposits.companyId, t.companyId), query.bank_account_id ? eq(bankDeposits.bankAccountId, query.bank_account_id) : undefined, query.search ? ilike(bankDeposits.memo, containsPattern(query.search)!) : undefined)
    const ordering = orderBy(query.ordering, { date: bankDeposits.date, amount: bankDeposits.amount, created_at: bankDeposits.createdAt }, '-date')
    const [rows, [{ n }]] = await Promise.all([
      selectDeposits(c)
        .where(where)
        .orderBy(...ordering, desc(bankDeposits.createdAt))
        .limit(query.page_size)
        .offset(offsetOf(query)),
      t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bankDeposits).where(where),
    ])
    return c.json(page(c, query, n, rows.map(depositJson)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/accounting/bank-deposits',
    tags,
    summary: 'Deposit undeposited receipts: records the deposit and posts Dr bank / Cr undeposited funds; a receipt already deposited answers 409',
    ...guard,
    request: jsonBody(DepositBody),
    responses: { 201: jsonResponse(DepositWithItems, 'The deposit'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const t = tenant(c)
    const { id } = await createDeposit(t.db, t.companyId, t.principal.userId, { bankAccountId: body.bank_account_id, date: body.date, memo: body.memo, journalLineIds: body.journal_line_ids })
    return c.json(await depositDetail(c, id), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/bank-deposits/{id}',
    tags,
    summary: 'One deposit with the receipts it gathered and its journal entry',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(DepositWithItems, 'The deposit'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(await depositDetail(c, c.req.valid('param').id), 200),
)
