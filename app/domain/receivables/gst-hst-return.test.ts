import { describe, expect, it } from 'vitest'
import { gstHstReturn, gstHstReturnTable } from './gst-hst-return'

describe('the GST/HST return worksheet', () => {
  const period = { from: '2026-10-01', to: '2026-12-31' }
  it('nets the GST/HST the invoices charged against the input tax credits of bills and expenses, credit notes added back, provincial taxes apart', () => {
    const report = gstHstReturn(
      period,
      [
        { taxable: 100_000, taxes: [{ code: 'HST', amount: 13_000 }] },
        { taxable: 40_000, taxes: [{ code: 'GST', amount: 2_000 }, { code: 'PST', amount: 2_800 }] },
        { taxable: 0, taxes: [] },
      ],
      [
        { source: 'EXPENSE', credit: 1_300 },
        { source: 'BILL', credit: 650 },
        { source: 'BILL', credit: 0 },
        { source: 'VENDOR_CREDIT', credit: 130 },
      ],
    )
    expect(report).toMatchObject({ line_101: '1400.00', line_103: '150.00', line_104: '1.30', line_105: '151.30', line_106: '19.50', line_108: '19.50', line_109: '131.80', owing: true })
    expect(report).toMatchObject({ bill_count: 1, expense_count: 1, vendor_credit_count: 1 })
    expect(report.provincial_taxes).toEqual([{ code: 'PST', amount: '28.00' }])
    expect(gstHstReturnTable(report, []).rows.at(-1)!.cells).toEqual(['', 'PST collected (filed with the province, not on this return)', '28.00'])
  })
  it('is a refund when the credits are more than what was collected', () => {
    expect(gstHstReturn(period, [], [{ source: 'BILL', credit: 500 }])).toMatchObject({ line_103: '0.00', line_109: '-5.00', owing: false })
  })
})
