import { describe, expect, it } from 'vitest'
import { api, signedInMember } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'
import { download, pdfPages } from './support/pdf-text'

/*
 * Purchase orders as an API client meets them: drafted with lines priced by quantity, sent for
 * approval, approved within the approver's limit or rejected with a reason, and fulfilled, which
 * enters the vendor's bill from the lines (posted to accounts payable; the trial balance still
 * balances). A refused move, a bad line or a delete outside the draft changes nothing.
 */

const PATH = 'accounting/purchase-orders'

async function setUp() {
  const company = await leasingCompany()
  const { token, post, home } = company
  const chart = (await get(token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
  const account = (number: string) => chart.find((a) => a.number === number)!.id
  const vendor = (body: Record<string, unknown> = {}) => post('vendors/', { name: 'Rapid Plumbing', payment_terms: 'NET_30', default_expense_account_id: account('5000'), ...body })
  const rapid = await vendor()
  const order = (body: Record<string, unknown> = {}) =>
    post(`${PATH}/`, {
      vendor_id: rapid.id,
      property_group_id: home.id,
      date: '2031-03-02',
      lines: [{ description: 'Circulator pump', quantity: '2', unit_price: '412.50' }],
      ...body,
    })
  const act = (id: string, action: string, body: Record<string, unknown> = {}, as = token) => api('POST', `${PATH}/${id}/${action}/`, { token: as, body })
  return { ...company, account, vendor, rapid, order, act }
}

/** Accounts payable (2000) as the trial balance has it, in cents owed; the trial balance balances. */
async function payable(token: string) {
  const trial = await get(token, 'reporting/trial-balance/?as_of=2031-12-31')
  expect(trial.balanced).toBe(true)
  const row = (trial.rows as Record<string, string | null>[]).find((r) => r.number === '2000')
  return Math.round(Number(row?.credit ?? 0) * 100) - Math.round(Number(row?.debit ?? 0) * 100)
}

const billCount = async (token: string) => (await get(token, 'accounting/bills/')).count as number

describe('purchase orders', () => {
  it('moves from draft to approval to approved to fulfilled, and fulfilling enters its bill from its lines', async () => {
    const { token, post, home, property, account, rapid, order, act } = await setUp()
    const other = await property('Rideau Towers')
    const building = await post('buildings/', { name: 'Rideau Towers', property_group_id: other.id })
    const unit = await post('rental-units/', { unit_number: '7', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    const po = await order({
      required_by: '2031-03-20',
      ship_to: 'Boiler room',
      memo: 'Before the cold',
      lines: [
        { description: 'Circulator pump', quantity: '2', unit_price: '412.50' },
        { description: 'Labour', quantity: '3.5', unit_price: '95.00', account_id: account('5100') },
        { description: 'Fittings for unit 7', quantity: '1.25', unit_price: '10.01', rental_unit_id: unit.id },
      ],
    })
    // Each line is its quantity times its unit price, to the cent; the vendor's default account where a line named none.
    expect(po).toMatchObject({ number: 1, label: 'PO 1 · Rapid Plumbing', status: 'DRAFT', amount: '1170.01', bill_id: null, approved_by_name: null })
    expect(po.lines).toMatchObject([
      { amount: '825.00', account_id: account('5000') },
      { amount: '332.50', account_id: account('5100') },
      { amount: '12.51', property_group_id: other.id, rental_unit_id: unit.id },
    ])

    // Fulfilling an order that is not approved is refused, and enters no bill.
    const early = await act(po.id, 'fulfill', { date: '2031-03-10' })
    expect(early.status).toBe(409)
    expect(early.body.detail).toBe('This purchase order is Draft; Fulfill needs it to be Approved.')
    expect(await billCount(token)).toBe(0)

    expect((await act(po.id, 'send-for-approval')).body.status).toBe('PENDING_APPROVAL')
    // Once sent it is kept as sent: no edit, no delete, and still no fulfilling.
    const edited = await api('PUT', `${PATH}/${po.id}/`, { token, body: { vendor_id: rapid.id, property_group_id: home.id, date: '2031-03-02', lines: [{ description: 'Cheaper', quantity: '1', unit_price: '1.00' }] } })
    expect(edited.status).toBe(409)
    expect((await api('DELETE', `${PATH}/${po.id}/`, { token })).status).toBe(409)
    expect((await act(po.id, 'fulfill', { date: '2031-03-10' })).status).toBe(409)

    const approved = await act(po.id, 'approve')
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    expect(approved.body).toMatchObject({ status: 'APPROVED', approved_by_name: expect.any(String), approved_on: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) })
    expect(await payable(token)).toBe(0)

    const fulfilled = await act(po.id, 'fulfill', { date: '2031-03-10', reference: 'RP-2240' })
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200)
    expect(fulfilled.body).toMatchObject({ status: 'FULFILLED', bill_id: expect.any(String) })
    const bill = await get(token, `accounting/bills/${fulfilled.body.bill_id}/`)
    expect(bill).toMatchObject({ vendor_id: rapid.id, reference: 'RP-2240', date: '2031-03-10', due_date: '2031-04-09', amount: '1170.01', status: 'POSTED', memo: 'PO 1 · Rapid Plumbing: Before the cold' })
    expect((bill.lines as Record<string, unknown>[]).map((l) => [l.account_id, l.description, l.property_group_id, l.rental_unit_id, l.amount])).toEqual([
      [account('5000'), 'Circulator pump (2.00 × 412.50)', home.id, null, '825.00'],
      [account('5100'), 'Labour (3.50 × 95.00)', home.id, null, '332.50'],
      [account('5000'), 'Fittings for unit 7 (1.25 × 10.01)', other.id, unit.id, '12.51'],
    ])
    // The bill posted through the one posting function; the books balance and owe the vendor its total.
    expect((await get(token, `accounting/journal/?source_id=${bill.id}`)).count).toBe(1)
    expect(await payable(token)).toBe(117001)
    // The bill names its order.
    expect((await get(token, `${PATH}/?bill_id=${bill.id}`)).results.map((r: { id: string }) => r.id)).toEqual([po.id])

    // Once fulfilled, it is not fulfilled again.
    expect((await act(po.id, 'fulfill', { date: '2031-03-11' })).status).toBe(409)
    expect(await billCount(token)).toBe(1)
    const history = (await get(token, `${PATH}/${po.id}/history/`)) as { action: string | null; to_state: string }[]
    expect(history.map((h) => [h.action, h.to_state])).toEqual([
      [null, 'DRAFT'],
      ['send-for-approval', 'PENDING_APPROVAL'],
      ['approve', 'APPROVED'],
      ['fulfill', 'FULFILLED'],
    ])

    const pdf = await download(`${PATH}/${po.id}/generate-pdf/`, token)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const [text] = await pdfPages(pdf.bytes)
    expect(text).toContain('Purchase Order')
    expect(text).toContain('PO 1 of 2031-03-02')
    expect(text).toContain('Circulator pump')
  })

  it('rejecting needs a reason and keeps who and why; a rejected order is corrected and sent again', async () => {
    const { token, order, act } = await setUp()
    const po = await order()
    await act(po.id, 'send-for-approval')
    const bare = await act(po.id, 'reject', {})
    expect(bare.status).toBe(400)
    expect(Object.keys(bare.body.errors)).toEqual(['reason'])
    expect(bare.body.errors.reason[0]).toMatch(/Reason/)
    expect((await get(token, `${PATH}/${po.id}/`)).status).toBe('PENDING_APPROVAL')

    const rejected = await act(po.id, 'reject', { reason: 'Get a second quote first.' })
    expect(rejected.status).toBe(200)
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejection_reason: 'Get a second quote first.', rejected_by_name: expect.any(String), rejected_on: expect.any(String) })
    // Rejected, it cannot be approved, but it can be corrected and sent again.
    expect((await act(po.id, 'approve')).status).toBe(409)
    const corrected = await api('PUT', `${PATH}/${po.id}/`, {
      token,
      body: { vendor_id: po.vendor_id, property_group_id: po.property_group_id, date: po.date, lines: [{ description: 'Circulator pump', quantity: '2', unit_price: '380.00' }] },
    })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    expect(corrected.body).toMatchObject({ amount: '760.00', status: 'REJECTED' })
    const resent = await act(po.id, 'send-for-approval')
    expect(resent.body).toMatchObject({ status: 'PENDING_APPROVAL', rejection_reason: null, rejected_by_name: null })
  })

  it('a property manager approves only up to their limit; a company administrator approves any amount', async () => {
    const { token, order, act } = await setUp()
    const member = await signedInMember({ token }, 'manager', { has_accounting_permissions: true })
    const manager = (await get(token, `property-managers/?search=${encodeURIComponent(member.email)}`)).results[0]
    const limit = (value: unknown) => api('PUT', `property-managers/${manager.id}/`, { token, body: { first_name: 'Member', last_name: 'manager', has_accounting_permissions: true, purchase_order_approval_limit: value } })

    const bad = await limit('12,50')
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['purchase_order_approval_limit'])
    expect((await limit('500.00')).body.purchase_order_approval_limit).toBe('500.00')

    const big = await order({ lines: [{ description: 'Pump', quantity: '1', unit_price: '600.00' }] })
    await act(big.id, 'send-for-approval')
    const refused = await act(big.id, 'approve', {}, member.token)
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toBe('Your purchase order approval limit is 500.00; this purchase order totals 600.00. Someone with a higher limit must approve it.')
    expect(await get(token, `${PATH}/${big.id}/`)).toMatchObject({ status: 'PENDING_APPROVAL', approved_by_name: null })

    const small = await order({ lines: [{ description: 'Valve', quantity: '3', unit_price: '150.00' }] })
    await act(small.id, 'send-for-approval')
    const within = await act(small.id, 'approve', {}, member.token)
    expect(within.status, JSON.stringify(within.body)).toBe(200)
    expect(within.body).toMatchObject({ status: 'APPROVED', approved_by_name: 'Member manager' })

    // The administrator who owns the workspace approves what the manager could not.
    expect((await act(big.id, 'approve')).body.status).toBe('APPROVED')
    // Without a limit, the manager is not limited.
    expect((await limit(null)).body.purchase_order_approval_limit).toBeNull()
    const later = await order({ lines: [{ description: 'Boiler', quantity: '1', unit_price: '9000.00' }] })
    await act(later.id, 'send-for-approval')
    expect((await act(later.id, 'approve', {}, member.token)).status).toBe(200)
  })

  it('is deleted only as a draft', async () => {
    const { token, order, act } = await setUp()
    const draft = await order()
    expect((await api('DELETE', `${PATH}/${draft.id}/`, { token })).status).toBe(204)
    expect((await api('GET', `${PATH}/${draft.id}/`, { token })).status).toBe(404)
    const sent = await order()
    await act(sent.id, 'send-for-approval')
    const refused = await api('DELETE', `${PATH}/${sent.id}/`, { token })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('A pending approval purchase order cannot be deleted; only a draft one can.')
    expect((await get(token, `${PATH}/${sent.id}/`)).status).toBe('PENDING_APPROVAL')
  })

  it('an approved order no longer wanted is canceled: it commits nothing and can no longer be fulfilled', async () => {
    const { token, order, act } = await setUp()
    const approved = await order()
    await act(approved.id, 'send-for-approval')
    expect((await act(approved.id, 'approve')).status).toBe(200)
    const canceled = await act(approved.id, 'cancel', { note: 'The pump came under warranty' })
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200)
    expect(await get(token, `${PATH}/${approved.id}/`)).toMatchObject({ status: 'CANCELED' })
    const fulfil = await act(approved.id, 'fulfill', { date: '2031-03-20' })
    expect(fulfil.status).toBe(409)
    expect(await billCount(token)).toBe(0)
    expect((await act(approved.id, 'cancel')).status).toBe(409)
    // The PO listing shows it canceled, committing nothing.
    const listing = await get(token, 'reporting/po-listing/?date_from=2031-03-01&date_to=2031-03-31')
    expect(listing.rows).toEqual([expect.objectContaining({ status: 'CANCELED', status_label: 'Canceled', amount: '825.00', unbilled: '0.00' })])
  })

  it('refuses bad input by the field it names, and changes nothing', async () => {
    const { token, home, post, vendor, order } = await setUp()
    const noDefault = await vendor({ name: 'Hydro', default_expense_account_id: null })
    const other = await post('property-groups/', { name: 'Elsewhere', property_type: 'RESIDENTIAL' })
    const building = await post('buildings/', { name: 'Elsewhere', property_group_id: other.id })
    const unit = await post('rental-units/', { unit_number: '9', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    const refused = async (body: Record<string, unknown>) => {
      const response = await api('POST', `${PATH}/`, { token, body: { vendor_id: noDefault.id, property_group_id: home.id, date: '2031-03-02', ...body } })
      expect(response.status, JSON.stringify(response.body)).toBe(400)
      return Object.keys(response.body.errors)
    }
    expect(await refused({ lines: [{ description: 'A', quantity: '1', unit_price: '1.00' }] })).toEqual(['lines[0].account_id'])
    expect(await refused({ vendor_id: undefined, lines: [{ description: 'A', quantity: '1', unit_price: '1.00' }] })).toContain('vendor_id')
    const withAccount = { description: 'A', quantity: '1', unit_price: '1.00', account_id: (await get(token, 'accounting/accounts/?search=Repairs')).results[0].id }
    expect(await refused({ lines: [withAccount, { ...withAccount, unit_price: undefined }] })).toEqual(['lines[1].unit_price'])
    expect(await refused({ lines: [{ ...withAccount, quantity: '0' }] })).toEqual(['lines[0].quantity'])
    expect(await refused({ lines: [{ ...withAccount, quantity: '0.01', unit_price: '0.01' }] })).toEqual(['lines[0].unit_price'])
    expect(await refused({ lines: [] })).toEqual(['lines'])
    expect(await refused({ rental_unit_id: unit.id, lines: [withAccount] })).toEqual(['rental_unit_id'])
    expect(await refused({ required_by: '2031-03-01', lines: [withAccount] })).toEqual(['required_by'])
    expect((await get(token, `${PATH}/`)).count).toBe(0)
    // A good one is numbered first, whatever was refused before it.
    expect((await order()).number).toBe(1)
  })

  it('lists purchase orders by status, vendor and property over a range, with what was billed of each', async () => {
    const { token, vendor, order, act } = await setUp()
    const green = await vendor({ name: 'Green Acres' })
    const fulfilled = await order({ date: '2031-02-01' })
    await act(fulfilled.id, 'send-for-approval')
    await act(fulfilled.id, 'approve')
    await act(fulfilled.id, 'fulfill', { date: '2031-02-10' })
    const approved = await order({ vendor_id: green.id, date: '2031-02-15', lines: [{ description: 'Clean-up', quantity: '1', unit_price: '1850.00' }] })
    await act(approved.id, 'send-for-approval')
    await act(approved.id, 'approve')
    await order({ date: '2031-02-20', lines: [{ description: 'Faucet', quantity: '4', unit_price: '129.99' }] })
    await order({ date: '2030-12-31' })

    const report = await get(token, 'reporting/po-listing/?date_from=2031-01-01&date_to=2031-12-31')
    expect(report).toMatchObject({ date_from: '2031-01-01', date_to: '2031-12-31', count: 3, totals: { amount: '3194.96', billed: '825.00', paid: '0.00', unbilled: '1850.00' } })
    expect(report.rows.map((r: Record<string, unknown>) => [r.number, r.status, r.amount, r.billed, r.unbilled])).toEqual([
      [1, 'FULFILLED', '825.00', '825.00', '0.00'],
      [2, 'APPROVED', '1850.00', '0.00', '1850.00'],
      [3, 'DRAFT', '519.96', '0.00', '0.00'],
    ])
    expect(report.by_status.find((s: { status: string }) => s.status === 'DRAFT')).toMatchObject({ count: 1, amount: '519.96' })
    const byVendor = await get(token, `reporting/po-listing/?date_from=2031-01-01&date_to=2031-12-31&vendor_id=${green.id}`)
    expect(byVendor).toMatchObject({ count: 1, filters: { vendor_label: 'Green Acres' } })
    expect((await get(token, 'reporting/po-listing/?date_from=2031-01-01&date_to=2031-12-31&status=FULFILLED')).count).toBe(1)

    const csv = await api('GET', 'reporting/po-listing/?date_from=2031-01-01&date_to=2031-12-31&format=csv', { token })
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('Green Acres')
    const wrong = await api('GET', `reporting/po-listing/?status=LOST`, { token })
    expect(wrong.status).toBe(400)
    expect(Object.keys(wrong.body.errors)).toEqual(['status'])
  })
})
