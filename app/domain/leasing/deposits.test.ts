import { describe, expect, it } from 'vitest'
import { letterText } from '../letter'
import { depositErrors, depositInterest, dispositionDueDate, dispositionErrors, dispositionFigures, dispositionStatement, interestOwed, interestUntil, monthlyRentOf } from './deposits'

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
      interest: null,
      dueDate: '2031-05-15',
      law: 'British Columbia allows …',
    })
    const text = letterText(letter)
    expect(text).toContain('Damage (security) deposit, received 2031-03-01: $1,000.00')
    expect(text).toContain('Broken blind: $120.00')
    expect(text).toContain('Refunded to the tenants: $885.00')
    expect(text).toContain('Due by: 2031-05-15')
  })

  it('say how the interest was worked out: each period’s rate, a rate standing in for one not yet published, or that it was entered', () => {
    const deposit = { depositType: 'DAMAGE', amount: 100_000, date: '2024-11-01' }
    const worked = depositInterest(deposit, '2027-03-01', 'BC')!
    const facts = (interest: number) => ({
      company: { name: 'Maple Street Properties', address: null },
      lease: { label: '4 · Kits Point', unit: '4 · Kits Point', residents: 'Ada Tenant', moveOutDate: '2027-02-28' },
      disposition: { date: '2027-03-01', status: 'DRAFT', forwardingAddress: null, interest },
      deposits: [deposit],
      deductions: [],
      interest: { periods: worked.periods.map((p) => ({ ...p, depositType: 'DAMAGE' })), total: worked.total, law: 'British Columbia: …' },
      dueDate: '2027-03-15',
      law: null,
    })
    const text = letterText(dispositionStatement(facts(1402)))
    expect(text).toContain('Damage (security) deposit, 2025-01-01 to 2026-01-01 (365 days): $9.52 at 0.95%')
    expect(text).toContain('Damage (security) deposit, 2026-01-01 to 2027-01-01 (365 days): $0.00 at 0%')
    expect(text).toContain('Damage (security) deposit, 2027-01-01 to 2027-03-01 (60 days): $0.00 at 0%: no rate published yet for this period, 2026’s (the latest) used')
    expect(text).toContain('Refunded to the tenants: $1,014.02')
    expect(letterText(dispositionStatement(facts(500)))).toContain('The interest of $5.00 was entered by the landlord; the province’s published rates give $14.02.')
  })
})

