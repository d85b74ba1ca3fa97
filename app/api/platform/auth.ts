import { RESERVED_ADDRESSES } from '~/marketing/reserved-addresses'
import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { getDb, type Executor } from '~/db/client.server'
import { preparedStatement } from '~/db/prepared.server'
import { companies, passwordResetTokens, pendingRegistrations, refreshTokens, userTypes, users } from '~/db/schema'
import { ALL_PERMISSIONS, permissionColumnsFrom, permissionsFromRow } from '~/domain/permissions'
import { signInDelayMs } from '~/domain/sign-in'
import { openCompany } from '~/db/open-company.server'
import { hashPassword, randomToken, sha256, verifyPassword } from '~/utils/crypto.server'
import { linkEmail, sendEmail } from '~/utils/mailer.server'
import { createRouter } from '../create-app'
import { keptAnswer } from '../kept-answers'
import { badRequest, fieldError, notFound, unauthorized } from '../errors'
import { INVALID_TOKEN } from '../middleware/auth'
import { clientIp, rateLimiter } from '../middleware/rate-limit'
import { beforeSignIn, errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { publicOrigin } from '../origin'
import { Detail, Email, NewPassword, PermissionFlags, PersonName, TokenPair, WorkspaceSettings, workspaceSettingsOf } from './schemas'
import { issueTokens, revokeAllTokens, revokeLogin } from './tokens'
import { warningCounts, WorkspaceWarning, workspaceWarnings } from './workspace-warnings'

// Failed sign-ins are refused per address (high: an office shares one) and per account at an address.
// Failures on an account from everywhere refuse nothing, or anyone who knows an e-mail could lock its
// owner out; they only slow each sign-in to that account, up to a few seconds.
const loginFailuresPerIp = rateLimiter('login-failures-ip', 100, 15 * 60)
const loginFailuresPerAccountAtIp = rateLimiter('login-account', 10, 15 * 60)
const loginFailuresPerAccount = rateLimiter('login-failures-account', Number.POSITIVE_INFINITY, 15 * 60)
const resetRequestsPerEmail = rateLimiter('reset-email', 5, 60 * 60)
const resetRequestsPerIp = rateLimiter('reset-ip', 30, 60 * 60)
// Offices share one address; fifty new companies an hour from one is already far past any real use.
// An operator who provisions companies in bulk (or a test run) raises it with REGISTRATIONS_PER_HOUR.
const registrationsPerIp = rateLimiter('register-ip', Number(process.env.REGISTRATIONS_PER_HOUR) || 50, 60 * 60)
// Each sign-up sends a mail to the address given: a few an hour is plenty for a person, and no one can flood an inbox.
const registrationsPerEmail = rateLimiter('register-email', 5, 60 * 60)

export const WRONG_CREDENTIALS = 'Incorrect e-mail or password.'
export const RESET_REQUESTED =
  'If an account exists for this e-mail, we have sent a link to reset its password. The link works for one hour.'
const RESET_HOURS = 1
const SIGNUP_HOURS = 24
const INVALID_SIGNUP_LINK = 'This sign-up link is invalid, already used or expired. Sign up again to get a new one.'
/** The one answer to a sign-up, whether or not the e-mail has an account. */
const registrationSent = (email: string) =>
  `We have sent a link to ${email} to confirm the address. Open it within ${SIGNUP_HOURS} hours to finish creating your account.`

export const SlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'The address must be at least 3 characters.')
  .max(50, 'The address must be at most 50 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.')
  .refine((slug) => !RESERVED_ADDRESSES.has(slug), 'That address is one of the site’s own pages; choose another.')

export function slugify(name: string) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
}

export const RegisterBody = z
  .object({
    company_name: z.string({ error: 'Enter the company name.' }).trim().min(2, 'Enter the company name.').max(200, 'The company name must be at most 200 characters.'),
    company_slug: SlugSchema.optional(),
    first_name: PersonName('first name'),
    last_name: PersonName('last name'),
    email: Email,
    password: NewPassword,
  })
  .openapi('RegisterRequest')

