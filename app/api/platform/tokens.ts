import { and, eq, isNull, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Executor } from '~/db/client.server'
import { refreshTokens, sessions, type UserType } from '~/db/schema'
import { randomToken, sha256 } from '~/utils/crypto.server'
import { signAccessToken } from '../middleware/auth'

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
  return { access: await signAccessToken(user), refresh }
}

/** Signs a user out everywhere: after a password reset, or when a stolen refresh token is replayed. */
export async function revokeAllTokens(db: Executor, userId: string) {
  await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  await db.delete(sessions).where(eq(sessions.userId, userId))
}
