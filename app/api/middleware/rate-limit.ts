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
 * `count` adds a hit; `check` only asks (for limits that count failures).
 */
export function rateLimiter(name: string, limit: number, windowSeconds: number) {
  const windowStart = () => Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds
  const message = `Too many attempts. Please wait ${describe(windowSeconds)} and try again.`
  return {
    async check(key: string) {
      const rows = await getDb().execute<{ hits: number }>(
        sql`select ${rateLimitHits.hits} as hits from ${rateLimitHits} where ${rateLimitHits.key} = ${`${name}:${key}`} and ${rateLimitHits.windowStart} = ${windowStart()}`,
      )
      if ((rows[0]?.hits ?? 0) >= limit) throw tooManyRequests(message)
    },
    async count(key: string) {
      const [row] = await getDb()
        .insert(rateLimitHits)
        .values({ key: `${name}:${key}`, windowStart: windowStart(), hits: 1 })
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
        .returning({ hits: rateLimitHits.hits })
      if (row.hits > limit) throw tooManyRequests(message)
    },
  }
}
