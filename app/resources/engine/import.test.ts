import { describe, expect, it } from 'vitest'
import type { NumberFormat } from '~/domain/money'
import { parseCsv } from '~/domain/csv'
import { resourceNamed } from '../index'
import { cleanDate, coerceRow, dateOrders, IMPORTABLE, matchOption, planImport, splitAddress, splitName, templateHeaders } from './import'
import { UNIT_TYPES } from '~/domain/reference-data'
import { RESIDENT_TYPES, UNIT_STATUSES } from '../properties'

const units = resourceNamed('rental-units')!
const residents = resourceNamed('residents')!
const owners = resourceNamed('property-owners')!

const fieldsOf = (resource = units, header: string[]) => planImport(resource, header).columns.map((c) => c.field)

/** The API body of each row of a small CSV. */
function bodies(resource: typeof units, csv: string, numbers: NumberFormat = 'en') {
  const table = parseCsv(csv)
  const plan = planImport(resource, table.header)
  const options = { numbers, dateOrder: dateOrders(plan, table.records) }
  return table.records.map((r) => coerceRow(plan, r, options))
}

describe('matching headers to fields', () => {
  it('matches API names and labels whatever their case, spacing and punctuation', () => {
    expect(fieldsOf(units, ['unit_number', 'UNIT TYPE', 'market-rent', 'Area', 'status '])).toEqual(['unit_number', 'unit_type', 'market_rent', 'area_sq_ft', 'status'])
  })

  it('reads a Buildium unit export: Property stands for the building when there is no Building column', () => {
    const plan = planImport(units, ['Property', 'Unit', 'Unit Type', 'Beds', 'Baths', 'Size', 'Market Rent', 'Status', 'Listed'])
    expect(plan.columns.map((c) => c.field)).toEqual(['building_id', 'unit_number', 'unit_type', 'bedrooms', 'bathrooms', 'area_sq_ft', 'market_rent', 'status', null])
    expect(plan.unknown).toEqual(['Listed'])
    expect(plan.missing).toEqual([])
  })

  it('with both Building and Property columns, Property tells same-named buildings apart', () => {
    expect(fieldsOf(units, ['Property', 'Building', 'Unit #', 'Rent'])).toEqual(['property', 'building_id', 'unit_number', 'market_rent'])
  })

  it('drops a leading Tenant or Owner, and gives a second phone column to the alternate phone', () => {
    expect(fieldsOf(residents, ['Tenant First Name', 'Tenant Last Name', 'Email Address', 'Phone Number', 'Mobile', 'Unit', 'Building', 'Move-in'])).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone',
      'alternate_phone',
      'rental_unit_id',
      'building',
      'move_in_date',
    ])
    expect(fieldsOf(owners, ['Owner Name', 'Owner Email', 'Street', 'City', 'State', 'ZIP', 'Country', 'Tax ID'])).toEqual([
      'name',
      'email',
      'mailing_address.street',
      'mailing_address.city',
      'mailing_address.province',
      'mailing_address.postal_code',
      'mailing_address.country',
      'tax_id',
    ])
  })

  it('keeps plain address headers off a resident: their address columns must say Forwarding', () => {
    expect(fieldsOf(residents, ['City', 'Forwarding City', 'Forwarding address'])).toEqual([null, 'forwarding_address.city', 'forwarding_address'])
  })

  it('ignores a second column for a field already taken, and lists required fields no column fills', () => {
    const plan = planImport(units, ['Unit', 'Unit number', 'Rent'])
    expect(plan.columns.map((c) => c.field)).toEqual(['unit_number', null, 'market_rent'])
    expect(plan.unknown).toEqual(['Unit number'])
    expect(plan.missing.map((m) => m.field)).toEqual(['building_id', 'unit_type', 'status'])
  })

  it('reads back every template it hands out', () => {
    for (const name of IMPORTABLE) {
      const resource = resourceNamed(name)!
      const plan = planImport(resource, templateHeaders(resource))
      expect(plan.unknown, name).toEqual([])
      expect(plan.missing, name).toEqual([])
    }
  })
})

