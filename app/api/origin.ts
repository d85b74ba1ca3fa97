import type { Context } from 'hono'

/**
 * Where links should point: APP_URL when set, else the origin the request came to. The HTTP
 * server refuses a request addressed to a host it was not told it serves (see `servedHosts`),
 * so a forged Host never reaches a link.
 */
export function siteOrigin(request: Request) {
  return (process.env.APP_URL ?? new URL(request.url).origin).replace(/\/$/, '')
}

/** Where links in e-mails should point (see siteOrigin). */
export function publicOrigin(c: Context) {
  return siteOrigin(c.req.raw)
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']
const ANY_ADDRESS = new Set(['', '0.0.0.0', '::', '[::]'])

/** `example.com`, `example.com:8080`, `https://example.com/` → `example.com` (names are case-insensitive; the port does not matter). */
function hostnameOf(entry: string) {
  const trimmed = entry.trim().toLowerCase()
  if (!trimmed) return ''
  try {
    return new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`).hostname
  } catch {
    return trimmed
  }
}

/**
 * The host names this server answers to: loopback, the address it listens on (HOST, when it
 * is a specific one), APP_URL's host and ALLOWED_HOSTS (comma-separated).
 */
export function servedHosts(env: Record<string, string | undefined> = process.env) {
  const hosts = new Set(LOOPBACK)
  const listen = env.HOST?.trim() ?? ''
  if (!ANY_ADDRESS.has(listen)) hosts.add(hostnameOf(listen.includes(':') && !listen.startsWith('[') ? `[${listen}]` : listen))
  if (env.APP_URL) hosts.add(hostnameOf(env.APP_URL))
  for (const entry of (env.ALLOWED_HOSTS ?? '').split(',')) {
    const host = hostnameOf(entry)
    if (host) hosts.add(host)
  }
  return hosts
}

export const UNKNOWN_HOST = 'This server does not serve that host name. Add it to ALLOWED_HOSTS (or set APP_URL) in the server’s configuration.'

/**
 * Whether a Host (or X-Forwarded-Host) value names a host this server serves. Every request asks,
 * so a value once found good is remembered (only good ones: a stranger cannot grow the memory).
 */
export function hostCheck(hosts: Set<string>) {
  const seen = new Set<string>()
  return (value: string) => {
    if (seen.has(value)) return true
    if (!hosts.has(hostnameOf(value))) return false
    seen.add(value)
    return true
  }
}

/** The `host[:port]` of an absolute URL, without parsing the rest of it. */
export function hostOfUrl(url: string) {
  const start = url.indexOf('//') + 2
  const end = url.indexOf('/', start)
  return url.slice(start, end === -1 ? undefined : end)
}
