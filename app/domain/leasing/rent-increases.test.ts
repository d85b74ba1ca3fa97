import { describe, expect, it } from 'vitest'
import { letterText } from '~/domain/letter'
import { padAgreement, PAD_RECOURSE } from './pad'
import { guidelineFor } from './provinces'
import { addMonths, catchUpCharges, eligibleFrom, increaseErrors, maximumRent, noticeLetter, type IncreaseTerms } from './rent-increases'

const terms = (over: Partial<IncreaseTerms>): IncreaseTerms => ({
  province: 'ON',
  currentRent: 150_000,
  newRent: 153_150,
  effectiveDate: '2026-03-01',
  noticeDate: '2025-12-01',
  exempt: false,
  exemptionReason: null,
  eligibleFrom: '2026-03-01',
  today: '2025-11-20',
  ...over,
})

describe('the provinces’ rent increase guidelines', () => {
  it('are kept per year, and a year not announced yet is held to the latest known', () => {
    expect(guidelineFor('ON', 2025)).toEqual({ percent: 250, year: 2025, assumed: false })
    expect(guidelineFor('on', 2026)).toEqual({ percent: 210, year: 2026, assumed: false })
    expect(guidelineFor('BC', 2025)?.percent).toBe(300)
    expect(guidelineFor('BC', 2026)?.percent).toBe(230)
    expect(guidelineFor('MB', 2025)?.percent).toBe(170)
    expect(guidelineFor('MB', 2026)?.percent).toBe(180)
    expect(guidelineFor('ON', 2027)).toEqual({ percent: 210, year: 2026, assumed: true })
    expect(guidelineFor('AB', 2026)).toBeNull()
    expect(guidelineFor('QC', 2026)).toBeNull()
    expect(guidelineFor(null, 2026)).toBeNull()
  })

  it('cap the new rent in whole cents, never rounded past the percent', () => {
    expect(maximumRent(150_000, 250)).toBe(153_750)
    expect(maximumRent(123_457, 230)).toBe(126_296)
  })
})

describe('when a lease’s rent may rise', () => {
  it('is twelve months after its last increase, or its move-in, kept to the month’s end', () => {
    expect(eligibleFrom({ moveInDate: '2025-03-01', lastIncreaseDate: null })).toBe('2026-03-01')
    expect(eligibleFrom({ moveInDate: '2023-03-15', lastIncreaseDate: '2025-07-01' })).toBe('2026-07-01')
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28')
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2026-03-01', -3)).toBe('2025-12-01')
  })
})

describe('a rent increase’s lawfulness', () => {
  it('passes within the guideline, twelve months on, after 90 days’ notice in Ontario', () => {
    expect(increaseErrors(terms({}))).toEqual({})
  })

  it('names the field of each problem', () => {
    expect(increaseErrors(terms({ newRent: 153_151 })).new_rent[0]).toBe('At most 1531.50: Ontario’s guideline for 2026, 2.1%, allows no more unless the unit is exempt.')
    expect(increaseErrors(terms({ newRent: 150_000 })).new_rent[0]).toMatch(/^More than the current rent, 1500\.00/)
    expect(increaseErrors(terms({ effectiveDate: '2026-02-28', noticeDate: '2025-11-01' })).effective_date[0]).toMatch(/^On or after 2026-03-01: rent rises at most once in twelve months/)
    expect(increaseErrors(terms({ noticeDate: '2025-12-02' })).notice_date[0]).toBe('On or before 2025-12-01: Ontario needs 90 days’ written notice before an increase on 2026-03-01.')
    expect(increaseErrors(terms({ exempt: true, newRent: 170_000 }))).toEqual({ exemption_reason: [expect.stringMatching(/^Say why the unit is exempt/)] })
    expect(increaseErrors(terms({ exempt: true, exemptionReason: 'First occupied in 2020', newRent: 170_000 }))).toEqual({})
  })

  it('follows each province’s notice and cap', () => {
    // British Columbia: three months, and 2026's 2.3%.
    const bc = terms({ province: 'BC', newRent: maximumRent(150_000, 230) })
    expect(increaseErrors(bc)).toEqual({})
    expect(increaseErrors({ ...bc, noticeDate: '2025-12-02' }).notice_date[0]).toMatch(/^On or before 2025-12-01: British Columbia needs 3 months’/)
    expect(increaseErrors({ ...bc, newRent: 153_750 }).new_rent[0]).toMatch(/^At most 1534\.50: British Columbia’s guideline for 2026, 2\.3%/)
    // Alberta: no cap.
    expect(increaseErrors(terms({ province: 'AB', newRent: 200_000 }))).toEqual({})
    // Manitoba: 1.8% in 2026.
    expect(increaseErrors(terms({ province: 'MB', newRent: 153_750 })).new_rent[0]).toMatch(/^At most 1527\.00: Manitoba’s guideline for 2026, 1\.8%/)
    // Québec: no cap, notice three to six months ahead.
    expect(increaseErrors(terms({ province: 'QC', newRent: 200_000 }))).toEqual({})
    expect(increaseErrors(terms({ province: 'QC', noticeDate: '2025-08-31' })).notice_date[0]).toMatch(/^On or after 2025-09-01: Québec allows notice at most 6 months/)
  })

  it('leaves a draft room for the notice from today', () => {
    expect(increaseErrors(terms({ noticeDate: null, today: '2025-12-01' }))).toEqual({})
    expect(increaseErrors(terms({ noticeDate: null, today: '2025-12-02' })).effective_date[0]).toMatch(/^On or after 2026-03-02: Ontario needs 90 days’ written notice, and none has been given yet\./)
  })
})

