import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { leasingCompany, runRentAt, type Body } from '../factories/leasing'

/*
 * Late fees and NSF charges within the province's law: a policy is refused where the province
 * allows no late fee (Ontario) or above its cap (British Columbia, $25); the rent run charges a
 * property's fee once per rent charge still owing after the grace days, a percent fee within its
 * maximum, and nothing for rent paid; Ontario caps an NSF charge at $20.
 */

const address = (province: string, city: string, postal_code: string) => ({ street: '12 Main Street', city, province, postal_code, country: 'CA' })

async function setUp() {
  const company = await leasingCompany()
  const leaseIn = (property: Body, rent = '2000.00') => company.lease({ rent }, property)
  return { ...company, leaseIn }
}

const run = runRentAt
const fees = async (token: string, leaseId: string) =>
  ((await api('GET', `rent-receivables/?lease_id=${leaseId}&charge_type=LATE_FEE&ordering=date`, { token })).body.results as Record<string, string>[]).map((c) => [c.date, c.description, c.amount])

describe('late fees', () => {
  it('follow the province’s law: none in Ontario, at most $25 in British Columbia', async () => {
    const { token, post } = await setUp()
    const ottawa = await post('property-groups/', { name: 'Elgin Place', property_type: 'RESIDENTIAL', address: address('ON', 'Ottawa', 'K1R 6J3') })
    const vancouver = await post('property-groups/', { name: 'Kits Point', property_type: 'RESIDENTIAL', address: address('BC', 'Vancouver', 'V6J 1A1') })
    const ontario = await api('POST', 'late-fee-policies/', { token, body: { name: 'Ottawa', property_group_id: ottawa.id, fee_type: 'FLAT', amount: '50.00', grace_days: 5 } })
    expect(ontario.status).toBe(400)
    expect(ontario.body.errors.fee_type[0]).toMatch(/Ontario’s Residential Tenancies Act/)
    const tooMuch = await api('POST', 'late-fee-policies/', { token, body: { name: 'Vancouver', property_group_id: vancouver.id, fee_type: 'FLAT', amount: '30.00', grace_days: 5 } })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.errors.amount[0]).toMatch(/^At most 25\.00: British Columbia/)
    const noAmount = await api('POST', 'late-fee-policies/', { token, body: { name: 'Vancouver', property_group_id: vancouver.id, fee_type: 'FLAT', grace_days: 5 } })
    expect(noAmount.body.errors).toEqual({ amount: ['A flat fee needs its amount.'] })
    expect((await api('GET', 'late-fee-policies/', { token })).body.count).toBe(0)
    await post('late-fee-policies/', { name: 'Vancouver', property_group_id: vancouver.id, fee_type: 'FLAT', amount: '25.00', grace_days: 5 })
    // One policy per property.
    const again = await api('POST', 'late-fee-policies/', { token, body: { name: 'Again', property_group_id: vancouver.id, fee_type: 'FLAT', amount: '20.00', grace_days: 3 } })
    expect(again.status).toBe(400)
    expect(Object.keys(again.body.errors)).toEqual(['property_group_id'])
  })

  it('charged by hand follow the same law: none on an Ontario lease, at most $25 on a British Columbia one', async () => {
    const { token, post, leaseIn } = await setUp()
    const ottawa = await leaseIn(await post('property-groups/', { name: 'Elgin Place', property_type: 'RESIDENTIAL', address: address('ON', 'Ottawa', 'K1R 6J3') }))
    const kits = await leaseIn(await post('property-groups/', { name: 'Kits Point', property_type: 'RESIDENTIAL', address: address('BC', 'Vancouver', 'V6J 1A1') }))
    const charge = (leaseId: string, amount: string) => api('POST', 'rent-charges/', { token, body: { lease_id: leaseId, date: '2031-03-10', charge_type: 'LATE_FEE', description: 'Late fee', amount } })
    const ontario = await charge(ottawa.id, '50.00')
    expect(ontario.status).toBe(400)
    expect(Object.keys(ontario.body.errors)).toEqual(['charge_type'])
    expect(ontario.body.errors.charge_type[0]).toMatch(/Ontario’s Residential Tenancies Act/)
    const tooMuch = await charge(kits.id, '30.00')
    expect(tooMuch.body.errors).toEqual({ amount: ['At most 25.00: British Columbia allows a late fee of at most $25, when the tenancy agreement provides for it.'] })
    expect(await fees(token, ottawa.id)).toEqual([])
    expect(await fees(token, kits.id)).toEqual([])
    expect((await charge(kits.id, '25.00')).status).toBe(201)
    // Other charges on the Ontario lease are its landlord's to make.
    expect((await api('POST', 'rent-charges/', { token, body: { lease_id: ottawa.id, date: '2031-03-10', charge_type: 'OTHER', description: 'Key replacement', amount: '45.00' } })).status).toBe(201)
  })

  it('are charged once per rent charge still owing after the grace days, by the property’s policy or the company’s', async () => {
    const { token, companyId, post, leaseIn } = await setUp()
    const vancouver = await post('property-groups/', { name: 'Kits Point', property_type: 'RESIDENTIAL', address: address('BC', 'Vancouver', 'V6J 1A1') })
    const calgary = await post('property-groups/', { name: 'Bow Flats', property_type: 'RESIDENTIAL', address: address('AB', 'Calgary', 'T2P 1J9') })
    await post('late-fee-policies/', { name: 'Vancouver', property_group_id: vancouver.id, fee_type: 'FLAT', amount: '25.00', grace_days: 5 })
    // The company's default: 5% of what is owed, at most $75.
    await post('late-fee-policies/', { name: 'Default', fee_type: 'PERCENT', percent: '5.00', maximum: '75.00', grace_days: 3 })
    const kits = await leaseIn(vancouver)
    const bow = await leaseIn(calgary)
    const paid = await leaseIn(calgary)
    await post('rent-payments/', { lease_id: paid.id, date: '2031-03-01', amount: '2000.00', method: 'PAD' })

    // March 6: within Vancouver's grace (fee on the 7th), past Calgary's (fee on the 5th).
    await run(companyId, '2031-03-06T17:00:00Z')
    expect(await fees(token, kits.id)).toEqual([])
    expect(await fees(token, bow.id)).toEqual([['2031-03-05', 'Late fee: rent of 2031-03-01', '75.00']])
    // Twice, and later: once per charge.
    await Promise.all([run(companyId, '2031-03-08T17:00:00Z'), run(companyId, '2031-03-08T17:00:00Z')])
    expect(await fees(token, kits.id)).toEqual([['2031-03-07', 'Late fee: rent of 2031-03-01', '25.00']])
    expect(await fees(token, bow.id)).toHaveLength(1)
    expect(await fees(token, paid.id)).toEqual([])
    expect((await api('GET', `leases/${kits.id}/`, { token })).body.balance).toBe('2025.00')
  })

  it('cap an NSF charge at $20 in Ontario, on a returned payment and charged by hand alike', async () => {
    const { token, companyId, post, leaseIn } = await setUp()
    const ottawa = await post('property-groups/', { name: 'Elgin Place', property_type: 'RESIDENTIAL', address: address('ON', 'Ottawa', 'K1R 6J3') })
    const lease = await leaseIn(ottawa)
    await run(companyId, '2031-03-02T17:00:00Z')
    const payment = await post('rent-payments/', { lease_id: lease.id, date: '2031-03-02', amount: '2000.00', method: 'CHEQUE' })
    const refused = await api('POST', `rent-payments/${payment.id}/record-return/`, { token, body: { returned_date: '2031-03-09', nsf_fee: '45.00' } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.nsf_fee).toEqual(['At most 20.00: Ontario allows an NSF charge of no more, beyond the bank’s own charges (charge those as what they are).'])
    expect((await api('GET', `rent-payments/${payment.id}/`, { token })).body.status).toBe('RECEIVED')
    expect((await api('POST', `rent-payments/${payment.id}/record-return/`, { token, body: { returned_date: '2031-03-09', nsf_fee: '20.00' } })).status).toBe(200)
    expect((await api('GET', `leases/${lease.id}/`, { token })).body.balance).toBe('2020.00')
    const byHand = await api('POST', 'rent-charges/', { token, body: { lease_id: lease.id, date: '2031-03-10', charge_type: 'NSF_FEE', description: 'NSF fee', amount: '500.00' } })
    expect(byHand.status).toBe(400)
    expect(Object.keys(byHand.body.errors)).toEqual(['amount'])
    expect((await api('GET', `leases/${lease.id}/`, { token })).body.balance).toBe('2020.00')
  })
})
