import { describe, expect, it } from 'vitest'
import { letterText } from '../letter'
import { approvalRefusal, billFromPurchaseOrder, lineAmount, poListing, purchaseOrderLetter, unbilledOf, type ListedOrder, type PurchaseOrderDocument } from './purchase-orders'

describe('a purchase order line', () => {
  it('is its quantity times its unit price, to the nearest cent', () => {
    expect(lineAmount(200, 41250)).toBe(82500)
    expect(lineAmount(350, 9500)).toBe(33250)
    expect(lineAmount(125, 1001)).toBe(1251) // 12.5125 → 12.51
    expect(lineAmount(150, 1001)).toBe(1502) // 15.015 → 15.02
    expect(lineAmount(1, 1)).toBe(0)
  })
})

describe('who may approve', () => {
  const manager = { name: 'Ana', isCompanyAdmin: false }
  it('a manager approves up to their limit, and is told the limit beyond it', () => {
    expect(approvalRefusal(50000, { ...manager, limit: 50000 })).toBeNull()
    expect(approvalRefusal(50001, { ...manager, limit: 50000 })).toBe(
      'Your purchase order approval limit is 500.00; this purchase order totals 500.01. Someone with a higher limit must approve it.',
    )
  })
  it('without a limit, or as a company administrator, any amount', () => {
    expect(approvalRefusal(99_999_999, { ...manager, limit: null })).toBeNull()
    expect(approvalRefusal(99_999_999, { ...manager, isCompanyAdmin: true, limit: 100 })).toBeNull()
  })
})

describe('the bill fulfilling an order enters', () => {
  const order: PurchaseOrderDocument = {
    label: 'PO 7 · Rapid Plumbing',
    vendorId: 'v',
    propertyGroupId: 'home',
    rentalUnitId: 'unit-1',
    memo: 'Before the cold',
    workOrderId: 'wo',
    lines: [
      { accountId: 'a5000', description: 'Pump', quantity: 200, unitPrice: 41250, amount: 82500, propertyGroupId: null, rentalUnitId: null },
      { accountId: 'a5100', description: 'Call-out', quantity: 100, unitPrice: 9500, amount: 9500, propertyGroupId: 'other', rentalUnitId: null },
    ],
  }
  it('is the vendor’s, for the work order, each line as ordered on its own place or else the order’s', () => {
    expect(billFromPurchaseOrder(order, { date: '2031-03-10', reference: 'RP-1', dueDate: null })).toEqual({
      vendor_id: 'v',
      date: '2031-03-10',
      reference: 'RP-1',
      memo: 'PO 7 · Rapid Plumbing: Before the cold',
      work_order_id: 'wo',
      lines: [
        { account_id: 'a5000', description: 'Pump (2.00 × 412.50)', property_group_id: 'home', rental_unit_id: 'unit-1', amount: '825.00' },
        { account_id: 'a5100', description: 'Call-out', property_group_id: 'other', rental_unit_id: null, amount: '95.00' },
      ],
    })
  })
  it('takes a due date when one is given', () => {
    expect(billFromPurchaseOrder({ ...order, memo: null }, { date: '2031-03-10', reference: null, dueDate: '2031-03-31' })).toMatchObject({ due_date: '2031-03-31', memo: 'PO 7 · Rapid Plumbing' })
  })
})

describe('the PO listing', () => {
  const listed = (over: Partial<ListedOrder>): ListedOrder => ({
    id: 'x',
    number: 1,
    label: 'PO 1 · V',
    date: '2031-02-01',
    requiredBy: null,
    status: 'DRAFT',
    vendorId: 'v',
    vendorLabel: 'V',
    propertyLabel: 'P',
    amount: 10000,
    billId: null,
    billed: 0,
    paid: 0,
    ...over,
  })
  it('counts as unbilled only what is approved and not yet billed', () => {
    expect(unbilledOf({ status: 'DRAFT', amount: 100, billed: 0 })).toBe(0)
    expect(unbilledOf({ status: 'REJECTED', amount: 100, billed: 0 })).toBe(0)
    expect(unbilledOf({ status: 'APPROVED', amount: 100, billed: 0 })).toBe(100)
    expect(unbilledOf({ status: 'FULFILLED', amount: 100, billed: 100 })).toBe(0)
    // A fulfilled order whose bill was voided is committed again.
    expect(unbilledOf({ status: 'FULFILLED', amount: 100, billed: 0 })).toBe(100)
  })
  it('sorts by date and number, and totals by status', () => {
    const report = poListing([
      listed({ id: 'b', number: 2, date: '2031-02-05', status: 'APPROVED', amount: 185000 }),
      listed({ id: 'a', number: 1, status: 'FULFILLED', amount: 82500, billId: 'bill', billed: 82500, paid: 20000 }),
      listed({ id: 'c', number: 3, date: '2031-02-05', amount: 51996 }),
    ])
    expect(report.rows.map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(report.totals).toEqual({ amount: '3194.96', billed: '825.00', paid: '200.00', unbilled: '1850.00' })
    expect(report.by_status.map((s) => [s.status, s.count, s.amount])).toEqual([
      ['DRAFT', 1, '519.96'],
      ['PENDING_APPROVAL', 0, '0.00'],
      ['APPROVED', 1, '1850.00'],
      ['REJECTED', 0, '0.00'],
      ['FULFILLED', 1, '825.00'],
      ['CANCELED', 0, '0.00'],
    ])
  })
})

describe('the purchase order letter', () => {
  const input = {
    buyer: { name: 'Maple Street Management', address: '1 Main St, Ottawa', phone: '613-555-0100', email: null },
    vendor: { name: 'Rapid Plumbing', address: null },
    order: { number: 7, date: '2031-03-02', requiredBy: '2031-03-20', status: 'Pending approval', property: 'Bronson Court', unit: '7', shipTo: 'Boiler room', workOrder: null, memo: null, amount: 82500, approvedBy: null, approvedOn: null },
    lines: [{ description: 'Pump', quantity: 200, unitPrice: 41250, amount: 82500, account: '5000 Repairs' }],
    currency: 'CAD',
    numbers: 'en' as const,
  }
  it('says what, for where, by when, and asks to be signed until someone approved it', () => {
    const letter = purchaseOrderLetter(input)
    const text = letterText(letter)
    expect(text).toContain('PO 7 of 2031-03-02 (pending approval)')
    expect(text).toContain('Property: Bronson Court, unit 7')
    expect(text).toContain('Required by: 2031-03-20')
    expect(text).toContain('Pump — 2.00 × $412.50 (5000 Repairs): $825.00')
    expect(text).toContain('Total: $825.00')
    expect(letter.signatures).toEqual(['Authorized by', 'Date'])
  })
  it('names who approved it once approved', () => {
    const letter = purchaseOrderLetter({ ...input, order: { ...input.order, status: 'Approved', approvedBy: 'Ana Ruiz', approvedOn: '2031-03-03' } })
    expect(letter.subtitle).toBe('PO 7 of 2031-03-02')
    expect(letterText(letter)).toContain('Approved by Ana Ruiz on 2031-03-03.')
    expect(letter.signatures).toEqual([])
  })
})
