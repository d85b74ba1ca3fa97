import type { z } from '@hono/zod-openapi'
import { data, redirect } from 'react-router'
import { getApi } from '~/api'
import type { HandOver } from '~/api/body'
import { IDEMPOTENCY_HEADER } from '~/api/middleware/idempotency'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import type { ErrorBody } from '~/api/errors'
import { destroySession, readSession, reloadSession, storeTokens, type BrowserSession, type Tokens } from './session.server'
import { toastHeader } from './toast.server'

export const SESSION_EXPIRED = 'Your session has expired, please log in again.'

/** What a failed call surfaces (SPEC.md §8): the parsed JSON body, or a described non-JSON/network failure. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number | 'unknown',
    readonly body: ErrorBody,
  ) {
    super(body.detail)
  }
}

type CallOptions = { method?: string; body?: unknown; token?: string; request: Request; idempotencyKey?: string }

// What the API handed over in process, by the response it came with (readBody takes it from here).
const handedOver = new WeakMap<Response, unknown>()

/**
 * The one way the UI reaches the API. In-process by default (no socket), or
 * over HTTP to a separate API tier when API_URL is set; the contract is the same.
 */
export async function callApi(path: string, options: CallOptions): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' })
  // Uploads travel as multipart form data (SPEC.md §7); everything else as JSON.
  const multipart = options.body instanceof FormData
  const json = options.body === undefined || multipart ? undefined : JSON.stringify(options.body)
  if (json !== undefined) headers.set('content-type', 'application/json')
  if (options.token) headers.set('authorization', `Bearer ${options.token}`)
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey)
  const ip = options.request.headers.get(CLIENT_IP_HEADER)
  if (ip) headers.set(CLIENT_IP_HEADER, ip)
  // The browser the person uses, as the API would see it called directly (a signature keeps it).
  const agent = options.request.headers.get('user-agent')
  if (agent) headers.set('user-agent', agent)
  const method = options.method ?? 'GET'
  const relative = `/api/${path.replace(/^\//, '')}`
  if (process.env.API_URL) {
    try {
      return await fetch(process.env.API_URL.replace(/\/$/, '') + relative.replace(/^\/api/, ''), { method, headers, body: multipart ? (options.body as FormData) : json })
    } catch (error) {
      throw new ApiCallError('unknown', { detail: `Network error: ${error instanceof Error ? error.message : String(error)}` })
    }
  }
  // In process, a JSON body and a JSON answer pass as they are, beside the request and the response
  // (AppEnv's bindings), not written into body streams to be read back at once on the other side.
  const handOver: HandOver = {}
  const request = new Request(new URL(relative, options.request.url), { method, headers, body: multipart ? (options.body as FormData) : undefined })
  const response = await getApi().fetch(request, { body: json, handOver })
  if (handOver.response === response) handedOver.set(response, handOver.value)
  return response
}

export async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return null as T
  // A copy, as reading it from the body would give: the value may be one the API keeps (auth/me/).
  if (handedOver.has(response)) return JSON.parse(JSON.stringify(handedOver.get(response))) as T
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('application/json')) {
    const text = await response.text()
    throw new ApiCallError('unknown', { detail: `Unexpected error: ${text.slice(0, 200) || response.statusText}` })
  }
  return response.json() as Promise<T>
}

/**
 * What the API answers, typed by the zod schema of its OpenAPI response (imported with `import
 * type`, so nothing of the API reaches the browser): routes take their data's type from the API
 * instead of declaring their own.
 */
export type Answer<Schema extends z.ZodType> = z.output<Schema>

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number | 'unknown'; error: ErrorBody }

// Loaders of one page run in parallel; they share one refresh instead of racing to rotate the token.
const refreshing = new Map<string, Promise<Tokens | null>>()

async function refreshTokens(session: BrowserSession, request: Request): Promise<Tokens | null> {
  let pending = refreshing.get(session.idHash)
  if (!pending) {
    pending = (async () => {
      const response = await callApi('token/refresh/', { method: 'POST', body: { refresh: session.refreshToken }, request })
      if (response.ok) {
        const tokens = await readBody<Tokens>(response)
        await storeTokens(session.idHash, tokens)
        return tokens
      }
      // Another node may have refreshed this session a moment ago.
      const latest = await reloadSession(session.idHash)
      return latest && latest.accessToken !== session.accessToken ? { access: latest.accessToken, refresh: latest.refreshToken } : null
    })().finally(() => setTimeout(() => refreshing.delete(session.idHash), 1000))
    refreshing.set(session.idHash, pending)
  }
  return pending
}

/**
 * What a loader or action is handed: the request as it came (React Router passes it through
 * untouched, ADR 015) and the address of the page it serves, without a data request's `.data`
 * suffix and `_routes` parameter. Anything that names the page (a sign-in's way back, a list's
 * query) reads `url`.
 */
export type PageArgs = { request: Request; url: URL }

/** Where to send the person back after signing in: the page, never a data request's address. */
function signInAgainAt(url: URL) {
  return `/login/?redirectTo=${encodeURIComponent(url.pathname + url.search)}`
}

/** Ends the session and sends the person to sign in again, with the toast that says why. */
async function sessionExpired({ request, url }: PageArgs): Promise<never> {
  const headers = new Headers()
  headers.append('set-cookie', await destroySession(request))
  headers.append('set-cookie', await toastHeader({ type: 'error', description: SESSION_EXPIRED }))
  throw redirect(signInAgainAt(url), { headers })
}

export type Api = ReturnType<typeof sessionApi>

/** An API client acting as the signed-in person; refreshes the access token transparently on a 401. */
export function sessionApi(page: PageArgs, initial: BrowserSession) {
  const { request } = page
  let session = initial
  async function call(method: string, path: string, body?: unknown, options: { idempotencyKey?: string } = {}): Promise<Response> {
    let response = await callApi(path, { method, body, token: session.accessToken, request, ...options })
    if (response.status === 401) {
      const tokens = await refreshTokens(session, request)
      if (!tokens) return sessionExpired(page)
      session = { ...session, accessToken: tokens.access, refreshToken: tokens.refresh }
      response = await callApi(path, { method, body, token: session.accessToken, request, ...options })
      if (response.status === 401) return sessionExpired(page)
    }
    return response
  }
  async function send<T>(method: string, path: string, body?: unknown, options: { idempotencyKey?: string } = {}): Promise<ApiResult<T>> {
    const response = await call(method, path, body, options)
    try {
      const parsed = await readBody<T & ErrorBody>(response)
      return response.ok ? { ok: true, status: response.status, data: parsed } : { ok: false, status: response.status, error: parsed }
    } catch (error) {
      if (error instanceof ApiCallError) return { ok: false, status: error.status, error: error.body }
      throw error
    }
  }
  return {
    send,
    /** The API's response as it is (a CSV export, a file), after the same token handling; a document made on request (a PDF) is a POST. */
    raw: (path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) => call(method, path, body),
    /** For loaders: the data, or an error response the route's error boundary shows (404, 403, …). */
    async get<T>(path: string): Promise<T> {
      const result = await send<T>('GET', path)
      if (result.ok) return result.data
      throw data(result.error, { status: typeof result.status === 'number' ? result.status : 500 })
    },
  }
}

/** The signed-in person's API client, or a redirect to the login page. */
export async function requireSession(page: PageArgs) {
  const session = await readSession(page.request)
  if (!session) throw redirect(signInAgainAt(page.url))
  return { session, api: sessionApi(page, session) }
}
