import { describe, expect, it } from 'vitest'
import type { RentRollLease } from './reports'
import { expiringLeases, monthEnd, monthsBetween, monthsFrom, vacancies, type VacancyUnit } from './vacancies'

const lease = (terms: Partial<RentRollLease>): RentRollLease => ({
  id: 'lease',
  label: '101 · Elm from 2031-01-01',
  status: 'ACTIVE',
  leaseType: 'FIXED',
  startDate: '2031-01-01',
  endDate: '2031-12-31',
  moveInDate: null,
  noticeDate: null,
  moveOutDate: null,
  rent: 100_000,
  rentFrequency: 'MONTHLY',
  rentalUnitId: 'unit',
  unitLabel: '101 · Elm',
  propertyGroupId: 'elm',
  propertyLabel: 'Elm',
  residents: 'Ada Tenant',
  ...terms,
})

const unit = (held: RentRollLease | null, more: Partial<VacancyUnit> = {}): VacancyUnit => ({
  id: 'unit',
  label: '101 · Elm',
  unitType: 'APARTMENT',
  bedrooms: 1,
  areaSqFt: null,
  marketRent: 120_000,
  status: held ? 'OCCUPIED' : 'VACANT',
  propertyGroupId: 'elm',
  propertyLabel: 'Elm',
  lease: held,
  recurring: [],
  previous: null,
  next: null,
  renewed: false,
  ...more,
})

describe('months', () => {
  it('count forward from a month and back to it, across years', () => {
    expect(monthsFrom('2031-11-15', 3)).toEqual(['2031-11', '2031-12', '2032-01'])
    expect(monthsFrom('2031-02-01', -3)).toEqual(['2030-12', '2031-01', '2031-02'])
    expect(monthsBetween('2031-10-15', '2032-02-12')).toEqual(['2031-10', '2031-11', '2031-12', '2032-01', '2032-02'])
    expect(monthEnd('2032-02')).toBe('2032-02-29')
    expect(monthEnd('2031-12')).toBe('2031-12-31')
  })
})

describe('vacancies', () => {
  it('know a move-out only once notice was given, and a fixed term ends unless renewed', () => {
    const noticed = unit(lease({ leaseType: 'MONTH_TO_MONTH', endDate: null, noticeDate: '2031-09-20', moveOutDate: '2031-10-31' }))
    expect(vacancies([noticed], { asOf: '2031-09-19', horizon: 90, availability: null }).rows).toEqual([])
    expect(vacancies([noticed], { asOf: '2031-09-20', horizon: 90, availability: null }).rows).toEqual([expect.objectContaining({ status: 'NOTICE', available_date: '2031-11-01', days_until_available: 42 })])
    const ending = unit(lease({}))
    expect(vacancies([ending], { asOf: '2031-10-15', horizon: 90, availability: null }).rows).toEqual([expect.objectContaining({ status: 'LEASE_ENDING', available_date: '2032-01-01' })])
    expect(vacancies([{ ...ending, renewed: true }], { asOf: '2031-10-15', horizon: 90, availability: null }).rows).toEqual([])
    // Its last day falls outside a 30-day window.
    expect(vacancies([ending], { asOf: '2031-10-15', horizon: 30, availability: null }).rows).toEqual([])
  })

  it('count the days a vacant unit has stood empty from its last lease, and leave out a unit out of service', () => {
    const left = unit(null, { previous: lease({ status: 'ENDED', moveOutDate: '2031-06-30' }), next: lease({ id: 'next', startDate: '2031-11-01' }) })
    const report = vacancies([left, unit(null, { id: 'down', status: 'DOWN' })], { asOf: '2031-07-10', horizon: 90, availability: 'now' })
    expect(report.rows).toEqual([expect.objectContaining({ available_date: '2031-07-01', days_vacant: 10, next_lease: expect.objectContaining({ lease_id: 'next' }) })])
    expect(report.summary).toMatchObject({ units: 2, vacant: 1, pre_leased: 1, vacant_market_rent: '1200.00' })
  })

  it('list the fixed terms ending in the window by month, the first day and the last included', () => {
    const onTheDay = unit(lease({ id: 'a', endDate: '2031-10-15' }))
    const lastDay = unit(lease({ id: 'b', endDate: '2031-12-14' }), { id: 'u2' })
    const after = unit(lease({ id: 'c', endDate: '2031-12-15' }), { id: 'u3' })
    const report = expiringLeases([onTheDay, lastDay, after], { asOf: '2031-10-15', horizon: 60 })
    expect(report.rows.map((r) => [r.lease_id, r.days_left])).toEqual([
      ['a', 0],
      ['b', 60],
    ])
    expect(report.by_month.map((m) => [m.month, m.count])).toEqual([
      ['2031-10', 1],
      ['2031-11', 0],
      ['2031-12', 1],
    ])
  })
})
