import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
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

export type Mail = { to: string[]; subject: string; text: string }

/**
 * The newest e-mail delivered to `email` whose subject matches, as its recipient gets it: Lintel
 * sends the run's mail over SMTP to the mail catcher (see playwright.config.ts).
 */
export async function mailTo(email: string, subject: RegExp): Promise<Mail> {
  const file = process.env.LINTEL_E2E_MAIL_FILE!
  const find = () =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Mail)
          .findLast((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()) && subject.test(m.subject))
      : undefined
  await expect.poll(() => find() !== undefined, { message: `an e-mail to ${email} with a subject matching ${subject}` }).toBe(true)
  return find()!
}

/** The first link in a mail whose path starts with `pathPrefix`. */
export function linkIn(mail: Mail, pathPrefix: string) {
  const link = mail.text.match(/https?:\/\/[^\s"<>]+/g)?.map((url) => new URL(url)).find((url) => url.pathname.startsWith(pathPrefix))
  expect(link, `a ${pathPrefix} link in:\n${mail.text}`).toBeTruthy()
  return link!
}

/** The link of the sign-up confirmation mailed to `email`. */
export async function signupLink(email: string) {
  return linkIn(await mailTo(email, /Confirm your e-mail/), '/signup/confirm/')
}

/** POST /api/register/, then POST /api/register/confirm/ with the token mailed: a new company whose first manager has every permission. */
export async function registerCompany(request: APIRequestContext): Promise<Company> {
  const id = unique('co')
  const body = { company_name: `Birch Lane ${id}`, first_name: 'Avery', last_name: 'Admin', email: `admin-${id}@example.test`, password: PASSWORD }
  await json(await request.post('/api/register/', { data: body }), 202, 'sign up a company')
  const token = (await signupLink(body.email)).searchParams.get('token')
  const tokens = await json<{ access: string }>(await request.post('/api/register/confirm/', { data: { token } }), 201, 'confirm the sign-up')
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

/** The token of the invitation link mailed to `email`, as the invitee gets it. */
export async function invitationToken(email: string) {
  return linkIn(await mailTo(email, /invited you/), '/accept-invitation/').pathname.split('/')[2]
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

/**
 * A unit of Bronson Court let to Ada Lovelace on an active month-to-month lease at $1,550.00, made
 * through the API as any client would, and a POST for more (any 2xx answer).
 */
export async function leasedUnit(request: APIRequestContext, company: Company, options: { unitNumber?: string; start?: string; email?: string } = {}) {
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { data, headers: bearer(company.token) })
    const text = await response.text()
    expect(response.status(), `POST ${path}: ${text}`).toBeLessThan(300)
    return JSON.parse(text) as { id: string } & Record<string, unknown>
  }
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await post('rental-units/', { unit_number: options.unitNumber ?? '101', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const resident = await post('residents/', { first_name: 'Ada', last_name: 'Lovelace', resident_type: 'APPLICANT', ...(options.email ? { email: options.email } : {}) })
  const lease = await post('leases/', { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: options.start ?? '2026-01-01', rent: '1550.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: resident.id, role: 'PRIMARY' }] })
  await post(`leases/${lease.id}/activate/`, {})
  return { post, property, building, unit, resident, lease }
}
