import { createRoute, z } from '@hono/zod-openapi'
import { SKIP_REASONS } from '~/domain/leasing/resident-center'
import { residentDashboard, residentDocument, residentDocuments, residentLease, residentReceipt } from '~/leasing/resident-center.server'
import { inviteAllResidents } from '~/leasing/resident-invitations.server'
import { residentsResource } from '~/resources/properties'
import { binaryResponse, sendStored } from '../attachments/uploads'
import { createRouter } from '../create-app'
import { requireStaff, requireUserType } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { publicOrigin } from '../origin'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'

/*
 * The resident center (SPEC.md §1, §6): staff invite every current and future resident at once (one is invited
 * from their record, `residents/{id}/invite-to-resident-center/`), and a signed-in resident reads
 * their own leases, ledgers, receipts and documents. These reads are a resident's alone (ADR 017):
 * they answer a resident's own rows, and any other id, another resident's or a staff-only one, is
 * not found. The rules live in ~/leasing/resident-center.server.
 */

const tags = ['Resident center']
const residentOnly = signedIn(requireUserType('resident'))

const Money = (description: string) => z.string().openapi({ description, example: '1550.00' })

export const ResidentLeaseSummary = z
  .object({
    id: z.string(),
    label: z.string(),
    unit: z.string().openapi({ description: 'The unit, as every page names it: "102 · Bronson Court"' }),
    unit_address: z.string().openapi({ description: 'The unit’s postal address on one line' }),
    status: z.string(),
    status_label: z.string(),
    lease_type: z.string(),
    lease_type_label: z.string(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    move_in_date: z.string(),
    notice_date: z.string().nullable(),
    move_out_date: z.string().nullable(),
    rent: Money('Rent per period'),
    rent_frequency: z.string(),
    rent_frequency_label: z.string(),
    rent_due_day: z.number().int().openapi({ description: 'The day of the month rent falls due (31: the month’s last day)' }),
    balance: Money('What the lease owes (negative: a credit)'),
  })
  .openapi('ResidentLeaseSummary')

export const ResidentPayment = z
  .object({
    id: z.string(),
    lease_id: z.string(),
    lease_label: z.string(),
    receipt_number: z.string().nullable().openapi({ description: 'The number its receipt bears' }),
    date: z.string(),
    amount: Money('What was paid'),
    method: z.string(),
    method_label: z.string(),
    reference: z.string().nullable(),
    status: z.string().openapi({ description: 'RECEIVED, or RETURNED when the bank returned it (NSF)' }),
    status_label: z.string(),
    returned_date: z.string().nullable(),
  })
  .openapi('ResidentPayment')

const NextCharge = z
  .object({ lease_id: z.string(), date: z.string(), amount: Money('What is charged that day') })
  .nullable()
  .openapi({ description: 'The next charge of the leases in force: its day and amount; null when none is coming' })

const ResidentName = z.object({ id: z.string(), name: z.string() })

export const ResidentDashboard = z
  .object({
    residents: z.array(ResidentName).openapi({ description: 'The resident records this account is (usually one)' }),
    balance: Money('What all their leases owe together (negative: a credit)'),
    next_charge: NextCharge,
    leases: z.array(ResidentLeaseSummary).openapi({ description: 'Their leases, those in force first' }),
    recent_payments: z.array(ResidentPayment).openapi({ description: 'Their latest payments, newest first' }),
  })
  .openapi('ResidentDashboard')

/** A document shared with the resident: kept on their record, or an attachment of their lease shared with them. */
const ResidentDocument = z
  .object({
    id: z.string(),
    name: z.string(),
    document_type: z.string(),
    document_type_label: z.string().openapi({ description: 'Its kind: a lease attachment’s category, else the document’s type' }),
    description: z.string().nullable().openapi({ description: 'What the office says of it (a lease attachment’s description)' }),
    about: z.string().openapi({ description: 'The lease or the resident it is kept on' }),
    content_type: z.string(),
    size_bytes: z.number().int(),
    created_at: z.string(),
    download_url: z.string(),
  })
  .openapi('ResidentDocument')

export const ResidentLease = ResidentLeaseSummary.extend({
  residents: z.array(z.object({ name: z.string(), role: z.string(), role_label: z.string() })).openapi({ description: 'Everyone on the lease, primary tenant first' }),
  next_charge: NextCharge,
  ledger: z
    .array(
      z.object({
        date: z.string(),
        description: z.string(),
        charge: z.string().nullable().openapi({ description: 'What it added to the balance' }),
        payment: z.string().nullable().openapi({ description: 'What it took off the balance' }),
        balance: Money('The balance after it'),
      }),
    )
    .openapi({ description: 'The lease’s charges and payments, oldest first, with the running balance' }),
  receipts: z.array(ResidentPayment).openapi({ description: 'Its payments, newest first' }),
  documents: z.array(ResidentDocument).openapi({ description: 'Its attachments shared with its residents, newest first' }),
}).openapi('ResidentLease')

export const RentReceipt = ResidentPayment.extend({
  unit_address: z.string(),
  tenants: z.array(z.string()),
  paid_for: z.array(z.object({ description: z.string(), period: z.string(), amount: Money('What it paid of this charge') })),
  credit: Money('What it paid beyond the charges, held as a credit for the next ones'),
  landlord: z.object({ name: z.string(), address: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
}).openapi('RentReceipt')

export const ResidentDocuments = z
  .object({
    residents: z.array(ResidentName),
    resident: ResidentName.nullable().openapi({ description: 'The record the list is narrowed to, if it is' }),
    results: z.array(ResidentDocument),
  })
  .openapi('ResidentDocuments')

export const InviteAllResidentsResult = z
  .object({
    detail: z.string().openapi({ description: 'What was done, in one sentence' }),
    invited: z.number().int(),
    skipped: z
      .array(z.object({ resident_id: z.string(), name: z.string(), reason: z.enum(SKIP_REASONS.map((r) => r.value)), message: z.string() }))
      .openapi({ description: 'Each current resident not invited, with why' }),
  })
  .openapi('InviteAllResidentsResult')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/invite-all-residents',
    tags,
    summary: 'E-mail an invitation to the resident center to every current and future resident with an e-mail who does not use it yet (those invited before get a new link)',
    ...signedIn(requireStaff(residentsResource.permission)),
    request: jsonBody(z.object({}).openapi('InviteAllResidents'), 'Nothing: every current and future resident is considered', { required: false }),
    responses: { 200: jsonResponse(InviteAllResidentsResult, 'Who was invited, and who was not and why'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const result = await t.db.transaction((tx) => inviteAllResidents(tx, t.companyId, { invitedById: t.principal.userId, origin: publicOrigin(c) }))
    return c.json(result, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-dashboard',
    tags,
    summary: 'The signed-in resident’s leases, what they owe, their next charge and their latest payments',
    ...residentOnly,
    responses: { 200: jsonResponse(ResidentDashboard, 'The resident’s dashboard'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await residentDashboard(t.db, t.companyId, t.principal.userId), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/leases/{id}',
    tags,
    summary: 'One of the signed-in resident’s leases: its terms, who is on it, its ledger with the running balance, and its receipts',
    ...residentOnly,
    request: { params: IdParam },
    responses: { 200: jsonResponse(ResidentLease, 'The lease'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await residentLease(t.db, t.companyId, t.principal.userId, c.req.valid('param').id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/receipts/{id}',
    tags,
    summary: 'The receipt of one of the signed-in resident’s payments (by the payment’s id), with what a rent receipt must say',
    ...residentOnly,
    request: { params: IdParam },
    responses: { 200: jsonResponse(RentReceipt, 'The receipt'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await residentReceipt(t.db, t.companyId, t.principal.userId, c.req.valid('param').id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/documents',
    tags,
    summary: 'The documents shared with the signed-in resident: those kept on their own record and on their leases, newest first',
    ...residentOnly,
    responses: { 200: jsonResponse(ResidentDocuments, 'The documents'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await residentDocuments(t.db, t.companyId, t.principal.userId), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/residents/{id}/documents',
    tags,
    summary: 'The documents of one of the signed-in resident’s own records (and of the leases it is on)',
    ...residentOnly,
    request: { params: IdParam },
    responses: { 200: jsonResponse(ResidentDocuments, 'The documents'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await residentDocuments(t.db, t.companyId, t.principal.userId, c.req.valid('param').id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/documents/{id}/download',
    tags,
    summary: 'The bytes of a document shared with the signed-in resident, as a download under its name',
    ...residentOnly,
    request: { params: IdParam },
    responses: { 200: binaryResponse('The file, with its stored content type'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return sendStored(c, await residentDocument(t.db, t.companyId, t.principal.userId, c.req.valid('param').id), 'attachment')
  },
)
