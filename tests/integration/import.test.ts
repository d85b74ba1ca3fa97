import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { IDEMPOTENCY_FIELD } from '~/components/idempotency-key'
import { crossCompany, getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { action, loader } from '~/routes/app/import'
import { createSession } from '~/utils/session.server'
import { readToast } from '~/utils/toast.server'
import { api, registerCompany, signedInMember, unique } from '../factories/api'


const ADDRESS = { street: '12 Maple Street', city: 'Ottawa', province: 'ON', postal_code: 'K1P 1A1', country: 'CA' }

async function property(token: string, name = `Maple ${unique()}`) {
  const created = await api('POST', 'property-groups/', { token, body: { name, property_type: 'RESIDENTIAL', address: ADDRESS } })
  expect(created.status).toBe(201)
  return created.body
}

async function building(token: string, name: string, propertyId?: string) {
  const created = await api('POST', 'buildings/', { token, body: { name, property_group_id: propertyId ?? (await property(token)).id } })
  expect(created.status).toBe(201)
  return created.body
}

function unitsCsv(count: number, buildingName: string, change: (i: number, cells: string[]) => string[] = (_i, c) => c) {
  const lines = ['Unit number,Building,Unit type,Status,Bedrooms,Bathrooms,Market rent']
  for (let i = 1; i <= count; i++) lines.push(change(i, [`${100 + i}`, buildingName, 'Apartment', i % 2 ? 'Vacant' : 'occupied', '2', '1.5', '"$1,250.00"']).join(','))
  return `${lines.join('\r\n')}\r\n`
}

async function multipart(path: string, token: string, csv: string, filename = 'units.csv', numberFormat?: string) {
  const form = new FormData()
  form.append('csv', new File([csv], filename, { type: 'text/csv' }))
  if (numberFormat) form.append('number_format', numberFormat)
  const response = await getApi().request(`http://lintel.test/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.10' },
    body: form,
  })
  return { status: response.status, body: await response.json() }
}

describe('CSV import', () => {
  it('previews a clean file of 50 rental units without writing, then imports all of them in one go', async () => {
    const { token } = await registerCompany()
    const north = await building(token, 'North Tower')
    const csv = unitsCsv(50, 'north tower')

    const preview = await api('POST', 'imports/rental-units/preview/', { token, body: { csv } })
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({ valid_rows: 50, invalid_rows: 0, unknown_columns: [], missing_columns: [] })
    expect(preview.body.columns[1]).toEqual({ header: 'Building', field: 'building_id', label: 'Building' })
    expect(preview.body.rows[0]).toEqual({
      line: 2,
      values: { unit_number: '101', building_id: north.id, building_label: 'North Tower', unit_type: 'APARTMENT', status: 'VACANT', bedrooms: '2', bathrooms: '1.5', market_rent: '1250.00' },
      errors: {},
    })
    expect((await api('GET', 'rental-units/', { token })).body.count).toBe(0)
    expect((await api('GET', 'command-palette/?search=101', { token })).body.some((e: { object_type: string }) => e.object_type === 'Rental Unit')).toBe(false)

    const imported = await api('POST', 'imports/rental-units/', { token, body: { csv } })
    expect(imported.status).toBe(201)
    expect(imported.body).toEqual({ created: 50 })
    const list = await api('GET', 'rental-units/?ordering=unit_number&page_size=100', { token })
    expect(list.body.count).toBe(50)
    expect(list.body.results[1]).toMatchObject({ unit_number: '102', building_label: 'North Tower', status: 'OCCUPIED', market_rent: '1250.00', bathrooms: 1.5 })
    // Each record is in the palette, as if created one by one.
    const palette = await api('GET', 'command-palette/?search=150', { token })
    expect(palette.body.filter((e: { object_type: string }) => e.object_type === 'Rental Unit').map((e: { name: string }) => e.name)).toEqual(['150 · North Tower'])
  })

  it('writes nothing when one row is bad, and names the line and field of each error', async () => {
    const { token } = await registerCompany()
    await building(token, 'North Tower')
    const csv = unitsCsv(50, 'North Tower', (i, cells) => (i === 37 ? [cells[0], cells[1], 'Castle', cells[3], '-1', cells[5], 'lots'] : i === 40 ? ['101', ...cells.slice(1)] : cells))

    const imported = await api('POST', 'imports/rental-units/', { token, body: { csv } })
    expect(imported.status).toBe(400)
    expect(imported.body.detail).toBe('Nothing was imported: 2 of 50 rows have errors. Correct them and import the file again.')
    expect(imported.body.invalid_rows).toBe(2)
    const bad = imported.body.rows.filter((r: { errors: object }) => Object.keys(r.errors).length)
    expect(bad.map((r: { line: number }) => r.line)).toEqual([38, 41])
    expect(bad[0].errors.unit_type[0]).toMatch(/^Unit type must be one of: Apartment, /)
    expect(bad[0].errors.bedrooms).toEqual(['Bedrooms must be at least 0.'])
    expect(bad[0].errors.market_rent[0]).toMatch(/^Market rent must be an amount written like 1250.00/)
    expect(bad[1].errors.unit_number[0]).toMatch(/^Unit number “101”: this rental unit already exists/)
    expect(imported.body.errors.csv[0]).toMatch(/^Line 38: Unit type must be one of/)
    expect((await api('GET', 'rental-units/', { token })).body.count).toBe(0)
    expect((await api('GET', 'command-palette/?search=101', { token })).body.some((e: { object_type: string }) => e.object_type === 'Rental Unit')).toBe(false)

    // A unit that exists already is that row's error too.
    const first = await api('POST', 'imports/rental-units/', { token, body: { csv: unitsCsv(2, 'North Tower') } })
    expect(first.status).toBe(201)
    const again = await api('POST', 'imports/rental-units/preview/', { token, body: { csv: unitsCsv(3, 'North Tower') } })
    expect(again.body).toMatchObject({ valid_rows: 1, invalid_rows: 2 })
    expect(again.body.rows[0].errors.unit_number[0]).toMatch(/already exists/)
  })

  it('reads a Buildium-style export: Property for the building, Unit, Beds, Baths, Size, Market Rent; unknown columns are listed and ignored', async () => {
    const { token } = await registerCompany()
    const maple = await building(token, 'Maple Court')
    const csv = [
      'Property,Unit,Unit Type,Beds,Baths,Size,Market Rent,Status,Lease Expiration',
      'Maple Court,1A,Single family,3,2.0,"1,450",$2100.00,Vacant-Unrented,',
      'MAPLE COURT,1B,Townhome,2,1.5,980,"$1,875.5",Occupied,2026-08-31',
    ].join('\n')
    const preview = await api('POST', 'imports/rental-units/preview/', { token, body: { csv } })
    expect(preview.status).toBe(200)
    expect(preview.body.columns.map((c: { field: string | null }) => c.field)).toEqual(['building_id', 'unit_number', 'unit_type', 'bedrooms', 'bathrooms', 'area_sq_ft', 'market_rent', 'status', null])
    expect(preview.body.unknown_columns).toEqual(['Lease Expiration'])
    expect(preview.body.invalid_rows).toBe(0)
    expect((await api('POST', 'imports/rental-units/', { token, body: { csv } })).status).toBe(201)
    const list = await api('GET', `rental-units/?building_id=${maple.id}&ordering=unit_number`, { token })
    expect(list.body.results.map((u: Record<string, unknown>) => [u.unit_number, u.unit_type, u.bedrooms, u.bathrooms, u.area_sq_ft, u.market_rent, u.status])).toEqual([
      ['1A', 'SINGLE_FAMILY_HOUSE', 3, 2, 1450, '2100.00', 'VACANT'],
      ['1B', 'TOWNHOUSE', 2, 1.5, 980, '1875.50', 'OCCUPIED'],
    ])
  })

  it('asks which building when two share a name, and a Property column settles it', async () => {
    const { token } = await registerCompany()
    const east = await property(token, `East ${unique()}`)
    await building(token, 'Tower A', east.id)
    await building(token, 'Tower A')
    const preview = await api('POST', 'imports/rental-units/preview/', { token, body: { csv: 'Building,Unit,Type,Status\nTower A,1,Apartment,Vacant\n' } })
    expect(preview.body.rows[0].errors.building_id).toEqual(['Building: 2 buildings are called “Tower A”; add a Property column to say which.'])
    const settled = await api('POST', 'imports/rental-units/preview/', { token, body: { csv: `Building,Property,Unit,Type,Status\nTower A,${east.name.toUpperCase()},1,Apartment,Vacant\n` } })
    expect(settled.body.rows[0].errors).toEqual({})
  })

  it('finds residents’ units by number (and building) in this company only', async () => {
    const mine = await registerCompany()
    const theirs = await registerCompany()
    const myTower = await building(mine.token, 'North Tower')
    const theirTower = await building(theirs.token, 'Harbour View')
    const myUnit = await api('POST', 'rental-units/', { token: mine.token, body: { unit_number: '101', building_id: myTower.id, unit_type: 'APARTMENT', status: 'OCCUPIED' } })
    const theirUnit = await api('POST', 'rental-units/', { token: theirs.token, body: { unit_number: '707', building_id: theirTower.id, unit_type: 'APARTMENT', status: 'OCCUPIED' } })

    const csv = [
      'Tenant First Name,Tenant Last Name,Status,Unit,Building,Email Address,Phone Number,Move-in',
      'Rita,Resident,Current,101,North Tower,RITA@example.test,(416) 555-0134,03/01/2026',
      'Theo,Intruder,Current,707,Harbour View,,,',
      `Ivy,Byid,Current,${theirUnit.body.id},,,,`,
    ].join('\n')
    const refused = await api('POST', 'imports/residents/', { token: mine.token, body: { csv } })
    expect(refused.status).toBe(400)
    expect(refused.body.rows[0]).toMatchObject({ errors: {}, values: { rental_unit_id: myUnit.body.id, rental_unit_label: '101 · North Tower', email: 'RITA@example.test', move_in_date: '2026-03-01' } })
    expect(refused.body.rows[1].errors.rental_unit_id).toEqual(['Rental unit: no rental unit “707” of building “Harbour View” in your company.'])
    expect(refused.body.rows[2].errors.rental_unit_id).toEqual(['Rental unit: no such rental unit in your company.'])
    expect((await api('GET', 'residents/', { token: mine.token })).body.count).toBe(0)

    const fixed = csv.split('\n').slice(0, 2).join('\n')
    expect((await api('POST', 'imports/residents/', { token: mine.token, body: { csv: fixed } })).body).toEqual({ created: 1 })
    const [rita] = (await api('GET', 'residents/', { token: mine.token })).body.results
    expect(rita).toMatchObject({ first_name: 'Rita', resident_type: 'CURRENT_RESIDENT', rental_unit_label: '101 · North Tower', email: 'rita@example.test', phone: '(416) 555-0134' })
    expect((await api('GET', 'residents/', { token: theirs.token })).body.count).toBe(0)
  })

  it('imports property owners from a spreadsheet: full names, companies, addresses, masked tax ids', async () => {
    const { token } = await registerCompany()
    const csv = [
      'Owner Name;Email;Street;City;State;ZIP;Tax ID;Payment Method;Reserve',
      'Birch Holdings Inc.;books@birch.test;1 Main St;Austin;Texas;73301;12-3456789;ACH;1 500,00',
      'Olive Owner;;;;;;;Check;',
    ].join('\r\n')
    expect((await api('POST', 'imports/property-owners/', { token, body: { csv, number_format: 'fr' } })).body).toEqual({ created: 2 })
    const owners = (await api('GET', 'property-owners/?ordering=company_name', { token })).body.results
    expect(owners.find((o: { owner_type: string }) => o.owner_type === 'COMPANY')).toMatchObject({
      company_name: 'Birch Holdings Inc.',
      mailing_address: { street: '1 Main St', city: 'Austin', province: 'TX', postal_code: '73301', country: 'US' },
      tax_id: '•••••6789',
      payment_method: 'EFT',
      reserve_amount: '1500.00',
    })
    expect(owners.find((o: { owner_type: string }) => o.owner_type === 'PERSON')).toMatchObject({ first_name: 'Olive', last_name: 'Owner', payment_method: 'CHEQUE' })
  })

  it('takes the file as a multipart upload too, with a BOM, semicolons and French numbers', async () => {
    const { token } = await registerCompany()
    await building(token, 'North Tower')
    const csv = '\uFEFFUnit #;Building;Type;Status;Rent\n7;North Tower;Apartment;Vacant;1 250,00\n'
    const preview = await multipart('imports/rental-units/preview/', token, csv, 'units.csv', 'fr')
    expect(preview.status).toBe(200)
    expect(preview.body.rows[0].values.market_rent).toBe('1250.00')
    // Read as English, the French amount is refused, naming the field, never read as 125000.00 or 1.25.
    const english = await multipart('imports/rental-units/preview/', token, csv)
    expect(english.body.rows[0].errors.market_rent[0]).toMatch(/^Market rent must be an amount written like 1250.00/)
    expect((await multipart('imports/rental-units/', token, csv, 'units.csv', 'fr')).body).toEqual({ created: 1 })
  })

  it('imports once when the same request is sent twice with one Idempotency-Key', async () => {
    const { token } = await registerCompany()
    await building(token, 'North Tower')
    const csv = unitsCsv(20, 'North Tower')
    const headers = { 'Idempotency-Key': unique('import') }
    const [first, second] = await Promise.all([
      api('POST', 'imports/rental-units/', { token, body: { csv }, headers }),
      api('POST', 'imports/rental-units/', { token, body: { csv }, headers }),
    ])
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body).toEqual(first.body)
    expect([first.headers.get('idempotent-replayed'), second.headers.get('idempotent-replayed')]).toContain('true')
    expect((await api('GET', 'rental-units/', { token })).body.count).toBe(20)
    const later = await api('POST', 'imports/rental-units/', { token, body: { csv }, headers })
    expect(later.headers.get('idempotent-replayed')).toBe('true')
    expect((await api('GET', 'rental-units/', { token })).body.count).toBe(20)
  })

  it('refuses files over 5,000 rows or 5 MB, empty files and unreadable quotes, naming csv', async () => {
    const { token } = await registerCompany()
    const rows = Array.from({ length: 5001 }, (_, i) => `${i},North Tower,Apartment,Vacant`)
    const tooMany = await api('POST', 'imports/rental-units/preview/', { token, body: { csv: `Unit,Building,Type,Status\n${rows.join('\n')}` } })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors.csv).toEqual(['The file has 5,001 rows; import at most 5,000 at a time.'])

    const big = `Unit,Description\n${`1,${'x'.repeat(1000)}\n`.repeat(5300)}`
    for (const response of [await api('POST', 'imports/rental-units/', { token, body: { csv: big } }), await multipart('imports/rental-units/', token, big)]) {
      expect(response.status).toBe(400)
      expect(response.body.errors.csv).toEqual(['The file is larger than 5 MB; split it into smaller files.'])
    }
    const escaped = `"${'"'.repeat(6 * 1024 * 1024)}"`
    expect((await api('POST', 'imports/rental-units/', { token, body: { csv: escaped } })).body.errors.csv[0]).toMatch(/larger than 5 MB/)

    for (const [csv, message] of [
      ['', /file is empty/],
      ['Unit,Building\n', /no rows under it/],
      ['Unit,Description\n1,"open\n', /Line 2: a quoted value is never closed/],
    ] as const) {
      const response = await api('POST', 'imports/rental-units/preview/', { token, body: { csv } })
      expect(response.status).toBe(400)
      expect(response.body.errors.csv[0]).toMatch(message)
    }
    expect((await api('POST', 'imports/rental-units/preview/', { token, body: {} })).body.errors.csv).toBeDefined()
    expect((await api('GET', 'rental-units/', { token })).body.count).toBe(0)
  })

  it('is for staff, only for the three resources, and hands out a template that reads back', async () => {
    const company = await registerCompany()
    const technician = await signedInMember(company, 'technician')
    expect((await api('POST', 'imports/rental-units/preview/', { body: { csv: 'a\n1' } })).status).toBe(401)
    expect((await api('POST', 'imports/rental-units/preview/', { token: technician.token, body: { csv: 'a\n1' } })).status).toBe(403)
    expect((await api('POST', 'imports/buildings/preview/', { token: company.token, body: { csv: 'a\n1' } })).status).toBe(404)

    const template = await api('GET', 'imports/residents/template/', { token: company.token })
    expect(template.status).toBe(200)
    expect(template.headers.get('content-type')).toContain('text/csv')
    expect(template.body).toMatch(/^First name,Last name,Resident type,Rental unit,Building,E-mail,/)
    const preview = await api('POST', 'imports/residents/preview/', { token: company.token, body: { csv: `${template.body}Ada,Lovelace,Applicant,,,,,,,,,,,,,,,,,,\n` } })
    expect(preview.body).toMatchObject({ unknown_columns: [], missing_columns: [], valid_rows: 1 })
  })
})