describe('interest on deposits', () => {
  it('is Ontario’s guideline each year on a last month’s rent deposit, a partial year by days, and none elsewhere', () => {
    const deposit = { depositType: 'LAST_MONTH_RENT', amount: 150_000, date: '2023-03-01' }
    // The guideline of each anniversary's year: 2.5% in 2024 and 2025 on $1,500 is $37.50 each.
    expect(depositInterest(deposit, '2025-03-01', 'ON')).toEqual({
      total: 7_500,
      periods: [
        { from: '2023-03-01', to: '2024-03-01', percent: 250, year: 2024, assumed: false, days: 366, amount: 3_750 },
        { from: '2024-03-01', to: '2025-03-01', percent: 250, year: 2025, assumed: false, days: 365, amount: 3_750 },
      ],
    })
    // A part of a year earns its share by days: 2025-03-01 to 2025-09-01 is 184 of 365 days.
    const partial = depositInterest(deposit, '2025-09-01', 'on')!
    expect(partial.periods.at(-1)).toEqual({ from: '2025-03-01', to: '2025-09-01', percent: 250, year: 2025, assumed: false, days: 184, amount: 1_890 })
    expect(partial.total).toBe(7_500 + 1_890)
    // 1.2% in 2022.
    expect(depositInterest({ ...deposit, date: '2021-06-15' }, '2022-06-15', 'ON')?.total).toBe(1_800)
    // Held since 2017: each year the guideline of its own (1.8%, 1.8%, 2.2%, 0% in 2021's freeze), none standing in for another.
    const since2017 = depositInterest({ ...deposit, date: '2017-03-01' }, '2021-03-01', 'ON')!
    expect(since2017.periods.map((p) => [p.year, p.percent, p.assumed, p.amount])).toEqual([
      [2018, 180, false, 2_700],
      [2019, 180, false, 2_700],
      [2020, 220, false, 3_300],
      [2021, 0, false, 0],
    ])
    expect(depositInterest(deposit, '2023-03-01', 'ON')).toEqual({ total: 0, periods: [] })
    expect(depositInterest({ ...deposit, depositType: 'KEY' }, '2025-03-01', 'ON')).toEqual({ total: 0, periods: [] })
    // A year whose guideline is not in Lintel yet earns the latest known, and says so.
    expect(depositInterest(deposit, '2028-03-01', 'ON')?.periods.at(-1)).toMatchObject({ from: '2027-03-01', percent: 210, year: 2026, assumed: true })
    expect(interestOwed([deposit, { depositType: 'KEY', amount: 5_000, date: '2023-03-01' }], '2025-03-01', 'ON')).toBe(7_500)
    // The last month's rent deposit pays the last month: its interest stops at the move-out.
    expect(interestUntil('ON', '2025-02-28', '2025-03-10')).toBe('2025-02-28')
  })

  it('is British Columbia’s rate of each calendar year, compounded each year held, to the day the deposit is returned', () => {
    // The Ministry of Housing's own figures (Daily Hive, 2024-02-01): $800 and $1,800 paid 2023-02-01, returned 2024-02-01, earn
    // $16.16 and $36.37: 334 days of 2023 at 1.95% and 32 days of 2024 (the return day counted) at 2.7%, rounded once.
    const paid = { depositType: 'DAMAGE', amount: 80_000, date: '2023-02-01' }
    expect(depositInterest(paid, '2024-02-01', 'BC')).toEqual({
      total: 1_616,
      periods: [
        { from: '2023-02-01', to: '2024-01-01', days: 334, percent: 195, year: 2023, assumed: false, amount: 1_427 },
        { from: '2024-01-01', to: '2024-02-01', days: 32, percent: 270, year: 2024, assumed: false, amount: 189 },
      ],
    })
    expect(depositInterest({ ...paid, amount: 180_000, depositType: 'PET_DAMAGE' }, '2024-02-01', 'bc')?.total).toBe(3_637)
    // $1,000 held from 2022-09-01 to 2025-06-30: nothing in 2022 (0%), and from each anniversary the year's interest earns too:
    // exactly 0 + 1,958.46 + 2,757.40 + 488.91 = 5,204.78 cents, $52.05, its cents shared to the largest fractions.
    expect(depositInterest({ depositType: 'DAMAGE', amount: 100_000, date: '2022-09-01' }, '2025-06-30', 'BC')).toEqual({
      total: 5_205,
      periods: [
        { from: '2022-09-01', to: '2023-01-01', days: 122, percent: 0, year: 2022, assumed: false, amount: 0 },
        { from: '2023-01-01', to: '2024-01-01', days: 365, percent: 195, year: 2023, assumed: false, amount: 1_959 },
        { from: '2024-01-01', to: '2025-01-01', days: 366, percent: 270, year: 2024, assumed: false, amount: 2_757 },
        { from: '2025-01-01', to: '2025-06-30', days: 181, percent: 95, year: 2025, assumed: false, amount: 489 },
      ],
    })
    // 2026's is 0% (prime 4.45% on January 1, below 4.5%).
    const into2026 = depositInterest({ depositType: 'DAMAGE', amount: 100_000, date: '2025-11-01' }, '2026-03-01', 'BC')!
    expect(into2026.periods.map((p) => [p.from.slice(0, 4), p.year, p.assumed, p.amount])).toEqual([
      ['2025', 2025, false, 159],
      ['2026', 2026, false, 0],
    ])
    expect(into2026.total).toBe(159)
    // 2027's rate is not in Lintel: 2026's stands in, marked.
    const late = depositInterest({ depositType: 'DAMAGE', amount: 100_000, date: '2026-11-01' }, '2027-03-01', 'BC')!
    expect(late.periods.map((p) => [p.from.slice(0, 4), p.year, p.assumed])).toEqual([
      ['2026', 2026, false],
      ['2027', 2026, true],
    ])
    // No interest on what earns none, nor before a day has passed; and it runs to the refund, not the move-out.
    expect(depositInterest({ ...paid, depositType: 'KEY' }, '2024-02-01', 'BC')).toEqual({ total: 0, periods: [] })
    expect(interestUntil('BC', '2024-01-31', '2024-02-10')).toBe('2024-02-10')
  })

  it('is Alberta’s rate of each calendar year on the deposit itself, not compounded', () => {
    // $1,500 from 2023-07-01 to 2025-09-15: 0% in 2023, 1.6% for all of 2024 ($24.00), 0.5% for 257 days of 2025 ($5.28).
    expect(depositInterest({ depositType: 'DAMAGE', amount: 150_000, date: '2023-07-01' }, '2025-09-15', 'AB')).toEqual({
      total: 2_928,
      periods: [
        { from: '2023-07-01', to: '2024-01-01', days: 184, percent: 0, year: 2023, assumed: false, amount: 0 },
        { from: '2024-01-01', to: '2025-01-01', days: 366, percent: 160, year: 2024, assumed: false, amount: 2_400 },
        { from: '2025-01-01', to: '2025-09-15', days: 257, percent: 50, year: 2025, assumed: false, amount: 528 },
      ],
    })
    // 2026 earns 0%; 2027's rate, not yet set, is taken as 2026's.
    expect(depositInterest({ depositType: 'DAMAGE', amount: 150_000, date: '2026-01-01' }, '2027-06-01', 'AB')?.periods.map((p) => [p.percent, p.year, p.assumed])).toEqual([
      [0, 2026, false],
      [0, 2026, true],
    ])
    expect(interestOwed([{ depositType: 'DAMAGE', amount: 150_000, date: '2023-07-01' }, { depositType: 'PET_DAMAGE', amount: 50_000, date: '2024-01-01' }], '2025-01-01', 'AB')).toBe(2_400 + 800)
  })

  it('is entered by hand where Lintel has no rates: Manitoba, Québec, outside the table', () => {
    const deposit = { depositType: 'DAMAGE', amount: 60_000, date: '2024-03-01' }
    for (const province of ['MB', 'QC', 'NS', null]) {
      expect(depositInterest(deposit, '2025-03-01', province)).toBeNull()
      expect(interestOwed([deposit], '2025-03-01', province)).toBeNull()
    }
  })
})
