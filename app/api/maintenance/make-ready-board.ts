import { createRoute, z } from '@hono/zod-openapi'
import { makeReadyBoard } from '~/maintenance/make-ready.server'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'

/*
 * The make-ready board (SPEC.md §7 GET leases/make-ready-board): every unit turning over, its turn
 * open, the soonest next move-in first, with the days left until it and how far its tasks are.
 * The turns themselves are leasing/make-readies/.
 */

const BoardRow = z
  .object({
    id: z.uuid().openapi({ description: 'The make-ready (leasing/make-readies/{id}/)' }),
    label: z.string(),
    rental_unit_id: z.uuid(),
    unit: z.string(),
    property_group_id: z.uuid(),
    property: z.string(),
    status: z.string().openapi({ description: 'UPCOMING, IN_PROGRESS or ON_HOLD' }),
    status_label: z.string(),
    move_out_date: z.string(),
    ready_by_date: z.string(),
    next_lease_id: z.uuid().nullable(),
    next_move_in_date: z.string().nullable(),
    days_until_move_in: z.number().int().nullable().openapi({ description: 'Days from today to the next move-in; null when none is signed' }),
    turn_days: z.number().int(),
    tasks_done: z.number().int(),
    tasks_total: z.number().int(),
    tasks: z.string(),
    overdue_tasks: z.number().int(),
  })
  .openapi('MakeReadyBoardRow')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/leases/make-ready-board',
    tags: ['Operations'],
    summary: 'The units turning over between a move-out and the next move-in: their open make-readies, the soonest move-in first',
    ...signedIn(requireStaff('operations')),
    request: { query: z.object({ property_group_id: z.uuid({ error: 'Choose a property.' }).optional().openapi({ description: 'Only this property’s units' }) }) },
    responses: { 200: jsonResponse(z.object({ count: z.number().int(), results: z.array(BoardRow) }).openapi('MakeReadyBoard'), 'The board'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const rows = await makeReadyBoard(t.db, t.companyId, c.req.valid('query').property_group_id)
    return c.json({ count: rows.length, results: rows }, 200)
  },
)
