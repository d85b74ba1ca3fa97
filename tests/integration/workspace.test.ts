import { describe, expect, it } from 'vitest'
import { api, registerCompany, signedInMember } from '../factories/api'

/** The company as GET answers it, less what only the server writes: what a client sends back to change it. */
const editable = (company: Record<string, unknown>) => Object.fromEntries(Object.entries(company).filter(([key]) => key !== 'id' && key !== 'created_at'))

describe('company details', () => {
  it('reads and updates the company, validating each field against its country', async () => {
    const company = await registerCompany()
    const current = await api('GET', 'property-management-company/', { token: company.token })
    expect(current.body).toMatchObject({ name: company.company_name, country: 'CA', currency: 'CAD' })
    const bad = await api('PUT', 'property-management-company/', {
      token: company.token,
      body: { ...editable(current.body), province: 'TX', postal_code: '90210', time_zone: 'Mars/Olympus', website: 'not a url' },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['postal_code', 'province', 'time_zone', 'website'])
    expect((await api('GET', 'property-management-company/', { token: company.token })).body.province).toBeNull()
    const good = await api('PUT', 'property-management-company/', {
      token: company.token,
      body: { ...editable(current.body), phone: '613 555 0101', street_address: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'k1a 0b1' },
    })
    expect(good.status).toBe(200)
    expect(good.body.postal_code).toBe('K1A 0B1')
    const publicView = await api('GET', `property-management-company/${current.body.slug}/`)
    expect(publicView.status).toBe(200)
    expect(publicView.body).toEqual({ name: company.company_name, slug: current.body.slug, email: current.body.email, phone: '613 555 0101', website: null, city: 'Ottawa', province: 'ON', country: 'CA', currency: 'CAD', listings: [] })
    expect((await api('GET', 'property-management-company/no-such-company/')).status).toBe(404)
  })

  it('refuses a public address another company uses', async () => {
    const a = await registerCompany()
    const b = await registerCompany()
    const bCompany = (await api('GET', 'property-management-company/', { token: b.token })).body
    const aCompany = (await api('GET', 'property-management-company/', { token: a.token })).body
    const taken = await api('PUT', 'property-management-company/', { token: a.token, body: { ...editable(aCompany), slug: bCompany.slug } })
    expect(taken.status).toBe(400)
    expect(taken.body.errors.slug[0]).toMatch(/already taken/)
  })

  it('keeps the company’s number format, English until changed, and tells the signed-in user', async () => {
    const company = await registerCompany()
    const current = (await api('GET', 'property-management-company/', { token: company.token })).body
    expect(current.number_format).toBe('en')
    const bad = await api('PUT', 'property-management-company/', { token: company.token, body: { ...editable(current), number_format: 'de' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ number_format: ['Number format must be en (1,250.00) or fr (1 250,00).'] })
    expect((await api('GET', 'property-management-company/', { token: company.token })).body.number_format).toBe('en')
    const french = await api('PUT', 'property-management-company/', { token: company.token, body: { ...editable(current), number_format: 'fr' } })
    expect(french.status).toBe(200)
    expect(french.body.number_format).toBe('fr')
    // A client that does not know the setting leaves it as it is.
    const older = Object.fromEntries(Object.entries(editable(current)).filter(([key]) => key !== 'number_format'))
    expect((await api('PUT', 'property-management-company/', { token: company.token, body: { ...older, phone: '613 555 0101' } })).body.number_format).toBe('fr')
    expect((await api('GET', 'auth/me/', { token: company.token })).body.company.number_format).toBe('fr')
  })
})

describe('settings, features and warnings', () => {
  it('switches workspace features on and reports warnings for what is missing', async () => {
    const company = await registerCompany()
    expect((await api('GET', 'user-settings/', { token: company.token })).body).toEqual({ has_e_signature_enabled: false, has_lintel_ai_enabled: false, sms: false })
    const before = await api('GET', 'workspace-warnings/', { token: company.token })
    const slugs = before.body.items.map((w: { slug: string }) => w.slug)
    expect(slugs).toEqual(expect.arrayContaining(['company-contact-missing', 'company-address-missing', 'no-maintenance-technicians']))
    expect(before.body.items.find((w: { slug: string }) => w.slug === 'company-address-missing').action_url).toBe('/app/management-company/')
    const saved = await api('PUT', 'user_settings/', { token: company.token, body: { has_e_signature_enabled: true, has_lintel_ai_enabled: true, sms: true } })
    expect(saved.body).toEqual({ has_e_signature_enabled: true, has_lintel_ai_enabled: true, sms: true })
    const after = (await api('GET', 'workspace-warnings/', { token: company.token })).body.items.map((w: { slug: string }) => w.slug)
    expect(after).toEqual(expect.arrayContaining(['ai-not-configured', 'sms-not-configured']))
    const features = await api('GET', 'features/', { token: company.token })
    expect(features.body.find((f: { key: string }) => f.key === 'e_signature').enabled).toBe(true)
    // The AI switch is on, but without a model configured the feature is not usable.
    expect(features.body.find((f: { key: string }) => f.key === 'ai').enabled).toBe(false)
  })

  it('answers the same warnings with the signed-in staff member (auth/me/), and none for a technician', async () => {
    const company = await registerCompany()
    const technician = await signedInMember(company, 'technician')
    const warnings = (await api('GET', 'workspace-warnings/', { token: company.token })).body.items
    const me = await api('GET', 'auth/me/', { token: company.token })
    expect(me.body.workspace_warnings).toEqual(warnings)
    // The technician just invited clears the "no technicians" warning for both answers.
    expect(warnings.map((w: { slug: string }) => w.slug)).not.toContain('no-maintenance-technicians')
    expect((await api('GET', 'auth/me/', { token: technician.token })).body.workspace_warnings).toBeNull()
  })

  it('keeps the shell’s answer (auth/me/) between pages, yet shows a change the moment it is made', async () => {
    const company = await registerCompany()
    const me = async (token = company.token) => (await api('GET', 'auth/me/', { token })).body
    const slugs = (answer: { workspace_warnings: { slug: string }[] }) => answer.workspace_warnings.map((w) => w.slug)
    expect(slugs(await me())).toContain('no-maintenance-technicians')
    const current = (await api('GET', 'property-management-company/', { token: company.token })).body
    expect((await api('PUT', 'property-management-company/', { token: company.token, body: { ...editable(current), name: 'Renamed Holdings' } })).status).toBe(200)
    expect((await me()).company.name).toBe('Renamed Holdings')
    // A technician invited: the warning goes for every manager of the company.
    expect((await api('POST', 'invite-maintenance-technician/', { token: company.token, body: { email: `tech-${Date.now()}@example.test`, first_name: 'Tess', last_name: 'Tech' } })).status).toBe(201)
    expect(slugs(await me())).not.toContain('no-maintenance-technicians')
    // Another person's rights, changed by an administrator, show in that person's own answer.
    const manager = await signedInMember(company, 'manager', { has_accounting_permissions: true })
    expect((await me(manager.token)).permissions.has_accounting_permissions).toBe(true)
    const managerId = (await me(manager.token)).user.id
    const body = { first_name: 'Member', last_name: 'manager', has_accounting_permissions: false }
    expect((await api('PUT', `property-managers/${managerId}/`, { token: company.token, body })).status).toBe(200)
    expect((await me(manager.token)).permissions.has_accounting_permissions).toBe(false)
  })

  it('names the field when a switch is missing', async () => {
    const company = await registerCompany()
    const response = await api('PUT', 'user_settings/', { token: company.token, body: { has_e_signature_enabled: true } })
    expect(response.status).toBe(400)
    expect(Object.keys(response.body.errors).sort()).toEqual(['has_lintel_ai_enabled', 'sms'])
  })
})

describe('command palette', () => {
  it('filters quick actions and records by case-insensitive substring, gated by permission, never offering a page still to come', async () => {
    const company = await registerCompany()
    await api('POST', 'invite-maintenance-technician/', { token: company.token, body: { email: `zed-${Date.now()}@example.test`, first_name: 'Zed', last_name: 'Quartz' } })
    const all = await api('GET', 'command-palette/', { token: company.token })
    const names = all.body.map((e: { name: string }) => e.name)
    expect(names).toEqual(expect.arrayContaining(['View Property Managers', 'Add Maintenance Technician', 'Zed Quartz', 'Ada Manager']))
    expect(names).not.toContain('Start a chat with Lintel AI')
    expect(names).not.toContain('View Signature Requests')
    const filtered = await api('GET', 'command-palette/?search=QUARTZ', { token: company.token })
    expect(filtered.body).toEqual([{ name: 'Zed Quartz', url: expect.stringMatching(/^\/app\/maintenance-technicians\/.+\/$/), object_type: 'Maintenance Technician' }])
    await api('PUT', 'user_settings/', { token: company.token, body: { has_e_signature_enabled: true, has_lintel_ai_enabled: true, sms: false } })
    const enabled = (await api('GET', 'command-palette/', { token: company.token })).body.map((e: { name: string }) => e.name)
    // Switched on, signature requests are offered; AI chat and SMS are in the sidebar, but still to come: the palette does not offer them.
    expect(enabled).toEqual(expect.arrayContaining(['View Property Managers', 'View Signature Requests']))
    for (const later of ['Start a chat with Lintel AI', 'View SMS']) expect(enabled).not.toContain(later)
    expect((await api('GET', 'command-palette/?search=nothing-like-this', { token: company.token })).body).toEqual([])
  })

  it('finds reports by name, for those who may read reports', async () => {
    const company = await registerCompany()
    const balance = await api('GET', 'command-palette/?search=balance', { token: company.token })
    expect(balance.body).toEqual(expect.arrayContaining([{ name: 'Balance Sheet', url: '/app/reporting/balance-sheet/', object_type: 'Report' }]))
    // A report still to come is not offered.
    expect((await api('GET', 'command-palette/?search=parking space assignment', { token: company.token })).body).not.toEqual(expect.arrayContaining([expect.objectContaining({ object_type: 'Report' })]))
    expect((await api('GET', 'command-palette/?search=rent roll', { token: company.token })).body).toEqual(expect.arrayContaining([{ name: 'Rent Roll', url: '/app/reporting/rent-roll/', object_type: 'Report' }]))
  })
})

describe('version and OpenAPI', () => {
  it('publishes the update timestamp and records a browser refresh', async () => {
    const company = await registerCompany()
    const timestamp = await api('GET', 'update-timestamp/')
    expect(timestamp.status).toBe(200)
    expect(typeof timestamp.body.timestamp).toBe('number')
    expect((await api('POST', 'record-frontend-cache-refresh/', { token: company.token, body: { timestamp: 123 } })).status).toBe(204)
  })

  it('serves an OpenAPI 3.1 document describing every route', async () => {
    const doc = await api('GET', 'openapi.json')
    expect(doc.status).toBe(200)
    expect(doc.body.openapi).toBe('3.1.0')
    for (const path of ['/api/login', '/api/register', '/api/user_settings', '/api/property-managers/{id}', '/api/api-keys/{id}', '/api/command-palette', '/api/accept-invitation']) {
      expect(Object.keys(doc.body.paths)).toContain(path)
    }
    expect(doc.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await api('GET', 'no-such-endpoint/')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ detail: 'No such API endpoint.' })
  })
})

describe('dashboard', () => {
  it('counts active managers, technicians and pending invitations, for a token or an API key', async () => {
    const company = await registerCompany()
    await api('POST', 'invite-maintenance-technician/', { token: company.token, body: { email: `dash-${Date.now()}@example.test`, first_name: 'Dee', last_name: 'Ash' } })
    const figures = await api('GET', 'dashboard/', { token: company.token })
    expect(figures.body.team).toEqual({ property_managers: 1, maintenance_technicians: 0, invited: 1 })
    const key = (await api('POST', 'api-keys/', { token: company.token, body: { name: 'dash' } })).body.key
    expect((await api('GET', 'dashboard', { token: key })).status).toBe(200)
  })

  it('walks a new company through its setup, each step done by its first record, until none is left', async () => {
    const company = await registerCompany()
    const token = company.token
    const steps = async () => {
      const { body } = await api('GET', 'dashboard/', { token })
      return body.getting_started as { key: string; done: boolean; url: string }[] | null
    }
    const done = async () => (await steps())?.filter((s) => s.done).map((s) => s.key)
    const first = await steps()
    expect(first?.map((s) => [s.key, s.done])).toEqual([
      ['companyDetails', false],
      ['properties', false],
      ['buildings', false],
      ['rentalUnits', false],
      ['residents', false],
      ['bankAccounts', false],
      ['colleagues', false],
    ])
    expect(first?.[1].url).toBe('/app/property-groups/new/')

    const details = (await api('GET', 'property-management-company/', { token })).body
    const saved = await api('PUT', 'property-management-company/', { token, body: { ...editable(details), phone: '613 555 0101', street_address: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' } })
    expect(saved.status).toBe(200)
    const property = await api('POST', 'property-groups/', { token, body: { name: 'Elm', property_type: 'RESIDENTIAL' } })
    const building = await api('POST', 'buildings/', { token, body: { name: 'Elm A', property_group_id: property.body.id } })
    expect(building.status).toBe(201)
    expect(await done()).toEqual(['companyDetails', 'properties', 'buildings'])

    const unit = await api('POST', 'rental-units/', { token, body: { unit_number: '101', building_id: building.body.id, unit_type: 'APARTMENT', status: 'VACANT' } })
    expect(unit.status).toBe(201)
    expect((await api('POST', 'residents/', { token, body: { first_name: 'Rae', last_name: 'Dent', resident_type: 'CURRENT_RESIDENT' } })).status).toBe(201)
    const accounts = (await api('GET', 'accounting/accounts/?page_size=200', { token })).body.results as { id: string; number: string }[]
    const cash = accounts.find((a) => a.number === '1010')!.id
    expect((await api('POST', 'bank-accounts/', { token, body: { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: cash } })).status).toBe(201)
    expect(await done()).toEqual(['companyDetails', 'properties', 'buildings', 'rentalUnits', 'residents', 'bankAccounts'])

    // An invitation not yet accepted already counts: the colleague is on the way.
    await api('POST', 'invite-property-manager/', { token, body: { email: `colleague-${Date.now()}@example.test`, first_name: 'Cole', last_name: 'League' } })
    expect(await steps()).toBeNull()
  })

  it('is dismissed for the whole company by a manager with the Management Company permission, and only by one', async () => {
    const company = await registerCompany()
    const limited = await signedInMember(company, 'manager', { has_operations_permissions: true })
    // Operations, not reporting or management: the work order figures only.
    expect((await api('GET', 'dashboard/', { token: limited.token })).body).toEqual({ team: null, getting_started: null, rent: null, work_orders: { open: 0, emergency: 0, urgent: 0, routine: 0, overdue: 0, unassigned: 0 } })
    const refused = await api('POST', 'dashboard/getting-started/dismiss/', { token: limited.token })
    expect(refused.status).toBe(403)
    expect((await api('GET', 'dashboard/', { token: company.token })).body.getting_started).toHaveLength(7)

    expect((await api('POST', 'dashboard/getting-started/dismiss', { token: company.token })).status).toBe(204)
    expect((await api('GET', 'dashboard/', { token: company.token })).body.getting_started).toBeNull()
  })
})