describe('reading values', () => {
  it('matches choices by value or label in any case, by what other systems call them, or by their words', () => {
    expect(matchOption(UNIT_TYPES, 'Apartment')).toBe('APARTMENT')
    expect(matchOption(UNIT_TYPES, 'single_family_house')).toBe('SINGLE_FAMILY_HOUSE')
    expect(matchOption(UNIT_TYPES, 'Single family')).toBe('SINGLE_FAMILY_HOUSE')
    expect(matchOption(UNIT_TYPES, 'Townhome')).toBe('TOWNHOUSE')
    expect(matchOption(UNIT_STATUSES, 'occupied')).toBe('OCCUPIED')
    expect(matchOption(UNIT_STATUSES, 'Vacant-Unrented')).toBe('VACANT')
    expect(matchOption(RESIDENT_TYPES, 'Past')).toBe('FORMER_RESIDENT')
    expect(matchOption(RESIDENT_TYPES, 'current')).toBe('CURRENT_RESIDENT')
    // Several choices have the word: it is not a guess we make.
    expect(matchOption(UNIT_TYPES, 'unit')).toBeUndefined()
    expect(matchOption(UNIT_TYPES, 'Castle')).toBeUndefined()
  })

  it('reads money and numbers as spreadsheets write them, in the number format chosen', () => {
    const [row] = bodies(units, 'Unit,Rent,Baths,Beds\n1,"$1,250.00",1.50,2.0\n')
    expect(row.body).toMatchObject({ market_rent: '1250.00', bathrooms: '1.5', bedrooms: '2' })
    const [french] = bodies(units, 'Unit;Rent;Baths\n1;1 250,00 €;1,5\n', 'fr')
    expect(french.body).toMatchObject({ market_rent: '1250.00', bathrooms: '1.5' })
    // Read in the wrong format, an amount is passed on as typed for validation to refuse, never read 100 times off.
    const [english] = bodies(units, 'Unit,Rent\n1,"12,50"\n')
    expect(english.body).toMatchObject({ market_rent: '12,50' })
    const [wrong] = bodies(units, 'Unit;Rent\n1;1,250.00\n', 'fr')
    expect(wrong.body).toMatchObject({ market_rent: '1,250.00' })
  })

  it('reads ISO and US dates, and a column whose dates can only be day first as day first', () => {
    expect(cleanDate('2026-03-01')).toBe('2026-03-01')
    expect(cleanDate('3/1/2026')).toBe('2026-03-01')
    expect(cleanDate('03/14/2026 0:00')).toBe('2026-03-14')
    expect(cleanDate('14.03.2026')).toBe('2026-03-14')
    expect(cleanDate('next week')).toBe('next week')
    const rows = bodies(residents, 'First,Last,Status,Move in,Move out\nA,B,Current,03/04/2026,3/5/2026\nC,D,Current,25/12/2025,1/2/2026\n')
    expect(rows.map((r) => r.body.move_in_date)).toEqual(['2026-04-03', '2025-12-25'])
    expect(rows.map((r) => r.body.move_out_date)).toEqual(['2026-03-05', '2026-01-02'])
  })

  it('gathers address columns into the address, with provinces and countries by name', () => {
    const [row] = bodies(owners, 'Owner Name,Address,City,Province,Postal Code\nOlive Owner,12 Maple St,Ottawa,Ontario,k1p 1a1\n')
    expect(row.body).toEqual({
      owner_type: 'PERSON',
      first_name: 'Olive',
      last_name: 'Owner',
      mailing_address: { street: '12 Maple St', city: 'Ottawa', province: 'ON', postal_code: 'k1p 1a1', country: 'CA' },
    })
    expect(splitAddress('100 Queen St, Suite 5, Ottawa, ON, K1P 1J9, CA')).toEqual({ street: '100 Queen St', street2: 'Suite 5', city: 'Ottawa', province: 'ON', postal_code: 'K1P 1J9', country: 'CA' })
    expect(splitAddress('1 Main St, Springfield, IL 62701')).toEqual({ street: '1 Main St', city: 'Springfield', province: 'IL', postal_code: '62701' })
    expect(splitAddress('1 Main St, Austin, Texas 73301, USA')).toEqual({ street: '1 Main St', city: 'Austin', province: 'Texas', postal_code: '73301', country: 'USA' })
  })

  it('splits full names, and an owner whose name is a company becomes a company', () => {
    expect(splitName('Smith, Jane')).toEqual({ first_name: 'Jane', last_name: 'Smith' })
    expect(splitName('Mary Ann Smith')).toEqual({ first_name: 'Mary Ann', last_name: 'Smith' })
    expect(splitName('Jan van der Berg')).toEqual({ first_name: 'Jan', last_name: 'van der Berg' })
    expect(splitName('Cher')).toEqual({ first_name: 'Cher' })
    const rows = bodies(owners, 'Owner Name,Type\nBirch Holdings Inc.,\nSmith Family,Company\nAda Lovelace,\n')
    expect(rows.map((r) => r.body)).toEqual([
      { company_name: 'Birch Holdings Inc.', owner_type: 'COMPANY' },
      { owner_type: 'COMPANY', company_name: 'Smith Family' },
      { first_name: 'Ada', last_name: 'Lovelace', owner_type: 'PERSON' },
    ])
  })

  it('names the records a row refers to for looking up, and flags cells beyond the header', () => {
    const [row] = bodies(residents, 'Name,Unit,Building\nRita Resident,101,North Tower,extra\n')
    expect(row.lookups).toEqual([{ key: 'rentalUnitId', name: '101', qualifier: 'North Tower' }])
    expect(row.errors.__all__[0]).toMatch(/more values than the header has columns/)
  })
})
