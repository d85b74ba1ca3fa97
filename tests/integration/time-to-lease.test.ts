import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'

/*
 * Time to lease as an API client reads it: a new lease signed in the range, counted from the day the
 * lease before it on the unit ended; a lease activated without a
 * signing day was signed the day it was activated.
 */

describe('time to lease', () => {
  it('counts days to lease from the unit’s vacating and days vacant to the move-in', async () => {
    const { token, post, lease } = await leasingCompany()
    const before = await lease({ lease_type: 'FIXED', start_date: '2030-04-01', end_date: '2031-03-31', signed_on: '2030-03-10' })
    const resident = await post('residents/', { first_name: 'Grace', last_name: 'Hopper', resident_type: 'APPLICANT' })
    const next = await post('leases/', {
      rental_unit_id: before.unit.id,
      lease_type: 'MONTH_TO_MONTH',
      signed_on: '2031-04-10',
      start_date: '2031-05-01',
      rent: '1600.00',
      rent_frequency: 'MONTHLY',
      lines: [{ resident_id: resident.id, role: 'PRIMARY' }],
    })
    expect((await api('POST', `leases/${next.id}/activate/`, { token, body: {} })).status).toBe(200)
    // Activated without a signing day: signed today.
    const unsigned = await lease({ start_date: '2031-06-01' })
    expect((await get(token, `leases/${unsigned.id}/`)).signed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    const report = await get(token, 'reporting/time-to-lease/?date_from=2031-04-01&date_to=2031-04-30')
    expect(report.rows).toEqual([expect.objectContaining({ lease_id: next.id, vacated_on: '2031-03-31', listed_on: null, signed_on: '2031-04-10', move_in: '2031-05-01', days_to_lease: 10, pre_leased: false, days_vacant: 30 })])
    expect(report.total).toMatchObject({ leases: 1, mean_days_to_lease: 10, median_days_to_lease: 10, mean_days_vacant: 30 })
    const csv = await api('GET', 'reporting/time-to-lease/?date_from=2031-04-01&date_to=2031-04-30&format=csv', { token })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect((await api('GET', 'reporting/time-to-lease/?unit_type=CASTLE', { token })).body.errors).toEqual({ unit_type: ['Unit type must be one of the unit types (APARTMENT, CONDO …).'] })
  })
})
