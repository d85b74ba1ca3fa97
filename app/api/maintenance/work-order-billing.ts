import { createRoute, z } from '@hono/zod-openapi'
import { invoiceableWorkOrders } from '~/maintenance/work-orders.server'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, page, pageOf } from '../pagination'
import { tenant } from '../tenant'

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
