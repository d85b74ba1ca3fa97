import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import {
  APPLIANCE_TYPES,
  DAYS_OF_WEEK,
  DOCUMENT_TYPES,
  labelOf,
  PARKING_SPACE_TYPES,
  PAYMENT_FREQUENCIES,
  PET_TYPES,
  UNIT_TYPES,
  valuesOf,
} from './reference-data'

const LISTS = { UNIT_TYPES, PET_TYPES, DOCUMENT_TYPES, APPLIANCE_TYPES, PARKING_SPACE_TYPES, PAYMENT_FREQUENCIES, DAYS_OF_WEEK }

describe('reference lists', () => {
  it.each(Object.entries(LISTS))('%s has distinct UPPER_SNAKE values and distinct labels', (_, list) => {
    const values = list.map((c) => c.value)
    const labels = list.map((c) => c.label)
    for (const value of values) expect(value).toMatch(/^[A-Z]+(_[A-Z]+)*$/)
    for (const label of labels) expect(label.trim()).not.toBe('')
    expect(new Set(values).size).toBe(values.length)
    expect(new Set(labels).size).toBe(labels.length)
  })

  it('offers an escape hatch last in the open-ended lists', () => {
    for (const list of [UNIT_TYPES, PET_TYPES, DOCUMENT_TYPES, APPLIANCE_TYPES, PARKING_SPACE_TYPES]) expect(list.at(-1)?.value).toBe('OTHER')
  })

  it('validates a stored value with z.enum(valuesOf(list)), case-sensitively', () => {
    const unitType = z.enum(valuesOf(UNIT_TYPES))
    expect(unitType.parse('BASEMENT_SUITE')).toBe('BASEMENT_SUITE')
    expect(unitType.safeParse('basement_suite').success).toBe(false)
    expect(unitType.safeParse('CASTLE').success).toBe(false)
  })

  it('labels a value, and shows a retired value as it is', () => {
    expect(labelOf(PARKING_SPACE_TYPES, 'EV_CHARGING')).toBe('EV charging')
    expect(labelOf(UNIT_TYPES, 'SINGLE_FAMILY_HOUSE')).toBe('Single-family house')
    expect(labelOf(PET_TYPES, 'UNICORN')).toBe('UNICORN')
  })

  it('numbers the days as ISO 8601 does, which JavaScript dates agree with', () => {
    expect(DAYS_OF_WEEK.map((d) => d.isoWeekday)).toEqual([1, 2, 3, 4, 5, 6, 7])
    // 2024-01-01 was a Monday; 2024-01-07 a Sunday.
    expect(new Date(Date.UTC(2024, 0, 1)).getUTCDay()).toBe(DAYS_OF_WEEK[0].isoWeekday % 7)
    expect(new Date(Date.UTC(2024, 0, 7)).getUTCDay()).toBe(DAYS_OF_WEEK[6].isoWeekday % 7)
  })

  it('gives each recurring frequency its periods per year, from most to least frequent', () => {
    const periods = PAYMENT_FREQUENCIES.map((f) => f.periodsPerYear)
    expect(periods).toEqual([null, 52, 26, 24, 12, 4, 2, 1])
    expect(valuesOf(PAYMENT_FREQUENCIES)).toContain('SEMI_MONTHLY')
  })
})
