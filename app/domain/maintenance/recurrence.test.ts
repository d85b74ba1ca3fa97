import { describe, expect, it } from 'vitest'
import { describeRule, occurrences, parseRule, type Rule } from './recurrence'

const rule = (text: string): Rule => {
  const parsed = parseRule(text)
  if ('error' in parsed) throw new Error(parsed.error)
  return parsed.rule
}

describe('repeat rules (RFC 5545 RRULE)', () => {
  it('repeat monthly on the start’s day, kept at a short month’s end', () => {
    expect(occurrences(rule('FREQ=MONTHLY'), '2026-01-31', '2026-01-01', '2026-05-31')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31'])
  })

  it('take days of the month, the last day, and nth or last weekdays', () => {
    expect(occurrences(rule('FREQ=MONTHLY;BYMONTHDAY=1,15'), '2026-03-10', '2026-03-01', '2026-05-01')).toEqual(['2026-03-15', '2026-04-01', '2026-04-15', '2026-05-01'])
    expect(occurrences(rule('FREQ=MONTHLY;BYMONTHDAY=-1'), '2026-01-01', '2026-01-01', '2026-03-31')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31'])
    // The first Monday and the last Friday of each month.
    expect(occurrences(rule('FREQ=MONTHLY;BYDAY=1MO'), '2026-11-01', '2026-11-01', '2027-01-31')).toEqual(['2026-11-02', '2026-12-07', '2027-01-04'])
    expect(occurrences(rule('RRULE:FREQ=MONTHLY;BYDAY=-1FR'), '2026-11-01', '2026-11-01', '2026-12-31')).toEqual(['2026-11-27', '2026-12-25'])
  })

  it('repeat weekly on chosen days, every other week, and daily', () => {
    expect(occurrences(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH'), '2026-11-26', '2026-11-01', '2026-12-31')).toEqual(['2026-11-26', '2026-12-07', '2026-12-10', '2026-12-21', '2026-12-24'])
    expect(occurrences(rule('FREQ=DAILY;INTERVAL=3'), '2026-11-27', '2026-11-27', '2026-12-06')).toEqual(['2026-11-27', '2026-11-30', '2026-12-03', '2026-12-06'])
  })

  it('repeat yearly in chosen months, and stop at COUNT or UNTIL', () => {
    expect(occurrences(rule('FREQ=YEARLY;BYMONTH=4,10;BYMONTHDAY=1'), '2026-01-01', '2026-01-01', '2027-12-31')).toEqual(['2026-04-01', '2026-10-01', '2027-04-01', '2027-10-01'])
    // COUNT counts from the start, whatever window is asked for.
    expect(occurrences(rule('FREQ=MONTHLY;COUNT=3'), '2026-01-05', '2026-02-01', '2026-12-31')).toEqual(['2026-02-05', '2026-03-05'])
    expect(occurrences(rule('FREQ=WEEKLY;UNTIL=20261215'), '2026-12-01', '2026-12-01', '2027-12-31')).toEqual(['2026-12-01', '2026-12-08', '2026-12-15'])
  })

  it('say what is wrong with a rule it cannot read', () => {
    expect(parseRule('FREQ=HOURLY')).toEqual({ error: 'Say how often it repeats: FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.' })
    expect(parseRule('FREQ=WEEKLY;BYDAY=1MO')).toMatchObject({ error: expect.stringMatching(/monthly or yearly/) })
    expect(parseRule('FREQ=MONTHLY;BYMONTHDAY=32')).toMatchObject({ error: expect.stringMatching(/1 to 31/) })
    expect(parseRule('FREQ=MONTHLY;BYSETPOS=1')).toMatchObject({ error: expect.stringMatching(/BYSETPOS is not supported/) })
    expect(parseRule('FREQ=MONTHLY;COUNT=2;UNTIL=20270101')).toMatchObject({ error: 'Give COUNT or UNTIL, not both.' })
  })

  it('describe a rule in words', () => {
    expect(describeRule(rule('FREQ=MONTHLY;BYMONTHDAY=1'))).toBe('Every month on the 1st')
    expect(describeRule(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH'))).toBe('Every 2 weeks on Monday and Thursday')
    expect(describeRule(rule('FREQ=YEARLY;BYMONTH=3;BYDAY=-1FR'))).toBe('Every year in March on the last Friday')
  })
})