type PageRow = { line: number; values: Record<string, unknown>; errors: Record<string, string[]> }
/** What the page's action answers when it does not redirect: a preview, or the form's errors by field. */
type PageData = { preview?: { refused?: string; csv: string; shown: string[]; rows: PageRow[]; result: Record<string, unknown> }; result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }

/** The page's browser: a session cookie, and posts as a form without JavaScript sends them. */
async function browser(company: Awaited<ReturnType<typeof registerCompany>>) {
  const [user] = await crossCompany(() => getDb().select().from(users).where(eq(users.email, company.email)))
  const cookie = (await createSession(user.id, { access: company.token, refresh: company.refresh }, 'vitest')).split(';')[0]
  const args = (resource: string, init: RequestInit = {}) => {
    const url = `http://lintel.test/app/${resource}/import/`
    const request = new Request(url, { ...init, headers: { cookie } })
    return { request, url: new URL(url), params: { resource }, pattern: '/app/:resource/import', context: {} }
  }
  return {
    load: (resource: string) => loader(args(resource) as unknown as Parameters<typeof loader>[0]),
    async post(resource: string, fields: Record<string, string | File>) {
      const form = new FormData()
      for (const [name, value] of Object.entries(fields)) form.append(name, value)
      const outcome = await action(args(resource, { method: 'POST', body: form }) as unknown as Parameters<typeof action>[0])
      if (outcome instanceof Response) return { status: outcome.status, location: outcome.headers.get('location'), cookies: outcome.headers.getSetCookie().join('\n'), data: undefined }
      const wrapped = outcome as { data?: unknown; init?: { status?: number } }
      return { status: wrapped.init?.status ?? 200, location: null, cookies: '', data: (wrapped.init ? wrapped.data : outcome) as PageData }
    },
  }
}

