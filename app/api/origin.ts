import type { Context } from 'hono'

/** Where links in e-mails should point: APP_URL when set, else the origin the request came to. */
export function publicOrigin(c: Context) {
  return (process.env.APP_URL ?? new URL(c.req.url).origin).replace(/\/$/, '')
}
