import { createRoute, z } from '@hono/zod-openapi'
import { and, count, eq, gt, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { getDb, type Executor } from '~/db/client.server'
import { companies, invitations, users, type UserType } from '~/db/schema'
import { permissionColumnsFrom, permissionsFromRow, type PermissionGroup } from '~/domain/permissions'
import { hashPassword, sha256 } from '~/utils/crypto.server'
import { EMAIL_HAS_ACCOUNT, emailHasAccount, sendInvitation } from '~/utils/invitations.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { badRequest, conflict, fieldError, notFound } from '../errors'
import { forgetPrincipal, requireStaff } from '../middleware/auth'
import { beforeSignIn, errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { publicOrigin } from '../origin'
import { containsPattern, ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { moneyInput } from '../values'
import { formatMoney } from '~/domain/money'
import { Detail, Email, IdParam, NewPassword, OptionalText, PermissionFlags, PersonName, TokenPair } from './schemas'
import { issueTokens } from './tokens'

type UserRow = typeof users.$inferSelect

const personFields = {
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  status: z.enum(['active', 'invited', 'inactive']).openapi({ description: '`invited` until the invitation is accepted' }),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
}

const ApprovalLimit = z.string().nullable().openapi({
  description: 'The largest purchase order they may approve; null: no limit. A company administrator approves any amount whatever it says.',
  example: '2500.00',
})

export const PropertyManager = z
  .object({ ...personFields, is_company_admin: z.boolean(), ...PermissionFlags.shape, purchase_order_approval_limit: ApprovalLimit })
  .openapi('PropertyManager')
export const MaintenanceTechnician = z
  .object({ ...personFields, hourly_rate: z.string().nullable().openapi({ description: 'What an hour of their work is priced at (their work logs and time entries keep the rate of their day); null: not set', example: '85.00' }) })
  .openapi('MaintenanceTechnician')

function statusOf(row: UserRow) {
  if (!row.isActive) return 'inactive' as const
  return row.passwordHash ? ('active' as const) : ('invited' as const)
}

function serializePerson(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    is_active: row.isActive,
    status: statusOf(row),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/** A technician as the API answers: their hourly rate beside who they are. */
const serializeTechnician = (row: UserRow) => ({ ...serializePerson(row), hourly_rate: row.hourlyRate === null ? null : formatMoney(row.hourlyRate) })

export const serializeManager = (row: UserRow) => ({
  ...serializePerson(row),
  is_company_admin: row.isCompanyAdmin,
  ...permissionsFromRow(row),
  purchase_order_approval_limit: row.purchaseOrderApprovalLimit === null ? null : formatMoney(row.purchaseOrderApprovalLimit),
})

const PeopleQuery = ListQuery.extend({
  status: z.enum(['active', 'invited', 'inactive'], { error: 'Status must be active, invited or inactive.' }).optional(),
})

const ORDERING = { first_name: users.firstName, last_name: users.lastName, email: users.email, created_at: users.createdAt, last_login_at: users.lastLoginAt }

async function listPeople(c: Context<AppEnv>, userType: UserType, query: z.infer<typeof PeopleQuery>) {
  const t = tenant(c)
  const term = containsPattern(query.search)
  const where = t.where(
    users,
    eq(users.userType, userType),
    term ? or(ilike(users.firstName, term), ilike(users.lastName, term), ilike(users.email, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term)) : undefined,
    query.status === 'inactive' ? eq(users.isActive, false) : undefined,
    query.status === 'active' ? and(eq(users.isActive, true), isNotNull(users.passwordHash)) : undefined,
    query.status === 'invited' ? and(eq(users.isActive, true), isNull(users.passwordHash)) : undefined,
  )
  const [total] = await t.db.select({ n: count() }).from(users).where(where)
  const rows = await t.db
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderBy(query.ordering, ORDERING, 'last_name,first_name'), users.id)
    .limit(query.page_size)
    .offset(offsetOf(query))
  return { total: total.n, rows }
}

async function findPerson(c: Context<AppEnv>, userType: UserType, id: string) {
  const t = tenant(c)
  const missing = `No such ${userType === 'maintenance_technician' ? 'maintenance technician' : userType === 'property_manager' ? 'property manager' : 'person'}.`
  if (!z.uuid().safeParse(id).success) throw notFound(missing)
  const [row] = await t.db.select().from(users).where(t.where(users, eq(users.id, id), eq(users.userType, userType)))
  if (!row) throw notFound(missing)
  return row
}

async function invite(c: Context<AppEnv>, values: Partial<typeof users.$inferInsert> & { email: string; firstName: string; lastName: string; userType: UserType }) {
  const t = tenant(c)
  if (await emailHasAccount(values.email)) throw fieldError('email', EMAIL_HAS_ACCOUNT)
  const [user] = await t.db
    .insert(users)
    .values({ ...values, companyId: t.companyId })
    .returning()
  await sendInvitation(t.db, user, { origin: publicOrigin(c), invitedById: c.var.principal.userId })
  return user
}

export const InviteManagerBody = z
  .object({ email: Email, first_name: PersonName('first name'), last_name: PersonName('last name'), phone: OptionalText('Phone', 40), ...PermissionFlags.partial().shape })
  .openapi('InvitePropertyManager')

export const TechnicianBody = z
  .object({ email: Email, first_name: PersonName('first name'), last_name: PersonName('last name'), phone: OptionalText('Phone', 40) })
  .openapi('InviteMaintenanceTechnician')

export const ManagerUpdateBody = z
  .object({
    first_name: PersonName('first name'),
    last_name: PersonName('last name'),
    phone: OptionalText('Phone', 40),
    is_active: z.boolean().optional(),
    is_company_admin: z.boolean().optional(),
    ...PermissionFlags.partial().shape,
    purchase_order_approval_limit: z
      .union([moneyInput('Purchase order approval limit'), z.null()])
      .optional()
      .openapi({ description: 'The largest purchase order they may approve; null: no limit; left out: unchanged' }),
  })
  .openapi('PropertyManagerUpdate')

export const TechnicianUpdateBody = z
  .object({
    first_name: PersonName('first name'),
    last_name: PersonName('last name'),
    phone: OptionalText('Phone', 40),
    is_active: z.boolean().optional(),
    hourly_rate: z.union([moneyInput('Hourly rate'), z.null()]).optional().openapi({ description: 'Their hourly rate; null clears it; left out: unchanged' }),
  })
  .openapi('MaintenanceTechnicianUpdate')

export const router = createRouter()
/** Managing people (staff and technicians) is Management Company work; their form pages check the same. */
export const PEOPLE_PERMISSION = 'management_company' satisfies PermissionGroup
const managers = requireStaff(PEOPLE_PERMISSION)

router.openapi(
  createRoute({
    method: 'get',
    path: '/property-managers',
    tags: ['People'],
    summary: 'Property managers of your company',
    ...signedIn(managers),
    request: { query: PeopleQuery },
    responses: { 200: jsonResponse(pageOf(PropertyManager, 'PropertyManagerPage'), 'A page of managers'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const { total, rows } = await listPeople(c, 'property_manager', query)
    return c.json(page(c, query, total, rows.map(serializeManager)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/property-managers/{id}',
    tags: ['People'],
    summary: 'One property manager with their permission flags',
    ...signedIn(managers),
    request: { params: IdParam },
    responses: { 200: jsonResponse(PropertyManager, 'The manager'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(serializeManager(await findPerson(c, 'property_manager', c.req.valid('param').id)), 200),
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/property-managers/{id}',
    tags: ['People'],
    summary: 'Update a property manager’s details and permission flags',
    ...signedIn(managers),
    request: { params: IdParam, ...jsonBody(ManagerUpdateBody) },
    responses: { 200: jsonResponse(PropertyManager, 'The updated manager'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const row = await findPerson(c, 'property_manager', c.req.valid('param').id)
    const body = c.req.valid('json')
    const self = row.id === c.var.principal.userId
    // Nobody can lock themselves out of the screen that grants permissions back.
    if (self && body.has_management_company_permissions === false) {
      throw fieldError('has_management_company_permissions', 'You cannot remove your own Management Company permission.')
    }
    if (self && body.is_active === false) throw fieldError('is_active', 'You cannot deactivate yourself.')
    if (body.is_company_admin !== undefined && body.is_company_admin !== row.isCompanyAdmin && !c.var.principal.isCompanyAdmin) {
      throw fieldError('is_company_admin', 'Only a company administrator can change who is an administrator.')
    }
    const [updated] = await getDb()
      .update(users)
      .set({
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone,
        isActive: body.is_active ?? row.isActive,
        isCompanyAdmin: body.is_company_admin ?? row.isCompanyAdmin,
        ...permissionColumnsFrom(body),
        ...(body.purchase_order_approval_limit !== undefined ? { purchaseOrderApprovalLimit: body.purchase_order_approval_limit } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, row.id))
      .returning()
    forgetPrincipal(row.id)
    return c.json(serializeManager(updated), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/invite-property-manager',
    tags: ['People'],
    summary: 'Invite a property manager by e-mail, with their permission flags',
    ...signedIn(managers),
    request: jsonBody(InviteManagerBody),
    responses: { 201: jsonResponse(PropertyManager, 'Invited'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const user = await invite(c, {
      email: body.email,
      firstName: body.first_name,
      lastName: body.last_name,
      phone: body.phone,
      userType: 'property_manager',
      ...permissionColumnsFrom(body),
    })
    return c.json(serializeManager(user), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/maintenance-technicians',
    tags: ['People'],
    summary: 'Maintenance technicians of your company',
    ...signedIn(managers),
    request: { query: PeopleQuery },
    responses: { 200: jsonResponse(pageOf(MaintenanceTechnician, 'MaintenanceTechnicianPage'), 'A page of technicians'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const { total, rows } = await listPeople(c, 'maintenance_technician', query)
    return c.json(page(c, query, total, rows.map(serializeTechnician)), 200)
  },
)

const createTechnician = async (c: Context<AppEnv>, body: z.infer<typeof TechnicianBody>) =>
  serializeTechnician(await invite(c, { email: body.email, firstName: body.first_name, lastName: body.last_name, phone: body.phone, userType: 'maintenance_technician' }))

for (const path of ['/maintenance-technicians', '/invite-maintenance-technician']) {
  router.openapi(
    createRoute({
      method: 'post',
      path,
      tags: ['People'],
      summary: 'Add a maintenance technician and e-mail them an invitation',
      ...signedIn(managers),
      request: jsonBody(TechnicianBody),
      responses: { 201: jsonResponse(MaintenanceTechnician, 'Invited'), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await createTechnician(c, c.req.valid('json')), 201),
  )
}

router.openapi(
  createRoute({
    method: 'get',
    path: '/maintenance-technicians/{id}',
    tags: ['People'],
    summary: 'One maintenance technician',
    ...signedIn(managers),
    request: { params: IdParam },
    responses: { 200: jsonResponse(MaintenanceTechnician, 'The technician'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(serializeTechnician(await findPerson(c, 'maintenance_technician', c.req.valid('param').id)), 200),
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/maintenance-technicians/{id}',
    tags: ['People'],
    summary: 'Update a maintenance technician',
    ...signedIn(managers),
    request: { params: IdParam, ...jsonBody(TechnicianUpdateBody) },
    responses: { 200: jsonResponse(MaintenanceTechnician, 'The updated technician'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const row = await findPerson(c, 'maintenance_technician', c.req.valid('param').id)
    const body = c.req.valid('json')
    const [updated] = await getDb()
      .update(users)
      .set({
        firstName: body.first_name,
        lastName: body.last_name,
        phone: body.phone,
        isActive: body.is_active ?? row.isActive,
        hourlyRate: body.hourly_rate === undefined ? row.hourlyRate : body.hourly_rate,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, row.id))
      .returning()
    forgetPrincipal(row.id)
    return c.json(serializeTechnician(updated), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/maintenance-technicians/{id}/send-invitation',
    tags: ['People'],
    summary: 'E-mail a new invitation link (the earlier link stops working)',
    ...signedIn(managers),
    request: { params: IdParam },
    responses: { 200: jsonResponse(Detail, 'Sent'), ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const row = await findPerson(c, 'maintenance_technician', c.req.valid('param').id)
    if (row.passwordHash) throw conflict(`${row.firstName} ${row.lastName} has already accepted the invitation.`)
    if (!row.isActive) throw conflict('This technician is deactivated; reactivate them first.')
    await sendInvitation(getDb(), row, { origin: publicOrigin(c), invitedById: c.var.principal.userId })
    return c.json({ detail: `We sent a new invitation to ${row.email}.` }, 200)
  },
)

export const InvitationInfo = z
  .object({ email: z.string(), first_name: z.string(), last_name: z.string(), company_name: z.string(), user_type: z.string() })
  .openapi('Invitation')

async function openInvitation(db: Executor, token: string) {
  const [row] = await db
    .select({ invitation: invitations, user: users, companyName: companies.name })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.tokenHash, sha256(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`), eq(users.isActive, true)))
  return row
}

export const INVALID_INVITATION = 'This invitation link is invalid, already used or expired. Ask the person who invited you to send it again.'

router.openapi(
  createRoute({
    method: 'get',
    path: '/accept-invitation/{invitationId}',
    ...beforeSignIn(),
    tags: ['People'],
    summary: 'What an invitation link is for (no sign-in needed)',
    request: { params: z.object({ invitationId: z.string() }) },
    responses: { 200: jsonResponse(InvitationInfo, 'The invitation'), ...errorResponses(404) },
  }),
  async (c) => {
    const row = await openInvitation(getDb(), c.req.valid('param').invitationId)
    if (!row) throw notFound(INVALID_INVITATION)
    return c.json({ email: row.user.email, first_name: row.user.firstName, last_name: row.user.lastName, company_name: row.companyName, user_type: row.user.userType }, 200)
  },
)

export const AcceptInvitationBody = z
  .object({
    invitation_id: z.string({ error: 'The invitation link is incomplete.' }).min(1, 'The invitation link is incomplete.'),
    first_name: PersonName('first name'),
    last_name: PersonName('last name'),
    password: NewPassword,
  })
  .openapi('AcceptInvitation')

router.openapi(
  createRoute({
    method: 'post',
    path: '/accept-invitation',
    ...beforeSignIn(),
    tags: ['People'],
    summary: 'Accept an invitation by choosing a password; signs the person in',
    request: jsonBody(AcceptInvitationBody),
    responses: { 200: jsonResponse(TokenPair, 'Signed in'), ...errorResponses(400) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const passwordHash = await hashPassword(body.password)
    const tokens = await getDb().transaction(async (tx) => {
      const row = await openInvitation(tx, body.invitation_id)
      if (!row) throw fieldError('invitation_id', INVALID_INVITATION)
      const [accepted] = await tx
        .update(invitations)
        .set({ acceptedAt: sql`now()` })
        .where(and(eq(invitations.id, row.invitation.id), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id })
      if (!accepted) throw badRequest(INVALID_INVITATION)
      const [user] = await tx
        .update(users)
        .set({ passwordHash, firstName: body.first_name, lastName: body.last_name, lastLoginAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, row.user.id))
        .returning()
      return { ...(await issueTokens(tx, user)), user_type: user.userType }
    })
    return c.json(tokens, 200)
  },
)