describe('the import page (no JavaScript needed)', () => {
  it('previews an uploaded file, imports the checked text from its hidden field once, and goes back to the list with a toast', async () => {
    const company = await registerCompany()
    await building(company.token, 'North Tower')
    const page = await browser(company)
    const loaded = (await page.load('rental-units')) as { view: { plural: string }; template: string }
    expect(loaded.view.plural).toBe('Rental Units')
    expect(loaded.template).toMatch(/^Unit number,Building,Unit type,Status,/)

    const csv = unitsCsv(3, 'North Tower')
    const preview = await page.post('rental-units', { intent: 'preview', file: new File([csv], 'units.csv', { type: 'text/csv' }), pasted: '' })
    expect(preview.status).toBe(200)
    expect(preview.data!.preview).toMatchObject({ result: { valid_rows: 3, invalid_rows: 0 }, csv })
    expect(preview.data!.preview!.shown).toEqual(['unit_number', 'building_id', 'unit_type', 'status', 'bedrooms', 'bathrooms', 'market_rent'])
    expect((await api('GET', 'rental-units/', { token: company.token })).body.count).toBe(0)

    // The hidden field comes back with the browser's line ends.
    const form = { intent: 'import', csv: preview.data!.preview!.csv.replace(/\r?\n/g, '\r\n'), [IDEMPOTENCY_FIELD]: `${unique('render')}:import-rental-units` }
    const imported = await page.post('rental-units', form)
    expect(imported).toMatchObject({ status: 302, location: '/app/rental-units/' })
    const { toast } = await readToast(new Request('http://lintel.test/app/rental-units/', { headers: { cookie: imported.cookies.split(';')[0] } }))
    expect(toast).toMatchObject({ type: 'success', description: 'Imported 3 rental units.' })
    const twice = await page.post('rental-units', form)
    expect(twice).toMatchObject({ status: 302, location: '/app/rental-units/' })
    expect((await api('GET', 'rental-units/', { token: company.token })).body.count).toBe(3)
  })

  it('shows the rows with errors and refuses to import them; a pasted file works too', async () => {
    const company = await registerCompany()
    await building(company.token, 'North Tower')
    const page = await browser(company)
    const pasted = 'Unit,Building,Type,Status,Colour\n1,North Tower,Apartment,Vacant,red\n2,South Tower,Castle,Vacant,blue\n'
    const preview = await page.post('rental-units', { intent: 'preview', pasted })
    expect(preview.data!.preview).toMatchObject({ result: { valid_rows: 1, invalid_rows: 1, unknown_columns: ['Colour'] } })
    expect(preview.data!.preview!.rows).toHaveLength(1)
    expect(preview.data!.preview!.rows[0]).toMatchObject({ line: 3, values: { building_label: 'South Tower', unit_type: 'Castle' } })
    expect(Object.keys(preview.data!.preview!.rows[0].errors)).toEqual(['building_id', 'unit_type'])

    const refused = await page.post('rental-units', { intent: 'import', csv: pasted })
    expect(refused.status).toBe(400)
    expect(refused.data!.preview).toMatchObject({ refused: expect.stringMatching(/^Nothing was imported: 1 of 2 rows has errors/) })
    expect((await api('GET', 'rental-units/', { token: company.token })).body.count).toBe(0)

    // Each problem is said on the input it came from, and the pasted text is kept.
    expect(await page.post('rental-units', { intent: 'preview', pasted: '  ' })).toMatchObject({ status: 400, data: { result: { error: { pasted: ['Choose a CSV file, or paste its text.'] } } } })
    expect(await page.post('rental-units', { intent: 'preview', file: new File([], '') })).toMatchObject({ status: 400, data: { result: { error: { file: ['Choose a CSV file, or paste its text.'] } } } })
    expect(await page.post('rental-units', { intent: 'preview', pasted: 'Unit\n"open' })).toMatchObject({
      status: 400,
      data: { result: { error: { pasted: [expect.stringMatching(/never closed/)] }, initialValue: { pasted: expect.stringMatching(/^Unit\r?\n"open$/) } } },
    })
    await expect(page.load('buildings')).rejects.toMatchObject({ init: { status: 404 } })
  })
})
