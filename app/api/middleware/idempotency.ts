import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { getDb } from '~/db/client.server'
import { idempotencyKeys } from '~/db/schema'
import { SAFE_METHODS } from '../body'
import type { AppEnv } from '../context'
import { badRequest, conflict, unprocessable } from '../errors'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** How long a repeat waits for the first request with its key to finish before answering 409. */
const WAIT_FOR_FIRST = '20s'
const MAX_KEY_LENGTH = 200
const LOCK_NOT_AVAILABLE = '55P03'

/** Thrown inside the request's transaction to roll it back once a refused answer is ready. */
class Refused extends Error {}

const causeCode = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | null
  return e?.code ?? e?.cause?.code
}

/**
 * `Idempotency-Key` on a signed-in write (run by `signedIn()`, after authentication):
 * the first request with a key runs; a repeat by the same user in the same company
 * (double click, retry after a dropped connection, with a refreshed token or an API
 * key) waits for it and gets the same answer, marked `Idempotent-Replayed: true`,
 * instead of acting twice. The same key on a different request is refused with 422.
 *
 * The request runs in one transaction that also claims the key and keeps the answer,
 * so the work and its record commit together: a request that dies (even by kill -9)
 * leaves neither, PostgreSQL lets go of its claim at once, and a retry runs it once.
 * Only successful answers are kept: a refused request changed nothing, so repeating
 * it simply runs it again. Sign-in and token routes never come here: an answer
 * holding a token or a secret is never kept.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (!key || SAFE_METHODS.has(c.req.method)) return next()
  if (key.length > MAX_KEY_LENGTH) throw badRequest(`The ${IDEMPOTENCY_HEADER} header must be at most ${MAX_KEY_LENGTH} characters.`)
  const { companyId, userId } = c.var.principal
  const scope = `${companyId}:${userId}`
  const method = c.req.method
  const url = new URL(c.req.url)
  const path = url.pathname.replace(/\/+$/, '')
  // Bytes, not text: an upload's body is hashed as sent.
  const body = Buffer.from(await c.req.arrayBuffer())
  const requestHash = createHash('sha256').update(`${method} ${path}${url.search}\n`).update(body).digest('base64url')
  const mine = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))

  let replay: typeof idempotencyKeys.$inferSelect | undefined
  try {
    await getDb().transaction(async (tx) => {
      // A repeat blocks here until the first request's transaction ends: it then finds the kept
      // answer, or (the first was refused or died) claims the key itself.
      await tx.execute(sql.raw(`set local lock_timeout = '${WAIT_FOR_FIRST}'`))
      const [claimed] = await tx.insert(idempotencyKeys).values({ scope, key, method, path, requestHash }).onConflictDoNothing().returning({ key: idempotencyKeys.key })
      if (!claimed) {
        ;[replay] = await tx.select().from(idempotencyKeys).where(mine)
        return
      }
      await next()
      const response = c.res
      if (response.status < 200 || response.status >= 300) throw new Refused()
      await tx
        .update(idempotencyKeys)
        .set({ status: response.status, contentType: response.headers.get('content-type'), body: await response.clone().text() })
        .where(mine)
    })
  } catch (error) {
    if (error instanceof Refused) return
    if (causeCode(error) === LOCK_NOT_AVAILABLE) throw conflict('The same request is still being processed. Try again in a moment.')
    throw error
  }
  if (replay) {
    if (replay.requestHash !== requestHash) {
      throw unprocessable(`This ${IDEMPOTENCY_HEADER} was already used for a different request (${replay.method} ${replay.path}); use a new key for a new request.`)
    }
    return new Response(replay.body, {
      status: replay.status ?? 200,
      headers: { ...(replay.contentType ? { 'content-type': replay.contentType } : {}), 'idempotent-replayed': 'true' },
    })
  }
  // Old keys are of no use after a day; an occasional sweep keeps the table small.
  if (Math.random() < 0.01) await getDb().delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`))
})