describe('an increase applied late', () => {
  const schedule = { frequency: 'MONTHLY', dueDay: 1, startDate: '2025-03-01', endDate: null }
  const ended = { id: 'old', chargeType: 'RENT', description: null, amount: 150_000, effectiveFrom: null, effectiveTo: '2026-02-28' }
  const added = { id: 'new', chargeType: 'RENT', description: null, amount: 153_750, effectiveFrom: '2026-03-01', effectiveTo: null }

  it('owes the difference for each period already charged at the old rent that it reaches', () => {
    const charged = [
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
      ['2026-04-01', '2026-04-30'],
    ].map(([periodStart, periodEnd]) => ({ periodStart, periodEnd, amount: 150_000 }))
    expect(catchUpCharges(schedule, { ended, added }, charged, null)).toEqual([
      { periodStart: '2026-03-01', periodEnd: '2026-03-31', date: '2026-03-01', amount: 3750 },
      { periodStart: '2026-04-01', periodEnd: '2026-04-30', date: '2026-04-01', amount: 3750 },
    ])
  })

  it('owes the new rent’s share of a period it starts within', () => {
    const mid = { ...added, effectiveFrom: '2026-03-16' }
    const charged = [{ periodStart: '2026-03-01', periodEnd: '2026-03-31', amount: 150_000 }]
    // 15 of March's 31 days at 1500.00 (725.81) and 16 at 1537.50 (793.55), less the 1500.00 charged.
    expect(catchUpCharges(schedule, { ended: { ...ended, effectiveTo: '2026-03-15' }, added: mid }, charged, null)).toEqual([{ periodStart: '2026-03-01', periodEnd: '2026-03-31', date: '2026-03-16', amount: 1936 }])
  })

  it('owes nothing when nothing was charged from its date', () => {
    expect(catchUpCharges(schedule, { ended, added }, [{ periodStart: '2026-02-01', periodEnd: '2026-02-28', amount: 150_000 }], null)).toEqual([])
  })
})

