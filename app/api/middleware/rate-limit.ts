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
 * Fixed-window limit kept in PostgreSQL, so it holds across every app node.
 * `count` adds a hit and refuses past the limit; for limits that count failures,
 * `check` only asks and `add` records one without refusing.
 */
export function rateLimiter(name: string, limit: number, windowSeconds: number) {
  const windowStart = () => Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds
  const message = `Too many attempts. Please wait ${describe(windowSeconds)} and try again.`
  const limiter = {
    /** Hits in the current window. */
    async hits(key: string) {
      const rows = await getDb().execute<{ hits: number }>(
        sql`select ${rateLimitHits.hits} as hits from ${rateLimitHits} where ${rateLimitHits.key} = ${`${name}:${key}`} and ${rateLimitHits.windowStart} = ${windowStart()}`,
      )
      return rows[0]?.hits ?? 0
    },
    async check(key: string) {
      if ((await limiter.hits(key)) >= limit) throw tooManyRequests(message)
    },
    async add(key: string) {
      const [row] = await getDb()
        .insert(rateLimitHits)
        .values({ key: `${name}:${key}`, windowStart: windowStart(), hits: 1 })
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
        .returning({ hits: rateLimitHits.hits })
      return row.hits
    },
    async count(key: string) {
      if ((await limiter.add(key)) > limit) throw tooManyRequests(message)
    },
  }
  return limiter
}
