import { describe, expect, it } from 'vitest'
import { letterText } from '../letter'
import { bankDetailsErrors, billDraft, billPaymentDraft, dueDateFor, dueDateOf, paymentsForBills, propertySharesOf, prorate } from './bills'
import { remittanceLetter } from './remittance'

describe('payables rules', () => {
  it('dates a bill’s due day by its vendor’s terms', () => {
    expect(dueDateFor('2026-01-31', 'NET_30')).toBe('2026-03-02')
    expect(dueDateFor('2026-12-20', 'NET_15')).toBe('2027-01-04')
    expect(dueDateFor('2026-05-05', 'DUE_ON_RECEIPT')).toBe('2026-05-05')
    expect(dueDateFor('2026-05-05', null)).toBe('2026-05-05')
  })

  it('takes EFT details whole and of the right lengths', () => {
    expect(bankDetailsErrors({ institution: '003', transit: '00102', accountKept: true })).toEqual({})
    expect(bankDetailsErrors({})).toEqual({})
    expect(bankDetailsErrors({ institution: '03', transit: '102', accountKept: true })).toEqual({
      bank_institution_number: ['Institution number must be 3 digits.'],
      bank_transit_number: ['Transit number must be 5 digits.'],
    })
    expect(Object.keys(bankDetailsErrors({ transit: '00102' })).sort()).toEqual(['bank_account_number', 'bank_institution_number'])
  })

  it('shares an amount by weights to the cent, the leftover cents to the largest remainders', () => {
    expect(prorate(10000, [['a', 20000], ['b', 10000]])).toEqual([['a', 6667], ['b', 3333]])
    expect(prorate(100, [['a', 1], ['b', 1], ['c', 1]])).toEqual([['a', 34], ['b', 33], ['c', 33]])
    expect(prorate(1, [['a', 1], ['b', 3]])).toEqual([['b', 1]])
    expect(prorate(500, [])).toEqual([])
    for (const amount of [1, 99, 12345, 1000001]) expect(prorate(amount, [['a', 7], ['b', 11], ['c', 13]]).reduce((sum, [, c]) => sum + c, 0)).toBe(amount)
  })

  it('posts a bill as its expenses against payable for each property, and nothing once void', () => {
    const bill = {
      id: 'b1',
      date: '2026-03-02',
      label: 'Bill 7 · Rapid of 2026-03-02',
      vendorId: 'v1',
      status: 'POSTED',
      lines: [
        { accountId: 'repairs', amount: 30000, propertyGroupId: 'p1' },
        { accountId: 'utilities', amount: 2050, propertyGroupId: 'p1', rentalUnitId: 'u1' },
        { accountId: 'repairs', amount: 1000, propertyGroupId: null },
      ],
    }
    const draft = billDraft(bill, 'ap', 'tax')!
    expect(draft.source).toEqual({ type: 'BILL', id: 'b1', purpose: 'BILL' })
    expect(draft.lines.map((l) => [l.accountId, l.amount, l.propertyGroupId, l.vendorId])).toEqual([
      ['repairs', 30000, 'p1', 'v1'],
      ['utilities', 2050, 'p1', 'v1'],
      ['repairs', 1000, null, 'v1'],
      ['ap', -32050, 'p1', 'v1'],
      ['ap', -1000, null, 'v1'],
    ])
    expect(draft.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0)
    expect(billDraft({ ...bill, status: 'VOID' }, 'ap', 'tax')).toBeNull()
  })

  it('posts the tax a bill charged: the credit claimed to sales tax payable, the rest a cost of the line, all owed to the vendor', () => {
    const bill = {
      id: 'b2',
      date: '2026-03-02',
      label: 'Bill 8 · Rapid of 2026-03-02',
      vendorId: 'v1',
      status: 'POSTED',
      lines: [
        // A shop: HST 13 % claimed back in full.
        { accountId: 'repairs', amount: 10000, taxAmount: 1300, inputTaxCredit: 1300, propertyGroupId: 'shops' },
        // An apartment building: the tax is a cost of the repair.
        { accountId: 'repairs', amount: 20000, taxAmount: 2600, inputTaxCredit: 0, propertyGroupId: 'flats' },
        // Mixed use: the commercial share claimed.
        { accountId: 'supplies', amount: 1000, taxAmount: 130, inputTaxCredit: 52, propertyGroupId: 'mixed' },
      ],
    }
    const draft = billDraft(bill, 'ap', 'tax')!
    expect(draft.lines.map((l) => [l.accountId, l.amount, l.propertyGroupId])).toEqual([
      ['repairs', 10000, 'shops'],
      ['tax', 1300, 'shops'],
      ['repairs', 22600, 'flats'],
      ['supplies', 1078, 'mixed'],
      ['tax', 52, 'mixed'],
      ['ap', -11300, 'shops'],
      ['ap', -22600, 'flats'],
      ['ap', -1130, 'mixed'],
    ])
    expect(draft.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0)
    // Paying half of it pays half of each property's share, tax included.
    expect(propertySharesOf(17515, bill.lines)).toEqual([
      { propertyGroupId: 'shops', amount: 5650 },
      { propertyGroupId: 'flats', amount: 11300 },
      { propertyGroupId: 'mixed', amount: 565 },
    ])
  })

  it('posts a payment from each property’s share of the bills it pays', () => {
    const shares = propertySharesOf(10000, [
      { amount: 20000, propertyGroupId: 'p1' },
      { amount: 10000, propertyGroupId: 'p2' },
    ])
    expect(shares).toEqual([
      { propertyGroupId: 'p1', amount: 6667 },
      { propertyGroupId: 'p2', amount: 3333 },
    ])
    const draft = billPaymentDraft({ id: 'pay', date: '2026-03-10', label: 'Payment', vendorId: 'v1', status: 'PAID', bankAccountId: 'bank', lines: [{ propertyShares: shares }, { propertyShares: [{ propertyGroupId: 'p1', amount: 500 }] }] }, 'ap')!
    expect(draft.lines.map((l) => [l.accountId, l.amount, l.propertyGroupId])).toEqual([
      ['ap', 7167, 'p1'],
      ['bank', -7167, 'p1'],
      ['ap', 3333, 'p2'],
      ['bank', -3333, 'p2'],
    ])
  })

  it('pays bills marked together with one payment per vendor, in the order chosen', () => {
    expect(
      paymentsForBills([
        { id: 'a', vendorId: 'v1', open: 100 },
        { id: 'b', vendorId: 'v2', open: 50 },
        { id: 'c', vendorId: 'v1', open: 25 },
        { id: 'd', vendorId: 'v2', open: 0 },
      ]),
    ).toEqual([
      { vendorId: 'v1', amount: 125, lines: [{ billId: 'a', amount: 100 }, { billId: 'c', amount: 25 }] },
      { vendorId: 'v2', amount: 50, lines: [{ billId: 'b', amount: 50 }] },
    ])
  })

  it('writes a remittance letter that lists each invoice paid, part payments as part of their total', () => {
    const letter = remittanceLetter({
      payer: { name: 'Maple Street Properties', address: '50 Elgin Street, Ottawa', phone: '613-555-0100', email: null },
      vendor: { name: 'Rapid Plumbing', address: '210 Industrial Ave, Ottawa, ON K1G 4L2' },
      payment: { date: '2026-11-20', amount: 45000, method: 'Cheque', reference: '1001', memo: null },
      bills: [
        { reference: '4411', date: '2026-11-02', amount: 30000, paid: 30000 },
        { reference: null, date: '2026-11-05', amount: 50000, paid: 15000 },
      ],
      currency: 'CAD',
      numbers: 'en',
    })
    const text = letterText(letter)
    expect(text).toContain('Payment of 2026-11-20 to Rapid Plumbing')
    expect(text).toContain('Invoice 4411 of 2026-11-02: $300.00')
    expect(text).toContain('Invoice of 2026-11-05: $150.00 of $500.00')
    expect(text).toContain('Reference: 1001')
    expect(text).toContain('Questions: 613-555-0100.')
  })

  it('moves a due date that followed the terms when the date or the terms move, and keeps one set by hand', () => {
    const net30 = (date: string, dueDate: string | null = null) => ({ date, dueDate, terms: 'NET_30' })
    expect(dueDateOf(net30('2026-03-02'), undefined)).toBe('2026-04-01')
    // Net 30 from March 2 was April 1: from March 10 it is April 9.
    expect(dueDateOf(net30('2026-03-10', '2026-04-01'), net30('2026-03-02', '2026-04-01'))).toBe('2026-04-09')
    // Net 15 instead, from the same day.
    expect(dueDateOf({ date: '2026-03-02', dueDate: '2026-04-01', terms: 'NET_15' }, net30('2026-03-02', '2026-04-01'))).toBe('2026-03-17')
    // Set by hand (not the terms' day), or changed in the same edit: it stays.
    expect(dueDateOf(net30('2026-03-10', '2026-03-20'), net30('2026-03-02', '2026-03-20'))).toBe('2026-03-20')
    expect(dueDateOf(net30('2026-03-10', '2026-05-01'), net30('2026-03-02', '2026-04-01'))).toBe('2026-05-01')
    // Nothing moved: what was given stays.
    expect(dueDateOf(net30('2026-03-02', '2026-04-01'), net30('2026-03-02', '2026-04-01'))).toBe('2026-04-01')
  })
})
