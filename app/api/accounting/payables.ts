import { createRoute, z } from '@hono/zod-openapi'
import { BILL_PAYMENT_METHODS } from '~/domain/payables/bills'
import { payBills } from '~/payables/bills.server'
import { outputSchemas, recordOutput } from '~/resources/engine/api.server'
import { billPaymentsResource } from '~/resources/payables'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * What bills answer beyond their definition (app/resources/payables.ts, whose engine routes list,
 * create, read, change and pay one): many marked as paid together. The rules live in ~/payables.
 */

export const router = createRouter()
const { Item: BillPayment } = outputSchemas(billPaymentsResource)

/** What marks bills as paid together; the bulk form reads it too. */
export const BulkMarkBillsAsPaid = z
  .object({
    bill_ids: z
      .array(z.uuid({ error: 'Each bill is named by its id.' }), { error: 'Choose the bills paid.' })
      .min(1, 'Choose at least one bill.')
      .max(1000, 'At most 1,000 bills at once.')
      .openapi({ description: 'The bills paid: each is paid what it still owes, one payment per vendor' }),
    date: dateInput('Paid on'),
    bank_account_id: z.uuid({ error: 'Paid from: choose one of your bank accounts.' }).openapi({ description: 'The bank account the money left' }),
    method: z.enum(BILL_PAYMENT_METHODS.map((m) => m.value) as [string, ...string[]], { error: `Method must be one of: ${BILL_PAYMENT_METHODS.map((m) => m.value).join(', ')}.` }),
    reference: z.string().trim().max(100, 'Reference: at most 100 characters.').nullish(),
  })
  .strict()
  .openapi('BulkMarkBillsAsPaid')

for (const path of ['/accounting/bills/bulk-mark-as-paid', '/bills/bulk-mark-as-paid']) {
  router.openapi(
    createRoute({
      hide: path.startsWith('/bills'),
      method: 'post',
      path,
      tags: ['Accounting'],
      summary: 'Marks bills as paid in one transaction: one payment per vendor, paying each bill what it owes',
      ...signedIn(requireStaff('accounting')),
      request: { body: { content: { 'application/json': { schema: BulkMarkBillsAsPaid } }, required: true } },
      responses: { 201: jsonResponse(z.object({ payments: z.array(BillPayment) }), 'The payments recorded, one per vendor'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const t = tenant(c)
      const body = c.req.valid('json')
      const terms = { date: body.date, bankAccountId: body.bank_account_id, method: body.method, reference: body.reference ?? null }
      const made = await t.db.transaction((tx) => payBills(tx, t.companyId, t.principal.userId, body.bill_ids, terms))
      return c.json({ payments: await Promise.all(made.map((p) => recordOutput(t.db, t.companyId, billPaymentsResource, String(p.id)))) }, 201)
    },
  )
}
