import { describe, expect, it } from 'vitest'
import { inviteAllSummary, paidFor, receiptNumberOf, residentCenterStatusOf, tenantsOf, unitAddressOf } from './resident-center'

describe('the resident center’s rules', () => {
  it('tells an account not accepted yet from one in use', () => {
    expect(residentCenterStatusOf(null)).toBe('NOT_INVITED')
    expect(residentCenterStatusOf({ passwordHash: null })).toBe('INVITED')
    expect(residentCenterStatusOf({ passwordHash: 'scrypt$…' })).toBe('ACTIVE')
  })

  it('says what inviting everyone did, counting who was left out by reason', () => {
    expect(inviteAllSummary(1, [])).toBe('Invited 1 resident to the resident center.')
    expect(inviteAllSummary(0, [{ reason: 'NO_EMAIL' }, { reason: 'NO_EMAIL' }, { reason: 'EMAIL_TAKEN' }])).toBe(
      'Nobody new was invited to the resident center. Not invited: 2 residents (no e-mail), 1 resident (their e-mail signs in to another Lintel account).',
    )
  })

  it('gives a receipt the unit’s address, its tenants and what the payment was for', () => {
    expect(unitAddressOf('102', { street: '455 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6J7' })).toBe('Unit 102, 455 Bronson Avenue, Ottawa, ON K1R 6J7')
    expect(unitAddressOf('7', null)).toBe('Unit 7')
    expect(
      tenantsOf([
        { name: 'Ada Lovelace', role: 'PRIMARY' },
        { name: 'Kid Lovelace', role: 'OCCUPANT' },
        { name: 'Ben Franklin', role: 'CO_TENANT' },
        { name: 'Pat Guarantor', role: 'GUARANTOR' },
      ]),
    ).toEqual(['Ada Lovelace', 'Ben Franklin'])
    expect(tenantsOf([{ name: 'Only Occupant', role: 'OCCUPANT' }])).toEqual(['Only Occupant'])
    // A first month prorated from the 15th covers the 15th to the month's end; a one-off names its day.
    expect(
      paidFor([
        { chargeType: 'RENT', description: 'Rent', periodStart: '2031-03-01', periodEnd: '2031-03-31', date: '2031-03-15', amount: 85_000 },
        { chargeType: 'NSF_FEE', description: '', periodStart: null, periodEnd: null, date: '2031-04-10', amount: 2_000 },
      ]),
    ).toEqual([
      { description: 'Rent', period: '2031-03-15 to 2031-03-31', amount: 85_000 },
      { description: 'NSF fee', period: '2031-04-10', amount: 2_000 },
    ])
    expect(receiptNumberOf(123)).toBe('R-000123')
  })
})
