import { and, eq, lt, sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { getDb } from '~/db/client.server'
import { idempotencyKeys } from '~/db/schema'
import { sha256 } from '~/utils/crypto.server'
import type { AppEnv } from '../context'
import { badRequest, conflict } from '../errors'
import { clientIp } from './rate-limit'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
const WAIT_FOR_FIRST_MS = 15_000
const POLL_MS = 100
const MAX_KEY_LENGTH = 200

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `Idempotency-Key` on a write: the first request with a key runs; a repeat
 * (double click, retry after a dropped connection) waits for it and gets the
 * same answer, marked `Idempotent-Replayed: true`, instead of acting twice.
 * Only successful answers are kept: a refused request changed nothing, so
 * repeating it simply runs it again.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(IDEMPOTENCY_HEADER)
  if (!key || c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next()
  if (key.length > MAX_KEY_LENGTH) throw badRequest(`The ${IDEMPOTENCY_HEADER} header must be at most ${MAX_KEY_LENGTH} characters.`)
  // Keys belong to whoever sent them: the credential, or the address for sign-in and sign-up calls.
  const authorization = c.req.header('authorization')
  const scope = authorization ? `auth:${sha256(authorization)}` : `ip:${clientIp(c)}`
  const method = c.req.method
  const path = new URL(c.req.url).pathname.replace(/\/+$/, '')
  const db = getDb()
  const mine = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key))

  const [claimed] = await db.insert(idempotencyKeys).values({ scope, key, method, path }).onConflictDoNothing().returning({ key: idempotencyKeys.key })
  if (!claimed) {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS
    for (;;) {
      const [first] = await db.select().from(idempotencyKeys).where(mine)
      if (!first) return next() // The first attempt failed and let go of the key: this one runs.
      if (first.method !== method || first.path !== path) {
        throw badRequest(`This ${IDEMPOTENCY_HEADER} was already used for ${first.method} ${first.path}; use a new key for a new request.`)
      }
      if (first.status !== null) {
        return new Response(first.body, {
          status: first.status,
          headers: { ...(first.contentType ? { 'content-type': first.contentType } : {}), 'idempotent-replayed': 'true' },
        })
      }
      if (Date.now() > deadline) throw conflict('The same request is still being processed. Try again in a moment.')
      await sleep(POLL_MS)
    }
  }

  await next()
  const response = c.res
  if (response.status >= 200 && response.status < 300) {
    await db
      .update(idempotencyKeys)
      .set({ status: response.status, contentType: response.headers.get('content-type'), body: await response.clone().text() })
      .where(mine)
  } else {
    await db.delete(idempotencyKeys).where(mine)
  }
  // Old keys are of no use after a day; an occasional sweep keeps the table small.
  if (Math.random() < 0.01) await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`))
})
