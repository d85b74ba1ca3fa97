import { describe, expect, it } from 'vitest'
import citiesFile from '~/data/cities-ca-us.tsv?raw'
import {
  countryOfDivision,
  DIVISIONS,
  divisionsOf,
  findCities,
  foldForSearch,
  isDivisionOf,
  isIsoCountry,
  isPostalCodeOf,
  ISO_COUNTRIES,
  parseCities,
} from './geo'

describe('geography', () => {
  it('knows all 13 Canadian provinces and territories, the 50 states, DC and the 5 inhabited US territories', () => {
    expect(DIVISIONS.CA).toHaveLength(13)
    expect(DIVISIONS.US).toHaveLength(56)
    expect(isDivisionOf('CA', 'NU')).toBe(true)
    expect(isDivisionOf('US', 'PR')).toBe(true)
    expect(isDivisionOf('CA', 'TX')).toBe(false)
  })

  it('lists the divisions with their country, Canada first', () => {
    expect(divisionsOf('CA').every((d) => d.country === 'CA')).toBe(true)
    const all = divisionsOf()
    expect(all).toHaveLength(69)
    expect(all[0]).toEqual({ code: 'AB', name: 'Alberta', country: 'CA' })
    expect(all.find((d) => d.code === 'DC')).toEqual({ code: 'DC', name: 'District of Columbia', country: 'US' })
    expect(new Set(all.map((d) => d.code)).size).toBe(69)
  })

  it('finds the country of a province or state code', () => {
    expect(countryOfDivision('QC')).toBe('CA')
    expect(countryOfDivision('GU')).toBe('US')
    expect(countryOfDivision('ZZ')).toBeUndefined()
  })

  it('checks postal and ZIP codes by country', () => {
    expect(isPostalCodeOf('CA', 'K1A 0B1')).toBe(true)
    expect(isPostalCodeOf('CA', 'k1a0b1')).toBe(true)
    expect(isPostalCodeOf('CA', 'D1A 0B1')).toBe(false)
    expect(isPostalCodeOf('US', '90210-1234')).toBe(true)
    expect(isPostalCodeOf('US', 'K1A 0B1')).toBe(false)
  })

  it('lists every ISO 3166-1 country once, Canada and the United States first', () => {
    expect(ISO_COUNTRIES).toHaveLength(249)
    expect(ISO_COUNTRIES.slice(0, 2)).toEqual([
      { code: 'CA', name: 'Canada' },
      { code: 'US', name: 'United States' },
    ])
    expect(new Set(ISO_COUNTRIES.map((c) => c.code)).size).toBe(249)
    expect(ISO_COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name)).toBe(true)
    expect(ISO_COUNTRIES).toContainEqual({ code: 'MX', name: 'Mexico' })
    expect(isIsoCountry('DE')).toBe(true)
    expect(isIsoCountry('XK')).toBe(false)
    expect(isIsoCountry('de')).toBe(false)
  })
})

describe('city search', () => {
  // Most populous first, as in the generated file.
  const index = parseCities(
    [
      'country\tstate\tname',
      'CA\tQC\tMontréal',
      'CA\tBC\tVancouver',
      'US\tWA\tVancouver',
      'US\tNY\tPort Jervis',
      'US\tAR\tVan Buren',
      'US\tOH\tPortage Lakes',
      'CA\tQC\tMontréal-Nord',
      'US\tOR\tPort Orford',
      'US\tME\tSouth Portland',
      'US\tMI\tPort',
      '',
    ].join('\n'),
  )

  it('reads every row after the header', () => {
    expect(index.cities).toHaveLength(10)
    expect(index.cities[0]).toEqual({ name: 'Montréal', state: 'QC', country: 'CA' })
  })

  it('folds case and accents for searching', () => {
    expect(foldForSearch('MONTRÉAL')).toBe('montreal')
    expect(foldForSearch('Québec')).toBe('quebec')
  })

  it('orders exact names, then prefixes, then word starts, then the rest; the most populous first in each', () => {
    expect(findCities(index, { search: 'port' }).map((c) => c.name)).toEqual([
      'Port',
      'Port Jervis',
      'Portage Lakes',
      'Port Orford',
      'South Portland',
    ])
    expect(findCities(index, { search: 'ver' }).map((c) => `${c.name}, ${c.state}`)).toEqual(['Vancouver, BC', 'Vancouver, WA'])
    expect(findCities(index, { search: 'montreal' }).map((c) => c.name)).toEqual(['Montréal', 'Montréal-Nord'])
    expect(findCities(index, { search: 'NORD' }).map((c) => c.name)).toEqual(['Montréal-Nord'])
  })

  it('filters by country and state, and lists everything in file order without a search', () => {
    expect(findCities(index, { country: 'CA' }).map((c) => c.name)).toEqual(['Montréal', 'Vancouver', 'Montréal-Nord'])
    expect(findCities(index, { state: 'WA', search: 'van' })).toEqual([{ name: 'Vancouver', state: 'WA', country: 'US' }])
    expect(findCities(index, { country: 'US', state: 'QC' })).toEqual([])
    expect(findCities(index, {})).toHaveLength(10)
  })

  it('has the committed dataset: tens of thousands of places, each in a known province or state, each listed once', () => {
    const all = parseCities(citiesFile)
    expect(all.cities.length).toBeGreaterThan(20_000)
    expect(all.cities.every((c) => isDivisionOf(c.country, c.state) && c.name.trim() === c.name && c.name)).toBe(true)
    expect(new Set(all.cities.map((c) => `${c.country}|${c.state}|${c.name}`)).size).toBe(all.cities.length)
    expect(new Set(all.cities.map((c) => c.state)).size).toBe(69)
    expect(findCities(all, { state: 'ON' })[0].name).toBe('Toronto')
    expect(findCities(all, { search: 'springfield' }).length).toBeGreaterThan(20)
    expect(findCities(all, { country: 'US', search: 'washington' })[0]).toEqual({ name: 'Washington', state: 'DC', country: 'US' })
    expect(findCities(all, { search: 'whitehorse' })).toContainEqual({ name: 'Whitehorse', state: 'YT', country: 'CA' })
  })
})
