import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'
import { receivedMail } from '../setup/smtp'
import { download, pdfPages } from './support/pdf-text'

/*
 * Payables as an API client meets them: a vendor with its terms and EFT details; a bill whose lines
 * are expensed for properties and units, due on the vendor's terms, posting to accounts payable; a
 * payment in part and the rest marked as paid; many bills paid together, one payment per vendor;
 * a voided payment owes its bills again. Accounts payable equals the vendors' balances throughout,
 * and the trial balance balances.
 */

async function setUp() {
  const company = await leasingCompany()
  const { token, post, home, property } = company
  const chart = (await get(token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
  const account = (number: string) => chart.find((a) => a.number === number)!.id
  const bank = await post('bank-accounts/', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })
  const vendor = (body: Record<string, unknown> = {}) => post('vendors/', { name: 'Rapid Plumbing', payment_terms: 'NET_30', default_expense_account_id: account('5000'), ...body })
  return { ...company, token, post, home, property, account, bank, vendor }
}

/** Accounts payable (2000) as the trial balance has it, in cents owed. */
async function payable(token: string) {
  const trial = await get(token, 'reporting/trial-balance/?as_of=2031-12-31')
  expect(trial.balanced).toBe(true)
  const row = (trial.rows as Record<string, string | null>[]).find((r) => r.number === '2000')
  return Math.round(Number(row?.credit ?? 0) * 100) - Math.round(Number(row?.debit ?? 0) * 100)
}
const cents = (amount: unknown) => Math.round(Number(amount) * 100)

describe('payables', () => {
  it('a bill is due on its vendor’s terms, expensed by property and unit, and posts to accounts payable', async () => {
    const { token, post, home, property, account, vendor } = await setUp()
    const other = await property('Rideau Towers')
    const building = await post('buildings/', { name: 'Rideau Towers', property_group_id: other.id })
    const unit = await post('rental-units/', { unit_number: '7', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    const rapid = await vendor()
    const bill = await post('accounting/bills/', {
      vendor_id: rapid.id,
      reference: '4411',
      date: '2031-03-02',
      lines: [
        { description: 'Boiler service', property_group_id: home.id, amount: '300.00' },
        { description: 'Tap in unit 7', rental_unit_id: unit.id, amount: '120.50', account_id: account('5100') },
      ],
    })
    expect(bill).toMatchObject({ label: 'Bill 4411 · Rapid Plumbing of 2031-03-02', due_date: '2031-04-01', amount: '420.50', paid_amount: '0.00', open: '420.50', status: 'POSTED' })
    // The vendor's default account where a line named none; a unit's line on the unit's property.
    expect(bill.lines).toMatchObject([
      { account_id: account('5000'), property_group_id: home.id },
      { account_id: account('5100'), property_group_id: other.id, rental_unit_id: unit.id },
    ])
    const journal = await get(token, `accounting/journal/?source_id=${bill.id}`)
    expect(journal.count).toBe(1)
    const entry = await get(token, `accounting/journal/${journal.results[0].id}/`)
    // Dr each expense, Cr payable for each property, all the vendor's.
    expect((entry.lines as Record<string, unknown>[]).map((l) => [l.account_id, l.debit, l.credit, l.property_group_id, l.vendor_id])).toEqual([
      [account('5000'), '300.00', null, home.id, rapid.id],
      [account('5100'), '120.50', null, other.id, rapid.id],
      [account('2000'), null, '300.00', home.id, rapid.id],
      [account('2000'), null, '120.50', other.id, rapid.id],
    ])
    expect(await payable(token)).toBe(42050)
    expect(await get(token, `vendors/${rapid.id}/`)).toMatchObject({ balance: '420.50' })
  })

  it('keeps a vendor’s account number when its record is read and written back, and warns once its coverage lapses', async () => {
    const { token, vendor } = await setUp()
    const rapid = await vendor({ bank_institution_number: '003', bank_transit_number: '00102', bank_account_number: '1234-5678', insurance_expires_on: '2026-01-31' })
    expect(rapid.bank_account_number).toBe('•••••5678')
    const { id, balance, coverage_expires_on, default_expense_account_label, is_active, ...body } = rapid
    const written = await api('PUT', `vendors/${id}/`, { token, body: { ...body, phone: '613-555-0190', created_at: undefined, updated_at: undefined } })
    expect(written.status, JSON.stringify(written.body)).toBe(200)
    expect(written.body).toMatchObject({ bank_account_number: '•••••5678', phone: '613-555-0190', coverage_expires_on: '2026-01-31' })
    expect([balance, coverage_expires_on, is_active, default_expense_account_label]).toEqual(['0.00', '2026-01-31', true, '5000 Repairs and Maintenance'])
    const warnings = (await get(token, 'workspace-warnings/')).items as { slug: string; name: string }[]
    expect(warnings.find((w) => w.slug === 'vendor-coverage-lapsed')?.name).toBe('1 vendor’s insurance or WCB coverage has lapsed')
  })

  it('refuses what would be wrong, naming the field, and changes nothing', async () => {
    const { token, home, account, vendor } = await setUp()
    const badBank = await api('POST', 'vendors/', { token, body: { name: 'Short', payment_terms: 'NET_30', bank_institution_number: '003', bank_transit_number: '00102', bank_account_number: '12345' } })
    expect(badBank.status).toBe(400)
    expect(badBank.body.errors).toEqual({ bank_account_number: ['Account number must be 7 to 12 digits.'] })
    const partial = await api('POST', 'vendors/', { token, body: { name: 'Partial', payment_terms: 'NET_30', bank_transit_number: '00102' } })
    expect(partial.status).toBe(400)
    expect(Object.keys(partial.body.errors).sort()).toEqual(['bank_account_number', 'bank_institution_number'])

    const rapid = await vendor({ default_expense_account_id: null })
    const refused = await api('POST', 'accounting/bills/', {
      token,
      body: { vendor_id: rapid.id, date: '2031-03-02', due_date: '2031-03-01', lines: [{ amount: '10.00', property_group_id: home.id }, { account_id: account('1010'), amount: '5.00' }] },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({
      due_date: ['On or after the bill’s date, 2031-03-02.'],
      'lines[0].account_id': ['Line 1: choose the expense account (Rapid Plumbing has no default).'],
      'lines[1].account_id': ['Line 2: Operating Bank Account is bank; a bill is booked to an expense or asset account.'],
    })
    // A bill dated in a closed period.
    expect((await api('PUT', 'accounting/ledger-settings/', { token, body: { lock_date: '2026-01-31' } })).status).toBe(200)
    const locked = await api('POST', 'accounting/bills/', { token, body: { vendor_id: rapid.id, date: '2026-01-15', lines: [{ account_id: account('5000'), amount: '10.00' }] } })
    expect(locked.status, JSON.stringify(locked.body)).toBe(409)
    expect(locked.body.errors).toEqual({ date: [expect.stringContaining('2026-01-31')] })
    expect((await get(token, 'accounting/bills/')).count).toBe(0)
    expect(await payable(token)).toBe(0)
  })

  it('pays part and then the rest; a payment voided owes its bill again; payments are kept as paid', async () => {
    const { token, post, home, bank, vendor } = await setUp()
    const rapid = await vendor()
    const bill = await post('accounting/bills/', { vendor_id: rapid.id, date: '2031-03-02', lines: [{ property_group_id: home.id, amount: '500.00' }] })

    const tooMuch = await api('POST', `accounting/bills/${bill.id}/record-payment/`, { token, body: { amount: '600.00', date: '2031-03-10', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.errors).toEqual({ amount: ['At most the 500.00 the bill still owes.'] })

    // SPEC.md §7 names the call at the root too.
    const part = await api('POST', `bills/${bill.id}/record-payment/`, { token, body: { amount: '200.00', date: '2031-03-10', bank_account_id: bank.id, method: 'CHEQUE', reference: '1001' } })
    expect(part.status, JSON.stringify(part.body)).toBe(200)
    expect(part.body).toMatchObject({ paid_amount: '200.00', open: '300.00', owing: true })
    expect(await payable(token)).toBe(30000)

    const rest = await api('POST', `accounting/bills/${bill.id}/mark-as-paid/`, { token, body: { date: '2031-03-20', bank_account_id: bank.id, method: 'EFT' } })
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    expect(rest.body).toMatchObject({ paid_amount: '500.00', open: '0.00', owing: false })
    expect(await payable(token)).toBe(0)
    expect((await api('POST', `accounting/bills/${bill.id}/mark-as-paid/`, { token, body: { date: '2031-03-20', bank_account_id: bank.id, method: 'EFT' } })).status).toBe(409)

    const payments = (await get(token, `bill-payments/?bill_id=${bill.id}&ordering=date`)).results as Record<string, unknown>[]
    expect(payments.map((p) => [p.date, p.amount, p.method, p.reference, p.status])).toEqual([
      ['2031-03-10', '200.00', 'CHEQUE', '1001', 'PAID'],
      ['2031-03-20', '300.00', 'EFT', null, 'PAID'],
    ])
    // Only its memo and reference change.
    const amended = await api('PUT', `bill-payments/${payments[0].id}/`, { token, body: { reference: '1002', memo: 'Reissued' } })
    expect(amended.status).toBe(200)
    expect(amended.body).toMatchObject({ reference: '1002', memo: 'Reissued', amount: '200.00' })
    expect((await api('PUT', `bill-payments/${payments[0].id}/`, { token, body: { date: '2031-03-11' } })).status).toBe(400)

    // The bill cannot be voided while paid; its payment can, and the bill owes again.
    expect((await api('POST', `accounting/bills/${bill.id}/void/`, { token, body: {} })).status).toBe(409)
    const voided = await api('POST', `bill-payments/${payments[1].id}/void/`, { token, body: {} })
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect(await get(token, `accounting/bills/${bill.id}/`)).toMatchObject({ paid_amount: '200.00', open: '300.00' })
    expect(await payable(token)).toBe(30000)
  })

  it('marks many bills as paid in one transaction, one payment per vendor, or none when one is wrong', async () => {
    const { token, post, home, bank, vendor } = await setUp()
    const rapid = await vendor()
    const hydro = await vendor({ name: 'Ottawa Hydro', payment_terms: 'DUE_ON_RECEIPT' })
    const bill = (v: Record<string, unknown>, amount: string) => post('accounting/bills/', { vendor_id: v.id, date: '2031-03-02', lines: [{ property_group_id: home.id, amount }] })
    const [a, b, c] = [await bill(rapid, '100.00'), await bill(rapid, '250.00'), await bill(hydro, '75.25')]
    expect(c.due_date).toBe('2031-03-02')

    const twice = await api('POST', 'accounting/bills/bulk-mark-as-paid/', { token, body: { bill_ids: [a.id, a.id], date: '2031-03-15', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(twice.status).toBe(400)
    expect(twice.body.errors).toEqual({ 'bill_ids[1]': ['Bill 2 is chosen twice.'] })
    expect(await payable(token)).toBe(42525)

    const paid = await api('POST', 'bills/bulk-mark-as-paid/', { token, body: { bill_ids: [a.id, c.id, b.id], date: '2031-03-15', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect((paid.body.payments as Record<string, unknown>[]).map((p) => [p.vendor_id, p.amount])).toEqual([
      [rapid.id, '350.00'],
      [hydro.id, '75.25'],
    ])
    expect(await payable(token)).toBe(0)
    expect((await get(token, 'accounting/bills/?owing=true')).count).toBe(0)
    // Together they are one bulk payment, made of its vendors' payments.
    const bulk = await get(token, `bulk-bill-payments/${paid.body.bulk_bill_payment_id}/`)
    expect(bulk).toMatchObject({ date: '2031-03-15', bank_account_id: bank.id, amount: '425.25', payment_count: 2, bill_count: 3, label: 'Bills paid 2031-03-15 · Operating' })
    expect((await get(token, `bill-payments/?bulk_bill_payment_id=${bulk.id}`)).count).toBe(2)

    // Each payment's remittance letter lists the vendor's invoices it pays, and goes to the vendor by e-mail.
    const rapidPayment = (paid.body.payments as Record<string, string>[])[0]
    const letter = await download(`remittance-letters/${rapidPayment.id}/pdf/`, token)
    expect(letter.status).toBe(200)
    expect(letter.headers.get('content-type')).toBe('application/pdf')
    const words = (await pdfPages(letter.bytes)).join(' ')
    expect(words).toContain('Remittance Advice')
    expect(words).toContain('Payment of 2031-03-15 to Rapid Plumbing')
    expect(words).toMatch(/Invoice of 2031-03-02 \$100\.00/)
    expect(words).toMatch(/\$350\.00/)
    const noAddress = await api('POST', `remittance-letters/${rapidPayment.id}/email-to-vendor/`, { token, body: {} })
    expect(noAddress.status).toBe(409)
    expect(noAddress.body.detail).toBe('Rapid Plumbing has no e-mail address: add one to the vendor to e-mail its remittance letters.')
    const email = `office-${rapid.id.slice(0, 8)}@example.test`
    expect((await api('PUT', `vendors/${rapid.id}/`, { token, body: { email } })).status).toBe(200)
    const sent = await api('POST', `remittance-letters/${rapidPayment.id}/email-to-vendor/`, { token, body: {} })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const toThem = receivedMail().filter((m) => m.to.includes(email))
    expect(toThem).toHaveLength(1)
    expect(toThem[0].raw).toMatch(/Content-Type: application\/pdf; name=.*remittance-2031-03-15/)
    const again = await api('POST', 'accounting/bills/bulk-mark-as-paid/', { token, body: { bill_ids: [b.id], date: '2031-03-15', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(again.body.errors).toEqual({ 'bill_ids[0]': ['Bill 1 is not an open bill of your company: it may be paid or void already.'] })
    const bankRow = ((await get(token, 'reporting/trial-balance/?as_of=2031-12-31')).rows as Record<string, string | null>[]).find((r) => r.number === '1010')
    expect(cents(bankRow?.credit)).toBe(42525)
  })

  it('pays a bill for two properties from each property’s share, to the cent', async () => {
    const { token, post, home, property, bank, vendor } = await setUp()
    const other = await property('Rideau Towers')
    const rapid = await vendor()
    const bill = await post('accounting/bills/', { vendor_id: rapid.id, date: '2031-03-02', lines: [{ property_group_id: home.id, amount: '200.00' }, { property_group_id: other.id, amount: '100.00' }] })
    const paid = await api('POST', `accounting/bills/${bill.id}/record-payment/`, { token, body: { amount: '100.00', date: '2031-03-10', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(paid.status).toBe(200)
    const [payment] = (await get(token, `bill-payments/?bill_id=${bill.id}`)).results as Record<string, string>[]
    const entry = await get(token, `accounting/journal/${(await get(token, `accounting/journal/?source_id=${payment.id}`)).results[0].id}/`)
    // 100.00 of 300.00: 66.67 for the first property, 33.33 for the second.
    expect((entry.lines as Record<string, unknown>[]).map((l) => [l.debit, l.credit, l.property_group_id])).toEqual([
      ['66.67', null, home.id],
      [null, '66.67', home.id],
      ['33.33', null, other.id],
      [null, '33.33', other.id],
    ])
  })

  it('writes the EFT payments waiting into the account’s next CPA-005 file, holding back a vendor the bank would reject', async () => {
    const { token, post, home, bank, vendor } = await setUp()
    const unready = await api('POST', 'reporting/generate-eft-payment-file/', { token, body: { bank_account_id: bank.id, bill_payment_ids: [] } })
    expect(unready.status).toBe(400)
    const rapid = await vendor({ bank_institution_number: '004', bank_transit_number: '10442', bank_account_number: '5520184' })
    const hydro = await vendor({ name: 'Ottawa Hydro' })
    const paid = async (v: Record<string, unknown>, amount: string) => {
      const bill = await post('accounting/bills/', { vendor_id: v.id, date: '2031-03-02', lines: [{ property_group_id: home.id, amount }] })
      const done = await api('POST', `accounting/bills/${bill.id}/mark-as-paid/`, { token, body: { date: '2031-03-20', bank_account_id: bank.id, method: 'EFT' } })
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      return ((await get(token, `bill-payments/?bill_id=${bill.id}`)).results as Record<string, string>[])[0]
    }
    const [first, second, held] = [await paid(rapid, '1234.56'), await paid(rapid, '75.25'), await paid(hydro, '310.00')]

    const waiting = await get(token, `reporting/eft-payments/?bank_account_id=${bank.id}`)
    expect(waiting.last_file_number).toBe(0)
    expect((waiting.results as Record<string, unknown>[]).map((p) => [p.id, p.amount, p.problems])).toEqual([
      [first.id, '1234.56', []],
      [second.id, '75.25', []],
      [held.id, '310.00', ['no 3-digit institution number', 'no 5-digit transit number', 'no account number of 7 to 12 digits']],
    ])
    const rejected = await api('POST', 'reporting/generate-eft-payment-file/', { token, body: { bank_account_id: bank.id, bill_payment_ids: [first.id, held.id] } })
    expect(rejected.status).toBe(400)
    expect(Object.keys(rejected.body.errors)).toEqual(['bill_payment_ids[1]'])
    // The account has no originator settings yet: refused, naming them.
    const unset = await api('POST', 'reporting/generate-eft-payment-file/', { token, body: { bank_account_id: bank.id, bill_payment_ids: [first.id] } })
    expect(unset.status).toBe(409)
    expect(Object.keys(unset.body.errors).sort()).toEqual(['account_number', 'eft_data_centre', 'eft_originator_id'])
    const set = await api('PUT', `bank-accounts/${bank.id}/`, { token, body: { institution_number: '003', transit_number: '00012', account_number: '1004417', eft_originator_id: 'MAPLE00042', eft_data_centre: '00310', eft_short_name: 'Maple Street' } })
    expect(set.status, JSON.stringify(set.body)).toBe(200)

    const file = await api('POST', 'reporting/generate-eft-payment-file/', { token, body: { bank_account_id: bank.id, bill_payment_ids: [first.id, second.id] } })
    expect(file.status, JSON.stringify(file.body)).toBe(200)
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="eft-0001-\d{4}-\d{2}-\d{2}\.txt"$/)
    const records = String(file.body).split('\r\n').slice(0, -1)
    expect(records.map((r) => [r[0], r.length])).toEqual([
      ['A', 1464],
      ['C', 1464],
      ['C', 1464],
      ['Z', 1464],
    ])
    expect(records[1].slice(27, 37)).toBe('0000123456')
    expect(records[1].slice(43, 52)).toBe('000410442')
    expect(records[1].slice(104, 134).trim()).toBe('RAPID PLUMBING')
    expect(records[3].slice(46, 60)).toBe('00000000130981')
    // Sent once: they wait no more, and the next file takes the next number.
    expect((await get(token, `reporting/eft-payments/?bank_account_id=${bank.id}`)).results.map((p: Record<string, unknown>) => p.id)).toEqual([held.id])
    expect((await get(token, `bank-accounts/${bank.id}/`)).eft_file_number).toBe(1)
    const again = await api('POST', 'reporting/generate-eft-payment-file/', { token, body: { bank_account_id: bank.id, bill_payment_ids: [first.id] } })
    expect(again.status).toBe(400)
  })

  it('ages what each vendor is owed by days past due, as of any day, tied to the payable accounts', async () => {
    const { token, post, home, bank, vendor } = await setUp()
    const rapid = await vendor()
    const hydro = await vendor({ name: 'Ottawa Hydro', payment_terms: 'DUE_ON_RECEIPT' })
    const bill = (v: Record<string, unknown>, date: string, amount: string) => post('accounting/bills/', { vendor_id: v.id, date, lines: [{ property_group_id: home.id, amount }] })
    const old = await bill(rapid, '2031-01-05', '400.00') // due 2031-02-04
    await bill(rapid, '2031-03-01', '120.00') // due 2031-03-31
    await bill(hydro, '2031-02-10', '75.50') // due the same day
    expect((await api('POST', `accounting/bills/${old.id}/record-payment/`, { token, body: { amount: '100.00', date: '2031-03-20', bank_account_id: bank.id, method: 'CHEQUE' } })).status).toBe(200)

    const aged = await get(token, 'reporting/aged-payables/?as_of=2031-04-10')
    expect(aged.rows.map((r: Record<string, unknown>) => [r.vendor_label, r.bill_count, r.days_0_30, r.days_31_60, r.days_61_90, r.days_91_plus, r.total])).toEqual([
      ['Ottawa Hydro', 1, '0.00', '75.50', '0.00', '0.00', '75.50'],
      ['Rapid Plumbing', 2, '120.00', '0.00', '300.00', '0.00', '420.00'],
    ])
    expect(aged.totals.total).toBe('495.50')
    expect(aged).toMatchObject({ payables_account_balance: '495.50', other_payables: '0.00' })
    // As it stood before the payment, and before the last bill.
    const earlier = await get(token, 'reporting/aged-payables/?as_of=2031-02-20')
    expect(earlier.rows.map((r: Record<string, unknown>) => [r.vendor_label, r.total])).toEqual([
      ['Ottawa Hydro', '75.50'],
      ['Rapid Plumbing', '400.00'],
    ])
    expect(earlier.payables_account_balance).toBe('475.50')
    const one = await get(token, `reporting/aged-payables/?as_of=2031-04-10&vendor_id=${hydro.id}`)
    expect(one).toMatchObject({ filters: { vendor_label: 'Ottawa Hydro' }, payables_account_balance: '75.50' })
    const csv = await api('GET', 'reporting/aged-payables/?as_of=2031-04-10&format=csv', { token })
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('Rapid Plumbing,2,2031-02-04,120.00,0.00,300.00,0.00,0.00,420.00')
    expect((await api('GET', `reporting/aged-payables/?vendor_id=${home.id}`, { token })).status).toBe(400)
  })
})

