import type { Context } from 'hono'

/** Where links should point: APP_URL when set, else the origin the request came to. */
export function siteOrigin(request: Request) {
  return (process.env.APP_URL ?? new URL(request.url).origin).replace(/\/$/, '')
}

/** Where links in e-mails should point (see siteOrigin). */
export function publicOrigin(c: Context) {
  return siteOrigin(c.req.raw)
}
