import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import type { ServerBuild } from 'react-router'
import { getApi } from '~/api'
import { SAFE_METHODS } from '~/api/body'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { hostCheck, hostOfUrl, servedHosts, UNKNOWN_HOST } from '~/api/origin'
import { secureCookies, SESSION_COOKIE } from '~/utils/session.server'
import { pageHandlers } from './route-subsets'

declare module 'react-router' {
  interface AppLoadContext {
    nonce: string
  }
}

type HttpEnv = { Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse }; Variables: { clientIp: string } }

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i
/** The largest JSON body the API takes: a CSV import carried in JSON (5 MB, escaped) with room to spare. */
const MAX_JSON_BYTES = 12 * 1024 * 1024
/**
 * The largest form a page takes: its action reads the whole form into memory before the API it hands
 * it to checks anything, so a page has a limit of its own. The largest form there is, a rental
 * application, carries at most 60 MB of files (the API's own limit) and its fields.
 */
export const MAX_PAGE_FORM_BYTES = 64 * 1024 * 1024

/** The whole body as text, or null when it is larger than `limit` (the rest is read and dropped, so the connection stays usable). */
function readBody(incoming: IncomingMessage, limit: number) {
  return new Promise<string | null>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
    })
    incoming.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks, size).toString('utf8')))
    incoming.on('error', reject)
  })
}

const SECURITY_HEADERS = [
  // Pages set their own policy with their nonce; everything else may not run or embed anything.
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
] as const

function sameHost(origin: string, host: string | null) {
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}

function clientAddress(c: Context<HttpEnv>, trustProxy?: boolean) {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined
  if (forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * The whole HTTP face of Lintel: security headers, the same-origin rule for
 * writes, static assets, then React Router (which also mounts the API).
 */
export function createHttpApp(build: ServerBuild, options: { clientDir: string; mode?: string; trustProxy?: boolean; maxPageFormBytes?: number }) {
  const app = new Hono<HttpEnv>()
  const handlerFor = pageHandlers(build, options.mode ?? process.env.NODE_ENV)
  const served = hostCheck(servedHosts())
  // Cookies marked Secure only work over HTTPS: then the browser is told to use nothing else.
  const always: (readonly [string, string])[] = secureCookies() ? [...SECURITY_HEADERS, ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] : [...SECURITY_HEADERS]
  const unstored = [...always, ['Cache-Control', 'no-store'] as const]

  // One pass for what every request needs (each extra middleware costs a measurable share of an API call).
  app.use('*', async (c, next) => {
    const request = c.req.raw
    // Links (in e-mails, canonical URLs) are built from the host a request names: only hosts this server was told it serves get that far.
    const forwardedHost = options.trustProxy ? request.headers.get('x-forwarded-host') : null
    if (!served(hostOfUrl(request.url)) || (forwardedHost !== null && !served(forwardedHost))) {
      return c.text(UNKNOWN_HOST, 400)
    }
    // The same-origin rule for writes: a browser always says where a cross-site form or fetch came from.
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.get('origin')
      if (origin && origin !== 'null' && !sameHost(origin, request.headers.get('x-forwarded-host') ?? request.headers.get('host'))) {
        return c.json({ detail: 'Cross-origin requests are not allowed.' }, 403)
      }
    }
    // Only the socket (or a trusted proxy) says who the client is; a client-sent value is never used.
    c.set('clientIp', clientAddress(c, options.trustProxy) ?? 'unknown')
    await next()
    // What is said to one person is kept by no browser or shared cache: every API answer, and every
    // page or data answer to a signed-in browser. Public pages and assets keep their own policy.
    const personal = c.req.path === '/api' || c.req.path.startsWith('/api/') || request.headers.get('cookie')?.includes(`${SESSION_COOKIE}=`)
    const defaults = personal ? unstored : always
    // Each goes out unless the answer names its own. Served by Node, they are set on its response, whose
    // headers the answer's own replace: reading the answer's headers would rebuild them as a Headers
    // object and validate each name again (a tenth of an API call answered from memory).
    const outgoing = c.env?.outgoing
    if (outgoing) for (const [name, value] of defaults) outgoing.setHeader(name, value)
    else for (const [name, value] of defaults) if (!c.res.headers.has(name)) c.res.headers.set(name, value)
  })

  // The API answers directly (DESIGN.md §2 as amended by ADR 003): no page routing in front of it.
  // Its answers are small JSON, sent as they are: gzipping a few hundred bytes costs more than it saves.
  const api = getApi()
  // A JSON body is read here, straight from the socket, and handed over whole: reading it through a
  // web Request stream cost a POST about a tenth of a millisecond more than the body is worth.
  const toApi = async (c: Context<HttpEnv>) => {
    const incoming = c.env?.incoming
    let body: string | undefined
    if (incoming && !SAFE_METHODS.has(c.req.method) && JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      const read = await readBody(incoming, MAX_JSON_BYTES)
      if (read === null) return c.json({ detail: `This request is too large: at most ${MAX_JSON_BYTES / 1024 / 1024} MB of JSON.` }, 413)
      body = read
    }
    return api.fetch(c.req.raw, { clientIp: c.get('clientIp'), body })
  }
  app.all('/api', toApi)
  app.all('/api/*', toApi)

  // Pages and assets are compressed for clients that ask; for the others the response is left untouched
  // (Hono's compress would rebuild it as a stream just to add Vary).
  const compression = compress()
  app.use('*', (c, next) => {
    if (/\b(gzip|deflate)\b/.test(c.req.header('accept-encoding') ?? '')) return compression(c, next)
    return next().then(() => c.res.headers.append('Vary', 'Accept-Encoding'))
  })

  // The built files are known at start; other paths go straight to the app without touching the disk.
  const files = listFiles(options.clientDir)
  const serveFile = serveStatic({ root: options.clientDir })
  app.use('*', async (c, next) => {
    if (!files.has(c.req.path)) return next()
    // Set on the answer itself: serveStatic's onFound runs after the answer is made, too late for a header.
    const response = await serveFile(c, next)
    response?.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    return response
  })

  // A form sent to a page is cut off past the limit, refused before it is read (by its length when
  // the browser gives one, else as it streams in).
  const maxPageForm = options.maxPageFormBytes ?? MAX_PAGE_FORM_BYTES
  const pageFormLimit = bodyLimit({
    maxSize: maxPageForm,
    onError: (c) => c.text(`This form is too large to send: at most ${Math.round(maxPageForm / 1024 / 1024)} MB, files included. Go back and attach smaller files.`, 413),
  })
  app.use('*', (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : pageFormLimit(c, next)))

  app.all('*', async (c) => {
    const nonce = randomBytes(16).toString('base64')
    // Pages call the API in-process; the API client passes the address on from this header.
    c.req.raw.headers.set(CLIENT_IP_HEADER, c.get('clientIp'))
    const response = await handlerFor(c.req.url)(c.req.raw, { nonce })
    if ((response.headers.get('content-type') ?? '').includes('text/html')) response.headers.set('Content-Security-Policy', contentSecurityPolicy(nonce))
    return response
  })
  return app
}

function listFiles(root: string, prefix = ''): Set<string> {
  const found = new Set<string>()
  if (!existsSync(root)) return found
  for (const entry of readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const relative = `${prefix}/${entry.name}`
    if (entry.isDirectory()) for (const file of listFiles(root, relative)) found.add(file)
    else found.add(relative)
  }
  return found
}

export const defaultClientDir = (serverFile: string) => path.resolve(path.dirname(serverFile), '../client')
