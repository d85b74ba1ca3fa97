import { randomBytes } from 'node:crypto'
import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { linkIn, mailTo } from '../setup/smtp'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON.parse's own type: tests read an answer's fields right after asserting on its status
type Json = any

export type ApiResponse<T = Json> = { status: number; body: T; headers: Headers }

/** Calls the API in-process, as the UI and tests do, and parses the JSON answer. */
export async function api<T = Json>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { [CLIENT_IP_HEADER]: options.ip ?? '203.0.113.10', ...options.headers }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const response = await getApi().request(`http://lintel.test/api/${path.replace(/^\//, '')}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  const json = (response.headers.get('content-type') ?? '').includes('json')
  return { status: response.status, body: text ? (json ? JSON.parse(text) : text) : null, headers: response.headers }
}

export const unique = (prefix = 'x') => `${prefix}${randomBytes(4).toString('hex')}`

export const PASSWORD = 'correct horse battery'

/** The token of the sign-up link mailed to `email`. */
export function signupToken(email: string) {
  return linkIn(mailTo(email, /Confirm your e-mail/), '/signup/confirm/').searchParams.get('token')!
}

/** The token of the invitation link mailed to `email`. */
export function invitationToken(email: string) {
  return linkIn(mailTo(email, /invited you/), '/accept-invitation/').pathname.split('/')[2]
}

/** A new company with its first manager (all permissions), signed up through the link mailed to them and signed in. */
export async function registerCompany(overrides: Partial<Record<string, string>> = {}) {
  const id = unique()
  const body = {
    company_name: `Company ${id}`,
    first_name: 'Ada',
    last_name: 'Manager',
    email: `ada-${id}@example.test`,
    password: PASSWORD,
    ...overrides,
  }
  const ip = `198.51.100.${Math.floor(Math.random() * 250)}`
  const response = await api('POST', 'register/', { body, ip })
  if (response.status !== 202) throw new Error(`register failed: ${JSON.stringify(response.body)}`)
  const confirmed = await api('POST', 'register/confirm/', { body: { token: signupToken(body.email) }, ip })
  if (confirmed.status !== 201) throw new Error(`confirming the sign-up failed: ${JSON.stringify(confirmed.body)}`)
  return { ...body, token: confirmed.body.access as string, refresh: confirmed.body.refresh as string }
}

/**
 * Someone invited into `company` who accepted and signed in: a property manager
 * with the given permission flags (none by default), or a maintenance technician.
 */
export async function signedInMember(company: { token: string }, kind: 'manager' | 'technician' = 'manager', flags: Record<string, boolean> = {}) {
  const email = `${kind}-${unique()}@example.test`
  const path = kind === 'manager' ? 'invite-property-manager/' : 'invite-maintenance-technician/'
  const invited = await api('POST', path, { token: company.token, body: { email, first_name: 'Member', last_name: kind, ...flags } })
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`)
  const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(email), first_name: 'Member', last_name: kind, password: PASSWORD } })
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`)
  return { email, token: accepted.body.access as string }
}
