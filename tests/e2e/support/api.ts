import { randomBytes } from 'node:crypto'
import { expect, type APIRequestContext } from '@playwright/test'

/**
 * Test data is made the way any API client would make it: through /api
 * (see /api/openapi.json), never by reaching into the database.
 */

export const DEMO_PASSWORD = 'lintel-demo'
export const DEMO = {
  manager: 'manager@demo.test',
  limited: 'limited@demo.test',
  resident: 'resident@demo.test',
  technician: 'tech@demo.test',
} as const

export const PASSWORD = 'correct horse battery'

export const unique = (prefix = 'e2e') => `${prefix}-${randomBytes(4).toString('hex')}`

export type Company = { name: string; email: string; password: string; token: string }

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, expected: number, what: string): Promise<T> {
  const text = await response.text()
  expect(response.status(), `${what}: ${text}`).toBe(expected)
  return (text ? JSON.parse(text) : null) as T
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** POST /api/register/: a new company whose first manager has every permission. */
export async function registerCompany(request: APIRequestContext): Promise<Company> {
  const id = unique('co')
  const body = { company_name: `Birch Lane ${id}`, first_name: 'Avery', last_name: 'Admin', email: `admin-${id}@example.test`, password: PASSWORD }
  const tokens = await json<{ access: string }>(await request.post('/api/register/', { data: body }), 201, 'register a company')
  return { name: body.company_name, email: body.email, password: body.password, token: tokens.access }
}

export type Invitee = { id: string; email: string; first_name: string; last_name: string }

/** POST /api/invite-maintenance-technician/ (or /api/invite-property-manager/); the invitation is e-mailed. */
export async function invite(request: APIRequestContext, company: Company, role: 'maintenance_technician' | 'property_manager' = 'maintenance_technician'): Promise<Invitee> {
  const id = unique(role === 'property_manager' ? 'pm' : 'tech')
  const body = { email: `${id}@example.test`, first_name: role === 'property_manager' ? 'Parker' : 'Taylor', last_name: `Invitee ${id.slice(-4)}` }
  const path = role === 'property_manager' ? '/api/invite-property-manager/' : '/api/invite-maintenance-technician/'
  const person = await json<{ id: string }>(await request.post(path, { data: body, headers: bearer(company.token) }), 201, `invite a ${role}`)
  return { ...body, id: person.id }
}

/** Reads the invitation e-mail the way the admin could (Communications → Emails) and returns the token in its link. */
export async function invitationToken(request: APIRequestContext, company: Company, email: string) {
  const list = await json<{ results: { id: string; to: string; category: string }[] }>(
    await request.get(`/api/email-messages/?search=${encodeURIComponent(email)}`, { headers: bearer(company.token) }),
    200,
    'list e-mail messages',
  )
  const message = list.results.find((m) => m.to === email && m.category === 'invitation')
  expect(message, `an invitation e-mail to ${email}`).toBeTruthy()
  const detail = await json<{ text_body: string }>(await request.get(`/api/email-messages/${message!.id}/`, { headers: bearer(company.token) }), 200, 'read the e-mail')
  const token = /\/accept-invitation\/([^/\s]+)\//.exec(detail.text_body)?.[1]
  expect(token, `an /accept-invitation/ link in:\n${detail.text_body}`).toBeTruthy()
  return token!
}

/** POST /api/accept-invitation/: the invitee chooses a password. */
export async function acceptInvitation(request: APIRequestContext, token: string, person: Invitee, password = PASSWORD) {
  await json(
    await request.post('/api/accept-invitation/', { data: { invitation_id: token, first_name: person.first_name, last_name: person.last_name, password } }),
    200,
    'accept the invitation',
  )
}

/** PUT /api/maintenance-technicians/{id}/ with is_active false. */
export async function deactivateTechnician(request: APIRequestContext, company: Company, person: Invitee) {
  await json(
    await request.put(`/api/maintenance-technicians/${person.id}/`, {
      data: { first_name: person.first_name, last_name: person.last_name, phone: null, is_active: false },
      headers: bearer(company.token),
    }),
    200,
    'deactivate the technician',
  )
}

/** POST /api/{path}/: one record of a resource, as any API client makes it. */
export async function createThroughApi(request: APIRequestContext, company: Company, path: string, data: Record<string, unknown>) {
  return json<{ id: string } & Record<string, unknown>>(await request.post(`/api/${path}/`, { data, headers: bearer(company.token) }), 201, `create ${path}`)
}
