import { describe, expect, it } from 'vitest'
import { displayPrice, monthlyPriceCents, parseUnits, planFor } from './pricing'

describe('hosted pricing by unit count', () => {
  it('charges a flat price up to 50 units', () => {
    expect(monthlyPriceCents(1)).toBe(4900)
    expect(monthlyPriceCents(50)).toBe(4900)
    expect(planFor(50).id).toBe('starter')
  })

  it('charges per unit from 51, and never less for more units', () => {
    expect(planFor(51).id).toBe('growth')
    expect(monthlyPriceCents(51)).toBe(5100)
    expect(monthlyPriceCents(500)).toBe(50000)
    expect(planFor(501).id).toBe('portfolio')
    expect(monthlyPriceCents(501)).toBe(50000)
    expect(monthlyPriceCents(625)).toBe(50000)
    expect(monthlyPriceCents(626)).toBe(50080)
    let previous = 0
    for (let units = 1; units <= 2000; units++) {
      const price = monthlyPriceCents(units)
      expect(price).toBeGreaterThanOrEqual(previous)
      previous = price
    }
  })

  it('refuses what is not a number of units', () => {
    expect(() => monthlyPriceCents(0)).toThrow(RangeError)
    expect(() => monthlyPriceCents(1.5)).toThrow(RangeError)
  })

  it('shows whole dollars without cents', () => {
    expect(displayPrice(4900)).toBe('$49')
    expect(displayPrice(80)).toBe('$0.80')
    expect(displayPrice(123_456_78)).toBe('$123,456.78')
  })

  it('reads the calculator field with a message naming it', () => {
    expect(parseUnits(null)).toBeNull()
    expect(parseUnits(' ')).toBeNull()
    expect(parseUnits('1,200')).toEqual({ units: 1200 })
    expect(parseUnits('12.5')).toEqual({ error: 'Number of units must be a whole number, such as 120.' })
    expect(parseUnits('0')).toEqual({ error: 'Number of units must be at least 1.' })
    expect(parseUnits('2000000')).toEqual({ error: 'Number of units must be at most 1,000,000.' })
  })
})