export const LoginBody = z
  .object({ email: Email, password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.') })
  .openapi('LoginRequest')

export const ResetRequestBody = z.object({ email: Email }).openapi('PasswordResetRequest')
export const ResetConfirmBody = z
  .object({ token: z.string({ error: 'The reset link is missing its token.' }).min(1, 'The reset link is missing its token.'), password: NewPassword })
  .openapi('PasswordResetConfirm')
export const ChangePasswordBody = z
  .object({
    current_password: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.'),
    new_password: NewPassword,
  })
  .refine((v) => v.current_password !== v.new_password, { path: ['new_password'], message: 'The new password must differ from the current one.' })
  .openapi('ChangePassword')

export const Me = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      user_type: z.enum(userTypes),
      is_company_admin: z.boolean(),
    }),
    company: z.object({ id: z.string(), name: z.string(), slug: z.string(), currency: z.string(), time_zone: z.string(), number_format: z.enum(['en', 'fr']) }),
    permissions: PermissionFlags,
    settings: WorkspaceSettings,
    workspace_warnings: z
      .array(WorkspaceWarning)
      .nullable()
      .openapi({ description: 'For staff, the same list as GET workspace-warnings/ (every staff page shows it); null for everyone else' }),
  })
  .openapi('Me')

// Every staff, resident and technician page asks for this; a staff page also shows the workspace warnings, read in the same round trip.
const meById = preparedStatement((db) =>
  db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('me_by_id'),
)
const staffMeById = preparedStatement((db) =>
  db
    .select({ user: users, company: companies, counts: warningCounts(db) })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('staff_me_by_id'),
)

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/register',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'Sign up: e-mail a link that creates the company and its first property manager',
    description:
      'Answers the same 202 whether or not the e-mail already has an account (that address is told so by e-mail instead). ' +
      'The company is created when the link is confirmed with POST register/confirm/.',
    request: jsonBody(RegisterBody),
    responses: { 202: jsonResponse(Detail, 'The confirmation link is on its way'), ...errorResponses(400, 429) },
  }),
  async (c) => {
    await registrationsPerIp.count(clientIp(c))
    const body = c.req.valid('json')
    await registrationsPerEmail.count(body.email)
    const slug = body.company_slug ?? slugify(body.company_name)
    const db = getDb()
    // Hashed whether or not it is kept, so both answers take the same time.
    const passwordHash = await hashPassword(body.password)
    // Company addresses are public (they name the workspace), so a taken one is said at once.
    await refuseTakenSlug(db, slug, body.company_slug ? 'company_slug' : 'company_name')
    const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = ${body.email}`)
    if (existing) {
      await sendEmail({
        companyId: existing.companyId,
        to: existing.email,
        subject: 'You already have a Lintel account',
        category: 'registration',
        ...linkEmail({
          greeting: `Hello ${existing.firstName || existing.email},`,
          paragraphs: [
            `Someone, perhaps you, tried to create a Lintel account for ${body.company_name} with this e-mail. It already has an account, so nothing was created.`,
            `Sign in with it, or if you forgot the password, choose a new one at ${publicOrigin(c)}/reset-password/.`,
          ],
          action: 'Sign in',
          url: `${publicOrigin(c)}/login/`,
          secret: false,
          footer: 'If it was not you, ignore this message; your account stays as it is.',
        }),
      })
    } else {
      const token = randomToken()
      await db.insert(pendingRegistrations).values({
        tokenHash: sha256(token),
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        companyName: body.company_name,
        companySlug: slug,
        expiresAt: new Date(Date.now() + SIGNUP_HOURS * 3_600_000),
      })
      await sendEmail({
        companyId: null,
        to: body.email,
        subject: 'Confirm your e-mail to create your Lintel account',
        category: 'signup_confirmation',
        ...linkEmail({
          greeting: `Hello ${body.first_name},`,
          paragraphs: [`Confirm this e-mail address to create the Lintel account of ${body.company_name}.`],
          action: 'Confirm and create the account',
          url: `${publicOrigin(c)}/signup/confirm/?token=${encodeURIComponent(token)}`,
          secret: true,
          footer: `The link works once, for ${SIGNUP_HOURS} hours. If you did not sign up, ignore this message.`,
        }),
      })
    }
    return c.json({ detail: registrationSent(body.email) }, 202)
  },
)

async function refuseTakenSlug(db: Executor, slug: string, field: string) {
  // A name made into an address may land on one of the site's pages (a company called "Pricing").
  if (RESERVED_ADDRESSES.has(slug)) throw fieldError(field, 'That address is one of the site’s own pages; choose another company address.')
  const [taken] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug))
  if (taken) throw fieldError(field, 'That company address is already taken; choose another.')
}

/** The pending sign-up of a link that can still be used. */
const usableRegistration = (token: string) =>
  and(eq(pendingRegistrations.tokenHash, sha256(token)), isNull(pendingRegistrations.usedAt), gt(pendingRegistrations.expiresAt, sql`now()`))

export const RegistrationInfo = z.object({ email: z.string(), first_name: z.string(), company_name: z.string() }).openapi('RegistrationInfo')

router.openapi(
  createRoute({
    method: 'get',
    path: '/register/confirm/{token}',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'What a sign-up link would create (no sign-in needed)',
    request: { params: z.object({ token: z.string() }) },
    responses: { 200: jsonResponse(RegistrationInfo, 'The pending sign-up'), ...errorResponses(404) },
  }),
  async (c) => {
    const [row] = await getDb().select().from(pendingRegistrations).where(usableRegistration(c.req.valid('param').token))
    if (!row) throw notFound(INVALID_SIGNUP_LINK)
    return c.json({ email: row.email, first_name: row.firstName, company_name: row.companyName }, 200)
  },
)

export const RegisterConfirmBody = z
  .object({ token: z.string({ error: 'The sign-up link is missing its token.' }).min(1, 'The sign-up link is missing its token.') })
  .openapi('RegisterConfirm')

router.openapi(
  createRoute({
    method: 'post',
    path: '/register/confirm',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'Confirm a sign-up with the token from its e-mail: creates the company and its first property manager, signed in',
    request: jsonBody(RegisterConfirmBody),
    responses: { 201: jsonResponse(TokenPair, 'The new manager is signed in'), ...errorResponses(400, 429) },
  }),
  async (c) => {
    const { token } = c.req.valid('json')
    const tokens = await getDb().transaction(async (tx) => {
      const [pending] = await tx
        .update(pendingRegistrations)
        .set({ usedAt: sql`now()` })
        .where(usableRegistration(token))
        .returning()
      if (!pending) throw fieldError('token', INVALID_SIGNUP_LINK)
      await refuseTakenSlug(tx, pending.companySlug, 'token')
      // The address is proven now, so saying it already has an account tells nobody anything new.
      const [emailTaken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${pending.email}`)
      if (emailTaken) throw fieldError('token', 'An account with this e-mail already exists. Sign in or reset your password.')
      const [company] = await tx.insert(companies).values({ name: pending.companyName, slug: pending.companySlug, email: pending.email }).returning()
      await openCompany(tx, company.id)
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          email: pending.email,
          passwordHash: pending.passwordHash,
          firstName: pending.firstName,
          lastName: pending.lastName,
          userType: 'property_manager',
          isCompanyAdmin: true,
          ...permissionColumnsFrom(ALL_PERMISSIONS),
        })
        .returning()
      return issueTokens(tx, user)
    })
    return c.json({ ...tokens, user_type: 'property_manager' as const }, 201)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/login',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'Exchange e-mail and password for an access and a refresh token',
    request: jsonBody(LoginBody),
    responses: { 200: jsonResponse(TokenPair, 'Signed in'), ...errorResponses(400, 401, 429) },
  }),
  async (c) => {
    const { email, password } = c.req.valid('json')
    const ip = clientIp(c)
    await loginFailuresPerIp.check(ip)
    await loginFailuresPerAccountAtIp.check(`${ip}:${email}`)
    const delay = signInDelayMs(await loginFailuresPerAccount.hits(email))
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    const db = getDb()
    const [user] = await db.select().from(users).where(and(sql`lower(${users.email}) = ${email}`, eq(users.isActive, true)))
    if (!(await verifyPassword(password, user?.passwordHash))) {
      await Promise.all([loginFailuresPerIp.add(ip), loginFailuresPerAccountAtIp.add(`${ip}:${email}`), loginFailuresPerAccount.add(email)])
      throw unauthorized(WRONG_CREDENTIALS)
    }
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id))
    return c.json({ ...(await issueTokens(db, user)), user_type: user.userType }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/token/refresh',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'Rotate a refresh token into a new access and refresh token',
    description: 'Each refresh token works once. Presenting a rotated token again signs that login out everywhere.',
    request: jsonBody(z.object({ refresh: z.string().min(1, 'Send the refresh token.') }).openapi('RefreshRequest')),
    responses: { 200: jsonResponse(TokenPair, 'New tokens'), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const { refresh } = c.req.valid('json')
    const db = getDb()
    return c.json(
      await db.transaction(async (tx) => {
        const [rotated] = await tx
          .update(refreshTokens)
          .set({ rotatedAt: sql`now()` })
          .where(and(eq(refreshTokens.tokenHash, sha256(refresh)), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`)))
          .returning()
        if (!rotated) {
          const [known] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refresh)))
          // A token used twice well after its rotation means it was copied: end that whole login.
          // Within a few seconds it is just two tabs refreshing at once, which is harmless.
          if (known?.rotatedAt && Date.now() - known.rotatedAt.getTime() > 30_000) await revokeLogin(tx, known.userId, known.familyId)
          throw unauthorized(INVALID_TOKEN)
        }
        const [user] = await tx.select().from(users).where(and(eq(users.id, rotated.userId), eq(users.isActive, true)))
        if (!user) throw unauthorized(INVALID_TOKEN)
        return { ...(await issueTokens(tx, user, rotated.familyId)), user_type: user.userType }
      }),
      200,
    )
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/logout',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'Revoke a refresh token (and with it the login it belongs to, and that login’s access tokens)',
    request: jsonBody(z.object({ refresh: z.string().min(1) }).openapi('LogoutRequest')),
    responses: { 204: { description: 'Signed out' }, ...errorResponses(400) },
  }),
  async (c) => {
    const { refresh } = c.req.valid('json')
    const db = getDb()
    const [token] = await db.select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refresh)))
    if (token) await revokeLogin(db, token.userId, token.familyId)
    return c.body(null, 204)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/auth/password-reset',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'E-mail a password reset link',
    description: 'Answers the same whether or not the address has an account.',
    request: jsonBody(ResetRequestBody),
    responses: { 200: jsonResponse(Detail, 'Request accepted'), ...errorResponses(400, 429) },
  }),
  async (c) => {
    const { email } = c.req.valid('json')
    await resetRequestsPerIp.count(clientIp(c))
    await resetRequestsPerEmail.count(email)
    const db = getDb()
    const [user] = await db.select().from(users).where(and(sql`lower(${users.email}) = ${email}`, eq(users.isActive, true)))
    if (user?.passwordHash) {
      const token = randomToken()
      await db.insert(passwordResetTokens).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_HOURS * 3_600_000) })
      const url = `${publicOrigin(c)}/reset-password/?token=${encodeURIComponent(token)}`
      await sendEmail({
        companyId: user.companyId,
        to: user.email,
        subject: 'Reset your Lintel password',
        category: 'password_reset',
        ...linkEmail({
          greeting: `Hello ${user.firstName || user.email},`,
          paragraphs: ['Someone asked to reset the password of your Lintel account. If it was you, choose a new password with the link below. It works once, for one hour.'],
          action: 'Choose a new password',
          url,
          secret: true,
          footer: 'If you did not ask for this, ignore this message; your password stays as it is.',
        }),
      })
    }
    return c.json({ detail: RESET_REQUESTED }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/auth/password-reset/confirm',
    ...beforeSignIn(),
    tags: ['Authentication'],
    summary: 'Set a new password with the token from the reset e-mail',
    request: jsonBody(ResetConfirmBody),
    responses: { 200: jsonResponse(Detail, 'Password changed'), ...errorResponses(400, 429) },
  }),
  async (c) => {
    const { token, password } = c.req.valid('json')
    await resetRequestsPerIp.count(clientIp(c))
    const passwordHash = await hashPassword(password)
    await getDb().transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
        .returning()
      if (!used) throw fieldError('token', 'This reset link is invalid, already used or expired. Ask for a new one.')
      // Only the newest link works: asking again voids the links sent before.
      const [newer] = await tx
        .select({ createdAt: passwordResetTokens.createdAt })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.userId, used.userId),
            // Compared in SQL: a Date would lose the microseconds that tell two quick requests apart.
            sql`${passwordResetTokens.createdAt} > (select t.created_at from ${passwordResetTokens} t where t.token_hash = ${used.tokenHash})`,
          ),
        )
        .limit(1)
      if (newer) throw fieldError('token', 'A newer reset link was sent after this one; use the link in the latest e-mail.')
      // The reset is done: every other link of the user is void, and every login ends.
      await tx.update(passwordResetTokens).set({ usedAt: sql`now()` }).where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)))
      await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, used.userId))
      await revokeAllTokens(tx, used.userId)
    })
    return c.json({ detail: 'Your password has been changed. Sign in with the new password.' }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/auth/change-password',
    tags: ['Authentication'],
    summary: 'Change the signed-in user’s password',
    description:
      'Ends every other login of the user (their browser sessions, refresh and access tokens); the login that made the change stays signed in. API keys keep working.',
    ...signedIn(),
    request: jsonBody(ChangePasswordBody),
    responses: { 200: jsonResponse(Detail, 'Password changed'), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const db = getDb()
    const [user] = await db.select().from(users).where(eq(users.id, c.var.principal.userId))
    if (!(await verifyPassword(body.current_password, user.passwordHash))) {
      throw fieldError('current_password', 'Your current password is incorrect.')
    }
    const passwordHash = await hashPassword(body.new_password)
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id))
      await revokeAllTokens(tx, user.id, c.var.principal.sessionId)
    })
    return c.json({ detail: 'Your password has been changed; your other sessions are signed out.' }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/get-user-type',
    tags: ['Authentication'],
    summary: 'The signed-in user’s type',
    ...signedIn(),
    responses: { 200: jsonResponse(z.object({ user_type: z.enum(userTypes) }).openapi('UserType'), 'User type'), ...errorResponses(401) },
  }),
  (c) => c.json({ user_type: c.var.principal.userType }, 200),
)

export const UserPermissionFlags = PermissionFlags.extend({ is_company_admin: z.boolean() })

router.openapi(
  createRoute({
    method: 'get',
    path: '/user-permissions',
    tags: ['Authentication'],
    summary: 'The signed-in user’s eight permission flags',
    ...signedIn(),
    responses: { 200: jsonResponse(UserPermissionFlags, 'Permission flags'), ...errorResponses(401) },
  }),
  (c) => c.json({ ...permissionsFromRow(c.var.principal.permissions), is_company_admin: c.var.principal.isCompanyAdmin }, 200),
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/auth/me',
    tags: ['Authentication'],
    summary: 'The signed-in user, their company, permissions, workspace settings and (staff) workspace warnings in one call',
    ...signedIn(),
    responses: { 200: jsonResponse(Me, 'Current user'), ...errorResponses(401) },
  }),
  async (c) => {
    const { companyId, userId, userType } = c.var.principal
    // Every page's shell asks for this: kept briefly per user, dropped when the company changes (kept-answers.ts).
    const me = await keptAnswer(companyId, `me:${userId}`, async () => {
      let row: { user: typeof users.$inferSelect; company: typeof companies.$inferSelect } | undefined
      let warnings: WorkspaceWarning[] | null = null
      if (userType === 'property_manager') {
        const [staff] = await staffMeById().execute({ id: userId })
        row = staff
        if (staff) warnings = workspaceWarnings(staff.company, staff.counts)
      } else {
        ;[row] = await meById().execute({ id: userId })
      }
      if (!row) return null
      const { user, company } = row
      return {
        user: { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName, user_type: user.userType, is_company_admin: user.isCompanyAdmin },
        company: { id: company.id, name: company.name, slug: company.slug, currency: company.currency, time_zone: company.timeZone, number_format: company.numberFormat },
        permissions: permissionsFromRow(user),
        settings: workspaceSettingsOf(company),
        workspace_warnings: warnings,
      }
    })
    if (!me) throw badRequest('Unknown user.')
    return c.json(me, 200)
  },
)
