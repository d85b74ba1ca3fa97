import { describe, expect, it } from 'vitest'
import { api, invitationToken, registerCompany, unique } from '../factories/api'

async function inviteTechnician(token: string) {
  const email = `tech-${unique()}@example.test`
  const invited = await api('POST', 'invite-maintenance-technician/', { token, body: { email, first_name: 'Tess', last_name: 'Wrench', phone: '613 555 0100' } })
  expect(invited.status).toBe(201)
  return { ...invited.body, email }
}

describe('maintenance technicians', () => {
  it('invites a technician who accepts, signs in and lands as a technician', async () => {
    const company = await registerCompany()
    const technician = await inviteTechnician(company.token)
    expect(technician.status).toBe('invited')
    const token = invitationToken(technician.email)
    const info = await api('GET', `accept-invitation/${token}/`)
    expect(info.body).toMatchObject({ email: technician.email, company_name: company.company_name, user_type: 'maintenance_technician' })
    const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: token, first_name: 'Tess', last_name: 'Wrench', password: 'a good password' } })
    expect(accepted.status).toBe(200)
    expect(accepted.body.user_type).toBe('maintenance_technician')
    expect((await api('GET', `maintenance-technicians/${technician.id}/`, { token: company.token })).body.status).toBe('active')
    // The link works once.
    const again = await api('POST', 'accept-invitation/', { body: { invitation_id: token, first_name: 'T', last_name: 'W', password: 'another password' } })
    expect(again.status).toBe(400)
    expect(again.body.errors.invitation_id[0]).toMatch(/invalid, already used or expired/)
    // A technician cannot use staff endpoints.
    expect((await api('GET', 'property-managers/', { token: accepted.body.access })).status).toBe(403)
  })

  it('sends the invitation again with a new link; the old link stops working', async () => {
    const company = await registerCompany()
    const technician = await inviteTechnician(company.token)
    const first = invitationToken(technician.email)
    const resent = await api('POST', `maintenance-technicians/${technician.id}/send-invitation/`, { token: company.token })
    expect(resent.status).toBe(200)
    expect(resent.body.detail).toBe(`We sent a new invitation to ${technician.email}.`)
    const second = invitationToken(technician.email)
    expect(second).not.toBe(first)
    expect((await api('GET', `accept-invitation/${first}/`)).status).toBe(404)
    expect((await api('GET', `accept-invitation/${second}/`)).status).toBe(200)
  })

  it('refuses to re-invite someone who already accepted (409)', async () => {
    const company = await registerCompany()
    const technician = await inviteTechnician(company.token)
    const token = invitationToken(technician.email)
    await api('POST', 'accept-invitation/', { body: { invitation_id: token, first_name: 'Tess', last_name: 'Wrench', password: 'a good password' } })
    const resent = await api('POST', `maintenance-technicians/${technician.id}/send-invitation/`, { token: company.token })
    expect(resent.status).toBe(409)
  })

  it('lists with search, status filter, ordering and pagination', async () => {
    const company = await registerCompany()
    for (let i = 0; i < 3; i++) await inviteTechnician(company.token)
    const page = await api('GET', 'maintenance-technicians/?page_size=2&ordering=-created_at', { token: company.token })
    expect(page.body.count).toBe(3)
    expect(page.body.results).toHaveLength(2)
    expect(page.body.next).toContain('page=2')
    expect(page.body.previous).toBeNull()
    expect((await api('GET', 'maintenance-technicians/?status=active', { token: company.token })).body.count).toBe(0)
    expect((await api('GET', 'maintenance-technicians/?search=TESS', { token: company.token })).body.count).toBe(3)
    const bad = await api('GET', 'maintenance-technicians/?ordering=password_hash', { token: company.token })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.ordering[0]).toMatch(/Cannot order by "password_hash"/)
    const badSize = await api('GET', 'maintenance-technicians/?page_size=0', { token: company.token })
    expect(badSize.status).toBe(400)
    expect(Object.keys(badSize.body.errors)).toEqual(['page_size'])
  })
})

