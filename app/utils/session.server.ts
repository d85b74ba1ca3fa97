import { createCookie } from 'react-router'
import { and, eq, gt, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { preparedStatement } from '~/db/prepared.server'
import { sessions } from '~/db/schema'
import { randomToken, sha256 } from './crypto.server'
import { keptLookups } from './kept-lookups.server'

export const SESSION_DAYS = 30

/** Secure cookies need HTTPS; a plain-HTTP self-hosted install sets INSECURE_COOKIES=true. */
export const secureCookies = () => process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true'

export const SESSION_COOKIE = 'lintel_session'

// Unsigned on purpose: the value is a random 256-bit id whose hash is the key of its row, so it
// cannot be guessed or forged, and a signature would only add a WebCrypto call to every loader.
let cookie: ReturnType<typeof createCookie> | undefined
async function sessionCookie() {
  return (cookie ??= createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(),
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  }))
}

export type BrowserSession = { idHash: string; userId: string; accessToken: string; refreshToken: string }
export type Tokens = { access: string; refresh: string }

/** Starts a session: the tokens stay in the sessions table, the browser gets only an opaque id. */
export async function createSession(userId: string, tokens: Tokens, userAgent: string | null) {
  const id = randomToken()
  await getDb()
    .insert(sessions)
    .values({
      idHash: sha256(id),
      userId,
      accessToken: tokens.access,
      refreshToken: tokens.refresh,
      userAgent: userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    })
  return (await sessionCookie()).serialize(id)
}

// A page's loaders share its request: its cookie is parsed and hashed once.
const idHashes = new WeakMap<Request, Promise<string | null>>()

function sessionIdHash(request: Request) {
  let idHash = idHashes.get(request)
  if (!idHash) {
    idHash = (async () => {
      const header = request.headers.get('cookie')
      if (!header?.includes(`${SESSION_COOKIE}=`)) return null
      const id = await (await sessionCookie()).parse(header)
      return typeof id === 'string' && id ? sha256(id) : null
    })()
    idHashes.set(request, idHash)
  }
  return idHash
}

// Every page reads its session: the statement is built once, not on every request.
const sessionById = preparedStatement((db) =>
  db
    .select({ idHash: sessions.idHash, userId: sessions.userId, accessToken: sessions.accessToken, refreshToken: sessions.refreshToken })
    .from(sessions)
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_by_id'),
)

/*
 * A session read is kept for two seconds, as the signed-in principal is (api/middleware/auth): the
 * loaders of one page, and the pages a person opens one after another, share one query. It decides
 * nothing on its own: the access token it holds is checked by the API on every call, so a session
 * ended elsewhere (a sign-out, a password change) is refused there at once and this process drops
 * it. Changes made here (new tokens, a sign-out) update or drop it at once.
 */
const sessionsRead = keptLookups<BrowserSession>(2_000)

/** Drops what is kept of a user's sessions: they were ended. */
export function forgetSessions(userId: string) {
  sessionsRead.forgetWhere((_, session) => session?.userId === userId)
}

export async function readSession(request: Request): Promise<BrowserSession | null> {
  const idHash = await sessionIdHash(request)
  if (!idHash) return null
  return sessionsRead.get(idHash, () =>
    sessionById()
      .execute({ idHash })
      .then(([row]) => row ?? null),
  )
}

export async function reloadSession(idHash: string): Promise<BrowserSession | null> {
  const [row] = await getDb()
    .select({ idHash: sessions.idHash, userId: sessions.userId, accessToken: sessions.accessToken, refreshToken: sessions.refreshToken })
    .from(sessions)
    .where(eq(sessions.idHash, idHash))
  sessionsRead.forget(idHash)
  return row ?? null
}

export async function storeTokens(idHash: string, tokens: Tokens) {
  await getDb().update(sessions).set({ accessToken: tokens.access, refreshToken: tokens.refresh, lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash))
  sessionsRead.forget(idHash)
}

/** Deletes the session row and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request) {
  const idHash = await sessionIdHash(request)
  if (idHash) {
    await getDb().delete(sessions).where(eq(sessions.idHash, idHash))
    sessionsRead.forget(idHash)
  }
  return (await sessionCookie()).serialize('', { maxAge: 0 })
}
