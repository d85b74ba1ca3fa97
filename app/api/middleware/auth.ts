import { and, eq, isNull, sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { crossCompany, getDb } from '~/db/client.server'
import { preparedStatement } from '~/db/prepared.server'
import { apiKeys, refreshTokens, users, type UserType } from '~/db/schema'
import { missingPermission, PERMISSIONS, type PermissionGroup } from '~/domain/permissions'
import { sha256 } from '~/utils/crypto.server'
import { instanceSecret } from '~/utils/instance.server'
import { keptLookups } from '~/utils/kept-lookups.server'
import { signJwt, verifyJwt, type JwtPayload } from '~/utils/jwt.server'
import type { AppEnv, Principal } from '../context'
import { forbidden, unauthorized } from '../errors'

export const ACCESS_TOKEN_SECONDS = 15 * 60
export const API_KEY_PREFIX = 'lk_'
/** The wording API clients already know from SimpleJWT, which the palette checks for (SPEC.md §8). */
export const INVALID_TOKEN = 'Given token not valid for any token type'

/**
 * `sid` is the refresh-token family (the login) the access token belongs to: signing
 * out, or a password change elsewhere, revokes the family and with it its access tokens.
 */
export async function signAccessToken(user: { id: string; companyId: string; userType: UserType }, familyId: string) {
  const now = Math.floor(Date.now() / 1000)
  return signJwt({ sub: user.id, cid: user.companyId, typ: user.userType, sid: familyId, iat: now, exp: now + ACCESS_TOKEN_SECONDS }, await instanceSecret())
}

const principalColumns = {
  userId: users.id,
  companyId: users.companyId,
  userType: users.userType,
  email: users.email,
  isCompanyAdmin: users.isCompanyAdmin,
  ...Object.fromEntries(PERMISSIONS.map((p) => [p.column, users[p.column]])),
} as const

type PrincipalRow = Omit<Principal, 'permissions' | 'apiKeyId'> & Principal['permissions']

function toPrincipal(row: PrincipalRow, apiKeyId?: string): Principal {
  const permissions = Object.fromEntries(PERMISSIONS.map((p) => [p.column, row[p.column]])) as Principal['permissions']
  return {
    userId: row.userId,
    companyId: row.companyId,
    userType: row.userType,
    email: row.email,
    isCompanyAdmin: row.isCompanyAdmin,
    permissions,
    apiKeyId,
  }
}

// An active user whose login (refresh-token family) has not been signed out or ended by a password change.
const principalById = preparedStatement((db) =>
  db
    .select(principalColumns)
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('id')),
        eq(users.isActive, true),
        sql`not exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sid')} and ${refreshTokens.revokedAt} is not null)`,
      ),
    )
    .prepare('principal_by_id'),
)

/**
 * Who a user is and may do, per login, kept for two seconds: a page makes several
 * API calls at once and each would otherwise read the same row. Changes made
 * through this process take effect at once (forgetPrincipal); another app
 * node sees them within the two seconds.
 */
const principals = keptLookups<Principal>(2_000)

/** Drops what is kept about every login of the user (after a change of their rights or a sign-out). */
export function forgetPrincipal(userId: string) {
  principals.forgetWhere((key) => key.startsWith(`${userId}:`))
}

function loadPrincipal(userId: string, familyId: string): Promise<Principal | null> {
  // Who is calling decides the company, so finding them is read across companies.
  return principals.get(`${userId}:${familyId}`, () =>
    crossCompany(() => principalById().execute({ id: userId, sid: familyId })).then(([row]) => (row ? toPrincipal(row as PrincipalRow) : null)),
  )
}

/*
 * A token's signature is checked once: a page's API calls, and an API client's many, carry the same
 * access token for its fifteen minutes, and the HMAC is the largest part of answering a call made
 * from memory. Its expiry is still read on every call; whether its login was ended is the principal's.
 */
const verified = new Map<string, { secret: string; payload: JwtPayload }>()

function verifyAccessToken(token: string, secret: string): JwtPayload | null {
  const known = verified.get(token)
  if (known && known.secret === secret) return known.payload.exp > Math.floor(Date.now() / 1000) ? known.payload : null
  const payload = verifyJwt(token, secret)
  if (payload) {
    if (verified.size >= 10_000) verified.clear()
    verified.set(token, { secret, payload })
  }
  return payload
}

async function principalFromAccessToken(token: string): Promise<Principal> {
  const payload = verifyAccessToken(token, await instanceSecret())
  if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw unauthorized(INVALID_TOKEN)
  const principal = await loadPrincipal(payload.sub, payload.sid)
  if (!principal) throw unauthorized(INVALID_TOKEN)
  return { ...principal, sessionId: payload.sid }
}

// Who is calling decides the company, so finding them is read across companies.
const principalFromApiKey = (key: string) => crossCompany(() => principalOfApiKey(key))

async function principalOfApiKey(key: string): Promise<Principal> {
  const db = getDb()
  const [row] = await db
    .select({ ...principalColumns, apiKeyId: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt), eq(users.isActive, true)))
  if (!row) throw unauthorized('Invalid or revoked API key.')
  // Recording every use would turn each read into a write; once a minute is enough to show activity.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.apiKeyId))
  }
  return toPrincipal(row as unknown as PrincipalRow, row.apiKeyId)
}

/** Resolves the bearer token (access token or API key) into the request's principal. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization')
  const match = header?.match(/^Bearer\s+(.+)$/i)
  if (!match) throw unauthorized()
  const token = match[1].trim()
  c.set('principal', await (token.startsWith(API_KEY_PREFIX) ? principalFromApiKey(token) : principalFromAccessToken(token)))
  await next()
})

/**
 * Who may call an operation: what its guards enforce, and what its OpenAPI entry
 * documents as `x-lintel-gate` (set by `signedIn` from the same guards).
 */
export type Gate = {
  /** The user types let in. */
  user_types: UserType[]
  /** The permission groups of which the caller needs at least one; none named, none needed. */
  any_permission: PermissionGroup[]
}

/** A middleware that refuses callers, carrying the part of the gate it enforces. */
export type Guard = MiddlewareHandler<AppEnv> & { gate: Partial<Gate> }

const guard = (gate: Partial<Gate>, middleware: MiddlewareHandler<AppEnv>): Guard => Object.assign(middleware, { gate })

export const requireUserType = (...types: UserType[]) =>
  guard(
    { user_types: types },
    createMiddleware<AppEnv>(async (c, next) => {
      if (!types.includes(c.var.principal.userType)) throw forbidden()
      await next()
    }),
  )

/** Staff only, and, when groups are named, only with the permission flag of one of them. */
export const requireStaff = (...named: (PermissionGroup | undefined)[]) => {
  const groups = named.filter((group) => group !== undefined)
  const columns = groups.map((group) => PERMISSIONS.find((p) => p.group === group)!.column)
  return guard(
    { user_types: ['property_manager'], any_permission: groups },
    createMiddleware<AppEnv>(async (c, next) => {
      const principal = c.var.principal
      if (principal.userType !== 'property_manager') throw forbidden()
      if (columns.length && !columns.some((column) => principal.permissions[column])) throw forbidden(missingPermission(...groups))
      await next()
    }),
  )
}
