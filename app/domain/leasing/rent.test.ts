import { describe, expect, it } from 'vitest'
import { chargeDraft, chargesDue, periodAround, prorate, type ScheduleLine } from './rent'

const rent = (amount: number, extra: Partial<ScheduleLine> = {}): ScheduleLine => ({ id: 'l1', chargeType: 'RENT', description: null, amount, effectiveFrom: null, effectiveTo: null, ...extra })
const monthly = (startDate: string, endDate: string | null = null, dueDay: number | null = null) => ({ frequency: 'MONTHLY', dueDay, startDate, endDate })

describe('rent periods', () => {
  it('finds the monthly period around a date, by the due day, month ends kept', () => {
    expect(periodAround(monthly('2026-01-01'), '2026-03-15')).toEqual({ start: '2026-03-01', next: '2026-04-01' })
    expect(periodAround(monthly('2026-01-01', null, 15), '2026-03-10')).toEqual({ start: '2026-02-15', next: '2026-03-15' })
    expect(periodAround(monthly('2026-01-01', null, 31), '2026-02-28')).toEqual({ start: '2026-02-28', next: '2026-03-31' })
    expect(periodAround(monthly('2026-01-01', null, 31), '2026-02-27')).toEqual({ start: '2026-01-31', next: '2026-02-28' })
  })

  it('anchors weekly and two-weekly periods on the schedule’s first day', () => {
    expect(periodAround({ frequency: 'WEEKLY', dueDay: null, startDate: '2026-03-04', endDate: null }, '2026-03-12')).toEqual({ start: '2026-03-11', next: '2026-03-18' })
    expect(periodAround({ frequency: 'BI_WEEKLY', dueDay: null, startDate: '2026-03-04', endDate: null }, '2026-03-12')).toEqual({ start: '2026-03-04', next: '2026-03-18' })
  })

  it('steps quarterly periods from the schedule’s first month, and halves a month semi-monthly', () => {
    expect(periodAround({ frequency: 'QUARTERLY', dueDay: 1, startDate: '2026-03-15', endDate: null }, '2026-08-10')).toEqual({ start: '2026-06-01', next: '2026-09-01' })
    expect(periodAround({ frequency: 'ANNUALLY', dueDay: 1, startDate: '2026-03-15', endDate: null }, '2027-02-10')).toEqual({ start: '2026-03-01', next: '2027-03-01' })
    expect(periodAround({ frequency: 'SEMI_MONTHLY', dueDay: null, startDate: '2026-03-15', endDate: null }, '2026-02-20')).toEqual({ start: '2026-02-16', next: '2026-03-01' })
    expect(periodAround({ frequency: 'SEMI_MONTHLY', dueDay: null, startDate: '2026-03-15', endDate: null }, '2026-03-15')).toEqual({ start: '2026-03-01', next: '2026-03-16' })
  })
})

describe('charges due', () => {
  it('charges each whole month on its first day, up to today', () => {
    const due = chargesDue(monthly('2026-01-01'), [rent(150_000)], '2026-03-01')
    expect(due.map((c) => [c.date, c.amount, c.periodEnd])).toEqual([
      ['2026-01-01', 150_000, '2026-01-31'],
      ['2026-02-01', 150_000, '2026-02-28'],
      ['2026-03-01', 150_000, '2026-03-31'],
    ])
  })

  it('prorates a partial first and last month by the actual days of the month', () => {
    // In on March 15: 17 of March's 31 days. Out on June 10: 10 of June's 30.
    const due = chargesDue(monthly('2026-03-15'), [rent(155_000)], '2026-12-31', '2026-06-10')
    expect(due.map((c) => [c.date, c.amount, c.days, c.periodDays])).toEqual([
      ['2026-03-15', 85_000, 17, 31],
      ['2026-04-01', 155_000, 30, 30],
      ['2026-05-01', 155_000, 31, 31],
      ['2026-06-01', 51_667, 10, 30],
    ])
    // February has 28 days: a move-in on the 15th owes 14/28.
    expect(chargesDue(monthly('2026-02-15'), [rent(100_000)], '2026-02-28')[0].amount).toBe(50_000)
  })

  it('charges a line only within its effective dates, so a new rent takes over on its date', () => {
    const lines = [rent(100_000, { id: 'old', effectiveTo: '2026-02-28' }), rent(102_500, { id: 'new', effectiveFrom: '2026-03-01' })]
    const due = chargesDue(monthly('2026-01-01'), lines, '2026-04-01')
    expect(due.map((c) => [c.lineId, c.date, c.amount])).toEqual([
      ['old', '2026-01-01', 100_000],
      ['old', '2026-02-01', 100_000],
      ['new', '2026-03-01', 102_500],
      ['new', '2026-04-01', 102_500],
    ])
  })

  it('charges nothing before a period has begun, and nothing after the schedule ends', () => {
    expect(chargesDue(monthly('2026-05-01'), [rent(100_000)], '2026-04-30')).toEqual([])
    expect(chargesDue(monthly('2026-01-01', '2026-01-31'), [rent(100_000)], '2026-12-31')).toHaveLength(1)
  })

  it('names a charge by its line, else its type', () => {
    const due = chargesDue(monthly('2026-01-01'), [rent(5_000, { chargeType: 'PARKING', description: 'Stall 12' }), rent(2_500, { id: 'l2', chargeType: 'PET_RENT' })], '2026-01-01')
    expect(due.map((c) => c.description)).toEqual(['Stall 12', 'Pet rent'])
  })

  it('starts after the period charged last, when told', () => {
    const due = chargesDue(monthly('2026-01-01'), [rent(100_000)], '2026-04-01', null, { after: '2026-02-01' })
    expect(due.map((c) => c.date)).toEqual(['2026-03-01', '2026-04-01'])
  })

  it('rounds a prorated amount to the nearest cent', () => {
    expect(prorate(100_000, 1, 31)).toBe(3_226)
    expect(prorate(100_000, 31, 31)).toBe(100_000)
  })
})

describe('a charge’s posting', () => {
  it('debits receivables and credits income for the lease, and balances', () => {
    const draft = chargeDraft({ id: 'c1', date: '2026-03-01', amount: 150_000, memo: 'Rent', accountId: 'income', leaseId: 'lease', rentalUnitId: 'unit', propertyGroupId: 'prop' }, 'ar')
    expect(draft.source).toEqual({ type: 'RENT_CHARGE', id: 'c1', purpose: 'CHARGE' })
    expect(draft.lines.map((l) => [l.accountId, l.amount, l.leaseId])).toEqual([
      ['ar', 150_000, 'lease'],
      ['income', -150_000, 'lease'],
    ])
  })
})
