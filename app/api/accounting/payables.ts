import { createRoute, z } from '@hono/zod-openapi'
import { BILL_PAYMENT_METHODS } from '~/domain/payables/bills'
import { payBills } from '~/payables/bills.server'
import { eftBankAccount, makeEftFile, waitingEftPayments } from '~/payables/eft.server'
import { formatMoney } from '~/domain/money'
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
      summary: 'Marks bills as paid in one transaction: one bulk payment of one payment per vendor, paying each bill what it owes',
      ...signedIn(requireStaff('accounting')),
      request: { body: { content: { 'application/json': { schema: BulkMarkBillsAsPaid } }, required: true } },
      responses: { 201: jsonResponse(z.object({ bulk_bill_payment_id: z.string().openapi({ description: 'The bulk payment they make together' }), payments: z.array(BillPayment) }), 'The payments recorded, one per vendor'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const t = tenant(c)
      const body = c.req.valid('json')
      const terms = { date: body.date, bankAccountId: body.bank_account_id, method: body.method, reference: body.reference ?? null }
      const made = await t.db.transaction((tx) => payBills(tx, t.companyId, t.principal.userId, body.bill_ids, terms))
      return c.json({ bulk_bill_payment_id: made.bulkBillPaymentId, payments: await Promise.all(made.payments.map((p) => recordOutput(t.db, t.companyId, billPaymentsResource, String(p.id)))) }, 201)
    },
  )
}

const EftPayment = z
  .object({
    id: z.string(),
    label: z.string(),
    date: z.string(),
    amount: z.string(),
    vendor_id: z.string(),
    vendor_label: z.string(),
    problems: z.array(z.string()).openapi({ description: 'What keeps it out of a file: the vendor’s bank details the bank would reject (empty: it can go)' }),
  })
  .openapi('EftPayment')

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/eft-payments',
    tags: ['Accounting'],
    summary: 'The bill payments made by EFT from a bank account and not yet sent to the bank, oldest first, each with what keeps it out of a file',
    ...signedIn(requireStaff('accounting')),
    request: { query: z.object({ bank_account_id: z.uuid({ error: 'bank_account_id: choose one of your bank accounts.' }) }) },
    responses: {
      200: jsonResponse(z.object({ bank_account_id: z.string(), bank_account_label: z.string(), last_file_number: z.number().int(), results: z.array(EftPayment) }), 'The payments waiting'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const t = tenant(c)
    const { bank_account_id } = c.req.valid('query')
    const bank = await eftBankAccount(t.db, t.companyId, bank_account_id)
    const waiting = await waitingEftPayments(t.db, t.companyId, bank.id)
    return c.json(
      {
        bank_account_id: bank.id,
        bank_account_label: bank.name,
        last_file_number: bank.fileNumber,
        results: waiting.map((p) => ({ id: p.id, label: p.label, date: p.date, amount: formatMoney(p.amount), vendor_id: p.vendorId, vendor_label: p.vendorName, problems: p.problems })),
      },
      200,
    )
  },
)

export const GenerateEftFile = z
  .object({
    bank_account_id: z.uuid({ error: 'Paid from: choose one of your bank accounts.' }),
    bill_payment_ids: z
      .array(z.uuid({ error: 'Each payment is named by its id.' }), { error: 'Choose the payments to send.' })
      .min(1, 'Choose at least one payment.')
      .max(5000, 'At most 5,000 payments in one file.'),
  })
  .strict()
  .openapi('GenerateEftFile')

router.openapi(
  createRoute({
    method: 'post',
    path: '/reporting/generate-eft-payment-file',
    tags: ['Accounting'],
    summary: 'Writes the chosen EFT payments into the bank account’s next CPA-005 file (1464-byte records) and marks them as sent in it',
    ...signedIn(requireStaff('accounting')),
    request: { body: { content: { 'application/json': { schema: GenerateEftFile } }, required: true } },
    responses: {
      200: { description: 'The file, as an attachment', content: { 'text/plain': { schema: z.string() } } },
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) => {
    const t = tenant(c)
    const body = c.req.valid('json')
    const today = await t.today()
    const file = await t.db.transaction((tx) => makeEftFile(tx, t.companyId, body.bank_account_id, body.bill_payment_ids, today))
    return c.text(file.body, 200, {
      'content-type': 'text/plain; charset=us-ascii',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'x-eft-file-number': String(file.fileNumber),
      'x-eft-payment-count': String(file.count),
      'x-eft-total': file.total,
    })
  },
)
