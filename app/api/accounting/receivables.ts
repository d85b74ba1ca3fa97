import { createRoute, z } from '@hono/zod-openapi'
import { INVOICE_PAYMENT_METHODS } from '~/domain/receivables/invoices'
import { formatRate, ratesOn, SALES_TAX_CODES, SALES_TAX_RATES } from '~/domain/receivables/sales-tax'
import { receiveInvoices } from '~/receivables/invoices.server'
import { outputSchemas, recordOutput } from '~/resources/engine/api.server'
import { invoicePaymentsResource } from '~/resources/receivables'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * What invoices answer beyond their definition (app/resources/receivables.ts, whose engine routes
 * list, create, read, change, pay and duplicate one): many marked as paid together, and the sales
 * tax rates they charge. The rules live in ~/receivables and ~/domain/receivables.
 */

export const router = createRouter()
const { Item: InvoicePayment } = outputSchemas(invoicePaymentsResource)

/** What marks invoices as paid together; the bulk form reads it too. */
export const BulkMarkInvoicesAsPaid = z
  .object({
    invoice_ids: z
      .array(z.uuid({ error: 'Each invoice is named by its id.' }), { error: 'Choose the invoices paid.' })
      .min(1, 'Choose at least one invoice.')
      .max(1000, 'At most 1,000 invoices at once.')
      .openapi({ description: 'The invoices paid: each is paid what it still owes, one payment each' }),
    date: dateInput('Received on'),
    bank_account_id: z.uuid({ error: 'Deposited to: choose one of your bank accounts.' }).openapi({ description: 'The bank account the money went to' }),
    method: z.enum(INVOICE_PAYMENT_METHODS.map((m) => m.value) as [string, ...string[]], { error: `Method must be one of: ${INVOICE_PAYMENT_METHODS.map((m) => m.value).join(', ')}.` }),
    reference: z.string().trim().max(100, 'Reference: at most 100 characters.').nullish(),
  })
  .strict()
  .openapi('BulkMarkInvoicesAsPaid')

for (const path of ['/accounting/invoices/bulk-mark-as-paid', '/invoices/bulk-mark-as-paid']) {
  router.openapi(
    createRoute({
      hide: path.startsWith('/invoices'),
      method: 'post',
      path,
      tags: ['Accounting'],
      summary: 'Marks invoices as paid in one transaction: one payment each, of what it owes',
      ...signedIn(requireStaff('accounting')),
      request: { body: { content: { 'application/json': { schema: BulkMarkInvoicesAsPaid } }, required: true } },
      responses: { 201: jsonResponse(z.object({ payments: z.array(InvoicePayment) }), 'The payments recorded, one per invoice'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const t = tenant(c)
      const body = c.req.valid('json')
      const terms = { date: body.date, bankAccountId: body.bank_account_id, method: body.method, reference: body.reference ?? null }
      const made = await t.db.transaction((tx) => receiveInvoices(tx, t.companyId, t.principal.userId, body.invoice_ids, terms))
      return c.json({ payments: await Promise.all(made.map((p) => recordOutput(t.db, t.companyId, invoicePaymentsResource, String(p.id)))) }, 201)
    },
  )
}

const SalesTaxRate = z
  .object({
    province: z.string().openapi({ example: 'ON' }),
    code: z.enum(SALES_TAX_CODES.map((c) => c.value) as [string, ...string[]]),
    label: z.string().openapi({ example: 'HST 13 %' }),
    rate: z.string().openapi({ description: 'Percent', example: '13' }),
    effective_from: z.string(),
    effective_to: z.string().nullable().openapi({ description: 'The last day it applied; null while in force' }),
    recoverable: z.boolean().openapi({ description: 'Claimed back on purchases as an input tax credit (GST, HST) or refund (QST)' }),
  })
  .openapi('SalesTaxRate')

const code = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v)

for (const path of ['/accounting/sales-tax-rates', '/sales-tax-rates']) {
  router.openapi(
    createRoute({
      hide: path.startsWith('/sales'),
      method: 'get',
      path,
      tags: ['Accounting'],
      summary: 'Canada’s sales taxes by province with the dates they apply: the GST, the HST and the provincial PST, RST and QST',
      ...signedIn(),
      request: {
        query: z.object({
          province: z.preprocess(code, z.string().regex(/^[A-Z]{2}$/, 'province: a two-letter code such as ON.').optional()).openapi({ param: { description: 'Only this province’s (ON, BC…)' }, type: 'string' }),
          as_of: dateInput('as_of').optional().openapi({ param: { description: 'Only the rates in force on this day' } }),
        }),
      },
      responses: { 200: jsonResponse(z.array(SalesTaxRate), 'Each rate, by province'), ...errorResponses(400, 401) },
    }),
    (c) => {
      const { province, as_of: asOf } = c.req.valid('query')
      const rates = asOf ? [...new Set(SALES_TAX_RATES.map((r) => r.province))].filter((p) => !province || p === province).flatMap((p) => ratesOn(p, asOf)) : SALES_TAX_RATES.filter((r) => !province || r.province === province)
      return c.json(
        rates.map((r) => ({ province: r.province, code: r.code, label: `${r.code} ${formatRate(r.rate)}`, rate: formatRate(r.rate).replace(' %', ''), effective_from: r.from, effective_to: r.to ?? null, recoverable: r.recoverable })),
        200,
      )
    },
  )
}
