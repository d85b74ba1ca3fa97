import { describe, expect, it } from 'vitest'
import { applicationErrors, applicationLabel, applicationMoves, vendorCreditDraft, vendorCreditLabel } from './vendor-credits'

describe('vendor credits', () => {
  const credit = { vendorId: 'v1', status: 'POSTED', date: '2031-03-05', amount: 10000, applied: 6000, label: 'Credit CM-1 · Rapid of 2031-03-05' }
  const bill = { vendorId: 'v1', status: 'POSTED', amount: 20000, paid: 15000, label: 'Bill 9 · Rapid of 2031-03-02' }

  it('posts a bill turned round: Dr payable by property, Cr each line’s account and its tax credit; nothing once void', () => {
    const document = {
      id: 'c1',
      date: '2031-03-05',
      label: 'Credit',
      vendorId: 'v1',
      status: 'POSTED',
      lines: [
        { accountId: 'exp', amount: 8000, propertyGroupId: 'p1' },
        { accountId: 'exp', amount: 2000, propertyGroupId: 'p2' },
        { accountId: 'sup', amount: 500, taxAmount: 65, inputTaxCredit: 65, propertyGroupId: 'p1' },
      ],
    }
    const draft = vendorCreditDraft(document, 'ap', 'tax')!
    expect(draft.source).toEqual({ type: 'VENDOR_CREDIT', id: 'c1', purpose: 'VENDOR_CREDIT' })
    expect(draft.lines.map((l) => [l.accountId, l.amount, l.propertyGroupId, l.vendorId])).toEqual([
      ['exp', -8000, 'p1', 'v1'],
      ['exp', -2000, 'p2', 'v1'],
      ['sup', -500, 'p1', 'v1'],
      // The credit claimed on what is credited back is taken back.
      ['tax', -65, 'p1', 'v1'],
      ['ap', 8565, 'p1', 'v1'],
      ['ap', 2000, 'p2', 'v1'],
    ])
    expect(draft.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0)
    expect(vendorCreditDraft({ ...document, status: 'VOID' }, 'ap', 'tax')).toBeNull()
  })

  it('names a credit by its memo number, vendor and date, and an application by its credit and bill', () => {
    expect(vendorCreditLabel('CM-1', 'Rapid', '2031-03-05')).toBe('Credit CM-1 · Rapid of 2031-03-05')
    expect(vendorCreditLabel(null, 'Rapid', '2031-03-05')).toBe('Credit Rapid of 2031-03-05')
    expect(applicationLabel('Credit A', 'Bill B')).toBe('Credit A → Bill B')
  })

  it('applies within what is left of the credit and what the bill owes', () => {
    expect(applicationErrors({ amount: 4000, date: '2031-03-06', credit, bill })).toEqual({})
    expect(applicationErrors({ amount: 4500, date: '2031-03-06', credit, bill })).toEqual({ amount: ['At most the 40.00 left of the credit.'] })
    expect(applicationErrors({ amount: 3000, date: '2031-03-06', credit: { ...credit, applied: 0 }, bill: { ...bill, paid: 18000 } })).toEqual({ amount: [`At most the 20.00 ${bill.label} still owes.`] })
    expect(applicationErrors({ amount: 100, date: '2031-03-06', credit: { ...credit, applied: 10000 }, bill })).toEqual({ amount: [`${credit.label} is applied in full.`] })
    expect(applicationErrors({ amount: 0, date: '2031-03-06', credit, bill }).amount).toEqual(['More than 0.00.'])
  })

  it('refuses another vendor’s bill, a void or paid bill, a void credit and a day before the credit', () => {
    expect(Object.keys(applicationErrors({ amount: 100, date: '2031-03-06', credit, bill: { ...bill, vendorId: 'v2' } }))).toEqual(['bill_id'])
    expect(applicationErrors({ amount: 100, date: '2031-03-06', credit, bill: { ...bill, status: 'VOID' } }).bill_id).toEqual([`${bill.label} is void.`])
    expect(applicationErrors({ amount: 100, date: '2031-03-06', credit, bill: { ...bill, paid: 20000 } }).bill_id).toEqual([`${bill.label} is paid in full.`])
    expect(applicationErrors({ amount: 100, date: '2031-03-06', credit, bill: null }).bill_id).toEqual(['Choose one of the vendor’s bills.'])
    expect(Object.keys(applicationErrors({ amount: 100, date: '2031-03-06', credit: { ...credit, status: 'VOID' }, bill }))).toEqual(['vendor_credit_id'])
    expect(applicationErrors({ amount: 100, date: '2031-03-04', credit, bill })).toEqual({ date: ['On or after the credit’s date, 2031-03-05.'] })
  })

  it('works out what an application would move between properties’ payables: nothing between the same ones', () => {
    // A credit for building 1 applied to a bill shared by buildings 1 and 2 (tax included).
    const moves = applicationMoves(5000, [{ amount: 8000, propertyGroupId: 'p1' }], [
      { amount: 6000, taxAmount: 0, propertyGroupId: 'p1' },
      { amount: 3000, taxAmount: 1000, propertyGroupId: 'p2' },
    ])
    expect(moves).toEqual([
      { propertyGroupId: 'p1', amount: -2000 },
      { propertyGroupId: 'p2', amount: 2000 },
    ])
    expect(applicationMoves(5000, [{ amount: 100, propertyGroupId: 'p1' }], [{ amount: 9000, propertyGroupId: 'p1' }])).toEqual([])
    // Two buildings alike on both sides: nothing moves either.
    const half = [
      { amount: 500, propertyGroupId: 'p1' },
      { amount: 500, propertyGroupId: 'p2' },
    ]
    expect(applicationMoves(400, half, [{ amount: 3000, propertyGroupId: 'p1' }, { amount: 3000, propertyGroupId: 'p2' }])).toEqual([])
  })
})
