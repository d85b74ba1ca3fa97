import { beforeAll, describe, expect, it } from 'vitest'
import { api, invitationToken, PASSWORD, registerCompany, unique } from '../factories/api'

const LISTS = {
  'unit-types': ['APARTMENT', 'BASEMENT_SUITE', 'PARKING_STALL'],
  'pet-types': ['DOG', 'CAT'],
  'document-types': ['LEASE', 'INSURANCE_CERTIFICATE', 'TAX_FORM'],
  'appliance-types': ['REFRIGERATOR', 'DISHWASHER'],
  'parking-space-types': ['UNDERGROUND', 'EV_CHARGING', 'VISITOR'],
  'payment-frequencies': ['ONE_TIME', 'BI_WEEKLY', 'SEMI_MONTHLY', 'ANNUALLY'],
  'days-of-week': ['MONDAY', 'SUNDAY'],
}
const ENDPOINTS = [...Object.keys(LISTS), 'geo/countries', 'geo/states', 'geo/cities']

let token: string
beforeAll(async () => {
  token = (await registerCompany()).token
})

describe('reference data', () => {
  it.each(ENDPOINTS)('%s/ needs a signed-in caller', async (path) => {
    const response = await api('GET', `${path}/`)
    expect(response.status).toBe(401)
    expect(response.body.detail).toBeTypeOf('string')
  })

  it.each(Object.entries(LISTS))('%s/ lists { value, label } entries, with or without the trailing slash', async (path, expected) => {
    const response = await api('GET', `${path}/`, { token })
    expect(response.status).toBe(200)
    const values = response.body.map((entry: { value: string }) => entry.value)
    expect(values).toEqual(expect.arrayContaining(expected))
    for (const entry of response.body) {
      expect(entry.value).toMatch(/^[A-Z]+(_[A-Z]+)*$/)
      expect(entry.label).toBeTypeOf('string')
    }
    expect((await api('GET', path, { token })).body).toEqual(response.body)
  })

  it('gives days their ISO numbers and frequencies their periods per year', async () => {
    const days = await api('GET', 'days-of-week/', { token })
    expect(days.body[0]).toEqual({ value: 'MONDAY', label: 'Monday', iso_weekday: 1 })
    expect(days.body).toHaveLength(7)
    const frequencies = await api('GET', 'payment-frequencies/', { token })
    expect(frequencies.body).toContainEqual({ value: 'MONTHLY', label: 'Monthly', periods_per_year: 12 })
    expect(frequencies.body).toContainEqual({ value: 'ONE_TIME', label: 'One-time', periods_per_year: null })
  })

  it('documents every endpoint under the Reference data tag', async () => {
    const doc = await api('GET', 'openapi.json')
    for (const path of ENDPOINTS) expect(doc.body.paths[`/api/${path}`].get.tags).toEqual(['Reference data'])
  })

  it('answers any kind of user, not only staff', async () => {
    const manager = await registerCompany()
    const email = `tech-${unique()}@example.test`
    const invited = await api('POST', 'invite-maintenance-technician/', { token: manager.token, body: { email, first_name: 'Tess', last_name: 'Wrench' } })
    expect(invited.status).toBe(201)
    const technician = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(email), first_name: 'Tess', last_name: 'Wrench', password: PASSWORD } })
    expect(technician.body.user_type).toBe('maintenance_technician')
    for (const path of ENDPOINTS) expect((await api('GET', `${path}/`, { token: technician.body.access })).status).toBe(200)
  })
})

describe('geography', () => {
  it('lists every country, Canada and the United States first', async () => {
    const response = await api('GET', 'geo/countries/', { token })
    expect(response.status).toBe(200)
    expect(response.body.slice(0, 2)).toEqual([
      { code: 'CA', name: 'Canada' },
      { code: 'US', name: 'United States' },
    ])
    expect(response.body).toHaveLength(249)
    expect(response.body).toContainEqual({ code: 'FR', name: 'France' })
  })

  it('lists the provinces and states of a country, or of both', async () => {
    const canada = await api('GET', 'geo/states/?country=CA', { token })
    expect(canada.status).toBe(200)
    expect(canada.body).toHaveLength(13)
    expect(canada.body).toContainEqual({ code: 'NU', name: 'Nunavut', country: 'CA' })
    const us = await api('GET', 'geo/states?country=us', { token })
    expect(us.body).toHaveLength(56)
    expect(us.body).toContainEqual({ code: 'PR', name: 'Puerto Rico', country: 'US' })
    const both = await api('GET', 'geo/states/?country=', { token })
    expect(both.body).toHaveLength(69)
    expect(both.body[0].country).toBe('CA')
  })

  it('refuses a country it does not list states for, naming the field', async () => {
    const response = await api('GET', 'geo/states/?country=FR', { token })
    expect(response.status).toBe(400)
    expect(response.body.errors.country).toEqual(['Country must be CA (Canada) or US (United States).'])
  })

  it('pages through the cities of a province, most populous first', async () => {
    const first = await api('GET', 'geo/cities/?country=CA&state=ON&page_size=3', { token })
    expect(first.status).toBe(200)
    expect(first.body.count).toBeGreaterThan(500)
    expect(first.body.results[0]).toEqual({ name: 'Toronto', state: 'ON', country: 'CA' })
    expect(first.body.results).toHaveLength(3)
    expect(first.body.previous).toBeNull()
    expect(first.body.next).toBe('/api/geo/cities/?country=CA&state=ON&page_size=3&page=2')
    const second = await api('GET', first.body.next.replace(/^\/api\//, ''), { token })
    expect(second.body.results).toHaveLength(3)
    expect(second.body.results).not.toContainEqual(first.body.results[0])
    expect(second.body.previous).toBe('/api/geo/cities/?country=CA&state=ON&page_size=3&page=1')
  })

  it('searches names anywhere, ignoring case and accents', async () => {
    const montreal = await api('GET', 'geo/cities?search=MONTREAL', { token })
    expect(montreal.body.results[0]).toEqual({ name: 'Montréal', state: 'QC', country: 'CA' })
    const springfields = await api('GET', 'geo/cities/?country=US&search=springfield&page_size=100', { token })
    expect(springfields.body.count).toBeGreaterThan(20)
    expect(springfields.body.results.every((c: { name: string; country: string }) => /springfield/i.test(c.name) && c.country === 'US')).toBe(true)
    expect(springfields.body.results.map((c: { state: string }) => c.state)).toEqual(expect.arrayContaining(['IL', 'MA', 'MO']))
    const inside = await api('GET', 'geo/cities/?state=BC&search=couv', { token })
    expect(inside.body.results.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Vancouver', 'North Vancouver']))
    const none = await api('GET', 'geo/cities/?search=zzzqqq', { token })
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] })
  })

  it('names the bad parameter', async () => {
    const cases: [string, string][] = [
      ['country=MX', 'country'],
      ['state=XX', 'state'],
      ['country=US&state=ON', 'state'],
      ['page_size=5000', 'page_size'],
      ['page=0', 'page'],
    ]
    for (const [query, field] of cases) {
      const response = await api('GET', `geo/cities/?${query}`, { token })
      expect(response.status, query).toBe(400)
      expect(Object.keys(response.body.errors), query).toEqual([field])
      expect(response.body.detail).toContain(field)
    }
    const wrongCountry = await api('GET', 'geo/cities/?country=US&state=ON', { token })
    expect(wrongCountry.body.errors.state).toEqual(['ON is not a state of the United States.'])
  })
})
