import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { pdfOf } from '../factories/files'
import { get, leasingCompany } from '../factories/leasing'
import { upload } from '../factories/uploads'

/*
 * An expense paid on the spot, as an API client records it: in one multipart request with its
 * receipt, paid by credit card or from a bank account, the GST/HST it included claimed as an input
 * tax credit where the property's rent is taxable (a cost where it is residential); refused by field when it is not paid from exactly one account; voided, its posting
 * reversed. The trial balance balances throughout.
 */

async function setUp() {
  const company = await leasingCompany()
  const { token, post } = company
  const chart = (await get(token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
  const account = (number: string) => chart.find((a) => a.number === number)!.id
  const bank = await post('bank-accounts/', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })
  const cardAccount = await post('accounting/accounts/', { number: '2050', name: 'Company Visa', account_type: 'LIABILITY', subtype: 'CREDIT_CARD' })
  const card = await post('credit-cards/', { name: 'Company Visa', gl_account_id: cardAccount.id, last_four: '4242' })
  return { ...company, account, bank, card, cardAccount }
}

async function balance(token: string, number: string) {
  const trial = await get(token, 'reporting/trial-balance/?as_of=2031-12-31')
  expect(trial.balanced).toBe(true)
  const row = (trial.rows as Record<string, string | null>[]).find((r) => r.number === number)
  return Math.round(Number(row?.debit ?? 0) * 100) - Math.round(Number(row?.credit ?? 0) * 100)
}

const receipt = () => new File([pdfOf()], 'receipt.pdf', { type: 'application/pdf' })

describe('expenses paid on the spot', () => {
  it('records one with its receipt in one step: Dr the expense and the tax credit, Cr the card', async () => {
    const { token, post, home, account, card } = await setUp()
    const shops = await post('property-groups/', { name: 'Queen Shops', property_type: 'COMMERCIAL' })
    const made = await upload('accounting/expenses/', token, {
      date: '2026-11-20',
      payee: 'Home Depot',
      property_group_id: shops.id,
      account_id: account('5000'),
      amount: '113.00',
      tax_amount: '13.00',
      credit_card_id: card.id,
      memo: 'Faucet cartridges',
      receipt: receipt(),
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ label: 'Expense of 2026-11-20 · Home Depot', amount: '113.00', tax_amount: '13.00', input_tax_credit: '13.00', status: 'POSTED' })
    const lines = async (id: string) => {
      const journal = await get(token, `accounting/journal/?source_id=${id}`)
      const entry = await get(token, `accounting/journal/${journal.results[0].id}/`)
      return (entry.lines as Record<string, unknown>[]).map((l) => [l.account_id, l.debit, l.credit, l.property_group_id])
    }
    expect(await lines(made.body.id)).toEqual([
      [account('5000'), '100.00', null, shops.id],
      [account('2300'), '13.00', null, shops.id],
      [expect.any(String), null, '113.00', shops.id],
    ])
    expect(await balance(token, '2050')).toBe(-11300)
    // The receipt is a document of the property's, as the record names it.
    const documents = await get(token, `documents/?record_type=property-groups&record_id=${shops.id}`)
    expect(documents.results.map((d: { id: string }) => d.id)).toContain(made.body.receipt_id)

    // For an apartment building the tax is a cost: its rent is exempt, so nothing is claimed back.
    const residential = await upload('accounting/expenses/', token, { date: '2026-11-21', payee: 'Home Depot', property_group_id: home.id, account_id: account('5000'), amount: '56.50', tax_amount: '6.50', credit_card_id: card.id })
    expect(residential.body).toMatchObject({ tax_amount: '6.50', input_tax_credit: '0.00' })
    expect(await lines(residential.body.id)).toEqual([
      [account('5000'), '56.50', null, home.id],
      [expect.any(String), null, '56.50', home.id],
    ])
    expect((await api('POST', `accounting/expenses/${residential.body.id}/void/`, { token, body: {} })).status).toBe(200)

    const voided = await api('POST', `accounting/expenses/${made.body.id}/void/`, { token, body: {} })
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect(await balance(token, '2050')).toBe(0)
    expect(await balance(token, '2300')).toBe(0)
  })

  it('refuses by field what is not paid from exactly one account, a tax not within it, or a bank account as the expense, and changes nothing', async () => {
    const { token, home, account, bank, card } = await setUp()
    const send = (fields: Record<string, string>) => upload('accounting/expenses/', token, { date: '2026-11-20', payee: 'Locksmith', property_group_id: home.id, account_id: account('5000'), amount: '80.00', ...fields })
    expect((await send({})).body.errors).toEqual({ bank_account_id: ['Choose the bank account or the credit card it was paid from (one of them).'] })
    expect((await send({ bank_account_id: bank.id, credit_card_id: card.id })).body.errors).toEqual({ credit_card_id: ['Choose the bank account or the credit card it was paid from (one of them).'] })
    expect((await send({ bank_account_id: bank.id, tax_amount: '80.00' })).body.errors).toEqual({ tax_amount: ['The GST/HST it included is part of what was paid: less than the amount.'] })
    expect((await send({ bank_account_id: bank.id, tax_amount: '9.20', input_tax_credit: '9.21' })).body.errors).toEqual({ input_tax_credit: ['At most the 9.20 of tax charged on it.'] })
    const wrong = await send({ bank_account_id: bank.id, account_id: account('1010') })
    expect(Object.keys(wrong.body.errors)).toEqual(['account_id'])
    expect((await send({ bank_account_id: bank.id, payee: '' })).body.errors).toEqual({ payee: ['Name who was paid, or choose the vendor.'] })
    expect((await get(token, 'accounting/expenses/')).count).toBe(0)
    const paid = await send({ bank_account_id: bank.id })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(await balance(token, '1010')).toBe(-8000)
  })
})

describe('the GST/HST return worksheet', () => {
  it('nets the GST/HST invoices charged in the period against the input tax credits of bills and expenses, credit notes added back, provincial taxes apart', async () => {
    const { token, post, home, property, account, bank } = await setUp()
    const shops = await property('Robson Shops', { street: '800 Robson Street', city: 'Vancouver', province: 'BC', postal_code: 'V6Z 2E7', country: 'CA' })
    await api('PUT', `property-groups/${shops.id}/`, { token, body: { name: 'Robson Shops', property_type: 'COMMERCIAL', address: { street: '800 Robson Street', city: 'Vancouver', province: 'BC', postal_code: 'V6Z 2E7', country: 'CA' } } })
    // BC: GST 5 % (on the return) and PST 7 % (not); one taxed line, one exempt.
    await post('accounting/invoices/', { customer_type: 'OTHER', customer_name: 'Cafe', property_group_id: shops.id, date: '2026-10-05', lines: [{ account_id: account('4300'), amount: '1000.00' }, { account_id: account('4300'), amount: '50.00', tax: 'EXEMPT' }] })
    // Outside the period, and a void one: neither counts.
    await post('accounting/invoices/', { customer_type: 'OTHER', customer_name: 'Cafe', property_group_id: shops.id, date: '2026-09-30', lines: [{ account_id: account('4300'), amount: '500.00' }] })
    const voided = await post('accounting/invoices/', { customer_type: 'OTHER', customer_name: 'Cafe', property_group_id: shops.id, date: '2026-10-06', lines: [{ account_id: account('4300'), amount: '500.00' }] })
    expect((await api('DELETE', `accounting/invoices/${voided.id}/`, { token })).status).toBe(204)
    // An expense for the apartment building claims nothing back (its rent is exempt); one for the shops does.
    for (const where of [home, shops]) {
      const paid = await upload('accounting/expenses/', token, { date: '2026-11-02', payee: 'Home Depot', property_group_id: where.id, account_id: account('5000'), amount: '113.00', tax_amount: '13.00', bank_account_id: bank.id })
      expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    }
    // A bill with GST on two lines: the shops' claimed, the building's a cost; the bill owes both.
    const glazier = await post('vendors/', { name: 'Robson Glass', payment_terms: 'NET_30', gst_number: '123456789RT0001' })
    const bill = await post('accounting/bills/', {
      vendor_id: glazier.id,
      date: '2026-11-10',
      lines: [
        { property_group_id: shops.id, account_id: account('5000'), amount: '400.00', tax_amount: '20.00' },
        { property_group_id: home.id, account_id: account('5000'), amount: '100.00', tax_amount: '5.00' },
      ],
    })
    expect(bill).toMatchObject({ amount: '525.00' })
    expect((bill.lines as Record<string, string>[]).map((l) => [l.tax_amount, l.input_tax_credit])).toEqual([
      ['20.00', '20.00'],
      ['5.00', '0.00'],
    ])
    // Claimed more than it charged: refused by the line's field.
    const over = await api('POST', 'accounting/bills/', { token, body: { vendor_id: glazier.id, date: '2026-11-10', lines: [{ property_group_id: shops.id, account_id: account('5000'), amount: '10.00', tax_amount: '0.50', input_tax_credit: '0.60' }] } })
    expect(over.body.errors).toEqual({ 'lines[0].input_tax_credit': ['Line 1: at most the 0.50 of tax charged on it.'] })
    // A credit note for part of the shops' glass takes back the credit claimed on it.
    await post('vendor-credits/', { vendor_id: glazier.id, date: '2026-11-20', credit_type: 'OVERBILLING', lines: [{ property_group_id: shops.id, account_id: account('5000'), amount: '40.00', tax_amount: '2.00' }] })
    // What is owed the vendor is the bill with its tax, less the credit with its tax.
    expect(await balance(token, '2000')).toBe(-(52_500 - 4_200))

    const worksheet = await get(token, 'reporting/gst-hst-return/?date_from=2026-10-01&date_to=2026-12-31')
    // 50.00 collected + 2.00 taken back − (13.00 + 20.00) claimed.
    expect(worksheet).toMatchObject({ line_101: '1000.00', line_103: '50.00', line_104: '2.00', line_105: '52.00', line_106: '33.00', line_109: '19.00', owing: true, invoice_count: 1, bill_count: 1, expense_count: 1, vendor_credit_count: 1, provincial_taxes: [{ code: 'PST', amount: '70.00' }] })
    const csv = await api('GET', 'reporting/gst-hst-return/?date_from=2026-10-01&date_to=2026-12-31&format=csv', { token })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(String(csv.body)).toMatch(/109,Net tax \(a refund when negative\),19\.00/)
    expect((await api('GET', 'reporting/gst-hst-return/?date_from=2026-12-31&date_to=2026-10-01', { token })).body.errors).toEqual({ date_from: ['Date from must be on or before date to.'] })
  })
})

describe('billable expenses', () => {
  it('passes a cost on to an owner with a markup, invoiced once', async () => {
    const { token, post, home, account } = await setUp()
    const owner = await post('property-owners/', { owner_type: 'PERSON', first_name: 'Olive', last_name: 'Owner' })
    const markup = await post('accounting/markup-types/', { name: 'Standard 10%', markup_kind: 'PERCENT', percentage: '10.00', income_account_id: account('4300') })
    const missing = await api('POST', 'billable-expenses/', { token, body: { date: '2026-11-20', description: 'Roof patch', amount: '200.00', property_group_id: home.id, customer_type: 'OWNER' } })
    expect(missing.body.errors).toEqual({ property_owner_id: ['Choose the owner it is passed on to.'] })
    const cost = await post('accounting/billable-expenses/', { date: '2026-11-20', description: 'Roof patch', amount: '200.00', property_group_id: home.id, customer_type: 'OWNER', property_owner_id: owner.id, markup_type_id: markup.id })
    expect(cost).toMatchObject({ status: 'UNBILLED', label: 'Roof patch · 200.00', invoice_id: null })

    const billed = await api('POST', `accounting/billable-expenses/${cost.id}/invoice/`, { token, body: { date: '2026-11-25', terms: 'NET_30' } })
    expect(billed.status, JSON.stringify(billed.body)).toBe(200)
    expect(billed.body).toMatchObject({ status: 'BILLED' })
    const invoice = await get(token, `accounting/invoices/${billed.body.invoice_id}/`)
    expect(invoice).toMatchObject({ customer_name: 'Olive Owner', amount: '220.00', due_date: '2026-12-25' })
    expect((invoice.lines as Record<string, unknown>[]).map((l) => [l.account_id, l.description, l.amount])).toEqual([
      [account('4500'), 'Roof patch', '200.00'],
      [account('4300'), 'Standard 10%: Roof patch', '20.00'],
    ])
    const again = await api('POST', `accounting/billable-expenses/${cost.id}/invoice/`, { token, body: { date: '2026-11-26' } })
    expect(again.status).toBe(409)
    expect((await get(token, 'accounting/invoices/')).count).toBe(1)
  })
})
