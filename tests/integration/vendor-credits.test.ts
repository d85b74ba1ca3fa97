import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'

/*
 * Vendor credits as an API client meets them: a credit posts Dr accounts payable / Cr the expenses
 * it names; applied to the vendor's open bills it reduces what each owes and what is left of it,
 * never beyond either, never to another vendor's or a void bill; voided only once nothing is applied,
 * its posting reversed; an application voided makes its bill owe again. Aged payables shows the
 * credits left and still ties to accounts payable; Pay Bills pays only what bills still owe.
 */

async function setUp() {
  const company = await leasingCompany()
  const { token, post } = company
  const chart = (await get(token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
  const account = (number: string) => chart.find((a) => a.number === number)!.id
  const bank = await post('bank-accounts/', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })
  const vendor = (body: Record<string, unknown> = {}) => post('vendors/', { name: 'Rapid Plumbing', payment_terms: 'NET_30', default_expense_account_id: account('5000'), ...body })
  const bill = (vendorId: string, amount: string, date = '2031-03-02') => post('accounting/bills/', { vendor_id: vendorId, date, lines: [{ property_group_id: company.home.id, amount }] })
  return { ...company, account, bank, vendor, bill }
}

/** Accounts payable (2000) as the trial balance has it (of one property's books, when given), in cents owed; the trial balance balances. */
async function payable(token: string, propertyGroupId?: string) {
  const trial = await get(token, `reporting/trial-balance/?as_of=2031-12-31${propertyGroupId ? `&property_group_id=${propertyGroupId}` : ''}`)
  expect(trial.balanced).toBe(true)
  const row = (trial.rows as Record<string, string | null>[]).find((r) => r.number === '2000')
  return Math.round(Number(row?.credit ?? 0) * 100) - Math.round(Number(row?.debit ?? 0) * 100)
}

describe('vendor credits', () => {
  it('a credit posts Dr accounts payable / Cr the expenses it names, by property', async () => {
    const { token, post, home, account, vendor, bill } = await setUp()
    const rapid = await vendor()
    await bill(rapid.id, '500.00')
    const credit = await post('vendor-credits/', {
      vendor_id: rapid.id,
      reference: 'CM-118',
      date: '2031-03-05',
      credit_type: 'OVERBILLING',
      lines: [
        { description: 'Overbilled hours', property_group_id: home.id, amount: '80.00' },
        { description: 'Returned valve', property_group_id: home.id, amount: '20.00', account_id: account('5100') },
      ],
    })
    expect(credit).toMatchObject({ label: 'Credit CM-118 · Rapid Plumbing of 2031-03-05', amount: '100.00', applied_amount: '0.00', remaining: '100.00', available: true, status: 'POSTED' })
    expect((credit.lines as { account_id: string }[])[0].account_id).toBe(account('5000'))
    const journal = await get(token, `accounting/journal/?source_id=${credit.id}`)
    expect(journal.count).toBe(1)
    const entry = await get(token, `accounting/journal/${journal.results[0].id}/`)
    expect(entry.source_type).toBe('VENDOR_CREDIT')
    expect((entry.lines as Record<string, unknown>[]).map((l) => [l.account_id, l.debit, l.credit, l.property_group_id, l.vendor_id])).toEqual([
      [account('5000'), null, '80.00', home.id, rapid.id],
      [account('5100'), null, '20.00', home.id, rapid.id],
      [account('2000'), '100.00', null, home.id, rapid.id],
    ])
    expect(await payable(token)).toBe(40000)
    // Bad input names its field and changes nothing.
    const bad = await api('POST', 'vendor-credits/', { token, body: { vendor_id: rapid.id, date: '2031-03-05', credit_type: 'OVERBILLING', lines: [{ property_group_id: home.id, amount: '10.00', account_id: account('1010') }] } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['lines[0].account_id'])
    expect((await get(token, 'vendor-credits/')).count).toBe(1)
    expect((await get(token, 'vendor-credit-types/')).map((t: { value: string }) => t.value)).toEqual(['RETURN', 'OVERBILLING', 'REBATE', 'WARRANTY', 'OTHER'])
  })

  it('applies to the vendor’s open bills within what each owes and what is left; an application voided owes again', async () => {
    const { token, post, home, vendor, bill } = await setUp()
    const rapid = await vendor()
    const hydro = await vendor({ name: 'Ottawa Hydro' })
    const [a, b] = [await bill(rapid.id, '60.00'), await bill(rapid.id, '200.00')]
    const theirs = await bill(hydro.id, '50.00')
    const credit = await post('vendor-credits/', { vendor_id: rapid.id, date: '2031-03-05', credit_type: 'RETURN', lines: [{ property_group_id: home.id, amount: '100.00' }] })
    const apply = (body: Record<string, unknown>) => api('POST', `vendor-credits/${credit.id}/apply/`, { token, body: { date: '2031-03-06', ...body } })

    const tooMuchForBill = await apply({ bill_id: a.id, amount: '70.00' })
    expect(tooMuchForBill.status).toBe(409)
    expect(tooMuchForBill.body.errors).toEqual({ amount: [`At most the 60.00 ${a.label} still owes.`] })
    const another = await apply({ bill_id: theirs.id, amount: '10.00' })
    expect(another.status).toBe(400)
    expect(Object.keys(another.body.errors)).toEqual(['bill_id'])
    const early = await apply({ bill_id: a.id, amount: '10.00', date: '2031-03-01' })
    expect(early.status).toBe(400)
    expect(early.body.errors).toEqual({ date: ['On or after the credit’s date, 2031-03-05.'] })

    expect((await apply({ bill_id: a.id, amount: '60.00' })).status).toBe(200)
    expect(await get(token, `accounting/bills/${a.id}/`)).toMatchObject({ paid_amount: '60.00', open: '0.00', owing: false })
    expect(await get(token, `vendor-credits/${credit.id}/`)).toMatchObject({ applied_amount: '60.00', remaining: '40.00', available: true })
    const paidBill = await apply({ bill_id: a.id, amount: '1.00' })
    expect(paidBill.status).toBe(409)
    expect(Object.keys(paidBill.body.errors)).toEqual(['bill_id'])
    const tooMuchForCredit = await apply({ bill_id: b.id, amount: '50.00' })
    expect(tooMuchForCredit.status).toBe(409)
    expect(tooMuchForCredit.body.errors).toEqual({ amount: ['At most the 40.00 left of the credit.'] })
    expect((await apply({ bill_id: b.id, amount: '40.00' })).status).toBe(200)
    expect(await get(token, `accounting/bills/${b.id}/`)).toMatchObject({ paid_amount: '40.00', open: '160.00' })
    expect(await get(token, `vendor-credits/${credit.id}/`)).toMatchObject({ remaining: '0.00', available: false })
    // Bills and credit of one building: the applications move nothing, and payable is the bills less the credit.
    expect(await payable(token)).toBe(6000 + 20000 + 5000 - 10000)

    const applications = await get(token, `vendor-credit-transactions/?vendor_credit_id=${credit.id}`)
    expect(applications.count).toBe(2)
    expect((await get(token, `vendor-credit-transactions/?bill_id=${b.id}`)).results[0]).toMatchObject({ amount: '40.00', status: 'APPLIED', vendor_id: rapid.id })
    const onA = (await get(token, `vendor-credit-transactions/?bill_id=${a.id}`)).results[0]
    // The credit cannot be voided while applied; nor a bill it settles.
    const voidCredit = await api('POST', `vendor-credits/${credit.id}/void/`, { token, body: {} })
    expect(voidCredit.status).toBe(409)
    expect((await api('POST', `accounting/bills/${a.id}/void/`, { token, body: {} })).status).toBe(409)
    // Its applications voided, the bills owe again and the credit can go.
    expect((await api('POST', `vendor-credit-transactions/${onA.id}/void/`, { token, body: {} })).status).toBe(200)
    expect(await get(token, `accounting/bills/${a.id}/`)).toMatchObject({ paid_amount: '0.00', open: '60.00', owing: true })
    expect(await get(token, `vendor-credits/${credit.id}/`)).toMatchObject({ applied_amount: '40.00', remaining: '60.00' })
    const onB = (await get(token, `vendor-credit-transactions/?bill_id=${b.id}`)).results[0]
    expect((await api('POST', `vendor-credit-transactions/${onB.id}/void/`, { token, body: {} })).status).toBe(200)
    expect((await api('POST', `vendor-credits/${credit.id}/void/`, { token, body: {} })).status).toBe(200)
    expect(await get(token, `vendor-credits/${credit.id}/`)).toMatchObject({ status: 'VOID', remaining: '0.00' })
    // Its posting reversed: the bills are owed in full again.
    expect(await payable(token)).toBe(6000 + 20000 + 5000)
    const voided = await api('POST', `vendor-credits/${credit.id}/apply/`, { token, body: { bill_id: b.id, amount: '1.00', date: '2031-03-06' } })
    expect(voided.status).toBe(409)
    // A void bill takes no credit.
    const fresh = await post('vendor-credits/', { vendor_id: rapid.id, date: '2031-03-05', credit_type: 'REBATE', lines: [{ property_group_id: home.id, amount: '5.00' }] })
    expect((await api('POST', `accounting/bills/${b.id}/void/`, { token, body: {} })).status).toBe(200)
    const toVoid = await api('POST', `vendor-credits/${fresh.id}/apply/`, { token, body: { bill_id: b.id, amount: '1.00', date: '2031-03-06' } })
    expect(toVoid.status).toBe(409)
    expect(toVoid.body.errors.bill_id[0]).toMatch(/is void/)
  })

  it('a credit settles only bills of its own properties: each building’s books keep their own payables', async () => {
    const { token, post, home, property, vendor } = await setUp()
    const annex = await property('Annex')
    const rapid = await vendor()
    const annexBill = await post('accounting/bills/', { vendor_id: rapid.id, date: '2031-03-02', lines: [{ property_group_id: annex.id, amount: '200.00', tax_amount: '26.00' }] })
    const credit = await post('vendor-credits/', { vendor_id: rapid.id, date: '2031-03-05', credit_type: 'RETURN', lines: [{ property_group_id: home.id, amount: '80.00' }] })
    expect([await payable(token, home.id), await payable(token, annex.id)]).toEqual([-8000, 22600])
    const refused = await api('POST', `vendor-credits/${credit.id}/apply/`, { token, body: { bill_id: annexBill.id, amount: '80.00', date: '2031-03-06' } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.bill_id[0]).toMatch(/is for other properties than the credit/)
    expect(await get(token, `accounting/bills/${annexBill.id}/`)).toMatchObject({ paid_amount: '0.00' })
    // A credit for the annex settles it, tax included.
    const annexCredit = await post('vendor-credits/', { vendor_id: rapid.id, date: '2031-03-05', credit_type: 'RETURN', lines: [{ property_group_id: annex.id, amount: '50.00', tax_amount: '6.50' }] })
    expect((await api('POST', `vendor-credits/${annexCredit.id}/apply/`, { token, body: { bill_id: annexBill.id, amount: '56.50', date: '2031-03-06' } })).status).toBe(200)
    expect(await get(token, `accounting/bills/${annexBill.id}/`)).toMatchObject({ paid_amount: '56.50', open: '169.50' })
    expect([await payable(token, home.id), await payable(token, annex.id)]).toEqual([-8000, 16950])
  })

  it('aged payables shows the credits left and still ties to accounts payable; Pay Bills pays only what is left', async () => {
    const { token, post, home, bank, vendor, bill } = await setUp()
    const rapid = await vendor()
    const hydro = await vendor({ name: 'Ottawa Hydro' })
    const acme = await vendor({ name: 'Acme Supply' })
    const a = await bill(rapid.id, '300.00')
    const h = await bill(hydro.id, '75.50')
    const credit = await post('vendor-credits/', { vendor_id: rapid.id, date: '2031-03-05', credit_type: 'WARRANTY', lines: [{ property_group_id: home.id, amount: '125.00' }] })
    await post('vendor-credits/', { vendor_id: acme.id, date: '2031-03-05', credit_type: 'REBATE', lines: [{ property_group_id: home.id, amount: '10.00' }] })
    expect((await api('POST', `vendor-credits/${credit.id}/apply/`, { token, body: { bill_id: a.id, amount: '100.00', date: '2031-03-10' } })).status).toBe(200)

    const aged = await get(token, 'reporting/aged-payables/?as_of=2031-03-20')
    expect(aged.rows.map((r: Record<string, unknown>) => [r.vendor_label, r.bill_count, r.days_0_30, r.credits, r.total])).toEqual([
      ['Acme Supply', 0, '0.00', '-10.00', '-10.00'],
      ['Ottawa Hydro', 1, '75.50', '0.00', '75.50'],
      ['Rapid Plumbing', 1, '200.00', '-25.00', '175.00'],
    ])
    expect(aged).toMatchObject({ payables_account_balance: '240.50', other_payables: '0.00', totals: { credits: '-35.00', total: '240.50' } })
    // Before the application: the bill owed in full, the credit all left.
    const before = await get(token, 'reporting/aged-payables/?as_of=2031-03-07')
    expect(before.rows.map((r: Record<string, unknown>) => [r.vendor_label, r.credits, r.total])).toContainEqual(['Rapid Plumbing', '-125.00', '175.00'])
    expect(before.other_payables).toBe('0.00')
    expect(await payable(token)).toBe(24050)

    const paid = await api('POST', 'bills/bulk-mark-as-paid/', { token, body: { bill_ids: [a.id, h.id], date: '2031-03-15', bank_account_id: bank.id, method: 'CHEQUE' } })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect((paid.body.payments as Record<string, unknown>[]).map((p) => [p.vendor_id, p.amount])).toEqual([
      [rapid.id, '200.00'],
      [hydro.id, '75.50'],
    ])
    expect(await get(token, `accounting/bills/${a.id}/`)).toMatchObject({ paid_amount: '300.00', open: '0.00', owing: false })
    // What is left is the unapplied credits, a debit on payables.
    expect(await payable(token)).toBe(-3500)
    const after = await get(token, 'reporting/aged-payables/?as_of=2031-03-31')
    expect(after).toMatchObject({ payables_account_balance: '-35.00', other_payables: '0.00' })
  })
})
