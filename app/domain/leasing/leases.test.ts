import { describe, expect, it } from 'vitest'
import { renewalTerms, residentTypeFor, unitStatusFor, type LeaseLife } from './leases'

const lease = (status: string, startDate: string): LeaseLife => ({ status, startDate })
const TODAY = '2026-11-29'

describe('a unit and its residents follow their leases on a day', () => {
  it('lets a unit from its lease’s first day, not from the day it is signed', () => {
    expect(unitStatusFor('VACANT', [lease('ACTIVE', '2026-12-01')], TODAY)).toBe('VACANT')
    expect(unitStatusFor('VACANT', [lease('ACTIVE', '2026-11-29')], TODAY)).toBe('OCCUPIED')
    expect(unitStatusFor('OCCUPIED', [lease('NOTICE', '2025-01-01'), lease('ACTIVE', '2027-01-01')], TODAY)).toBe('NOTICE')
    expect(unitStatusFor('NOTICE', [lease('ENDED', '2025-01-01'), lease('ACTIVE', '2027-01-01')], TODAY)).toBe('VACANT')
    expect(unitStatusFor('DOWN', [lease('ACTIVE', '2027-01-01'), lease('DRAFT', '2025-01-01')], TODAY)).toBe('DOWN')
    // A renewal signed ahead: the lease it renews holds the unit until the renewal begins.
    expect(unitStatusFor('OCCUPIED', [lease('ACTIVE', '2025-12-01'), lease('ACTIVE', '2026-12-01')], TODAY)).toBe('OCCUPIED')
  })

  it('makes residents future residents until their lease begins, current while it holds the unit, former once all have ended', () => {
    expect(residentTypeFor('APPLICANT', [lease('ACTIVE', '2026-12-01')], TODAY)).toBe('FUTURE_RESIDENT')
    expect(residentTypeFor('FUTURE_RESIDENT', [lease('ACTIVE', '2026-11-01')], TODAY)).toBe('CURRENT_RESIDENT')
    // Moving from one unit to another: current in the old until they leave it.
    expect(residentTypeFor('CURRENT_RESIDENT', [lease('NOTICE', '2024-01-01'), lease('ACTIVE', '2027-01-01')], TODAY)).toBe('CURRENT_RESIDENT')
    expect(residentTypeFor('CURRENT_RESIDENT', [lease('ENDED', '2024-01-01'), lease('ACTIVE', '2027-01-01')], TODAY)).toBe('FUTURE_RESIDENT')
    expect(residentTypeFor('CURRENT_RESIDENT', [lease('ENDED', '2024-01-01')], TODAY)).toBe('FORMER_RESIDENT')
    expect(residentTypeFor('APPLICANT', [lease('DRAFT', '2026-12-01')], TODAY)).toBe('APPLICANT')
  })
})

describe('a renewal as its form starts', () => {
  it('takes the unit, residents, rent and deposits of the lease it renews, from the day after it ends, for another year', () => {
    const lease = {
      rental_unit_id: 'unit',
      lease_type: 'FIXED',
      start_date: '2025-03-01',
      end_date: '2026-02-28',
      rent: '1500.00',
      rent_frequency: 'MONTHLY',
      rent_due_day: 1,
      security_deposit: null,
      last_month_rent_deposit: '1500.00',
      key_deposit: '50.00',
      lines: [{ resident_id: 'ada', resident_label: 'Ada Tenant', role: 'PRIMARY', position: 0 }],
    }
    expect(renewalTerms(lease)).toEqual({
      rental_unit_id: 'unit',
      lease_type: 'FIXED',
      start_date: '2026-03-01',
      end_date: '2027-02-28',
      rent: '1500.00',
      rent_frequency: 'MONTHLY',
      rent_due_day: 1,
      security_deposit: null,
      last_month_rent_deposit: '1500.00',
      key_deposit: '50.00',
      lines: [{ resident_id: 'ada', resident_label: 'Ada Tenant', role: 'PRIMARY' }],
    })
    // Month-to-month with no end: the start is the person's to choose.
    expect(renewalTerms({ ...lease, lease_type: 'MONTH_TO_MONTH', end_date: null })).not.toHaveProperty('start_date')
  })
})
