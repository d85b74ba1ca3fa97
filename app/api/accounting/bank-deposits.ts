import { createRoute, z } from '@hono/zod-openapi'
import { formatMoney } from '~/domain/money'
import { bankAccountOf, receiptJson, undepositedReceipts } from '~/ledger/banking.server'
import { bankDepositsResource } from '~/resources/bank-deposits'
import { outputSchemas } from '~/resources/engine/api.server'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'

/*
 * What bank deposits do beyond their definition (app/resources/bank-deposits.ts, whose engine
 * routes list, make and read them): the receipts waiting in undeposited funds, to pick from.
 */

export const Receipt = z
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

export const UndepositedReceipts = z.object({ results: z.array(Receipt), total: z.string() }).openapi('UndepositedReceipts')

/** One deposit as the engine answers it (its fields, its receipts under `items`, and its figures). */
export const BankDepositOutput = outputSchemas(bankDepositsResource).Item

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/accounting/bank-deposits/undeposited',
    tags: ['Accounting'],
    summary: 'Receipts waiting in undeposited funds, oldest first; with `bank_account_id` of an account kept for one property, that property’s (and those with none)',
    ...signedIn(requireStaff('accounting')),
    request: { query: z.object({ bank_account_id: z.uuid({ error: 'Must be a bank account id.' }).optional() }) },
    responses: { 200: jsonResponse(UndepositedReceipts, 'Receipts'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const { bank_account_id } = c.req.valid('query')
    const bank = bank_account_id ? await bankAccountOf(t.db, t.companyId, bank_account_id, 'bank_account_id') : null
    const receipts = await undepositedReceipts(t.db, t.companyId, { propertyGroupId: bank?.propertyGroupId })
    return c.json({ results: receipts.map(receiptJson), total: formatMoney(receipts.reduce((sum, r) => sum + r.amount, 0)) }, 200)
  },
)
