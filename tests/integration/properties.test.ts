import { describe, expect, it } from 'vitest'
import { api, registerCompany, unique } from '../factories/api'

const ADDRESS = { street: '12 Maple Street', city: 'Ottawa', province: 'on', postal_code: 'k1p1a1', country: 'CA' }

/** A property with one building, as a manager would set it up. */
async function portfolio(token: string) {
  const property = await api('POST', 'property-groups/', { token, body: { name: `Maple ${unique()}`, property_type: 'RESIDENTIAL', address: ADDRESS } })
  expect(property.status).toBe(201)
  const building = await api('POST', 'buildings/', { token, body: { name: 'North Tower', property_group_id: property.body.id, floors: 6 } })
  expect(building.status).toBe(201)
  return { property: property.body, building: building.body }
}

describe('the Properties group through the resource engine', () => {
  it('creates, lists, searches, filters, orders and pages rental units', async () => {
    const { token } = await registerCompany()
    const { building } = await portfolio(token)
    for (const [unit_number, status, rent] of [
      ['101', 'VACANT', '1450.00'],
      ['102', 'OCCUPIED', '1500.5'],
      ['201', 'OCCUPIED', '1725'],
    ]) {
      const created = await api('POST', 'rental-units/', { token, body: { unit_number, building_id: building.id, unit_type: 'APARTMENT', status, bedrooms: '2', bathrooms: '1.5', market_rent: rent } })
      expect(created.status).toBe(201)
    }
    const list = await api('GET', 'rental-units/?ordering=-unit_number&page_size=2', { token })
    expect(list.status).toBe(200)
    expect(list.body.count).toBe(3)
    expect(list.body.results.map((u: { unit_number: string }) => u.unit_number)).toEqual(['201', '102'])
    expect(list.body.next).toContain('page=2')
    expect(list.body.previous).toBeNull()
    expect(list.body.results[1]).toMatchObject({ market_rent: '1500.50', bathrooms: 1.5, bedrooms: 2, building_id: building.id, building_label: 'North Tower', status: 'OCCUPIED' })

    const occupied = await api('GET', 'rental-units/?status=OCCUPIED', { token })
    expect(occupied.body.count).toBe(2)
    expect((await api('GET', 'rental-units/?status=ALL', { token })).body.count).toBe(3)
    const searched = await api('GET', 'rental-units/?search=10', { token })
    expect(searched.body.results.map((u: { unit_number: string }) => u.unit_number).sort()).toEqual(['101', '102'])
    const byBuilding = await api('GET', `rental-units/?building_id=${building.id}&ordering=market_rent`, { token })
    expect(byBuilding.body.results[0].unit_number).toBe('101')
    const byBuildingName = await api('GET', 'rental-units/?ordering=building_id', { token })
    expect(byBuildingName.status).toBe(200)
  })

  it('answers bad parameters and bad bodies with 400 naming the field, changing nothing', async () => {
    const { token } = await registerCompany()
    const { building } = await portfolio(token)
    for (const [query, field] of [
      ['ordering=color', 'ordering'],
      ['status=SOLD', 'status'],
      ['page=0', 'page'],
      ['page_size=5000', 'page_size'],
      ['building_id=nope', 'building_id'],
    ]) {
      const response = await api('GET', `rental-units/?${query}`, { token })
      expect(response.status, query).toBe(400)
      expect(Object.keys(response.body.errors), query).toContain(field)
    }
    const bad = await api('POST', 'rental-units/', { token, body: { building_id: building.id, unit_type: 'CASTLE', status: 'VACANT', market_rent: '12.345', bedrooms: '-1' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.unit_number).toEqual(['Unit number is required.'])
    expect(bad.body.errors.unit_type[0]).toMatch(/^Unit type must be one of/)
    expect(bad.body.errors.market_rent[0]).toMatch(/Market rent must be an amount written like 1250.00/)
    expect(bad.body.errors.bedrooms[0]).toMatch(/Bedrooms must be at least 0/)
    const address = await api('POST', 'property-groups/', { token, body: { name: 'Bad', property_type: 'RESIDENTIAL', address: { ...ADDRESS, province: 'ZZ', postal_code: '90210' } } })
    expect(address.status).toBe(400)
    expect(address.body.errors['address.province'][0]).toMatch(/province or territory of Canada/)
    expect(address.body.errors['address.postal_code'][0]).toMatch(/A1A 1A1/)
    expect((await api('GET', 'rental-units/', { token })).body.count).toBe(0)
  })

  it('normalises addresses, masks tax ids and checks domain rules', async () => {
    const { token } = await registerCompany()
    const { property } = await portfolio(token)
    expect(property.address).toEqual({ ...ADDRESS, province: 'ON', postal_code: 'K1P 1A1' })
    const owner = await api('POST', 'property-owners/', { token, body: { owner_type: 'PERSON', first_name: 'Olive', last_name: 'Owner', tax_id: '123-456-789' } })
    expect(owner.status).toBe(201)
    expect(owner.body.tax_id).toBe('•••••6789')
    const company = await api('POST', 'property-owners/', { token, body: { owner_type: 'COMPANY' } })
    expect(company.body.errors.company_name).toEqual(['Company name is required for a company owner.'])

    const half = await api('POST', 'property-ownerships/', { token, body: { property_group_id: property.id, property_owner_id: owner.body.id, percentage: '60' } })
    expect(half.status).toBe(201)
    expect(half.body).toMatchObject({ percentage: '60.00', property_owner_label: 'Olive Owner', property_group_label: property.name })
    const second = await api('POST', 'property-owners/', { token, body: { owner_type: 'COMPANY', company_name: 'Birch Holdings Inc.' } })
    const over = await api('POST', 'property-ownerships/', { token, body: { property_group_id: property.id, property_owner_id: second.body.id, percentage: '40.01' } })
    expect(over.status).toBe(400)
    expect(over.body.errors.percentage[0]).toMatch(/100.01%/)
    expect((await api('POST', 'property-ownerships/', { token, body: { property_group_id: property.id, property_owner_id: second.body.id, percentage: '40' } })).status).toBe(201)
    // Raising the first share past the whole is refused too.
    expect((await api('PUT', `property-ownerships/${half.body.id}/`, { token, body: { percentage: '61' } })).status).toBe(400)

    const resident = await api('POST', 'residents/', { token, body: { first_name: 'Rita', last_name: 'Resident', resident_type: 'CURRENT_RESIDENT', move_in_date: '2026-05-01', move_out_date: '2026-04-01' } })
    expect(resident.body.errors.move_out_date).toEqual(['Move-out date cannot be before the move-in date.'])
    const rita = await api('POST', 'residents/', { token, body: { first_name: 'Rita', last_name: 'Resident', resident_type: 'CURRENT_RESIDENT', move_in_date: '2026-05-01' } })
    expect(rita.status).toBe(201)
    // A change to one date of the pair is checked against the other as stored.
    const earlier = await api('PUT', `residents/${rita.body.id}/`, { token, body: { move_out_date: '2026-04-30' } })
    expect([earlier.status, earlier.body.errors?.move_out_date]).toEqual([400, ['Move-out date cannot be before the move-in date.']])
    const born = await api('PUT', `residents/${rita.body.id}/`, { token, body: { date_of_birth: `${new Date().getUTCFullYear() + 1}-01-01` } })
    expect([born.status, born.body.errors?.date_of_birth]).toEqual([400, ['Date of birth cannot be in the future.']])
    expect((await api('GET', `residents/${rita.body.id}/`, { token })).body).toMatchObject({ move_out_date: null, date_of_birth: null })
  })

  it('updates only the fields sent, deactivates and reactivates where allowed, and offers only the methods SPEC allows', async () => {
    const { token } = await registerCompany()
    const { property, building } = await portfolio(token)
    const updated = await api('PUT', `buildings/${building.id}/`, { token, body: { floors: 7 } })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ name: 'North Tower', floors: 7 })
    expect((await api('PUT', `buildings/${building.id}/`, { token, body: { name: '' } })).body.errors.name).toEqual(['Name is required.'])
    expect((await api('DELETE', `buildings/${building.id}/`, { token })).status).toBe(404)

    expect((await api('DELETE', `property-groups/${property.id}/`, { token })).status).toBe(204)
    expect((await api('GET', `property-groups/${property.id}/`, { token })).body.is_active).toBe(false)
    expect((await api('GET', 'property-groups/?is_active=true', { token })).body.count).toBe(0)
    const back = await api('POST', `property-groups/${property.id}/reactivate/`, { token })
    expect(back.body.is_active).toBe(true)
  })

  it('keeps references inside the company', async () => {
    const mine = await registerCompany()
    const theirs = await registerCompany()
    const { building } = await portfolio(theirs.token)
    const response = await api('POST', 'rental-units/', { token: mine.token, body: { unit_number: '1', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' } })
    expect(response.status).toBe(400)
    expect(response.body.errors.building_id).toEqual(['Building: no such building in your company.'])
  })

  it('names records for a picker: the first matches in the list order, whether more match, and the selected one whatever the search', async () => {
    const { token } = await registerCompany()
    const { building } = await portfolio(token)
    const ids: Record<string, string> = {}
    for (const unit_number of ['A1', 'A2', 'A3', 'B1']) {
      const created = await api('POST', 'rental-units/', { token, body: { unit_number, building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' } })
      ids[unit_number] = created.body.id
    }
    const first = await api('GET', 'rental-units/names/?page_size=2', { token })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ results: [{ id: ids.A1, name: 'A1 · North Tower' }, { id: ids.A2, name: 'A2 · North Tower' }], more: true, selected: null })
    const searched = await api('GET', `rental-units/names/?search=a&page_size=5&selected=${ids.B1}`, { token })
    expect(searched.body.results.map((r: { name: string }) => r.name)).toEqual(['A1 · North Tower', 'A2 · North Tower', 'A3 · North Tower'])
    expect(searched.body).toMatchObject({ more: false, selected: { id: ids.B1, name: 'B1 · North Tower' } })
    // A record of another company is never named.
    const other = await registerCompany()
    const theirs = await api('GET', `rental-units/names/?selected=${ids.B1}`, { token: other.token })
    expect(theirs.body).toEqual({ results: [], more: false, selected: null })
    expect((await api('GET', 'rental-units/names/?selected=B1', { token })).body.errors.selected).toEqual(['selected must be an id.'])
    // Names are kept briefly per company, but a write shows at once: a new unit, a renamed one.
    const a0 = await api('POST', 'rental-units/', { token, body: { unit_number: 'A0', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' } })
    expect((await api('GET', 'rental-units/names/?page_size=2', { token })).body.results.map((r: { id: string }) => r.id)).toEqual([a0.body.id, ids.A1])
    expect((await api('PUT', `rental-units/${a0.body.id}/`, { token, body: { unit_number: 'Z9' } })).status).toBe(200)
    expect((await api('GET', 'rental-units/names/?page_size=2', { token })).body.results.map((r: { id: string }) => r.id)).toEqual([ids.A1, ids.A2])
  })

  it('names a unit with its building everywhere, sorts unit numbers naturally, and follows a renamed building', async () => {
    const { token } = await registerCompany()
    const { property, building } = await portfolio(token)
    const south = await api('POST', 'buildings/', { token, body: { name: 'South Court', property_group_id: property.id } })
    const ids: Record<string, string> = {}
    for (const unit_number of ['10', '2', '100', '1', '2B']) {
      const created = await api('POST', 'rental-units/', { token, body: { unit_number, building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' } })
      expect(created.body).toMatchObject({ unit_number, label: `${unit_number} · North Tower` })
      ids[unit_number] = created.body.id
    }
    const southTwo = await api('POST', 'rental-units/', { token, body: { unit_number: '2', building_id: south.body.id, unit_type: 'APARTMENT', status: 'VACANT' } })
    const numbers = await api('GET', `rental-units/?building_id=${building.id}&ordering=unit_number`, { token })
    expect(numbers.body.results.map((u: { unit_number: string }) => u.unit_number)).toEqual(['1', '2', '2B', '10', '100'])
    const backwards = await api('GET', `rental-units/?building_id=${building.id}&ordering=-unit_number`, { token })
    expect(backwards.body.results.map((u: { unit_number: string }) => u.unit_number)).toEqual(['100', '10', '2B', '2', '1'])
    const picker = await api('GET', 'rental-units/names/?search=2', { token })
    expect(picker.body.results.map((u: { name: string }) => u.name)).toEqual(['2 · North Tower', '2 · South Court', '2B · North Tower'])
    // The list's search reads the building too.
    expect((await api('GET', 'rental-units/?search=south', { token })).body.results.map((u: { id: string }) => u.id)).toEqual([southTwo.body.id])

    // A resident's unit, and a list of residents sorted by it.
    for (const [first_name, unit] of [['Ann', '100'], ['Bob', '2'], ['Cal', '10']]) {
      const resident = await api('POST', 'residents/', { token, body: { first_name, last_name: 'Lee', resident_type: 'CURRENT_RESIDENT', rental_unit_id: ids[unit] } })
      expect(resident.body.rental_unit_label).toBe(`${unit} · North Tower`)
    }
    const byUnit = await api('GET', 'residents/?ordering=rental_unit_id', { token })
    expect(byUnit.body.results.map((r: { rental_unit_label: string }) => r.rental_unit_label)).toEqual(['2 · North Tower', '10 · North Tower', '100 · North Tower'])

    // Renaming the building renames its units wherever they appear.
    await api('PUT', `buildings/${building.id}/`, { token, body: { name: 'Bronson Court' } })
    expect((await api('GET', `rental-units/${ids['2']}/`, { token })).body.label).toBe('2 · Bronson Court')
    expect((await api('GET', 'residents/?search=bob', { token })).body.results[0].rental_unit_label).toBe('2 · Bronson Court')
    const palette = await api('GET', 'command-palette/?search=100', { token })
    expect(palette.body.filter((e: { object_type: string }) => e.object_type === 'Rental Unit').map((e: { name: string }) => e.name)).toEqual(['100 · Bronson Court'])
    expect((await api('GET', 'command-palette/?search=north tower', { token })).body.filter((e: { object_type: string }) => e.object_type === 'Rental Unit')).toEqual([])

    // A CSV exported from Lintel names units this way, and imports back.
    const imported = await api('POST', 'imports/residents/preview/', { token, body: { csv: 'First name,Last name,Resident type,Rental unit\nDee,Lee,Current resident,10 · Bronson Court\n' } })
    expect(imported.body.rows[0]).toMatchObject({ errors: {}, values: { rental_unit_id: ids['10'], rental_unit_label: '10 · Bronson Court' } })
    // The label is the database's to keep.
    const written = await api('PUT', `rental-units/${ids['1']}/`, { token, body: { label: 'Penthouse' } })
    expect(written.status).toBe(400)
  })

  it('finds residents in the palette by e-mail and phone, however the phone is typed', async () => {
    const { token } = await registerCompany()
    const resident = await api('POST', 'residents/', {
      token,
      body: { first_name: 'Rosa', last_name: 'Quill', resident_type: 'CURRENT_RESIDENT', email: 'rosa.quill@example.test', phone: '(613) 555-0142' },
    })
    const found = async (search: string) =>
      (await api('GET', `command-palette/?search=${encodeURIComponent(search)}`, { token })).body.filter((e: { object_type: string }) => e.object_type === 'Resident')
    for (const search of ['rosa.quill@', 'ROSA.QUILL@EXAMPLE', '555-0142', '6135550142', '613 555 0142', '+1 613-555-0142'.slice(3)]) {
      expect(await found(search), search).toEqual([{ name: 'Rosa Quill', url: `/app/residents/${resident.body.id}/`, object_type: 'Resident' }])
    }
    expect(await found('555-0199')).toEqual([])
    // A changed phone is found by its new number only.
    await api('PUT', `residents/${resident.body.id}/`, { token, body: { phone: '416-555-0177' } })
    expect(await found('6135550142')).toEqual([])
    expect(await found('4165550177')).toHaveLength(1)
  })

  it('exports the filtered list as CSV, names instead of codes', async () => {
    const { token } = await registerCompany()
    const { building } = await portfolio(token)
    await api('POST', 'rental-units/', { token, body: { unit_number: '7', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', market_rent: '999' } })
    await api('POST', 'rental-units/', { token, body: { unit_number: '=cmd', building_id: building.id, unit_type: 'APARTMENT', status: 'DOWN' } })
    const { getApi } = await import('~/api')
    const response = await getApi().request('http://lintel.test/api/rental-units/export/?status=VACANT', { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const lines = (await response.text()).trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain('Unit number,Building,Name,Unit type,Status')
    expect(lines[1]).toContain(',7,North Tower,7 · North Tower,Apartment,Vacant,')
    expect(lines[1]).toContain('999.00')
    const all = await getApi().request('http://lintel.test/api/rental-units/export/', { headers: { authorization: `Bearer ${token}` } })
    expect(await all.text()).toContain("'=cmd")
  })
})

describe('records in the command palette', () => {
  it('finds every record by name, case-insensitively, with View and Add actions gated by permission', async () => {
    const company = await registerCompany()
    const { property, building } = await portfolio(company.token)
    const resident = await api('POST', 'residents/', { token: company.token, body: { first_name: 'Zelda', last_name: 'Quartermaine', resident_type: 'CURRENT_RESIDENT' } })
    const found = await api('GET', 'command-palette/?search=quartermaine', { token: company.token })
    expect(found.body).toContainEqual({ name: 'Zelda Quartermaine', url: `/app/residents/${resident.body.id}/`, object_type: 'Resident' })
    const renamed = await api('PUT', `buildings/${building.id}/`, { token: company.token, body: { name: 'Birchwood Annex' } })
    expect(renamed.status).toBe(200)
    const buildings = await api('GET', 'command-palette/?search=birchwood', { token: company.token })
    expect(buildings.body).toContainEqual({ name: 'Birchwood Annex', url: `/app/buildings/${building.id}/`, object_type: 'Building' })
    const actions = (await api('GET', 'command-palette/?search=add', { token: company.token })).body.map((e: { name: string }) => e.name)
    expect(actions).toEqual(expect.arrayContaining(['Add Rental Unit', 'Add Property', 'Add Fee Schedule']))
    expect((await api('GET', `command-palette/?search=${encodeURIComponent(property.name)}`, { token: company.token })).body[0]).toMatchObject({ object_type: 'Property' })

    // Without the management company permission, fee schedules are out of reach; other companies never show.
    const { signedInMember } = await import('../factories/api')
    const limited = await signedInMember(company, 'manager', { has_operations_permissions: true })
    const limitedActions = (await api('GET', 'command-palette/?search=fee', { token: limited.token })).body.map((e: { name: string }) => e.name)
    expect(limitedActions).not.toContain('Add Fee Schedule')
    const stranger = await registerCompany()
    expect((await api('GET', 'command-palette/?search=quartermaine', { token: stranger.token })).body).toEqual([])
  })
})
