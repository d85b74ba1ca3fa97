import { createRoute, z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { isUuid } from '~/db/ids'
import { rentalUnits } from '~/db/schema'
import { notFound } from '~/domain/errors'
import { PAYMENT_METHODS, paymentsForCharges } from '~/domain/leasing/payments'
import { currentLeaseId, rentAccount } from '~/leasing/leases.server'
import { chargesByIds } from '~/leasing/payments.server'
import { createRecord, outputSchemas, recordOutput } from '~/resources/engine/api.server'
import { leasesResource } from '~/resources/leases'
import { rentPaymentsResource } from '~/resources/rent'
import { badRequest } from '../errors'
import { dateInput } from '../values'
import { createRouter } from '../create-app'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'

/*
 * What a lease answers beyond its definition (app/resources/leases.ts, whose engine routes list,
 * create, read, change, delete and move it): a unit's current lease and a lease's rent account; and
 * receivables marked as paid together. The rules live in ~/leasing.
 */

const tags = ['Leasing']
const { Item: RentPayment } = outputSchemas(rentPaymentsResource)
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


/** What marks charges as paid together; the page's form reads it too. */
export const BulkMarkAsPaid = z
  .object({
    charge_ids: z
      .array(z.uuid({ error: 'Each charge is named by its id.' }), { error: 'Choose the charges paid.' })
      .min(1, 'Choose at least one charge.')
      .max(500, 'At most 500 charges at once.')
      .openapi({ description: 'The charges paid: each is paid what it still owes' }),
    date: dateInput('Date received'),
    method: z.enum(PAYMENT_METHODS.map((m) => m.value) as [string, ...string[]], { error: `Method must be one of: ${PAYMENT_METHODS.map((m) => m.value).join(', ')}.` }),
    reference: z.string().max(100, 'Reference: at most 100 characters.').nullish(),
  })
  .strict()
  .openapi('BulkMarkAsPaid')

router.openapi(
  createRoute({
    method: 'post',
    path: '/rent-receivables/bulk-mark-as-paid',
    tags: ['Accounting'],
    summary: 'Marks charges as paid in one transaction: one payment per lease, paying each charge what it owes',
    ...signedIn(requireStaff('accounting')),
    request: { body: { content: { 'application/json': { schema: BulkMarkAsPaid } }, required: true } },
    responses: { 201: jsonResponse(z.object({ payments: z.array(RentPayment) }), 'The payments recorded, one per lease'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const body = c.req.valid('json')
    const ids = await t.db.transaction(async (tx) => {
      const found = await chargesByIds(tx, t.companyId, body.charge_ids)
      const errors: Record<string, string[]> = {}
      body.charge_ids.forEach((id, i) => {
        if (!(found.get(id)?.open ?? 0)) errors[`charge_ids[${i}]`] = [`Charge ${i + 1} is not an open charge of your company: it may be paid or void already.`]
        else if (body.charge_ids.indexOf(id) !== i) errors[`charge_ids[${i}]`] = [`Charge ${i + 1} is chosen twice.`]
      })
      if (Object.keys(errors).length) throw badRequest(`Please correct the highlighted charges: ${Object.keys(errors).join(', ')}.`, errors)
      const made: string[] = []
      for (const payment of paymentsForCharges(body.charge_ids.map((id) => found.get(id)!))) {
        const values = { lease_id: payment.leaseId, date: body.date, amount: payment.amount, method: body.method, reference: body.reference ?? null, lines: payment.lines.map((l) => ({ charge_id: l.chargeId, amount: l.amount })) }
        made.push(String((await createRecord(tx, t.companyId, rentPaymentsResource, { values }, { userId: t.principal.userId })).id))
      }
      return made
    })
    return c.json({ payments: await Promise.all(ids.map((id) => recordOutput(t.db, t.companyId, rentPaymentsResource, id))) }, 201)
  },
)
