import { describe, expect, it } from 'vitest'
import { DIVISIONS, isDivisionOf, isPostalCodeOf } from './geo'

describe('geography', () => {
  it('knows all 13 Canadian provinces and territories and the 50 states plus DC', () => {
    expect(DIVISIONS.CA).toHaveLength(13)
    expect(DIVISIONS.US).toHaveLength(51)
    expect(isDivisionOf('CA', 'NU')).toBe(true)
    expect(isDivisionOf('CA', 'TX')).toBe(false)
  })

  it('checks postal and ZIP codes by country', () => {
    expect(isPostalCodeOf('CA', 'K1A 0B1')).toBe(true)
    expect(isPostalCodeOf('CA', 'k1a0b1')).toBe(true)
    expect(isPostalCodeOf('CA', 'D1A 0B1')).toBe(false)
    expect(isPostalCodeOf('US', '90210-1234')).toBe(true)
    expect(isPostalCodeOf('US', 'K1A 0B1')).toBe(false)
  })
})
