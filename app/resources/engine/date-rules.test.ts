import { describe, expect, it } from 'vitest'
import { dateRuleErrors, needsToday } from './date-rules'
import { date, text } from './fields'

const fields = {
  name: text('Name'),
  dateOfBirth: date('Date of birth', { notFuture: true }),
  moveInDate: date('Move-in date'),
  moveOutDate: date('Move-out date', { notBefore: 'moveInDate' }),
}
const TODAY = '2026-03-15'

describe('declared date rules', () => {
  it('refuses a move-out before the move-in, naming the field', () => {
    expect(dateRuleErrors(fields, { moveInDate: '2026-02-01', moveOutDate: '2026-01-31' }, TODAY)).toEqual({ move_out_date: ['Move-out date cannot be before the move-in date.'] })
  })

  it('takes a move-out on the move-in day or later, or either date alone', () => {
    expect(dateRuleErrors(fields, { moveInDate: '2026-02-01', moveOutDate: '2026-02-01' }, TODAY)).toEqual({})
    expect(dateRuleErrors(fields, { moveOutDate: '2020-01-01' }, TODAY)).toEqual({})
  })

  it('refuses a birth date after the company’s today, and takes today', () => {
    expect(dateRuleErrors(fields, { dateOfBirth: '2026-03-16' }, TODAY)).toEqual({ date_of_birth: ['Date of birth cannot be in the future.'] })
    expect(dateRuleErrors(fields, { dateOfBirth: TODAY }, TODAY)).toEqual({})
  })

  it('knows which definitions need the company’s today', () => {
    expect(needsToday(fields)).toBe(true)
    expect(needsToday({ moveOutDate: fields.moveOutDate })).toBe(false)
  })
})
