import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'
import { download, pdfPages } from './support/pdf-text'
import { mailTo } from '../setup/smtp'

/*
 * Receivables as an API client meets them: an invoice to an owner, a resident or another customer,
 * numbered in sequence, taxed by its property's province and type, posting to accounts receivable
 * and sales tax payable; paid in part, then in full, or many together; duplicated; voided (DELETE)
 * only while unpaid. Accounts receivable equals what invoices still owe throughout, and the trial
 * balance balances.
 */

const BC = { street: '800 Robson Street', city: 'Vancouver', province: 'BC', postal_code: 'V6Z 2E7', country: 'CA' }
const ON = { street: '100 Queen Street', city: 'Ottawa', province: 'ON', postal_code: 'K1P 1J9', country: 'CA' }

async function setUp() {
  const company = await leasingCompany()
  const { token, post } = company
  const chart = (await get(token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
  const account = (number: string) => chart.find((a) => a.number === number)!.id
  const bank = await post('bank-accounts/', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })
  const owner = await post('property-owners/', { owner_type: 'PERSON', first_name: 'Olive', last_name: 'Owner', email: 'olive@example.test' })
  return { ...company, account, bank, owner }
}

/** An account's balance as the trial balance has it, in cents (debit positive). */
async function balance(token: string, number: string) {
  const trial = await get(token, 'reporting/trial-balance/?as_of=2031-12-31')
  expect(trial.balanced).toBe(true)
  const row = (trial.rows as Record<string, string | null>[]).find((r) => r.number === number)
  return Math.round(Number(row?.debit ?? 0) * 100) - Math.round(Number(row?.credit ?? 0) * 100)
}

describe('invoices', () => {
  it('numbers invoices in sequence and taxes a commercial property in its province: Dr receivable, Cr income and sales tax', async () => {
    const { token, post, property, account, owner } = await setUp()
    const shops = await property('Robson Shops', BC)
    await api('PUT', `property-groups/${shops.id}/`, { token, body: { name: 'Robson Shops', property_type: 'COMMERCIAL', address: BC } })
    const invoice = await post('accounting/invoices/', {
      customer_type: 'OWNER',
      property_owner_id: owner.id,
      property_group_id: shops.id,
      date: '2031-03-02',
      terms: 'NET_15',
      lines: [
        { account_id: account('4500'), description: 'Storefront glass', amount: '400.00' },
        { account_id: account('4300'), description: 'Pass-through, exempt', amount: '50.00', tax: 'EXEMPT' },
      ],
    })
    expect(invoice).toMatchObject({
      number: 1001,
      label: 'Invoice 1001 · Olive Owner',
      customer_name: 'Olive Owner',
      customer_email: 'olive@example.test',
      due_date: '2031-03-17',
      subtotal: '450.00',
      // BC: GST 5 % and PST 7 % on the 400.00 taxable.
      tax_amount: '48.00',
      amount: '498.00',
      open: '498.00',
      status: 'POSTED',
    })
    expect((invoice.lines as Record<string, unknown>[]).map((l) => l.tax)).toEqual(['TAXABLE', 'EXEMPT'])
    const read = await get(token, `accounting/invoices/${invoice.id}/`)
    expect(read.taxes).toEqual([
      { code: 'GST', label: 'GST 5 %', rate: '5', taxable: '400.00', amount: '20.00' },
      { code: 'PST', label: 'PST 7 %', rate: '7', taxable: '400.00', amount: '28.00' },
    ])
    const journal = await get(token, `accounting/journal/?source_id=${invoice.id}`)
    const entry = await get(token, `accounting/journal/${journal.results[0].id}/`)
    expect((entry.lines as Record<string, unknown>[]).map((l) => [l.account_id, l.debit, l.credit, l.property_owner_id])).toEqual([
      [account('1200'), '498.00', null, owner.id],
      [account('4500'), null, '400.00', owner.id],
      [account('4300'), null, '50.00', owner.id],
      [account('2300'), null, '20.00', null],
      [account('2300'), null, '28.00', null],
    ])
    expect(await balance(token, '1200')).toBe(49800)
    expect(await balance(token, '2300')).toBe(-4800)

    // The next one takes the next number; a residential property's lines are exempt unless marked.
    const home = await property('Elgin Flats', ON)
    const next = await post('invoices/', { customer_type: 'OTHER', customer_name: 'City of Ottawa', property_group_id: home.id, date: '2031-03-05', lines: [{ account_id: account('4300'), amount: '100.00' }] })
    expect(next).toMatchObject({ number: 1002, due_date: '2031-03-05', tax_amount: '0.00', amount: '100.00' })
    const taxed = await post('invoices/', { customer_type: 'OTHER', customer_name: 'Film crew', property_group_id: home.id, date: '2031-03-05', lines: [{ account_id: account('4300'), amount: '100.00', tax: 'TAXABLE' }] })
    expect(taxed).toMatchObject({ number: 1003, tax_amount: '13.00', amount: '113.00' })

    // Aged receivables show them by customer beside the leases' charges, and tie to the receivables account.
    const aged = await get(token, 'reporting/aged-receivables/?as_of=2031-04-10')
    expect(aged.invoices.rows.map((r: Record<string, unknown>) => [r.customer_label, r.invoice_count, r.days_0_30, r.days_31_60, r.total])).toEqual([
      // Due March 5 (on receipt): 36 days past due; Olive's, due March 17 on net 15: 24 days.
      ['City of Ottawa', 1, '0.00', '100.00', '100.00'],
      ['Film crew', 1, '0.00', '113.00', '113.00'],
      ['Olive Owner', 1, '498.00', '0.00', '498.00'],
    ])
    expect(aged).toMatchObject({ receivables_account_balance: '711.00', other_receivables: '0.00' })
    expect((await get(token, `reporting/aged-receivables/?as_of=2031-04-10&property_group_id=${shops.id}`)).invoices.totals.total).toBe('498.00')
  })

  it('is paid in part, then in full; a payment voided owes again; a paid invoice cannot be deleted', async () => {
    const { token, post, home, account, bank, lease } = await setUp()
    const leased = await lease()
    const resident = ((leased as Record<string, unknown>).lines as { resident_id: string }[])[0].resident_id
    const invoice = await post('accounting/invoices/', { customer_type: 'RESIDENT', resident_id: resident, lease_id: leased.id, date: '2031-04-01', lines: [{ account_id: account('4500'), description: 'Broken window', amount: '300.00' }] })
    expect(invoice).toMatchObject({ customer_name: 'Ada Tenant', property_group_id: home.id, rental_unit_id: leased.unit.id, amount: '300.00' })

    const tooMuch = await api('POST', `accounting/invoices/${invoice.id}/record-payment/`, { token, body: { amount: '300.01', date: '2031-04-05', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(tooMuch.status).toBe(409)
    expect(tooMuch.body.errors).toEqual({ amount: ['At most the 300.00 the invoice still owes.'] })
    const part = await api('POST', `invoices/${invoice.id}/record-payment/`, { token, body: { amount: '100.00', date: '2031-04-05', bank_account_id: bank.id, method: 'CHEQUE', reference: '512' } })
    expect(part.status, JSON.stringify(part.body)).toBe(200)
    expect(part.body).toMatchObject({ paid_amount: '100.00', open: '200.00' })
    expect(await balance(token, '1200')).toBe(20000)
    expect(await balance(token, '1010')).toBe(10000)

    const deleted = await api('DELETE', `accounting/invoices/${invoice.id}/`, { token })
    expect(deleted.status).toBe(409)
    expect(deleted.body.detail).toMatch(/has payments: void them first/)

    const rest = await api('POST', `accounting/invoices/${invoice.id}/mark-as-paid/`, { token, body: { date: '2031-04-20', bank_account_id: bank.id, method: 'E_TRANSFER' } })
    expect(rest.body).toMatchObject({ paid_amount: '300.00', open: '0.00', owing: false })
    const payments = await get(token, `invoice-payments/?invoice_id=${invoice.id}&ordering=date`)
    expect(payments.results.map((p: Record<string, unknown>) => [p.amount, p.status])).toEqual([
      ['100.00', 'RECEIVED'],
      ['200.00', 'RECEIVED'],
    ])
    const voided = await api('POST', `invoice-payments/${payments.results[1].id}/void/`, { token, body: {} })
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect(await get(token, `accounting/invoices/${invoice.id}/`)).toMatchObject({ paid_amount: '100.00', open: '200.00', owing: true })
    expect(await balance(token, '1200')).toBe(20000)
  })

  it('voids (DELETE) an unpaid invoice, duplicates one, and pays many together', async () => {
    const { token, post, home, account, bank } = await setUp()
    const make = (name: string, amount: string) => post('accounting/invoices/', { customer_type: 'OTHER', customer_name: name, property_group_id: home.id, date: '2031-05-01', lines: [{ account_id: account('4300'), amount }] })
    const [a, b, c] = [await make('Laundry Co', '80.00'), await make('Vending Co', '45.50'), await make('Cable Co', '20.00')]

    const deleted = await api('DELETE', `accounting/invoices/${c.id}/`, { token })
    expect(deleted.status).toBe(204)
    expect(await get(token, `accounting/invoices/${c.id}/`)).toMatchObject({ status: 'VOID', open: '0.00' })
    expect(await balance(token, '1200')).toBe(12550)

    const copy = await api('POST', `accounting/invoices/${a.id}/duplicate/`, { token, body: {} })
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    const copies = await get(token, `accounting/invoices/?duplicated_from_id=${a.id}`)
    expect(copies.results).toHaveLength(1)
    expect(copies.results[0]).toMatchObject({ customer_name: 'Laundry Co', amount: '80.00', number: 1004 })

    const refused = await api('POST', 'accounting/invoices/bulk-mark-as-paid/', { token, body: { invoice_ids: [a.id, c.id], date: '2031-05-10', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toHaveProperty(['invoice_ids[1]'])
    expect(await get(token, `accounting/invoices/${a.id}/`)).toMatchObject({ paid_amount: '0.00' })

    const paid = await api('POST', 'invoices/bulk-mark-as-paid/', { token, body: { invoice_ids: [a.id, b.id], date: '2031-05-10', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(paid.body.payments.map((p: Record<string, unknown>) => p.amount)).toEqual(['80.00', '45.50'])
    expect(await balance(token, '1200')).toBe(8000)
  })

  it('refuses bad input by field and changes nothing', async () => {
    const { token, home, account } = await setUp()
    const send = (body: Record<string, unknown>) => api('POST', 'accounting/invoices/', { token, body: { customer_type: 'OTHER', customer_name: 'X', property_group_id: home.id, date: '2031-05-01', lines: [{ account_id: account('4300'), amount: '10.00' }], ...body } })
    expect((await send({ customer_type: 'OWNER' })).body.errors).toEqual({ property_owner_id: ['Choose the property owner it is billed to.'] })
    expect((await send({ customer_name: undefined })).body.errors).toEqual({ customer_name: ['Name the customer it is billed to.'] })
    expect((await send({ lines: [{ account_id: account('1010'), amount: '10.00' }] })).body.errors).toEqual({
      'lines[0].account_id': ['Line 1: Operating Bank Account is bank; an invoice’s line is credited to an income account.'],
    })
    expect((await send({ due_date: '2031-04-01' })).status).toBe(400)
    expect((await get(token, 'accounting/invoices/')).count).toBe(0)
    // No number was used up by the refusals.
    const made = await api('POST', 'accounting/invoices/', { token, body: { customer_type: 'OTHER', customer_name: 'X', property_group_id: home.id, date: '2031-05-01', lines: [{ account_id: account('4300'), amount: '10.00' }] } })
    expect(made.body.number).toBe(1001)
  })

  it('renders the invoice as a PDF and lists sales tax rates by province and date', async () => {
    const { token, post, home, account } = await setUp()
    const invoice = await post('accounting/invoices/', { customer_type: 'OTHER', customer_name: 'Film crew', property_group_id: home.id, date: '2031-05-01', memo: 'Location shoot, May 1', lines: [{ account_id: account('4300'), description: 'Lobby rental', amount: '250.00', tax: 'TAXABLE' }] })
    const pdf = await download(`invoices/${invoice.id}/generate-pdf/`, token)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = (await pdfPages(pdf.bytes)).join('\n')
    expect(text).toContain('Invoice 1001')
    expect(text).toContain('Film crew')
    expect(text).toContain('Lobby rental')
    expect(text).not.toContain('GST/HST registration')
    // Once the company says its registration number (as the CRA prints it), every invoice carries it.
    const wrong = await api('PUT', 'accounting/ledger-settings/', { token, body: { gst_number: '12345678RT0001' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({ gst_number: ['GST/HST registration number is 9 digits, RT and 4 digits, as 123456789RT0001.'] })
    const saved = await api('PUT', 'accounting/ledger-settings/', { token, body: { gst_number: '123456789 rt 0001' } })
    expect(saved.body).toMatchObject({ gst_number: '123456789RT0001' })
    const registered = (await pdfPages((await download(`invoices/${invoice.id}/generate-pdf/`, token)).bytes)).join('\n')
    expect(registered).toContain('GST/HST registration 123456789RT0001')

    // E-mailed to the customer with its PDF, once it has an address to go to.
    const noAddress = await api('POST', `accounting/invoices/${invoice.id}/email-to-customer/`, { token, body: {} })
    expect(noAddress.status).toBe(409)
    expect(noAddress.body.detail).toBe('Invoice 1001 · Film crew has no e-mail address: add the customer’s e-mail to the invoice to send it.')
    const address = `crew-${invoice.id.slice(0, 8)}@example.test`
    expect((await api('PUT', `accounting/invoices/${invoice.id}/`, { token, body: { customer_email: address } })).status).toBe(200)
    const sent = await api('POST', `accounting/invoices/${invoice.id}/email-to-customer/`, { token, body: {} })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const mail = mailTo(address, /Invoice 1001 from /)
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=.*invoice-1001\.pdf/)
    expect(mail.text).toContain('Please pay')
    expect((await get(token, `accounting/invoices/${invoice.id}/`)).emailed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    const rates = await get(token, 'accounting/sales-tax-rates/?province=ns&as_of=2025-04-01')
    expect(rates).toEqual([{ province: 'NS', code: 'HST', label: 'HST 14 %', rate: '14', effective_from: '2025-04-01', effective_to: null, recoverable: true }])
    const all = await get(token, 'sales-tax-rates/')
    expect(all.filter((r: { province: string }) => r.province === 'QC').map((r: { code: string; rate: string }) => `${r.code} ${r.rate}`)).toEqual(['GST 5', 'QST 9.975'])
  })

  it('bills a property’s finished work orders to its owner on one invoice with a markup, closes them, and bills each once', async () => {
    const { token, post, home, owner, account } = await setUp()
    await post('property-ownerships/', { property_group_id: home.id, property_owner_id: owner.id, percentage: '100.00' })
    const statuses = (await get(token, 'work-orders/statuses/?page_size=100')).results as { id: string; name: string }[]
    const status = (name: string) => statuses.find((s) => s.name === name)!.id
    const done = async (subject: string, hours: string) => {
      const order = await post('work-orders/', { subject, property_group_id: home.id, location: 'Boiler room', priority: 'ROUTINE' })
      await post('work-logs/', { work_order_id: order.id, work_date: '2026-11-01', hours, hourly_rate: '100.00', lines: [{ description: 'Parts', quantity: '1', unit_cost: '20.00' }] })
      const moved = await api('POST', `work-orders/${order.id}/change-status/`, { token, body: { status_id: status('Work done') } })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      return order
    }
    const boiler = await done('Boiler service', '2')
    const pump = await done('Sump pump', '1')
    const open = await post('work-orders/', { subject: 'Still going', property_group_id: home.id, location: 'Roof', priority: 'ROUTINE' })
    const markup = await post('accounting/markup-types/', { name: 'Standard 10%', markup_kind: 'PERCENT', percentage: '10.00', income_account_id: account('4300') })

    const early = await api('POST', 'work-orders/generate-bulk-invoice', { token, body: { property_group_id: home.id, work_order_ids: [boiler.id, open.id], date: '2031-05-15' } })
    expect(early.status).toBe(400)
    expect(early.body.errors).toEqual({ 'work_order_ids[1]': ['Still going: its work is not done yet.'] })

    const made = await api('POST', 'work-orders/generate-bulk-invoice', { token, body: { property_group_id: home.id, work_order_ids: [boiler.id, pump.id], markup_type_id: markup.id, date: '2031-05-15', terms: 'NET_30' } })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    // Boiler: 2 h × 100 + 20 = 220, markup 22; pump: 100 + 20 = 120, markup 12. Residential: no tax.
    expect(made.body).toMatchObject({ customer_type: 'OWNER', property_owner_id: owner.id, customer_name: 'Olive Owner', amount: '374.00', tax_amount: '0.00', due_date: '2031-06-14' })
    expect((made.body.lines as Record<string, unknown>[]).map((l) => [l.account_id, l.description, l.amount, l.work_order_id])).toEqual([
      [account('4500'), 'Boiler service', '220.00', boiler.id],
      [account('4300'), 'Standard 10%: Boiler service', '22.00', boiler.id],
      [account('4500'), 'Sump pump', '120.00', pump.id],
      [account('4300'), 'Standard 10%: Sump pump', '12.00', pump.id],
    ])
    expect(await get(token, `work-orders/${boiler.id}/`)).toMatchObject({ stage: 'CLOSED' })
    expect((await get(token, 'invoiceable-work-orders/')).count).toBe(0)
    expect(await balance(token, '1200')).toBe(37400)

    // Billed once.
    const again = await api('POST', 'work-orders/generate-bulk-invoice', { token, body: { property_group_id: home.id, work_order_ids: [pump.id], date: '2031-05-16' } })
    expect(again.status).toBe(400)
    expect(again.body.errors).toEqual({ 'work_order_ids[0]': ['Sump pump is billed already.'] })
  })
})


describe('an invoice changed', () => {
  it('works out its taxes again when only its date or property changes', async () => {
    const { token, post, property, account } = await setUp()
    const shops = await property('Harbour Shops', { street: '1 Water Street', city: 'Halifax', province: 'NS', postal_code: 'B3J 1A1', country: 'CA' })
    await api('PUT', `property-groups/${shops.id}/`, { token, body: { name: 'Harbour Shops', property_type: 'COMMERCIAL', address: { street: '1 Water Street', city: 'Halifax', province: 'NS', postal_code: 'B3J 1A1', country: 'CA' } } })
    const invoice = await post('accounting/invoices/', { customer_type: 'OTHER', customer_name: 'Chandler', property_group_id: shops.id, date: '2025-03-31', terms: 'NET_30', lines: [{ account_id: account('4300'), amount: '100.00' }] })
    expect(invoice).toMatchObject({ tax_amount: '15.00', amount: '115.00', due_date: '2025-04-30' })
    // Nova Scotia's HST fell to 14 % on April 1, 2025: dated a day later, it charges that, and is due on its terms from then.
    const moved = await api('PUT', `accounting/invoices/${invoice.id}/`, { token, body: { date: '2025-04-01' } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body).toMatchObject({ tax_amount: '14.00', amount: '114.00', due_date: '2025-05-01' })
    expect(await balance(token, '2300')).toBe(-1400)
  })
})