describe('property managers', () => {
  it('invites a manager with chosen permissions and updates them', async () => {
    const company = await registerCompany()
    const email = `pm-${unique()}@example.test`
    const invited = await api('POST', 'invite-property-manager/', {
      token: company.token,
      body: { email, first_name: 'Lee', last_name: 'Leasing', has_leasing_permissions: true },
    })
    expect(invited.status).toBe(201)
    expect(invited.body).toMatchObject({ status: 'invited', has_leasing_permissions: true, has_accounting_permissions: false })
    const updated = await api('PUT', `property-managers/${invited.body.id}/`, {
      token: company.token,
      body: { first_name: 'Lee', last_name: 'Leasing', has_leasing_permissions: false, has_accounting_permissions: true },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ has_leasing_permissions: false, has_accounting_permissions: true })
  })

  it('does not let a manager remove their own management permission or deactivate themselves', async () => {
    const company = await registerCompany()
    const list = await api('GET', 'property-managers/', { token: company.token })
    const me = list.body.results[0]
    const demote = await api('PUT', `property-managers/${me.id}/`, {
      token: company.token,
      body: { first_name: 'Ada', last_name: 'Manager', has_management_company_permissions: false },
    })
    expect(demote.status).toBe(400)
    expect(demote.body.errors.has_management_company_permissions).toBeDefined()
    const deactivate = await api('PUT', `property-managers/${me.id}/`, { token: company.token, body: { first_name: 'Ada', last_name: 'Manager', is_active: false } })
    expect(deactivate.status).toBe(400)
  })

  it('refuses an e-mail that already has an account, naming the field, and creates nothing', async () => {
    const company = await registerCompany()
    const other = await registerCompany()
    const response = await api('POST', 'invite-property-manager/', { token: company.token, body: { email: other.email, first_name: 'X', last_name: 'Y' } })
    expect(response.status).toBe(400)
    expect(response.body.errors.email[0]).toMatch(/already has a Lintel account/)
    expect((await api('GET', 'property-managers/', { token: company.token })).body.count).toBe(1)
  })

  it('a deactivated manager is signed out at once', async () => {
    const company = await registerCompany()
    const email = `pm-${unique()}@example.test`
    const invited = await api('POST', 'invite-property-manager/', { token: company.token, body: { email, first_name: 'Ex', last_name: 'Staff', has_operations_permissions: true } })
    const token = invitationToken(email)
    const session = await api('POST', 'accept-invitation/', { body: { invitation_id: token, first_name: 'Ex', last_name: 'Staff', password: 'a good password' } })
    expect((await api('GET', 'get-user-type/', { token: session.body.access })).status).toBe(200)
    await api('PUT', `property-managers/${invited.body.id}/`, { token: company.token, body: { first_name: 'Ex', last_name: 'Staff', is_active: false } })
    expect((await api('GET', 'get-user-type/', { token: session.body.access })).status).toBe(401)
    expect((await api('POST', 'token/refresh/', { body: { refresh: session.body.refresh } })).status).toBe(401)
  })
})

describe('permissions and tenancy', () => {
  it('a manager without the Management Company permission gets 403 and changes nothing', async () => {
    const company = await registerCompany()
    const email = `ops-${unique()}@example.test`
    const invited = await api('POST', 'invite-property-manager/', { token: company.token, body: { email, first_name: 'Op', last_name: 'Only', has_operations_permissions: true } })
    const invitation = invitationToken(email)
    const limited = (await api('POST', 'accept-invitation/', { body: { invitation_id: invitation, first_name: 'Op', last_name: 'Only', password: 'a good password' } })).body.access
    const list = await api('GET', 'property-managers/', { token: limited })
    expect(list.status).toBe(403)
    expect(list.body.detail).toBe('You need the Management Company permission to do this.')
    const update = await api('PUT', `property-managers/${invited.body.id}/`, { token: limited, body: { first_name: 'Op', last_name: 'Only', has_accounting_permissions: true } })
    expect(update.status).toBe(403)
    expect((await api('GET', `property-managers/${invited.body.id}/`, { token: company.token })).body.has_accounting_permissions).toBe(false)
    expect((await api('PUT', 'user_settings/', { token: limited, body: { has_e_signature_enabled: true, has_lintel_ai_enabled: true, sms: true } })).status).toBe(403)
  })

  it('another company’s records answer 404 and cannot be changed', async () => {
    const mine = await registerCompany()
    const theirs = await registerCompany()
    const technician = await inviteTechnician(theirs.token)
    expect((await api('GET', `maintenance-technicians/${technician.id}/`, { token: mine.token })).status).toBe(404)
    const put = await api('PUT', `maintenance-technicians/${technician.id}/`, { token: mine.token, body: { first_name: 'Hijack', last_name: 'Ed' } })
    expect(put.status).toBe(404)
    expect((await api('POST', `maintenance-technicians/${technician.id}/send-invitation/`, { token: mine.token })).status).toBe(404)
    expect((await api('GET', `maintenance-technicians/${technician.id}/`, { token: theirs.token })).body.first_name).toBe('Tess')
    expect((await api('GET', 'maintenance-technicians/', { token: mine.token })).body.count).toBe(0)
  })
})