describe('the letters', () => {
  const company = { name: 'Maple Property Management', address: '1 Bank Street, Ottawa, ON K1P 5N2', phone: '613-555-0100', email: 'office@maple.test' }

  it('give an Ontario notice the N1 form’s facts', () => {
    const text = letterText(
      noticeLetter({
        company,
        tenants: ['Ada Tenant', 'Ben Tenant'],
        unitAddress: 'Unit 102, 455 Bronson Avenue, Ottawa, ON K1R 6J7',
        province: 'ON',
        rentFrequency: 'MONTHLY',
        currentRent: 150_000,
        newRent: 153_150,
        effectiveDate: '2026-03-01',
        noticeDate: '2025-12-01',
        exempt: false,
        exemptionReason: null,
        currency: 'CAD',
        numbers: 'en',
      }),
    )
    for (const fact of [
      'Following the Landlord and Tenant Board’s form N1',
      'To (tenants): Ada Tenant, Ben Tenant',
      'From (landlord): Maple Property Management',
      'Address of the rental unit: Unit 102, 455 Bronson Avenue, Ottawa, ON K1R 6J7',
      'Current rent: $1,500.00 per month',
      'New rent: $1,531.50 per month',
      'Increase: $31.50 (2.1%)',
      'Starting on: 2026-03-01',
      'This increase is within Ontario’s guideline for 2026, 2.1%.',
    ])
      expect(text).toContain(fact)
    // An increase in a year whose guideline Lintel does not have yet: the tenant is told of no other year's.
    const later = letterText(
      noticeLetter({ company, tenants: ['Ada Tenant'], unitAddress: 'Unit 102', province: 'ON', rentFrequency: 'MONTHLY', currentRent: 150_000, newRent: 153_000, effectiveDate: '2031-03-01', noticeDate: '2030-12-01', exempt: false, exemptionReason: null, currency: 'CAD', numbers: 'en' }),
    )
    expect(later).toContain('New rent: $1,530.00 per month')
    expect(later).not.toContain('guideline for 2026')
    expect(later).not.toContain('Lintel')
  })

  it('give a PAD agreement every element Rule H1 asks, with blanks for an account not given', () => {
    const agreement = padAgreement({
      payee: company,
      payors: ['Ada Tenant'],
      payorAddress: 'Unit 102, 455 Bronson Avenue, Ottawa, ON K1R 6J7',
      account: { holder: null, institution: '003', transit: null, number: '•••••6789' },
      amountType: 'FIXED',
      amount: 155_000,
      currency: 'CAD',
      numbers: 'en',
      frequency: 'MONTHLY',
      frequencyLabel: 'Monthly',
      dueWords: 'on the 1st of each month',
      firstDebit: '2026-12-01',
      endDate: null,
      waivesPreNotification: false,
      leaseLabel: '102 · Bronson Court from 2025-03-01',
    })
    const text = letterText(agreement)
    expect(text).toContain('Institution number: 003')
    expect(text).toContain('Transit (branch) number: ____')
    expect(text).toContain('Account number: •••••6789')
    expect(text).toContain('$1,550.00 per month')
    expect(text).toContain('at least 10 calendar days before the first debit')
    expect(text).toContain('at least 30 days before the next debit')
    expect(text).toContain(PAD_RECOURSE)
    expect(agreement.signatures).toEqual(['Signature of the account holder', 'Date'])
    const waived = letterText(padAgreement({ ...agreementInput(), waivesPreNotification: true }))
    expect(waived).toContain('You waive your right to receive pre-notification')
    expect(waived).toContain('Variable: on each due date, what the lease 102 then owes')
  })

  it('write amounts and percents as the company writes them', () => {
    const notice = letterText(
      noticeLetter({ company, tenants: ['Ada Tenant'], unitAddress: 'Unit 102', province: 'ON', rentFrequency: 'MONTHLY', currentRent: 150_000, newRent: 153_150, effectiveDate: '2026-03-01', noticeDate: '2025-12-01', exempt: false, exemptionReason: null, currency: 'CAD', numbers: 'fr' }),
    )
    // Grouped and spaced as French is written (the spaces do not break): 1 500,00 $ and 2,5 %.
    expect(notice).toMatch(/Current rent: 1\s500,00\s\$ per month/)
    expect(notice).toMatch(/Increase: 31,50\s\$ \(2,1\s%\)/)
    expect(letterText(padAgreement({ ...agreementInput(), amountType: 'FIXED' as const, numbers: 'fr' as const }))).toMatch(/1\s550,00\s\$ per month/)
  })
})

function agreementInput() {
  return {
    payee: { name: 'Maple', address: null, phone: null, email: 'office@maple.test' },
    payors: ['Ada Tenant'],
    payorAddress: 'Unit 102',
    account: { holder: 'Ada Tenant', institution: '003', transit: '00102', number: '•••••6789' },
    amountType: 'VARIABLE' as const,
    amount: 155_000,
    currency: 'CAD',
    numbers: 'en' as const,
    frequency: 'MONTHLY',
    frequencyLabel: 'Monthly',
    dueWords: 'on the 1st of each month',
    firstDebit: null,
    endDate: null,
    waivesPreNotification: false,
    leaseLabel: '102',
  }
}
