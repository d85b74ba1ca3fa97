import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany, runRentAt, type Body } from '../factories/leasing'

/*
 * Deposits as an API client meets them: each province's law decides which deposits a lease may
 * hold and how large (Ontario: last month's rent and a key deposit, no damage deposit; British
 * Columbia: half a month's rent; Québec: none), a deposit received is held in the deposits
 * liability, and a disposition at move-out deducts what the lease owes (and damage where the law
 * allows), adds the interest and refunds the rest, through the ledger. Deposits held always equal
 * the liability account.
 */

const address = (province: string, city: string, postal: string) => ({ street: '1 Main Street', city, province, postal_code: postal, country: 'CA' })
const cents = (money: string | null | undefined) => Math.round(Number(money ?? 0) * 100)

async function setUp() {
  const company = await leasingCompany()
  const ontario = await company.property('Centretown', address('ON', 'Ottawa', 'K1R 5C9'))
  const bc = await company.property('Kits Point', address('BC', 'Vancouver', 'V6J 1A1'))
  const quebec = await company.property('Le Plateau', address('QC', 'Montréal', 'H2J 1A1'))
  const accounts = (await get(company.token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
  const account = (number: string) => accounts.find((a) => a.number === number)!.id
  const bank = await company.post('bank-accounts/', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })
  return { ...company, ontario, bc, quebec, account, bank }
}

/** The deposits liability's balance (a credit, as a positive amount) through a day, from the trial balance. */
async function depositsLiability(token: string, asOf = '2031-12-31') {
  const trial = await get(token, `reporting/trial-balance/?as_of=${asOf}`)
  const row = (trial.rows as Record<string, string | null>[]).find((r) => r.number === '2100')
  return cents(row?.credit) - cents(row?.debit)
}

describe('security deposits', () => {
  it('are agreed on a lease only as its province allows', async () => {
    const { token, post, ontario, bc } = await setUp()
    const resident = await post('residents/', { first_name: 'Ada', last_name: 'Tenant', resident_type: 'APPLICANT' })
    const unitIn = async (property: Body) => {
      const building = await post('buildings/', { name: String(property.name), property_group_id: property.id })
      return post('rental-units/', { unit_number: '101', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    }
    const [ottawa, vancouver] = [await unitIn(ontario), await unitIn(bc)]
    const leaseOf = (unit: Body, terms: Record<string, unknown>) =>
      api('POST', 'leases/', { token, body: { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2031-03-01', rent: '1500.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: resident.id, role: 'PRIMARY' }], ...terms } })

    // Ontario: no damage deposit, and a rent deposit of at most one month, as a deposit received is held to.
    const damage = await leaseOf(ottawa, { security_deposit: '750.00', key_deposit: '50.00' })
    expect(damage.status).toBe(400)
    expect(Object.keys(damage.body.errors)).toEqual(['security_deposit'])
    expect(damage.body.errors.security_deposit[0]).toMatch(/^Ontario allows no damage \(security\) deposit\./)
    const twoMonths = await leaseOf(ottawa, { last_month_rent_deposit: '3000.00' })
    expect(twoMonths.body.errors).toEqual({ last_month_rent_deposit: ['At most 1500.00: Ontario allows a last month’s rent deposit of at most one month’s rent.'] })
    // British Columbia: a security deposit of at most half a month's rent.
    const tooMuch = await leaseOf(vancouver, { security_deposit: '1000.00' })
    expect(tooMuch.body.errors).toEqual({ security_deposit: ['At most 750.00: British Columbia allows a damage (security) deposit of at most half a month’s rent.'] })
    expect((await get(token, 'leases/')).count).toBe(0)

    expect((await leaseOf(ottawa, { last_month_rent_deposit: '1500.00', key_deposit: '50.00' })).status).toBe(201)
    expect((await leaseOf(vancouver, { security_deposit: '750.00' })).status).toBe(201)
  })

  it('hold only what the province allows, in the deposits liability', async () => {
    const { token, post, lease, ontario, bc, quebec } = await setUp()
    const ottawa = await lease({ rent: '1550.00' }, ontario)
    const refused = async (body: Record<string, unknown>) => {
      const response = await api('POST', 'security-deposits/', { token, body: { date: '2031-03-01', method: 'CHEQUE', ...body } })
      expect(response.status, JSON.stringify(response.body)).toBe(400)
      return response.body.errors as Record<string, string[]>
    }
    // Ontario: no damage deposit; a last month's rent deposit of at most one month's rent; a key deposit.
    expect((await refused({ lease_id: ottawa.id, deposit_type: 'DAMAGE', amount: '500.00' })).deposit_type[0]).toMatch(/^Ontario allows no damage \(security\) deposit\./)
    expect((await refused({ lease_id: ottawa.id, deposit_type: 'LAST_MONTH_RENT', amount: '1600.00' })).amount[0]).toMatch(/^At most 1550\.00: Ontario allows a last month’s rent deposit of at most one month’s rent\./)
    const lmr = await post('security-deposits/', { lease_id: ottawa.id, deposit_type: 'LAST_MONTH_RENT', date: '2031-03-01', amount: '1550.00', method: 'CHEQUE', reference: '101' })
    expect(lmr).toMatchObject({ status: 'HELD', label: expect.stringMatching(/^Last month’s rent deposit · 101 · Centretown/) })
    await post('security-deposits/', { lease_id: ottawa.id, deposit_type: 'KEY', date: '2031-03-01', amount: '50.00', method: 'CASH' })

    // British Columbia: half a month's rent, counting what the lease already holds.
    const vancouver = await lease({ rent: '2000.00' }, bc)
    await post('security-deposits/', { lease_id: vancouver.id, deposit_type: 'DAMAGE', date: '2031-03-01', amount: '900.00', method: 'E_TRANSFER' })
    expect((await refused({ lease_id: vancouver.id, deposit_type: 'DAMAGE', amount: '100.01' })).amount[0]).toBe(
      'At most 100.00 (with the 900.00 already held): British Columbia allows a damage (security) deposit of at most half a month’s rent.',
    )
    // Québec: none at all.
    const montreal = await lease({ rent: '1200.00' }, quebec)
    expect((await refused({ lease_id: montreal.id, deposit_type: 'KEY', amount: '20.00' })).deposit_type[0]).toMatch(/^Québec allows no key deposit\./)

    // What was received stays as received: written as the deposit is made, not after; the reference can be corrected.
    const changed = await api('PUT', `security-deposits/${lmr.id}/`, { token, body: { amount: '1500.00', method: 'CHEQUE' } })
    expect(changed.status).toBe(400)
    expect(Object.keys(changed.body.errors).sort()).toEqual(['amount', 'method'])
    const corrected = await api('PUT', `security-deposits/${lmr.id}/`, { token, body: { reference: '0101' } })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    expect(corrected.body).toMatchObject({ amount: '1550.00', reference: '0101' })

    // Held in the liability, by lease: the rent roll shows each lease's, and the total is the account's.
    expect(await depositsLiability(token)).toBe(155_000 + 5_000 + 90_000)
    const roll = await get(token, 'reporting/rent-roll/?as_of=2031-03-15')
    const held = (roll.rows as Record<string, string>[]).filter((r) => r.lease_id).map((r) => [String(r.unit_label).split(' ')[0], r.deposit_held])
    expect(held).toEqual(expect.arrayContaining([[expect.any(String), '1600.00'], [expect.any(String), '900.00']]))
    expect(cents(roll.totals.deposit_held)).toBe(await depositsLiability(token, '2031-03-15'))
  })

  it('are settled at move-out: the owed charges and damage deducted, interest added, the rest refunded', async () => {
    const { token, companyId, post, lease, bc, ontario, account, bank } = await setUp()
    const vancouver = await lease({ start_date: '2031-03-01', rent: '2000.00' }, bc)
    await post('security-deposits/', { lease_id: vancouver.id, deposit_type: 'DAMAGE', date: '2031-03-01', amount: '1000.00', method: 'E_TRANSFER' })
    await runRentAt(companyId, '2031-04-02T16:00:00Z')
    await post('rent-payments/', { lease_id: vancouver.id, date: '2031-04-03', amount: '3500.00', method: 'E_TRANSFER' })
    expect((await api('POST', `leases/${vancouver.id}/end/`, { token, body: { move_out_date: '2031-04-30' } })).status).toBe(200)
    const april = ((await get(token, `rent-receivables/?lease_id=${vancouver.id}&owing=true`)).results as Body[])[0]
    expect(april.open).toBe('500.00')

    const draft = {
      lease_id: vancouver.id,
      date: '2031-05-10',
      interest: '5.00',
      interest_account_id: account('6000'),
      bank_account_id: bank.id,
      forwarding_address: '22 Elm Street, Burnaby BC',
      lines: [
        { charge_id: april.id, amount: '500.00' },
        { description: 'Broken blind, bedroom', amount: '120.00' },
      ],
    }
    // Deducting more than is held is refused at the lines, and nothing is made.
    const tooMuch = await api('POST', 'deposit-dispositions/', { token, body: { ...draft, lines: [...draft.lines, { description: 'Repainting', amount: '400.00' }] } })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.errors.lines[0]).toBe('The deductions come to 1020.00, more than the 1005.00 of deposits and interest held.')
    const disposition = await post('deposit-dispositions/', draft)
    expect(disposition).toMatchObject({ status: 'DRAFT', held: '1000.00', deducted: '620.00', refund: '385.00', due_date: '2031-05-15' })

    const completed = await api('POST', `deposit-dispositions/${disposition.id}/complete/`, { token, body: {} })
    expect(completed.status, JSON.stringify(completed.body)).toBe(200)
    expect(completed.body).toMatchObject({ status: 'COMPLETED', held: '1000.00', deducted: '620.00', refund: '385.00', payment_id: expect.any(String) })
    // The lease owes nothing: April and the damage were paid from the deposit.
    expect((await get(token, `leases/${vancouver.id}/`)).balance).toBe('0.00')
    const charges = ((await get(token, `rent-receivables/?lease_id=${vancouver.id}&owing=false&ordering=date`)).results as Body[]).map((c) => [c.description, c.amount, c.open])
    expect(charges).toContainEqual(['Broken blind, bedroom', '120.00', '0.00'])
    const payment = await get(token, `rent-payments/${completed.body.payment_id}/`)
    expect(payment).toMatchObject({ method: 'DEPOSIT', amount: '620.00', applied: '620.00' })
    // Its memo and reference change as any payment's do; the method it was made by stays.
    const edited = await api('PUT', `rent-payments/${payment.id}/`, { token, body: { memo: 'Applied at move-out', reference: 'DISP-1' } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(await get(token, `rent-payments/${payment.id}/`)).toMatchObject({ method: 'DEPOSIT', memo: 'Applied at move-out', reference: 'DISP-1' })
    // Another payment is not made from deposits by an API client.
    const cheque = (await get(token, `rent-payments/?lease_id=${vancouver.id}&method=CHEQUE`)).results[0] ?? (await get(token, `rent-payments/?lease_id=${vancouver.id}`)).results.find((p: Body) => p.method !== 'DEPOSIT')
    const toDeposit = await api('PUT', `rent-payments/${cheque.id}/`, { token, body: { method: 'DEPOSIT' } })
    expect(toDeposit.status).toBe(400)
    expect(Object.keys(toDeposit.body.errors)).toEqual(['method'])
    // The deposit is settled and the liability is empty; the bank paid the refund of 385.00 and 6000 bore the interest.
    expect((await get(token, `security-deposits/?lease_id=${vancouver.id}`)).results[0]).toMatchObject({ status: 'SETTLED', disposition_id: disposition.id })
    expect(await depositsLiability(token)).toBe(0)
    const trial = await get(token, 'reporting/trial-balance/?as_of=2031-12-31')
    const row = (number: string) => (trial.rows as Record<string, string | null>[]).find((r) => r.number === number)
    expect(row('6000')).toMatchObject({ debit: '5.00' })
    expect(trial.balanced).toBe(true)
    const aged = await get(token, 'reporting/aged-receivables/?as_of=2031-12-31')
    expect(aged.other_receivables).toBe('0.00')
    expect(aged.totals.total).toBe(aged.receivables_account_balance)
    // The residents' statement, as a PDF; another company's disposition is not found.
    const statement = await api('POST', `deposit-dispositions/${disposition.id}/statement/`, { token })
    expect(statement.status).toBe(200)
    expect(statement.headers.get('content-type')).toBe('application/pdf')
    const stranger = await leasingCompany()
    expect((await api('POST', `deposit-dispositions/${disposition.id}/statement/`, { token: stranger.token })).status).toBe(404)
    // Done is done: no change, no second completion, and a deposit payment is no cheque to bounce.
    expect((await api('PUT', `deposit-dispositions/${disposition.id}/`, { token, body: { ...draft, memo: 'again' } })).status).toBe(409)
    expect((await api('POST', `deposit-dispositions/${disposition.id}/complete/`, { token, body: {} })).status).toBe(409)
    expect((await api('POST', `rent-payments/${payment.id}/record-return/`, { token, body: { returned_date: '2031-05-20' } })).status).toBe(409)

    // Ontario: no deduction for damage, only for what the lease owes.
    const ottawa = await lease({ start_date: '2031-03-01', rent: '1500.00' }, ontario)
    await post('security-deposits/', { lease_id: ottawa.id, deposit_type: 'LAST_MONTH_RENT', date: '2031-03-01', amount: '1500.00', method: 'CHEQUE' })
    const damage = await api('POST', 'deposit-dispositions/', { token, body: { lease_id: ottawa.id, date: '2031-05-10', bank_account_id: bank.id, lines: [{ description: 'Scuffed floor', amount: '100.00' }] } })
    expect(damage.status).toBe(400)
    expect(damage.body.errors['lines[0].charge_id'][0]).toMatch(/Ontario allows no deduction for damage/)
    // A system value is not an API client's to choose.
    const chosen = await api('POST', 'rent-payments/', { token, body: { lease_id: ottawa.id, date: '2031-05-10', amount: '10.00', method: 'DEPOSIT' } })
    expect(chosen.status).toBe(400)
    expect(Object.keys(chosen.body.errors)).toEqual(['method'])
  })

  it('earn their province’s rates: owed to date on the deposit, and the disposition’s interest unless given, posted and stated', async () => {
    const { token, post, lease, property, ontario, bc, account, bank } = await setUp()
    const ottawa = await lease({ start_date: '2024-03-01', rent: '1500.00' }, ontario)
    const lmr = await post('security-deposits/', { lease_id: ottawa.id, deposit_type: 'LAST_MONTH_RENT', date: '2024-03-01', amount: '1500.00', method: 'CHEQUE' })
    const key = await post('security-deposits/', { lease_id: ottawa.id, deposit_type: 'KEY', date: '2024-03-01', amount: '50.00', method: 'CASH' })
    const vancouver = await lease({ start_date: '2024-03-01', rent: '1800.00' }, bc)
    const damage = await post('security-deposits/', { lease_id: vancouver.id, deposit_type: 'DAMAGE', date: '2024-03-01', amount: '900.00', method: 'CHEQUE' })
    // 2.5% for each whole year held since 2024-03-01 (two by now), and today's share of the third.
    const owed = cents((await get(token, `security-deposits/${lmr.id}/`)).interest_owed)
    expect(owed).toBeGreaterThanOrEqual(7_500)
    expect(owed).toBeLessThan(11_250)
    expect((await get(token, `security-deposits/${key.id}/`)).interest_owed).toBe('0.00')
    // British Columbia: each calendar year's rate, compounded; more than the first year's $21.72 by now.
    expect(cents((await get(token, `security-deposits/${damage.id}/`)).interest_owed)).toBeGreaterThan(2_172)

    // Left empty, a disposition's interest is the law's to its date: one year at 2025's 2.5%; given, it is what was given.
    const terms = { lease_id: ottawa.id, date: '2025-03-01', interest_account_id: account('6000'), bank_account_id: bank.id }
    const computed = await post('deposit-dispositions/', terms)
    expect(computed.interest).toBe('37.50')
    await api('DELETE', `deposit-dispositions/${computed.id}/`, { token })
    // Sent empty, as the page's form sends a field left empty: the same.
    const blank = await post('deposit-dispositions/', { ...terms, interest: '' })
    expect(blank.interest).toBe('37.50')
    await api('DELETE', `deposit-dispositions/${blank.id}/`, { token })
    expect((await post('deposit-dispositions/', { ...terms, interest: '10.00' })).interest).toBe('10.00')

    // British Columbia, to the refund: 306 days of 2024 at 2.7% and 60 of 2025 (the refund day counted) at 0.95% on $900 = $21.72,
    // charged to the interest account and refunded with the deposit when completed; the statement says so.
    const settled = await post('deposit-dispositions/', { lease_id: vancouver.id, date: '2025-03-01', interest_account_id: account('6000'), bank_account_id: bank.id })
    expect(settled).toMatchObject({ interest: '21.72', held: '900.00', refund: '921.72' })
    // Not while the residents still live there: the deposits are held until they leave.
    const early = await api('POST', `deposit-dispositions/${settled.id}/complete/`, { token, body: {} })
    expect(early.status).toBe(409)
    expect(early.body.errors.date[0]).toMatch(/still lived in/)
    expect((await get(token, `security-deposits/${damage.id}/`)).status).toBe('HELD')
    expect((await api('POST', `leases/${vancouver.id}/end/`, { token, body: { move_out_date: '2025-02-28' } })).status).toBe(200)
    const completed = await api('POST', `deposit-dispositions/${settled.id}/complete/`, { token, body: {} })
    expect(completed.status, JSON.stringify(completed.body)).toBe(200)
    const trial = await get(token, 'reporting/trial-balance/?as_of=2025-12-31')
    expect((trial.rows as Record<string, string | null>[]).find((r) => r.number === '6000')).toMatchObject({ debit: '21.72' })
    expect(trial.balanced).toBe(true)
    const statement = await api('POST', `deposit-dispositions/${settled.id}/statement/`, { token })
    expect(statement.status).toBe(200)
    expect(statement.headers.get('content-type')).toBe('application/pdf')

    // Alberta: 0% in 2023, 1.6% for 2024 and 0.5% for 257 days of 2025 on $1,500, not compounded: $29.28.
    const alberta = await property('Beltline', address('AB', 'Calgary', 'T2R 0A1'))
    const calgary = await lease({ start_date: '2023-07-01', rent: '1500.00' }, alberta)
    await post('security-deposits/', { lease_id: calgary.id, deposit_type: 'DAMAGE', date: '2023-07-01', amount: '1500.00', method: 'CHEQUE' })
    expect((await post('deposit-dispositions/', { lease_id: calgary.id, date: '2025-09-15', interest_account_id: account('6000'), bank_account_id: bank.id })).interest).toBe('29.28')
  })
})
