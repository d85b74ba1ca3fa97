import { describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import { resourceNamed } from '~/resources'
import { api, registerCompany, unique } from '../factories/api'
import { createSample } from '../factories/resources'

/** A building to put rental units in, and the count of units, to see that a refused request added none. */
async function setUp() {
  const company = await registerCompany()
  const building = await createSample(resourceNamed('buildings')!, company.token)
  const units = async () => (await api('GET', 'rental-units/', { token: company.token })).body.count as number
  return { ...company, building, units }
}

const unit = (buildingId: unknown, extra: Record<string, unknown>) => ({ unit_number: unique('u'), building_id: buildingId, unit_type: 'APARTMENT', status: 'VACANT', ...extra })

async function raw(method: string, path: string, token: string, body: string) {
  const response = await getApi().request(`http://lintel.test/api/${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body })
  return { status: response.status, body: await response.json() }
}

describe('input the API refuses, naming the field and changing nothing', () => {
  it('takes money only as a plain decimal string', async () => {
    const { token, building, units } = await setUp()
    for (const amount of ['12,50', '1,250.00', '1e3', ' 12', '12 ', '$12', 1250, '12.345']) {
      const response = await api('POST', 'rental-units/', { token, body: unit(building.id, { market_rent: amount }) })
      expect(response.status, String(amount)).toBe(400)
      expect(response.body.errors.market_rent[0], String(amount)).toMatch(/Market rent must be an amount written like 1250.00/)
    }
    expect(await units()).toBe(0)
    const ok = await api('POST', 'rental-units/', { token, body: unit(building.id, { market_rent: '1250.5' }) })
    expect(ok.body.market_rent).toBe('1250.50')

    const accounts = (await api('GET', 'accounting/accounts/?page_size=100', { token })).body.results as { id: string; number: string }[]
    const [cash, rent] = ['1010', '4000'].map((n) => accounts.find((a) => a.number === n)!.id)
    const entry = await api('POST', 'accounting/journal-entries/', {
      token,
      body: { date: '2026-03-01', lines: [{ account_id: cash, debit: '12,50' }, { account_id: rent, credit: '12,50' }] },
    })
    expect(entry.status).toBe(400)
    expect(Object.keys(entry.body.errors)).toEqual(expect.arrayContaining(['lines[0].debit', 'lines[1].credit']))
    expect((await api('GET', 'accounting/journal-entries/', { token })).body.count).toBe(0)
  })

  it('refuses control characters in text and in query strings', async () => {
    const { token, building, units } = await setUp()
    const nul = await api('POST', 'rental-units/', { token, body: unit(building.id, { unit_number: 'A\u0000' }) })
    expect(nul.status).toBe(400)
    expect(Object.keys(nul.body.errors)).toEqual(['unit_number'])
    const bell = await api('POST', 'rental-units/', { token, body: unit(building.id, { unit_number: 'A\u0007' }) })
    expect(bell.status).toBe(400)
    expect(Object.keys(bell.body.errors)).toEqual(['unit_number'])
    const search = await api('GET', `rental-units/?search=${encodeURIComponent('a\u0000b')}`, { token })
    expect(search.status).toBe(400)
    expect(Object.keys(search.body.errors)).toEqual(['search'])
    expect(await units()).toBe(0)
  })

  it('refuses null or "" for a boolean, and prototype keys and unknown fields anywhere', async () => {
    const { token, units } = await setUp()
    const account = await createSample(resourceNamed('accounts')!, token, { account_type: 'INCOME', subtype: 'OTHER_INCOME' })
    for (const value of [null, '']) {
      const response = await api('PUT', `accounting/accounts/${account.id}/`, { token, body: { subject_to_management_fee: value } })
      expect(response.status, String(value)).toBe(400)
      expect(Object.keys(response.body.errors)).toEqual(['subject_to_management_fee'])
    }
    for (const body of ['{"__proto__": {"is_company_admin": true}}', '{"constructor": {"prototype": {"x": 1}}}', '{"unit_number": "1", "nested": {"\\u005f_proto__": 1}}']) {
      const response = await raw('POST', 'rental-units/', token, body)
      expect(response.status, body).toBe(400)
    }
    const unknownField = await api('PUT', 'accounting/ledger-settings/', { token, body: { fiscal_year_start_month: 4, lock_dat: '2026-01-31' } })
    expect(unknownField.status).toBe(400)
    expect(Object.keys(unknownField.body.errors)).toEqual(['lock_dat'])
    expect((await api('GET', 'accounting/ledger-settings/', { token })).body.fiscal_year_start_month).toBe(1)
    const notJson = await raw('POST', 'rental-units/', token, '{"unit_number": ')
    expect(notJson).toEqual({ status: 400, body: { detail: 'The request body is not valid JSON.' } })
    expect(await units()).toBe(0)
  })

  it('takes real dates between 1900 and 2200 only, and no lock date after today', async () => {
    const { token } = await setUp()
    const owner = await createSample(resourceNamed('property-owners')!, token)
    for (const date of ['2023-02-30', '1899-12-31', '2201-01-01', '2026-1-5']) {
      const entry = await api('POST', 'accounting/journal-entries/', { token, body: { date, lines: [] } })
      expect(entry.status, date).toBe(400)
      expect(entry.body.errors.date[0], date).toMatch(/between 1900-01-01 and 2200-12-31/)
      const lock = await api('PUT', 'accounting/ledger-settings/', { token, body: { lock_date: date } })
      expect(lock.status, date).toBe(400)
      expect(Object.keys(lock.body.errors)).toEqual(['lock_date'])
    }
    const future = await api('PUT', 'accounting/ledger-settings/', { token, body: { lock_date: '2199-01-01' } })
    expect(future.status).toBe(400)
    expect(future.body.errors.lock_date).toEqual(['Lock date cannot be after today.'])
    expect((await api('GET', 'accounting/ledger-settings/', { token })).body.lock_date).toBeNull()
    expect((await api('GET', `property-owners/${owner.id}/`, { token })).status).toBe(200)
  })

  it('takes only http and https web addresses', async () => {
    const { token } = await setUp()
    const { name, slug, country, currency, time_zone } = (await api('GET', 'property-management-company/', { token })).body
    const body = { name, slug, country, currency, time_zone }
    for (const website of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.test', 'example.test']) {
      const response = await api('PUT', 'property-management-company/', { token, body: { ...body, website } })
      expect(response.status, website).toBe(400)
      expect(Object.keys(response.body.errors)).toEqual(['website'])
    }
    expect((await api('PUT', 'property-management-company/', { token, body: { ...body, website: 'https://example.test/' } })).body.website).toBe('https://example.test/')
  })
})
