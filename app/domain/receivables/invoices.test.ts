import { describe, expect, it } from 'vitest'
import { invoiceDraft, invoicePaymentDraft, workOrderInvoiceLines } from './invoices'

const invoice = {
  id: 'inv',
  date: '2031-03-02',
  label: 'Invoice 1001 · Olive Owner',
  status: 'POSTED',
  propertyGroupId: 'p1',
  propertyOwnerId: 'o1',
  lines: [
    { accountId: 'income', amount: 40_000, description: 'Glass' },
    { accountId: 'other', amount: 5_000 },
  ],
  taxes: [
    { label: 'GST 5 %', amount: 2_000 },
    { label: 'PST 7 %', amount: 2_800 },
  ],
}

describe('what an invoice posts', () => {
  it('debits receivables for the whole, credits each line and each tax, for its property and customer', () => {
    const draft = invoiceDraft(invoice, 'ar', 'tax')!
    expect(draft.source).toEqual({ type: 'INVOICE', id: 'inv', purpose: 'INVOICE' })
    expect(draft.lines.map((l) => [l.accountId, l.amount, l.propertyGroupId, l.propertyOwnerId ?? null])).toEqual([
      ['ar', 49_800, 'p1', 'o1'],
      ['income', -40_000, 'p1', 'o1'],
      ['other', -5_000, 'p1', 'o1'],
      ['tax', -2_000, 'p1', null],
      ['tax', -2_800, 'p1', null],
    ])
    expect(draft.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0)
  })

  it('posts nothing once void, and a payment moves the money from receivables to the bank', () => {
    expect(invoiceDraft({ ...invoice, status: 'VOID' }, 'ar', 'tax')).toBeNull()
    const payment = invoicePaymentDraft({ id: 'pay', date: '2031-04-01', label: 'Payment', status: 'RECEIVED', amount: 10_000, bankAccountId: 'bank', propertyGroupId: 'p1', residentId: 'r1', leaseId: 'l1' }, 'ar')!
    // The resident's, not the lease's: a lease's receivable is its rent charges'.
    expect(payment.lines.map((l) => [l.accountId, l.amount, l.residentId, l.leaseId ?? null])).toEqual([
      ['bank', 10_000, 'r1', null],
      ['ar', -10_000, 'r1', null],
    ])
  })
})

describe('invoicing work orders to a property', () => {
  const work = [
    { id: 'w1', subject: 'Boiler repair', unit: null, labour: 30_000, materials: 12_000 },
    { id: 'w2', subject: 'Tap', unit: 'Unit 7', labour: 0, materials: 0 },
    { id: 'w3', subject: 'Lock change', unit: 'Unit 9', labour: 5_000, materials: 2_550 },
  ]
  it('bills each work order’s cost, and its markup on a line of its own', () => {
    expect(workOrderInvoiceLines(work, 'maint', { kind: 'PERCENT', percentage: 1_000, flatAmount: null, accountId: 'markup', name: 'Standard 10%' })).toEqual([
      { accountId: 'maint', description: 'Boiler repair', amount: 42_000, workOrderId: 'w1' },
      { accountId: 'markup', description: 'Standard 10%: Boiler repair', amount: 4_200, workOrderId: 'w1' },
      { accountId: 'maint', description: 'Lock change (Unit 9)', amount: 7_550, workOrderId: 'w3' },
      { accountId: 'markup', description: 'Standard 10%: Lock change (Unit 9)', amount: 755, workOrderId: 'w3' },
    ])
  })
  it('adds a flat markup to each, and nothing without one', () => {
    expect(workOrderInvoiceLines(work, 'maint', { kind: 'FLAT', percentage: null, flatAmount: 2_500, accountId: 'markup', name: 'Call-out' }).map((l) => l.amount)).toEqual([42_000, 2_500, 7_550, 2_500])
    expect(workOrderInvoiceLines(work, 'maint', null).map((l) => l.amount)).toEqual([42_000, 7_550])
  })
})
