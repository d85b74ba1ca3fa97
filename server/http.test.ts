import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { createHttpApp } from './http'

// The smallest app React Router will serve: one page that answers the same HTML to everyone.
const build = {
  entry: { module: { default: () => new Response('<!doctype html><p>page</p>', { headers: { 'content-type': 'text/html' } }) } },
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    // Its action reads the form whole, as a page's does.
    page: { id: 'page', parentId: 'root', path: '*', hasAction: true, module: { default: () => null, action: async ({ request }: { request: Request }) => ({ fields: [...(await request.formData()).keys()] }) } },
  },
  assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: '1' },
  publicPath: '/',
  assetsBuildDirectory: '/nonexistent',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial' },
  basename: '/',
} as unknown as ServerBuild

const clientDir = mkdtempSync(path.join(tmpdir(), 'lintel-client-'))
mkdirSync(path.join(clientDir, 'assets'))
writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'export {}')
writeFileSync(path.join(clientDir, 'favicon.ico'), '')
const app = createHttpApp(build, { clientDir, mode: 'production' })
const get = (path: string, headers: Record<string, string> = {}) => app.request(`http://localhost${path}`, { headers })

describe('caching and transport headers', () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, INSECURE_COOKIES: process.env.INSECURE_COOKIES }
  afterEach(() => Object.assign(process.env, saved))

  it('no API answer may be stored; a page for a signed-in browser neither; a public page may', async () => {
    expect((await get('/api/update-timestamp/')).headers.get('cache-control')).toBe('no-store')
    expect((await get('/api/no-such-thing/')).headers.get('cache-control')).toBe('no-store')
    const signedIn = await get('/app/', { cookie: 'lintel_session=abc; other=1' })
    expect(signedIn.headers.get('content-type')).toContain('text/html')
    expect(signedIn.headers.get('cache-control')).toBe('no-store')
    expect((await get('/pricing/')).headers.get('cache-control')).toBeNull()
    // Files keep theirs, for signed-in browsers too: fingerprinted ones forever, others an hour.
    expect((await get('/assets/app-1234.js', { cookie: 'lintel_session=abc' })).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('/favicon.ico')).headers.get('cache-control')).toBe('public, max-age=3600')
  })

  it('asks for HTTPS (HSTS) exactly when cookies are marked Secure, as configured when the server starts', async () => {
    process.env.NODE_ENV = 'production'
    delete process.env.INSECURE_COOKIES
    const secure = createHttpApp(build, { clientDir, mode: 'production' })
    expect((await secure.request('http://localhost/pricing/')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    expect((await secure.request('http://localhost/api/update-timestamp/')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    process.env.INSECURE_COOKIES = 'true'
    const insecure = createHttpApp(build, { clientDir, mode: 'production' })
    expect((await insecure.request('http://localhost/pricing/', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull()
  })
})

describe('forms sent to pages', () => {
  const small = createHttpApp(build, { clientDir, mode: 'production', maxPageFormBytes: 1024 })
  const post = (body: BodyInit, headers: Record<string, string> = {}) => small.request('http://localhost/apply/homes/', { method: 'POST', body, headers })

  it('refuses a form past the limit before reading it, by its length or as it streams in, and takes one within it', async () => {
    const within = await post(new URLSearchParams({ name: 'Ada' }), { 'content-type': 'application/x-www-form-urlencoded' })
    expect(within.status).toBe(200)
    const form = new FormData()
    form.set('files.paystub', new File([new Uint8Array(4096)], 'pay-stub.pdf', { type: 'application/pdf' }))
    const large = await post(form)
    expect(large.status).toBe(413)
    expect(await large.text()).toContain('at most 0 MB')
    // Sent without a length (chunked), it is cut off as it arrives.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new Uint8Array(512))
        controller.close()
      },
    })
    const streamed = await small.request(new Request('http://localhost/apply/homes/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit))
    expect(streamed.status).toBe(413)
    // The API keeps its own limits: the page's does not touch it.
    expect((await small.request('http://localhost/api/update-timestamp/', { method: 'POST', body: form })).status).not.toBe(413)
  })
})
