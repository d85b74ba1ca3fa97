import { describe, expect, it } from 'vitest'
import { api, signedInMember } from '../factories/api'
import { get, leasingCompany, runRentAt, type Body } from '../factories/leasing'

/*
 * The vacancies, the leasing overview and the rent reports beside the rent roll, as an API client
 * reads them: on small known portfolios, the figures each report gives, as of a day or over a
 * range; bad filters answer 400 naming their field; each answers CSV and PDF; and the tie-outs
 * hold: a rent ledger closes at the lease's rent account through its last day, rent outstanding
 * sums the month's charges and what paid them, and the vacant units are the rent roll's.
 */

type Company = Awaited<ReturnType<typeof leasingCompany>>
type Row = Record<string, unknown>

const cents = (money: unknown) => Math.round(Number(money ?? 0) * 100)
const unitNumber = (row: Row) => String(row.unit_label).split(' ')[0]

/** Sets a unit's market rent, keeping what else it holds. */
async function marketRent({ token }: Company, unitId: string, amount: string) {
  const unit = await get(token, `rental-units/${unitId}/`)
  const put = await api('PUT', `rental-units/${unitId}/`, { token, body: { unit_number: unit.unit_number, building_id: unit.building_id, unit_type: unit.unit_type, status: unit.status, market_rent: amount } })
  expect(put.status, JSON.stringify(put.body)).toBe(200)
}

/** Another lease on a lease's unit, for its residents (a renewal when `renews`), activated. */
async function nextLease({ token, post }: Company, after: Body & { unit: Body }, terms: Record<string, unknown>) {
  const created = await post('leases/', { rental_unit_id: after.unit.id, rent_frequency: 'MONTHLY', lines: (after.lines as Row[]).map(({ resident_id, role }) => ({ resident_id, role })), ...terms })
  const activated = await api('POST', `leases/${created.id}/activate/`, { token, body: {} })
  expect(activated.status, JSON.stringify(activated.body)).toBe(200)
  return created
}

async function action(token: string, path: string, body: Record<string, unknown>) {
  const response = await api('POST', path, { token, body })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body
}

/** Each bad query answers 400 naming its field, and only it. */
async function refuses(token: string, path: string, cases: [query: string, field: string][]) {
  for (const [query, field] of cases) {
    const bad = await api('GET', `${path}?${query}`, { token })
    expect(bad.status, query).toBe(400)
    expect(Object.keys(bad.body.errors ?? {}), query).toEqual([field])
  }
}

