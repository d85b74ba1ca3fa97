import { describe, expect, it } from 'vitest'
import { letterText } from '../letter'
import { depositErrors, dispositionDueDate, dispositionErrors, dispositionFigures, dispositionStatement, monthlyRentOf } from './deposits'

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
