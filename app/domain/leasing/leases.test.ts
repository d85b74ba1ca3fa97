import { describe, expect, it } from 'vitest'
import { residentTypeFor, unitStatusFor, type LeaseLife } from './leases'

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
