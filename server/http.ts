import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { getConnInfo } from '@hono/node-server/conninfo'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'

declare module 'react-router' {
  interface AppLoadContext {
    nonce: string
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

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
export function createHttpApp(build: ServerBuild, options: { clientDir: string; mode?: string; trustProxy?: boolean }) {
  const app = new Hono()
  const handle = createRequestHandler(build, options.mode ?? process.env.NODE_ENV)

  app.use('*', async (c, next) => {
    // Only the socket (or a trusted proxy) says who the client is; a client-sent value is discarded.
    const forwarded = options.trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined
    let ip = forwarded
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address
      } catch {
        ip = undefined
      }
    }
    c.req.raw.headers.set(CLIENT_IP_HEADER, ip ?? 'unknown')
    await next()
  })

  app.use('*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin')
      if (origin && origin !== 'null') {
        const host = c.req.header('x-forwarded-host') ?? c.req.header('host')
        let sameHost = false
        try {
          sameHost = new URL(origin).host === host
        } catch {
          sameHost = false
        }
        if (!sameHost) return c.json({ detail: 'Cross-origin requests are not allowed.' }, 403)
      }
    }
    await next()
  })

  app.use('*', async (c, next) => {
    await next()
    const headers = c.res.headers
    // Pages set their own policy with their nonce; everything else may not run or embed anything.
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (c.req.header('x-forwarded-proto') === 'https' || c.req.url.startsWith('https:')) {
      headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    }
  })

  app.use('*', compress())

  // The API answers directly (DESIGN.md §2 as amended by ADR 003): no page routing in front of it.
  const api = getApi()
  app.all('/api', (c) => api.fetch(c.req.raw))
  app.all('/api/*', (c) => api.fetch(c.req.raw))

  // The built files are known at start; other paths go straight to the app without touching the disk.
  const files = listFiles(options.clientDir)
  const fingerprinted = serveStatic({ root: options.clientDir, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') })
  const plain = serveStatic({ root: options.clientDir, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') })
  app.use('*', (c, next) => {
    if (!files.has(c.req.path)) return next()
    return (c.req.path.startsWith('/assets/') ? fingerprinted : plain)(c, next)
  })

  app.all('*', async (c) => {
    const nonce = randomBytes(16).toString('base64')
    const response = await handle(c.req.raw, { nonce })
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
