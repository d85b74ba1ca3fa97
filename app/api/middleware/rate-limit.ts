import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { getDb } from '~/db/client.server'
import { rateLimitHits } from '~/db/schema'
import { tooManyRequests } from '../errors'

/**
 * Who the client is: given by the HTTP server as a binding for direct API calls, and as this header
 * (set from the socket, never taken from the client) on page requests, which the UI's API client passes on.
 */
export const CLIENT_IP_HEADER = 'x-lintel-client-ip'

export function clientIp(c: Context) {
  return (c.env as { clientIp?: string } | undefined)?.clientIp ?? c.req.header(CLIENT_IP_HEADER) ?? 'unknown'
}

function describe(seconds: number) {
  const minutes = Math.ceil(seconds / 60)
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`
}

/**
 * A limit kept in PostgreSQL, so it holds across every app node: hits are counted per fixed window,
 * and a key's count is the current window's hits plus the previous window's, weighted by how much
 * of it still lies within one window of now. A sliding window, in effect: the count does not drop
 * to zero at the turn of a window (a quarter past the hour), which would let a guesser double its
 * attempts across the turn. `count` adds a hit and refuses past the limit; for limits that count
 * failures, `check` only asks and `add` records one without refusing.
 */
export function rateLimiter(name: string, limit: number, windowSeconds: number) {
  const windows = () => {
    const now = Date.now() / 1000
    const current = Math.floor(now / windowSeconds) * windowSeconds
    return { current, previous: current - windowSeconds, previousWeight: 1 - (now - current) / windowSeconds }
  }
  const message = `Too many attempts. Please wait ${describe(windowSeconds)} and try again.`
  const limiter = {
    /** Hits within one window of now: the current window's and the previous window's share. */
    async hits(key: string) {
      const { current, previous, previousWeight } = windows()
      const rows = await getDb().execute<{ window_start: number; hits: number }>(
        sql`select ${rateLimitHits.windowStart} as window_start, ${rateLimitHits.hits} as hits from ${rateLimitHits}
            where ${rateLimitHits.key} = ${`${name}:${key}`} and ${rateLimitHits.windowStart} in (${current}, ${previous})`,
      )
      const of = (start: number) => Number(rows.find((r) => Number(r.window_start) === start)?.hits ?? 0)
      return of(current) + Math.ceil(of(previous) * previousWeight)
    },
    async check(key: string) {
      if ((await limiter.hits(key)) >= limit) throw tooManyRequests(message)
    },
    /** Records a hit; answers the hits within one window of now, this one included. */
    async add(key: string) {
      const { current, previous, previousWeight } = windows()
      const [row] = await getDb()
        .insert(rateLimitHits)
        .values({ key: `${name}:${key}`, windowStart: current, hits: 1 })
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
        .returning({
          hits: rateLimitHits.hits,
          // The previous window's hits, in the same statement.
          previous: sql<number>`coalesce((select p.hits from ${rateLimitHits} p where p.key = ${`${name}:${key}`} and p.window_start = ${previous}), 0)`.mapWith(Number),
        })
      return row.hits + Math.ceil(row.previous * previousWeight)
    },
    async count(key: string) {
      if ((await limiter.add(key)) > limit) throw tooManyRequests(message)
    },
  }
  return limiter
}
