import { describe, expect, it } from 'vitest'
import { amenitiesOf, listingLabel, publishErrors, suits } from './listings'

describe('listings', () => {
  it('is named for its title and unit, and needs a description and a day before it is published', () => {
    expect(listingLabel('Bright two-bedroom', '204 · Bronson Court')).toBe('Bright two-bedroom · 204 · Bronson Court')
    expect(publishErrors({ description: '  ', availableOn: null })).toEqual({
      description: ['Describe the unit before publishing it: the public page shows it.'],
      available_on: ['Say when the unit is available before publishing it.'],
    })
    expect(publishErrors({ description: 'Sunny', availableOn: '2031-05-01' })).toEqual({})
    expect(amenitiesOf('Balcony\n\n  Dishwasher ;Laundry')).toEqual(['Balcony', 'Dishwasher', 'Laundry'])
  })

  it('suits a subscriber with the bedrooms, rent, property and move-in day they asked for, what they left unsaid not standing in the way', () => {
    const offer = { bedrooms: 2, rent: 215_000, availableOn: '2031-05-01', propertyGroupId: 'p1' }
    const any = { bedrooms: null, maxRent: null, moveInDate: null, propertyGroupId: null }
    expect(suits(any, offer)).toBe(true)
    expect(suits({ ...any, bedrooms: 2, maxRent: 215_000 }, offer)).toBe(true)
    expect(suits({ ...any, bedrooms: 3 }, offer)).toBe(false)
    expect(suits({ ...any, maxRent: 214_999 }, offer)).toBe(false)
    expect(suits({ ...any, propertyGroupId: 'p2' }, offer)).toBe(false)
    // Free two weeks after they want to move in still suits them; later does not.
    expect(suits({ ...any, moveInDate: '2031-04-17' }, offer)).toBe(true)
    expect(suits({ ...any, moveInDate: '2031-04-16' }, offer)).toBe(false)
  })
})