describe('vacancies and the leasing pages', () => {
  it('list the units vacant and becoming vacant, the leases expiring and the overview, as of a day', async () => {
    const company = await leasingCompany()
    const { token, companyId, post, lease, home } = company
    const fixed = (start: string, end: string, rent: string) => ({ lease_type: 'FIXED', start_date: start, end_date: end, rent })
    const ending = await lease(fixed('2031-01-01', '2031-12-31', '1500.00'))
    const leaving = await lease({ start_date: '2031-01-01', rent: '1200.00' })
    const renewed = await lease(fixed('2031-01-01', '2031-11-30', '1000.00'))
    const left = await lease(fixed('2031-01-01', '2031-12-31', '900.00'))
    const soon = await lease(fixed('2031-01-01', '2031-11-10', '1100.00'))
    await action(token, `leases/${left.id}/end/`, { move_out_date: '2031-06-30' })
    const building = (await get(token, `buildings/?property_group_id=${home.id}`)).results[0]
    const never = await post('rental-units/', { unit_number: '201', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', market_rent: '1400.00' })
    await post('rental-units/', { unit_number: '202', building_id: building.id, unit_type: 'APARTMENT', status: 'DOWN', market_rent: '1300.00' })
    await marketRent(company, left.unit.id, '950.00')

    await runRentAt(companyId, '2031-09-02T16:00:00Z')
    await runRentAt(companyId, '2031-10-02T16:00:00Z')
    await post('rent-payments/', { lease_id: ending.id, date: '2031-09-05', amount: '1500.00', method: 'CHEQUE' })
    const bounced = await post('rent-payments/', { lease_id: leaving.id, date: '2031-09-06', amount: '1200.00', method: 'CHEQUE' })
    await action(token, `rent-payments/${bounced.id}/record-return/`, { returned_date: '2031-09-20' })
    const later = await post('rent-payments/', { lease_id: soon.id, date: '2031-10-03', amount: '1100.00', method: 'EFT' })
    await action(token, `rent-payments/${later.id}/record-return/`, { returned_date: '2031-10-20' })

    await action(token, `leases/${leaving.id}/give-notice/`, { notice_date: '2031-09-20', move_out_date: '2031-10-31' })
    await nextLease(company, renewed, { lease_type: 'MONTH_TO_MONTH', start_date: '2031-12-01', rent: '1000.00', renews_lease_id: renewed.id })
    const signed = await nextLease(company, left, { lease_type: 'FIXED', start_date: '2031-11-01', end_date: '2032-10-31', rent: '975.00' })

    const asOf = '2031-10-15'
    const report = await get(token, `vacancies/?as_of=${asOf}`)
    const rows = report.rows as Row[]
    expect(rows.map((r) => [unitNumber(r), r.status, r.available_date])).toEqual([
      ['201', 'VACANT', null],
      [left.unit.unit_number, 'VACANT', '2031-07-01'],
      [leaving.unit.unit_number, 'NOTICE', '2031-11-01'],
      [soon.unit.unit_number, 'LEASE_ENDING', '2031-11-11'],
      [ending.unit.unit_number, 'LEASE_ENDING', '2032-01-01'],
    ])
    expect(rows[0]).toMatchObject({ rental_unit_id: never.id, days_vacant: null, last_lease: null, next_lease: null, market_rent: '1400.00' })
    expect(rows[1]).toMatchObject({
      days_vacant: 107,
      days_until_available: 0,
      market_rent: '950.00',
      last_lease: { lease_id: left.id, move_out_date: '2031-06-30', residents: 'Ada Tenant', rent: '900.00' },
      next_lease: { lease_id: signed.id, start_date: '2031-11-01', rent: '975.00' },
    })
    expect(rows[2]).toMatchObject({ days_vacant: null, days_until_available: 17, last_lease: { lease_id: leaving.id, notice_date: '2031-09-20' } })
    expect(report.summary).toMatchObject({ units: 7, vacant: 2, on_notice: 1, lease_ending: 2, pre_leased: 1, vacant_market_rent: '2350.00' })

    // The vacant units are the rent roll's on the same day, the unit out of service on neither list.
    const roll = await get(token, `reporting/rent-roll/?as_of=${asOf}&status=VACANT`)
    const now = await get(token, `vacancies/?as_of=${asOf}&availability=now`)
    expect((now.rows as Row[]).map((r) => r.rental_unit_id).sort()).toEqual((roll.rows as Row[]).map((r) => r.rental_unit_id).sort())
    expect(now.summary.vacant).toBe(roll.summary.vacant)
    // Looking 30 days ahead, the term ending at the year's end is not yet upcoming.
    const month = await get(token, `vacancies/?as_of=${asOf}&availability=upcoming&within_days=30`)
    expect((month.rows as Row[]).map(unitNumber)).toEqual([leaving.unit.unit_number, soon.unit.unit_number])
    // Before the notice was given, the unit was let with no date to leave; before the move-out, the other was let.
    const august = await get(token, 'vacancies/?as_of=2031-08-15&within_days=120')
    expect((august.rows as Row[]).map((r) => [unitNumber(r), r.status])).toEqual([
      ['201', 'VACANT'],
      [left.unit.unit_number, 'VACANT'],
      [soon.unit.unit_number, 'LEASE_ENDING'],
    ])
    expect((await get(token, 'vacancies/?as_of=2031-06-15&availability=now')).rows.map(unitNumber)).toEqual(['201'])

    // Leases expiring: fixed terms ending within the days asked, renewals aside.
    const sixty = await get(token, `leasing/expiring-leases/?as_of=${asOf}&within_days=60`)
    expect((sixty.rows as Row[]).map((r) => [r.lease_id, r.end_date, r.days_left])).toEqual([[soon.id, '2031-11-10', 26]])
    expect(sixty.by_month).toEqual([
      { month: '2031-10', count: 0, rent: '0.00' },
      { month: '2031-11', count: 1, rent: '1100.00' },
      { month: '2031-12', count: 0, rent: '0.00' },
    ])
    const hundredTwenty = await get(token, `leasing/expiring-leases/?as_of=${asOf}&within_days=120`)
    expect((hundredTwenty.rows as Row[]).map((r) => r.lease_id)).toEqual([soon.id, ending.id])
    expect(hundredTwenty).toMatchObject({ lease_count: 2, rent: '2600.00' })

    // The overview: occupancy as the rent roll counts it, terms ending by month, rent by month.
    const overview = await get(token, `leasing/overview/?as_of=${asOf}`)
    const fullRoll = await get(token, `reporting/rent-roll/?as_of=${asOf}`)
    expect(overview.occupancy).toEqual({ units: 7, occupied: 4, on_notice: 1, vacant: 2, down: 1, occupancy_percent: '57.1' })
    expect(overview.occupancy).toMatchObject({ occupied: fullRoll.summary.occupied, occupancy_percent: fullRoll.summary.occupancy_percent })
    expect((overview.vacant_units as Row[]).map(unitNumber)).toEqual(['201', left.unit.unit_number])
    expect((overview.notices as Row[]).map((r) => [r.lease_id, r.move_out_date])).toEqual([[leaving.id, '2031-10-31']])
    expect(overview.expirations_by_month).toHaveLength(12)
    expect((overview.expirations_by_month as Row[]).filter((m) => m.count)).toEqual([
      { month: '2031-11', count: 1 },
      { month: '2031-12', count: 1 },
    ])
    const rent = overview.rent_by_month as Row[]
    expect(rent.map((m) => m.month)).toEqual(['2030-11', '2030-12', ...Array.from({ length: 10 }, (_, i) => `2031-${String(i + 1).padStart(2, '0')}`)])
    // September: the returned cheque is not collected; October: one returned after the day still is.
    expect(rent.slice(-2)).toEqual([
      { month: '2031-09', charged: '4800.00', collected: '1500.00' },
      { month: '2031-10', charged: '4800.00', collected: '1100.00' },
    ])

    await refuses(token, 'vacancies/', [
      ['as_of=2031-02-30', 'as_of'],
      ['within_days=400', 'within_days'],
      ['within_days=ten', 'within_days'],
      ['availability=soon', 'availability'],
      ['property_group_id=00000000-0000-4000-8000-000000000000', 'property_group_id'],
    ])
    await refuses(token, 'leasing/expiring-leases/', [['within_days=0', 'within_days']])
    await refuses(token, 'leasing/overview/', [['as_of=yesterday', 'as_of']])
  })
})

describe('the rent ledger', () => {
  it('brings the balance forward, runs it line by line and closes at the rent account’s balance', async () => {
    const company = await leasingCompany()
    const { token, companyId, post, lease } = company
    const mine = await lease({ start_date: '2031-01-01', rent: '1000.00' })
    await post('security-deposits/', { lease_id: mine.id, deposit_type: 'KEY', date: '2031-01-01', amount: '50.00', method: 'CASH' })
    await runRentAt(companyId, '2031-02-02T16:00:00Z')
    await post('rent-payments/', { lease_id: mine.id, date: '2031-01-10', amount: '1000.00', method: 'CHEQUE' })
    await post('rent-payments/', { lease_id: mine.id, date: '2031-02-15', amount: '500.00', method: 'E_TRANSFER' })
    await post('rent-charges/', { lease_id: mine.id, date: '2031-02-20', charge_type: 'OTHER', description: 'Key replacement', amount: '75.00' })
    const mistaken = await post('rent-charges/', { lease_id: mine.id, date: '2031-02-22', charge_type: 'OTHER', description: 'Mistaken', amount: '60.00' })
    await action(token, `rent-charges/${mistaken.id}/void/`, {})
    await runRentAt(companyId, '2031-03-02T16:00:00Z')
    await post('rent-payments/', { lease_id: mine.id, date: '2031-03-05', amount: '2500.00', method: 'EFT' })
    const bounced = await post('rent-payments/', { lease_id: mine.id, date: '2031-03-10', amount: '100.00', method: 'CHEQUE' })
    await action(token, `rent-payments/${bounced.id}/record-return/`, { returned_date: '2031-03-12' })

    const february = await get(token, `reporting/rent-ledger/?lease_id=${mine.id}&date_from=2031-02-01&date_to=2031-02-28`)
    expect(february).toMatchObject({ lease_id: mine.id, residents: 'Ada Tenant', opening_balance: '0.00', total_charges: '1135.00', total_payments: '560.00', closing_balance: '575.00' })
    expect((february.lines as Row[]).map((l) => [l.date, l.type, l.charge_type, l.charge, l.payment, l.balance])).toEqual([
      ['2031-02-01', 'CHARGE', 'RENT', '1000.00', null, '1000.00'],
      ['2031-02-15', 'PAYMENT', null, null, '500.00', '500.00'],
      ['2031-02-20', 'CHARGE', 'OTHER', '75.00', null, '575.00'],
      ['2031-02-22', 'CHARGE', 'OTHER', '60.00', null, '635.00'],
      ['2031-02-22', 'ADJUSTMENT', 'OTHER', null, '60.00', '575.00'],
    ])
    // At the end of February, what it owes is February's unpaid half and the key; the key deposit is held.
    expect(february).toMatchObject({ total_unpaid: '575.00', prepayments: '0.00', deposit_held: '50.00' })

    const march = await get(token, `reporting/rent-ledger/?lease_id=${mine.id}&date_from=2031-03-01&date_to=2031-03-31`)
    expect(march).toMatchObject({ opening_balance: '575.00', closing_balance: '-925.00', total_unpaid: '0.00', prepayments: '925.00' })
    expect((march.lines as Row[]).map((l) => l.type)).toEqual(['CHARGE', 'PAYMENT', 'PAYMENT', 'RETURNED'])

    // Closing on any day is the rent account's balance through that day.
    const account = await get(token, `leases/${mine.id}/rent-account/`)
    for (const to of ['2031-01-31', '2031-02-28', '2031-03-11', '2031-03-31']) {
      const through = (account.lines as Row[]).filter((l) => String(l.date) <= to).reduce((sum, l) => sum + cents(l.charge) - cents(l.payment), 0)
      const ledger = await get(token, `reporting/rent-ledger/?lease_id=${mine.id}&date_from=2031-01-01&date_to=${to}`)
      expect(cents(ledger.closing_balance), to).toBe(through)
      expect(cents(ledger.total_unpaid) - cents(ledger.prepayments), to).toBe(through)
    }

    const csv = await api('GET', `reporting/rent-ledger/?lease_id=${mine.id}&date_from=2031-02-01&date_to=2031-02-28&format=csv`, { token })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(String(csv.body)).toMatch(/^Date,Entry,Type,Charge code,Description,Charge,Payment,Balance/)
    expect(String(csv.body)).toMatch(/2031-02-28,,,,Closing balance,,,575\.00/)
    const pdf = await api('GET', `reporting/rent-ledger/?lease_id=${mine.id}&format=pdf&date_from=2031-01-01&date_to=2031-03-31`, { token })
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(String(pdf.body).startsWith('%PDF')).toBe(true)

    // Its lease picker is the report's: a member with the reporting permission alone picks the lease (the leases' own picker is the leasing permission's).
    const reporter = await signedInMember({ token }, 'manager', { has_reporting_permissions: true })
    expect((await api('GET', 'leases/names/', { token: reporter.token })).status).toBe(403)
    const picker = await api('GET', `reporting/rent-ledger/leases/?search=101&selected=${mine.id}`, { token: reporter.token })
    expect(picker.status, JSON.stringify(picker.body)).toBe(200)
    expect(picker.body.results.map((r: Row) => r.id)).toEqual([mine.id])
    expect(picker.body.selected).toMatchObject({ id: mine.id, name: (await get(token, `leases/${mine.id}/`)).label })
    expect((await api('GET', 'reporting/rent-ledger/leases/?selected=someone', { token })).status).toBe(400)

    const other = await leasingCompany()
    const theirs = await other.lease({ start_date: '2031-01-01' })
    await refuses(token, 'reporting/rent-ledger/', [
      ['date_from=2031-01-01', 'lease_id'],
      [`lease_id=${theirs.id}`, 'lease_id'],
      [`lease_id=${mine.id}&date_from=2031-03-01&date_to=2031-02-01`, 'date_from'],
      [`lease_id=${mine.id}&date_to=2031-02-30`, 'date_to'],
    ])
    expect(JSON.stringify((await api('GET', `reporting/rent-ledger/?lease_id=${theirs.id}`, { token })).body)).not.toContain(theirs.id)
  })
})

describe('rent outstanding', () => {
  it('gives each lease’s charges of a month and what of them is collected by the day', async () => {
    const { token, companyId, post, lease } = await leasingCompany()
    const paying = await lease({ start_date: '2031-03-01', rent: '1000.00' })
    const slow = await lease({ start_date: '2031-03-01', rent: '800.00' })
    await runRentAt(companyId, '2031-03-02T16:00:00Z')
    await runRentAt(companyId, '2031-04-02T16:00:00Z')
    await post('rent-payments/', { lease_id: paying.id, date: '2031-03-05', amount: '1000.00', method: 'CHEQUE' })
    // The slow payer's April payment pays March first: March is collected in April.
    await post('rent-payments/', { lease_id: slow.id, date: '2031-04-03', amount: '500.00', method: 'CHEQUE' })
    await post('rent-payments/', { lease_id: paying.id, date: '2031-04-10', amount: '1000.00', method: 'CHEQUE' })
    await post('rent-charges/', { lease_id: slow.id, date: '2031-03-15', charge_type: 'PARKING', description: 'Stall 4', amount: '50.00' })

    const row = (report: Body, id: string) => (report.rows as Row[]).find((r) => r.lease_id === id)
    const march = await get(token, 'reporting/rent-outstanding/?month=2031-03&as_of=2031-04-30')
    expect(march).toMatchObject({ month: '2031-03', date_from: '2031-03-01', date_to: '2031-03-31', as_of: '2031-04-30' })
    expect(row(march, paying.id)).toMatchObject({ charged: '1000.00', collected: '1000.00', outstanding: '0.00', collection_percent: '100.0' })
    expect(row(march, slow.id)).toMatchObject({ charged: '850.00', collected: '500.00', outstanding: '350.00', collection_percent: '58.8' })
    expect(march.totals).toEqual({ charged: '1850.00', collected: '1500.00', outstanding: '350.00', collection_percent: '81.1' })
    // On the last day of March, the slow payer had paid nothing yet.
    expect(row(await get(token, 'reporting/rent-outstanding/?month=2031-03&as_of=2031-03-31'), slow.id)).toMatchObject({ collected: '0.00', outstanding: '850.00' })
    expect((await get(token, 'reporting/rent-outstanding/?month=2031-03&as_of=2031-04-30&charge_type=PARKING')).totals).toMatchObject({ charged: '50.00', collected: '0.00' })

    // Tie-outs: charged is the month's charges; collected is what the payments applied to them, no more than was paid.
    const charges = (await get(token, 'rent-receivables/?page_size=100')).results as Row[]
    expect(cents(march.totals.charged)).toBe(charges.filter((c) => String(c.date).startsWith('2031-03')).reduce((sum, c) => sum + cents(c.amount), 0))
    const april = await get(token, 'reporting/rent-outstanding/?month=2031-04&as_of=2031-04-30')
    const paid = ((await get(token, 'rent-payments/?page_size=100')).results as Row[]).reduce((sum, p) => sum + cents(p.amount), 0)
    expect(cents(march.totals.collected) + cents(april.totals.collected)).toBe(paid)
    expect(april.totals).toMatchObject({ charged: '1800.00', collected: '1000.00' })

    const csv = await api('GET', 'reporting/rent-outstanding/?month=2031-03&as_of=2031-04-30&format=csv', { token })
    expect(String(csv.body)).toMatch(/^Property,Unit,Lease,Residents,Charged,Collected,Outstanding,Collected %/)
    expect(String(csv.body)).toMatch(/Total,,,,1850\.00,1500\.00,350\.00,81\.1/)
    expect((await api('GET', 'reporting/rent-outstanding/?month=2031-03&format=pdf', { token })).headers.get('content-type')).toBe('application/pdf')
    await refuses(token, 'reporting/rent-outstanding/', [
      ['month=2031-13', 'month'],
      ['month=March', 'month'],
      ['charge_type=FOOD', 'charge_type'],
      ['as_of=2031-04-31', 'as_of'],
    ])
  })
})

describe('rent receipts', () => {
  it('say what Ontario asks of a receipt, for a payment or a resident’s payments over a range', async () => {
    const { token, companyId, post, lease, property } = await leasingCompany()
    const home = await property('Elgin Terrace', { street: '455 Elgin Street', city: 'Ottawa', province: 'ON', postal_code: 'K2P 1M7', country: 'CA' })
    const mine = await lease({ start_date: '2031-01-01', rent: '1000.00' }, home)
    await runRentAt(companyId, '2031-02-02T16:00:00Z')
    const january = await post('rent-payments/', { lease_id: mine.id, date: '2031-01-03', amount: '1000.00', method: 'E_TRANSFER', reference: 'CA1234' })
    const february = await post('rent-payments/', { lease_id: mine.id, date: '2031-02-03', amount: '1100.00', method: 'CHEQUE', reference: '204' })
    const bounced = await post('rent-payments/', { lease_id: mine.id, date: '2031-02-10', amount: '40.00', method: 'CHEQUE' })
    await action(token, `rent-payments/${bounced.id}/record-return/`, { returned_date: '2031-02-14' })
    const company = await get(token, 'property-management-company/')

    const one = await get(token, `reporting/rent-receipt/?payment_id=${january.id}`)
    expect(one.landlord.name).toBe(company.name)
    expect(one.receipts).toEqual([
      expect.objectContaining({
        payment_id: january.id,
        receipt_number: expect.stringMatching(/^R-\d{6}$/),
        unit_address: `Unit ${mine.unit.unit_number}, 455 Elgin Street, Ottawa, ON K2P 1M7`,
        tenants: ['Ada Tenant'],
        date: '2031-01-03',
        amount: '1000.00',
        method_label: 'Interac e-Transfer',
        reference: 'CA1234',
        paid_for: [{ description: 'Rent', period: '2031-01-01 to 2031-01-31', amount: '1000.00' }],
        credit: '0.00',
      }),
    ])
    // The resident's receipts over the range: February's paid the month and holds the rest; the returned cheque was not paid.
    const resident = ((mine as Body).lines as Row[])[0].resident_id as string
    const range = await get(token, `reporting/rent-receipt/?resident_id=${resident}&date_from=2031-01-01&date_to=2031-02-28`)
    expect((range.receipts as Row[]).map((r) => [r.payment_id, r.amount, r.credit])).toEqual([
      [january.id, '1000.00', '0.00'],
      [february.id, '1100.00', '100.00'],
    ])
    expect(range).toMatchObject({ resident_name: 'Ada Tenant', total: '2100.00' })

    const pdf = await api('GET', `reporting/rent-receipt/?payment_id=${february.id}&format=pdf`, { token })
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(/rent-receipt-R-\d{6}\.pdf/)
    expect(String(pdf.body).startsWith('%PDF')).toBe(true)
    const csv = await api('GET', `reporting/rent-receipt/?resident_id=${resident}&date_from=2031-01-01&date_to=2031-02-28&format=csv`, { token })
    expect(String(csv.body)).toMatch(/^Receipt,Date,Tenants,Rental unit,Method,Paid for,Amount/)
    expect(String(csv.body)).toContain('Total,,,,,,2100.00')

    const other = await leasingCompany()
    const theirs = await other.lease({ start_date: '2031-01-01' })
    const theirPayment = await other.post('rent-payments/', { lease_id: theirs.id, date: '2031-01-03', amount: '10.00', method: 'CASH' })
    await refuses(token, 'reporting/rent-receipt/', [
      ['', 'resident_id'],
      [`payment_id=${bounced.id}`, 'payment_id'],
      [`payment_id=${theirPayment.id}`, 'payment_id'],
      [`resident_id=${((theirs as Body).lines as Row[])[0].resident_id}`, 'resident_id'],
      [`resident_id=${resident}&date_from=2031-03-01&date_to=2031-01-01`, 'date_from'],
    ])
  })
})

describe('loss to lease', () => {
  it('sets each let unit’s rent against its market rent, with the vacancy loss apart', async () => {
    const company = await leasingCompany()
    const { token, post, lease, home } = company
    const below = await lease({ start_date: '2031-01-01', rent: '1500.00' })
    const above = await lease({ start_date: '2031-01-01', rent: '1200.00' })
    const unpriced = await lease({ start_date: '2031-01-01', rent: '900.00' })
    await marketRent(company, below.unit.id, '1600.00')
    await marketRent(company, above.unit.id, '1100.00')
    const building = (await get(token, `buildings/?property_group_id=${home.id}`)).results[0]
    await post('rental-units/', { unit_number: '301', building_id: building.id, unit_type: 'CONDO', status: 'VACANT', market_rent: '1400.00' })

    const report = await get(token, 'reporting/loss-to-lease/?as_of=2031-02-15')
    const row = (id: string) => (report.rows as Row[]).find((r) => r.lease_id === id)
    expect(row(below.id)).toMatchObject({ market_rent: '1600.00', in_place_rent: '1500.00', loss_to_lease: '100.00', loss_to_lease_percent: '6.3' })
    expect(row(above.id)).toMatchObject({ market_rent: '1100.00', in_place_rent: '1200.00', loss_to_lease: '-100.00', loss_to_lease_percent: '-9.1' })
    expect(row(unpriced.id)).toMatchObject({ market_rent: null, in_place_rent: '900.00', loss_to_lease: null })
    expect(report.totals).toEqual({
      market_rent: '2700.00',
      in_place_rent: '2700.00',
      loss_to_lease: '100.00',
      gain_to_lease: '100.00',
      net_loss_to_lease: '0.00',
      net_loss_to_lease_percent: '0.0',
      annual_net_loss_to_lease: '0.00',
    })
    expect(report).toMatchObject({ vacancy: { units: 1, vacancy_loss: '1400.00' }, gross_potential_rent: '4100.00', units_without_market_rent: 1 })
    // GPR − net loss to lease − vacancy loss = the rent in place.
    expect(cents(report.gross_potential_rent) - cents(report.totals.net_loss_to_lease) - cents(report.vacancy.vacancy_loss)).toBe(cents(report.totals.in_place_rent))

    // Before the leases began, every unit was vacant; a unit type narrows it.
    expect((await get(token, 'reporting/loss-to-lease/?as_of=2030-12-31')).rows).toEqual([])
    const condos = await get(token, 'reporting/loss-to-lease/?as_of=2031-02-15&unit_type=CONDO')
    expect(condos).toMatchObject({ rows: [], vacancy: { units: 1, vacancy_loss: '1400.00' } })

    expect(String((await api('GET', 'reporting/loss-to-lease/?as_of=2031-02-15&format=csv', { token })).body)).toMatch(/Occupied units,,,,2700\.00,2700\.00,0\.00,0\.0/)
    expect((await api('GET', 'reporting/loss-to-lease/?format=pdf', { token })).headers.get('content-type')).toBe('application/pdf')
    await refuses(token, 'reporting/loss-to-lease/', [
      ['unit_type=CASTLE', 'unit_type'],
      ['as_of=2031-1-1', 'as_of'],
    ])
  })
})

describe('moves in and out', () => {
  it('counts moves in and out over a range, renewals aside, with net absorption and turnover', async () => {
    const company = await leasingCompany()
    const { token, lease } = company
    const arriving = await lease({ start_date: '2031-02-01', move_in_date: '2031-02-03', rent: '1000.00', security_deposit: null, key_deposit: '50.00' })
    const departing = await lease({ start_date: '2030-12-01', rent: '1200.00' })
    await action(token, `leases/${departing.id}/give-notice/`, { notice_date: '2031-03-31', move_out_date: '2031-05-31' })
    const renewing = await lease({ lease_type: 'FIXED', start_date: '2030-06-01', end_date: '2031-03-31', rent: '900.00' })
    await nextLease(company, renewing, { lease_type: 'MONTH_TO_MONTH', start_date: '2031-04-01', rent: '900.00', renews_lease_id: renewing.id })
    const later = await lease({ start_date: '2031-07-01', rent: '1100.00' })

    const report = await get(token, 'reporting/move-in-move-out/?date_from=2031-01-01&date_to=2031-06-30')
    expect((report.rows as Row[]).map((r) => [r.date, r.type, r.lease_id])).toEqual([
      ['2031-02-03', 'MOVE_IN', arriving.id],
      ['2031-05-31', 'MOVE_OUT', departing.id],
    ])
    expect((report.rows as Row[])[0]).toMatchObject({ rent: '1000.00', deposit: '50.00', residents: 'Ada Tenant', start_date: '2031-02-01' })
    expect((report.rows as Row[])[1]).toMatchObject({ notice_date: '2031-03-31', days_notice: 61, move_out_date: '2031-05-31' })
    expect(report.summary).toEqual({ moves_in: 1, moves_out: 1, net_absorption: 0, units: 4, turnover_percent: '25.0' })

    const july = await get(token, 'reporting/move-in-move-out/?date_from=2031-07-01&date_to=2031-07-31&type=in')
    expect((july.rows as Row[]).map((r) => r.lease_id)).toEqual([later.id])
    const outs = await get(token, 'reporting/move-in-move-out/?date_from=2031-01-01&date_to=2031-06-30&type=out')
    expect((outs.rows as Row[]).map((r) => r.type)).toEqual(['MOVE_OUT'])
    expect(outs.summary.moves_in).toBe(1)

    expect(String((await api('GET', 'reporting/move-in-move-out/?date_from=2031-01-01&date_to=2031-06-30&format=csv', { token })).body)).toMatch(/^Date,Move,Property,Unit,Residents/)
    expect((await api('GET', 'reporting/move-in-move-out/?format=pdf', { token })).headers.get('content-type')).toBe('application/pdf')
    await refuses(token, 'reporting/move-in-move-out/', [
      ['type=transfer', 'type'],
      ['date_from=2031-06-30&date_to=2031-01-01', 'date_from'],
    ])
  })
})

describe('upcoming rent increases', () => {
  it('lists the increases taking effect in a range with the rent before and after, the notice and status; canceled ones never', async () => {
    const company = await leasingCompany()
    const { token, post, lease, property } = company
    const ottawa = await property('Elgin Place', { street: '455 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6J3', country: 'CA' })
    const first = await lease({}, ottawa)
    const second = await lease({ rent: '1200.00' }, ottawa)
    const third = await lease({ rent: '1000.00' }, ottawa)
    const noticed = await post('rent-increases/', { lease_id: first.id, new_rent: '1582.55', effective_date: '2032-03-01', notice_date: '2031-12-01' })
    await action(token, `rent-increases/${noticed.id}/give-notice/`, {})
    const draft = await post('rent-increases/', { lease_id: second.id, new_rent: '1224.00', effective_date: '2032-04-01', notice_date: null })
    const canceled = await post('rent-increases/', { lease_id: third.id, new_rent: '1020.00', effective_date: '2032-03-01', notice_date: '2031-12-01' })
    await action(token, `rent-increases/${canceled.id}/cancel/`, {})

    const report = await get(token, 'reporting/upcoming-rent-increase/?date_from=2032-01-01&date_to=2032-06-30')
    expect((report.rows as Row[]).map((r) => [r.effective_date, r.lease_id, r.status])).toEqual([
      ['2032-03-01', first.id, 'NOTICE_SENT'],
      ['2032-04-01', second.id, 'DRAFT'],
    ])
    expect((report.rows as Row[])[0]).toMatchObject({
      rent_increase_id: noticed.id,
      status_label: 'Notice given',
      current_rent: '1550.00',
      new_rent: '1582.55',
      change: '32.55',
      change_percent: '2.10',
      notice_date: '2031-12-01',
      days_notice: 91,
      residents: 'Ada Tenant',
      property_label: 'Elgin Place',
      flags: [],
    })
    expect((report.rows as Row[])[1]).toMatchObject({ rent_increase_id: draft.id, current_rent: '1200.00', new_rent: '1224.00', change: '24.00', change_percent: '2.00', notice_date: null, days_notice: null, flags: [] })
    expect(report.totals).toEqual({
      increases: 2,
      notices_given: 1,
      drafts: 1,
      current_rent: '2750.00',
      new_rent: '2806.55',
      change: '56.55',
      change_percent: '2.06',
      annual_change: '678.60',
    })

    // One state, one window, one property.
    expect(((await get(token, 'reporting/upcoming-rent-increase/?date_from=2032-01-01&date_to=2032-06-30&status=DRAFT')).rows as Row[]).map((r) => r.lease_id)).toEqual([second.id])
    expect(((await get(token, 'reporting/upcoming-rent-increase/?date_from=2032-03-15&date_to=2032-06-30')).rows as Row[]).map((r) => r.lease_id)).toEqual([second.id])
    expect((await get(token, `reporting/upcoming-rent-increase/?date_from=2032-01-01&date_to=2032-06-30&property_group_id=${company.home.id}`)).rows).toEqual([])
    // By default, from today for three months.
    const soon = await get(token, 'reporting/upcoming-rent-increase/')
    expect(soon.rows).toEqual([])
    expect(soon.date_to > soon.date_from).toBe(true)

    const csv = String((await api('GET', 'reporting/upcoming-rent-increase/?date_from=2032-01-01&date_to=2032-06-30&format=csv', { token })).body)
    expect(csv).toMatch(/^Effective,Property,Unit,Residents,Current rent,New rent,Change,Change %,Notice given,Status/)
    expect(csv).toContain('1582.55')
    expect((await api('GET', 'reporting/upcoming-rent-increase/?format=pdf', { token })).headers.get('content-type')).toBe('application/pdf')
    await refuses(token, 'reporting/upcoming-rent-increase/', [
      ['status=CANCELED', 'status'],
      ['date_from=2032-13-01', 'date_from'],
      ['date_from=2032-06-30&date_to=2032-01-01', 'date_from'],
    ])
  })
})
