import { createRoute, z } from '@hono/zod-openapi'
import { PAYMENT_TERMS } from '~/domain/payables/bills'
import { invoiceableWorkOrders } from '~/maintenance/work-orders.server'
import { invoiceWorkOrders } from '~/receivables/work-order-invoices.server'
import { committing } from '~/resources/engine/actions.server'
import { outputSchemas, recordOutput } from '~/resources/engine/api.server'
import { invoicesResource } from '~/resources/receivables'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * What is ready to charge (SPEC.md §7 GET invoiceable-work-orders/): the work orders whose work is
 * done and not yet charged, with what their work logs come to and the lease each would be charged
 * to; `work-orders/{id}/generate-invoice/` charges one.
 */

export const InvoiceableWorkOrder = z
  .object({
    id: z.string(),
    subject: z.string(),
    stage: z.string().openapi({ description: 'WORK_DONE or READY_TO_BILL' }),
    status_label: z.string(),
    property: z.string(),
    unit: z.string().nullable(),
    location: z.string().nullable(),
    hours: z.number().openapi({ description: 'Hours logged' }),
    labour: z.string().openapi({ description: 'Labour logged, at the logs’ rates' }),
    materials: z.string(),
    work_total: z.string().openapi({ description: 'Labour and materials, before a markup or minimum charge' }),
    lease_id: z.string().nullable().openapi({ description: 'The lease in force on its unit, charged unless another is chosen; null for a common area or an empty unit' }),
    lease_label: z.string().nullable(),
  })
  .openapi('InvoiceableWorkOrder')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/invoiceable-work-orders',
    tags: ['Operations'],
    summary: 'The work orders ready to charge: work done or ready to bill and not charged, oldest first, with their logged labour and materials and the lease they would be charged to',
    ...signedIn(requireStaff('operations')),
    request: { query: ListQuery.pick({ page: true, page_size: true }).extend({ property_group_id: z.uuid({ error: 'Choose a property.' }).optional() }) },
    responses: { 200: jsonResponse(pageOf(InvoiceableWorkOrder, 'InvoiceableWorkOrderPage'), 'A page of work orders ready to charge'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const found = await invoiceableWorkOrders(t.db, t.companyId, { limit: query.page_size, offset: offsetOf(query as ListQuery), propertyGroupId: query.property_group_id })
    return c.json(page(c, query as ListQuery, found.count, found.results), 200)
  },
)

/** What bills a property's work orders to its owner on one invoice; the page's form reads it too. */
export const GenerateBulkInvoice = z
  .object({
    property_group_id: z.uuid({ error: 'Property: choose one of your properties.' }).openapi({ description: 'The property whose work is billed' }),
    work_order_ids: z
      .array(z.uuid({ error: 'Each work order is named by its id.' }), { error: 'Choose the work orders to bill.' })
      .min(1, 'Choose at least one work order.')
      .max(500, 'At most 500 work orders at once.')
      .openapi({ description: 'Work done and not yet billed, at that property' }),
    property_owner_id: z.uuid({ error: 'Bill to: choose one of your property owners.' }).nullish().openapi({ description: 'Who is billed; empty: the property’s largest owner' }),
    markup_type_id: z.uuid({ error: 'Markup: choose one of your markup types.' }).nullish().openapi({ description: 'Added to each work order’s cost, on a line of its own' }),
    date: dateInput('Invoice date'),
    terms: z.enum(PAYMENT_TERMS.map((t) => t.value) as [string, ...string[]], { error: `Terms must be one of: ${PAYMENT_TERMS.map((t) => t.value).join(', ')}.` }).nullish(),
    memo: z.string().trim().max(500, 'Memo: at most 500 characters.').nullish(),
  })
  .strict()
  .openapi('GenerateBulkInvoice')

const { Item: Invoice } = outputSchemas(invoicesResource)

router.openapi(
  createRoute({
    method: 'post',
    path: '/work-orders/generate-bulk-invoice',
    tags: ['Operations'],
    summary: 'Bills work orders done at a property to its owner on one invoice, with a markup, and closes them',
    ...signedIn(requireStaff('accounting')),
    request: { body: { content: { 'application/json': { schema: GenerateBulkInvoice } }, required: true } },
    responses: { 201: jsonResponse(Invoice, 'The invoice'), ...errorResponses(400, 401, 403, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const body = c.req.valid('json')
    const request = {
      propertyGroupId: body.property_group_id,
      workOrderIds: body.work_order_ids,
      propertyOwnerId: body.property_owner_id,
      markupTypeId: body.markup_type_id,
      date: body.date,
      terms: body.terms,
      memo: body.memo,
    }
    const invoice = await committing(t.db, (tx, afterCommit) => invoiceWorkOrders(tx, t.companyId, t.principal.userId, request, afterCommit))
    return c.json(await recordOutput(t.db, t.companyId, invoicesResource, String(invoice.id)), 201)
  },
)
