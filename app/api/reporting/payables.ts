import { createRoute, z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { vendors } from '~/db/schema'
import { AGING_COLUMNS } from '~/domain/leasing/reports'
import { agedPayables, agedPayablesTable } from '~/domain/payables/aged-payables'
import { poListing, poListingTable, PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from '~/domain/payables/purchase-orders'
import { listedOrders } from '~/payables/purchase-orders.server'
import { badRequest } from '../errors'
import { openBillsAsOf, payablesBalance } from '~/payables/bills.server'
import { openCreditsAsOf } from '~/payables/vendor-credits.server'
import { createRouter } from '../create-app'
import { tenant } from '../tenant'
import { dateInput } from '../values'
import { AsOf, Property, PropertyId, scopeOf } from './rent'
import { calendarOf, Format, guard, Money, rangeOf, respond, statementResponse, tags } from './statements'

/*
 * reporting/aged-payables/: what the company owes its vendors at the end of any day, by age, tied
 * to the payable accounts; reporting/po-listing/: the purchase orders of a range with what was
 * billed of each. JSON, or CSV or PDF with the same filters (`?format=`).
 */

export const router = createRouter()

const Aging = Object.fromEntries(AGING_COLUMNS.map((c) => [c.key, Money])) as Record<(typeof AGING_COLUMNS)[number]['key'], typeof Money>

export const AgedPayables = z
  .object({
    filters: z.object({ vendor_id: z.string().nullable(), vendor_label: z.string().nullable() }),
    as_of: z.string(),
    rows: z.array(
      z.object({
        vendor_id: z.string(),
        vendor_label: z.string(),
        bill_count: z.number().int(),
        oldest_due_date: z.string().openapi({ description: 'The earliest due date of its open bills (empty when it has none, only credits)' }),
        ...Aging,
        credits: Money.openapi({ description: 'Its vendor credits left unapplied, as a negative amount: a debit on the payable accounts' }),
        total: Money.openapi({ description: 'Its open bills less its unapplied credits' }),
      }),
    ),
    totals: z.object({ ...Aging, credits: Money, total: Money }),
    payables_account_balance: Money.openapi({ description: 'The payable accounts’ balance that day, owed as a positive amount' }),
    other_payables: Money.openapi({ description: 'What the payable accounts hold beyond the open bills and unapplied credits (journal entries typed on them): on no vendor' }),
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
    const vendor = await vendorFilter(c, query.vendor_id)
    const [bills, balance, credits] = await Promise.all([
      openBillsAsOf(t.db, t.companyId, asOf, vendor?.id),
      payablesBalance(t.db, t.companyId, asOf, vendor?.id),
      openCreditsAsOf(t.db, t.companyId, asOf, vendor?.id),
    ])
    const report = { filters: { vendor_id: vendor?.id ?? null, vendor_label: vendor?.name ?? null }, ...agedPayables(bills, balance, asOf, credits) }
    return respond(c, query.format, 'aged-payables', report, () => agedPayablesTable(report, [vendor ? `Vendor: ${vendor.name}` : 'All vendors']))
  },
)

/** A vendor filter: the vendor, or a 400 naming the field when it is not one of the company's. */
async function vendorFilter(c: Parameters<typeof tenant>[0], vendorId: string | undefined) {
  if (!vendorId) return null
  const t = tenant(c)
  const [vendor] = await t.db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(and(eq(vendors.companyId, t.companyId), eq(vendors.id, vendorId)))
  if (!vendor) throw badRequest('Choose one of your vendors.', { vendor_id: ['Choose one of your vendors.'] })
  return vendor
}

const statusValues = PURCHASE_ORDER_STATUSES.map((s) => s.value) as [PurchaseOrderStatus, ...PurchaseOrderStatus[]]

export const PoListing = z
  .object({
    filters: Property.extend({ vendor_id: z.string().nullable(), vendor_label: z.string().nullable(), status: z.string().nullable() }),
    date_from: z.string(),
    date_to: z.string(),
    count: z.number().int(),
    rows: z.array(
      z.object({
        id: z.string(),
        number: z.number().int(),
        label: z.string(),
        date: z.string(),
        required_by: z.string().nullable(),
        status: z.string(),
        status_label: z.string(),
        vendor_id: z.string(),
        vendor_label: z.string(),
        property_label: z.string(),
        bill_id: z.string().nullable(),
        amount: Money,
        billed: Money.openapi({ description: 'What its bill came to, while the bill stands (nothing once it is void)' }),
        paid: Money.openapi({ description: 'What payments have paid of its bill' }),
        unbilled: Money.openapi({ description: 'Committed and not yet billed: an approved order’s total, or what a fulfilled one’s bill did not cover; nothing before approval or once rejected' }),
      }),
    ),
    by_status: z.array(z.object({ status: z.string(), status_label: z.string(), count: z.number().int(), amount: Money })),
    totals: z.object({ amount: Money, billed: Money, paid: Money, unbilled: Money }),
  })
  .openapi('PoListing')

router.openapi(
  createRoute({
    method: 'get',
    path: '/reporting/po-listing',
    tags,
    summary: 'The purchase orders dated in a range, by status, vendor and property: each with its total, what its bill came to and what of that is paid, and what is committed and not yet billed; totals and a count by status',
    ...guard,
    request: {
      query: z.object({
        format: Format,
        date_from: dateInput('Date from').optional().openapi({ description: 'First PO date, inclusive; the start of the fiscal year of date_to by default' }),
        date_to: dateInput('Date to').optional().openapi({ description: 'Last PO date, inclusive; today by default' }),
        status: z.enum(statusValues, { error: `Status must be one of ${statusValues.join(', ')}.` }).optional().openapi({ description: 'Only orders in this state' }),
        vendor_id: z.uuid({ error: 'Choose a vendor.' }).optional().openapi({ description: 'Only this vendor' }),
        property_group_id: PropertyId,
      }),
    },
    responses: statementResponse(PoListing, 'PO listing'),
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const [{ from, to }, vendor, { filters, subtitle }] = await Promise.all([rangeOf(c, query), vendorFilter(c, query.vendor_id), scopeOf(c, { property_group_id: query.property_group_id })])
    const orders = await listedOrders(t.db, t.companyId, { from, to, status: query.status, vendorId: vendor?.id, propertyGroupId: filters.property_group_id ?? undefined })
    const report = {
      filters: { ...filters, vendor_id: vendor?.id ?? null, vendor_label: vendor?.name ?? null, status: query.status ?? null },
      date_from: from,
      date_to: to,
      ...poListing(orders),
    }
    const status = PURCHASE_ORDER_STATUSES.find((s) => s.value === query.status)?.label
    return respond(c, query.format, 'po-listing', report, () =>
      poListingTable(report, [...subtitle, vendor ? `Vendor: ${vendor.name}` : 'All vendors', status ? `Status: ${status}` : 'Every status']),
    )
  },
)
