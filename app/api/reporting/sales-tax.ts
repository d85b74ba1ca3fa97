import { createRoute, z } from '@hono/zod-openapi'
import { gstHstReturn, gstHstReturnTable } from '~/domain/receivables/gst-hst-return'
import { taxesOfPeriod } from '~/receivables/gst-hst-return.server'
import { createRouter } from '../create-app'
import { tenant } from '../tenant'
import { dateInput } from '../values'
import { Format, guard, Money, rangeOf, respond, statementResponse, tags } from './statements'

/*
 * reporting/gst-hst-return/: the GST/HST return worksheet of a reporting period, from the period's
 * invoices, bills, expenses and vendor credits. JSON, or CSV or PDF with the same filters (`?format=`).
 */

export const router = createRouter()

export const GstHstReturn = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    line_101: Money.openapi({ description: 'Sales and other revenue: the taxable lines of the invoices that charged GST/HST, before tax' }),
    line_103: Money.openapi({ description: 'GST/HST collected or collectible: what the invoices charged' }),
    line_104: Money.openapi({ description: 'Adjustments: the input tax credits vendor credit notes took back' }),
    line_105: Money,
    line_106: Money.openapi({ description: 'Input tax credits: the GST/HST claimed back on the bills and expenses' }),
    line_107: Money,
    line_108: Money,
    line_109: Money.openapi({ description: 'Net tax: to remit when positive, a refund when negative' }),
    owing: z.boolean().openapi({ description: 'Net tax is owed to the Receiver General (not a refund)' }),
    invoice_count: z.number().int(),
    bill_count: z.number().int().openapi({ description: 'Bills that claimed an input tax credit' }),
    expense_count: z.number().int().openapi({ description: 'Expenses that claimed an input tax credit' }),
    vendor_credit_count: z.number().int().openapi({ description: 'Vendor credits that took one back' }),
    provincial_taxes: z.array(z.object({ code: z.string(), amount: Money })).openapi({ description: 'Provincial sales taxes the invoices charged (PST, RST, QST): filed with the province, not on this return' }),
  })
  .openapi('GstHstReturn')

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/gst-hst-return',
    tags,
    summary: 'The GST/HST return worksheet of a period (the CRA’s lines 101 to 109): the GST/HST invoices charged, the input tax credits of bills and expenses, and the net tax',
    ...guard,
    request: { query: z.object({ format: Format, date_from: dateInput('Date from').optional(), date_to: dateInput('Date to').optional() }) },
    responses: statementResponse(GstHstReturn, 'The GST/HST return worksheet'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const range = await rangeOf(c, query)
    const period = await taxesOfPeriod(t.db, t.companyId, range)
    const report = gstHstReturn(range, period.invoices, period.credits)
    return respond(c, query.format, 'gst-hst-return', report, () => gstHstReturnTable(report, []))
  },
)
