import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Executor } from '~/db/client.server'
import { refreshTokens, sessions, type UserType } from '~/db/schema'
import { randomToken, sha256 } from '~/utils/crypto.server'
import { forgetSessions } from '~/utils/session.server'
import { forgetPrincipal, signAccessToken } from '../middleware/auth'

export const REFRESH_TOKEN_DAYS = 30

export type TokenPair = { access: string; refresh: string }

export async function issueTokens(db: Executor, user: { id: string; companyId: string; userType: UserType }, familyId: string = randomUUID()): Promise<TokenPair> {
  const refresh = randomToken()
  await db.insert(refreshTokens).values({
    userId: user.id,
    tokenHash: sha256(refresh),
    familyId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
  })
  return { access: await signAccessToken(user, familyId), refresh }
}

/** Ends one login: its refresh tokens and the access tokens issued with them. */
export async function revokeLogin(db: Executor, userId: string, familyId: string) {
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
  forgetPrincipal(userId)
}

/**
 * Signs a user out everywhere but `keep` (the login that changed the password): refresh
 * tokens, the access tokens issued with them, and the browser sessions that hold them.
 * After a password change or reset. API keys stay: integrations should not stop with a password.
 */
// sha256() of crypto.server, in SQL: base64url without padding.
const sessionTokenHash = sql`rtrim(translate(encode(sha256(convert_to(${sessions.refreshToken}, 'UTF8')), 'base64'), '+/', '-_'), '=')`

export async function revokeAllTokens(db: Executor, userId: string, keep?: string) {
  const others = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), keep ? ne(refreshTokens.familyId, keep) : undefined)
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(others)
  // A browser session holds its login's refresh token; the one kept is the session whose token is of the kept family.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keep
          ? sql`not exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${keep} and ${refreshTokens.tokenHash} = ${sessionTokenHash})`
          : undefined,
      ),
    )
  forgetPrincipal(userId)
  forgetSessions(userId)
}
