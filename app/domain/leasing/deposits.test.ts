import { describe, expect, it } from 'vitest'
import { letterText } from '../letter'
import { depositErrors, depositInterest, dispositionDueDate, dispositionErrors, dispositionFigures, dispositionStatement, interestOwed, monthlyRentOf } from './deposits'

describe('deposits by province', () => {
  it('allow only what each province allows, up to its cap', () => {
    expect(depositErrors({ depositType: 'DAMAGE', amount: 100 }, 150_000, 0, 'ON')?.deposit_type[0]).toMatch(/^Ontario allows no damage/)
    expect(depositErrors({ depositType: 'LAST_MONTH_RENT', amount: 150_000, }, 150_000, 0, 'on')).toBeUndefined()
    expect(depositErrors({ depositType: 'DAMAGE', amount: 75_001 }, 150_000, 0, 'BC')?.amount[0]).toMatch(/^At most 750\.00: British Columbia/)
    expect(depositErrors({ depositType: 'DAMAGE', amount: 150_000 }, 150_000, 0, 'AB')).toBeUndefined()
    expect(depositErrors({ depositType: 'KEY', amount: 1 }, 150_000, 0, 'QC')?.deposit_type).toBeDefined()
    // Outside the table, the lease and the company decide.
    expect(depositErrors({ depositType: 'DAMAGE', amount: 999_999 }, 150_000, 0, 'NS')).toBeUndefined()
    // A weekly rent's month: 52 weeks over 12 months.
    expect(monthlyRentOf(40_000, 'WEEKLY')).toBe(173_333)
  })

  it('settle what is held: deductions within it, damage only where the law allows, due by the deadline', () => {
    const figures = dispositionFigures(100_000, 500, [{ amount: 50_000 }, { amount: 12_000 }])
    expect(figures).toEqual({ held: 100_000, interest: 500, deducted: 62_000, refund: 38_500 })
    expect(dispositionErrors(figures, [{ chargeId: 'c' }, { chargeId: null }], 'BC', { interestAccount: true, bankAccount: true })).toBeUndefined()
    expect(dispositionErrors(figures, [{ chargeId: 'c' }, { chargeId: null }], 'ON', { interestAccount: true, bankAccount: true })).toHaveProperty(['lines[1].charge_id'])
    expect(dispositionErrors(figures, [], 'BC', { interestAccount: false, bankAccount: false })).toEqual({
      interest_account_id: ['Choose the expense account the interest is charged to.'],
      bank_account_id: ['Choose the bank account the refund is paid from.'],
    })
    expect(dispositionErrors(dispositionFigures(100, 0, [{ amount: 101 }]), [{ chargeId: 'c' }], 'BC', { interestAccount: true, bankAccount: true })?.lines).toBeDefined()
    expect(dispositionDueDate('2031-04-30', 'BC')).toBe('2031-05-15')
    expect(dispositionDueDate('2031-04-30', 'AB')).toBe('2031-05-10')
    expect(dispositionDueDate('2031-04-30', 'ON')).toBeNull()
  })

  it('write the residents a statement of what was held, deducted and refunded', () => {
    const letter = dispositionStatement({
      company: { name: 'Maple Street Properties', address: '1 Main Street, Vancouver, BC' },
      lease: { label: '4 · Kits Point from 2031-03-01', unit: '4 · Kits Point', residents: 'Ada Tenant', moveOutDate: '2031-04-30' },
      disposition: { date: '2031-05-10', status: 'COMPLETED', forwardingAddress: '22 Elm Street', interest: 500 },
      deposits: [{ depositType: 'DAMAGE', date: '2031-03-01', amount: 100_000 }],
      deductions: [{ description: 'Broken blind', amount: 12_000 }],
      dueDate: '2031-05-15',
      law: 'British Columbia allows …',
    })
    const text = letterText(letter)
    expect(text).toContain('Damage (security) deposit, received 2031-03-01: $1,000.00')
    expect(text).toContain('Broken blind: $120.00')
    expect(text).toContain('Refunded to the tenants: $885.00')
    expect(text).toContain('Due by: 2031-05-15')
  })
})

describe('interest on deposits', () => {
  it('is Ontario’s guideline each year on a last month’s rent deposit, a partial year by days, and none elsewhere', () => {
    const deposit = { depositType: 'LAST_MONTH_RENT', amount: 150_000, date: '2023-03-01' }
    // The guideline of each anniversary's year: 2.5% in 2024 and 2025 on $1,500 is $37.50 each.
    expect(depositInterest(deposit, '2025-03-01', 'ON')).toEqual({
      total: 7_500,
      periods: [
        { from: '2023-03-01', to: '2024-03-01', percent: 250, year: 2024, days: 366, amount: 3_750 },
        { from: '2024-03-01', to: '2025-03-01', percent: 250, year: 2025, days: 365, amount: 3_750 },
      ],
    })
    // A part of a year earns its share by days: 2025-03-01 to 2025-09-01 is 184 of 365 days.
    const partial = depositInterest(deposit, '2025-09-01', 'on')!
    expect(partial.periods.at(-1)).toEqual({ from: '2025-03-01', to: '2025-09-01', percent: 250, year: 2025, days: 184, amount: Math.round((150_000 * 250 * 184) / (10_000 * 365)) })
    expect(partial.total).toBe(7_500 + 1_890)
    // 1.2% in 2022.
    expect(depositInterest({ ...deposit, date: '2021-06-15' }, '2022-06-15', 'ON')?.total).toBe(1_800)
    expect(depositInterest(deposit, '2023-03-01', 'ON')).toEqual({ total: 0, periods: [] })
    expect(depositInterest({ ...deposit, depositType: 'KEY' }, '2025-03-01', 'ON')).toEqual({ total: 0, periods: [] })
    // Elsewhere the rates are not in Lintel: entered by hand.
    expect(depositInterest({ ...deposit, depositType: 'DAMAGE' }, '2025-03-01', 'BC')).toBeNull()
    expect(interestOwed([deposit, { depositType: 'KEY', amount: 5_000, date: '2023-03-01' }], '2025-03-01', 'ON')).toBe(7_500)
    expect(interestOwed([deposit], '2025-03-01', 'AB')).toBeNull()
  })
})
