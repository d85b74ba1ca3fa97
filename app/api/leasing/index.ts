import { createRoute, z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { isUuid } from '~/db/ids'
import { rentalUnits } from '~/db/schema'
import { notFound } from '~/domain/errors'
import { currentLeaseId, rentAccount } from '~/leasing/leases.server'
import { outputSchemas, recordOutput } from '~/resources/engine/api.server'
import { leasesResource } from '~/resources/leases'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'

/*
 * What a lease answers beyond its definition (app/resources/leases.ts, whose engine routes list,
 * create, read, change, delete and move it): a unit's current lease and a lease's rent account.
 * The rules live in ~/leasing/leases.
 */

const tags = ['Leasing']
const guard = signedIn(requireStaff('leasing'))
const { Item: Lease } = outputSchemas(leasesResource)

const RentAccount = z
  .object({
    lease_id: z.string(),
    lease_label: z.string(),
    balance: z.string().openapi({ description: 'What the lease owes after its last line (negative: a credit)' }),
    lines: z.array(
      z.object({
        journal_line_id: z.string(),
        journal_entry_id: z.string(),
        entry_number: z.number().int(),
        date: z.string(),
        memo: z.string().nullable(),
        source_type: z.string().openapi({ description: 'What posted it (RENT_CHARGE, RENT_PAYMENT, JOURNAL_ENTRY …)' }),
        charge: z.string().nullable().openapi({ description: 'What it added to the balance' }),
        payment: z.string().nullable().openapi({ description: 'What it took off the balance' }),
        balance: z.string().openapi({ description: 'The balance after this line' }),
      }),
    ),
  })
  .openapi('RentAccount')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/rental-units/{id}/current-lease',
    tags,
    summary: 'The lease in force on a unit (active or on notice); 404 when the unit is not let',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(Lease, 'The current lease'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const id = c.req.valid('param').id
    const [unit] = isUuid(id)
      ? await t.db
          .select({ label: rentalUnits.label })
          .from(rentalUnits)
          .where(and(eq(rentalUnits.companyId, t.companyId), eq(rentalUnits.id, id)))
      : []
    if (!unit) throw notFound('No such rental unit.')
    const leaseId = await currentLeaseId(t.db, t.companyId, id)
    if (!leaseId) throw notFound(`${unit.label} has no current lease.`)
    return c.json(await recordOutput(t.db, t.companyId, leasesResource, leaseId), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/leases/{id}/rent-account',
    tags,
    summary: 'The lease’s ledger: its receivable lines oldest first (charges and payments), each with the running balance',
    ...guard,
    request: { params: IdParam },
    responses: { 200: jsonResponse(RentAccount, 'The rent account'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await rentAccount(t.db, t.companyId, c.req.valid('param').id), 200)
  },
)

