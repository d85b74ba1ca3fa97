import { createRoute, z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { vendors } from '~/db/schema'
import { AGING_COLUMNS } from '~/domain/leasing/reports'
import { agedPayables, agedPayablesTable } from '~/domain/payables/aged-payables'
import { badRequest } from '../errors'
import { openBillsAsOf, payablesBalance } from '~/payables/bills.server'
import { createRouter } from '../create-app'
import { tenant } from '../tenant'
import { AsOf } from './rent'
import { calendarOf, Format, guard, Money, respond, statementResponse, tags } from './statements'

/*
 * reporting/aged-payables/: what the company owes its vendors at the end of any day, by age, tied
 * to the payable accounts; JSON, or CSV or PDF with the same filters (`?format=`).
 */

export const router = createRouter()

const Aging = Object.fromEntries(AGING_COLUMNS.map((c) => [c.key, Money])) as Record<(typeof AGING_COLUMNS)[number]['key'], typeof Money>

export const AgedPayables = z
  .object({
    filters: z.object({ vendor_id: z.string().nullable(), vendor_label: z.string().nullable() }),
    as_of: z.string(),
    rows: z.array(
      z.object({ vendor_id: z.string(), vendor_label: z.string(), bill_count: z.number().int(), oldest_due_date: z.string().openapi({ description: 'The earliest due date of its open bills' }), ...Aging, total: Money }),
    ),
    totals: z.object({ ...Aging, total: Money }),
    payables_account_balance: Money.openapi({ description: 'The payable accounts’ balance that day, owed as a positive amount' }),
    other_payables: Money.openapi({ description: 'What the payable accounts hold beyond the open bills (journal entries typed on them): on no vendor' }),
  })
  .openapi('AgedPayables')

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/aged-payables',
    tags,
    summary: 'Aged payables as of any date: what each vendor is owed, by days past each bill’s due date (0–30 includes what is not yet due, then 31–60, 61–90, 91+), tied to the payable accounts’ balance on the day',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        as_of: AsOf,
        vendor_id: z.uuid({ error: 'Choose a vendor.' }).optional().openapi({ description: 'Only this vendor' }),
      }),
    },
    responses: statementResponse(AgedPayables, 'Aged payables'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const asOf = query.as_of ?? (await calendarOf(c)).today
    const [vendor] = query.vendor_id ? await t.db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(and(eq(vendors.companyId, t.companyId), eq(vendors.id, query.vendor_id))) : []
    if (query.vendor_id && !vendor) throw badRequest('Choose one of your vendors.', { vendor_id: ['Choose one of your vendors.'] })
    const [bills, balance] = await Promise.all([openBillsAsOf(t.db, t.companyId, asOf, vendor?.id), payablesBalance(t.db, t.companyId, asOf, vendor?.id)])
    const report = { filters: { vendor_id: vendor?.id ?? null, vendor_label: vendor?.name ?? null }, ...agedPayables(bills, balance, asOf) }
    return respond(c, query.format, 'aged-payables', report, () => agedPayablesTable(report, [vendor ? `Vendor: ${vendor.name}` : 'All vendors']))
  },
)
