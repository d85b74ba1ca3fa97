import { describe, expect, it } from 'vitest'
import { agedPayables, agedPayablesTable } from './aged-payables'

describe('aged payables', () => {
  const bills = [
    { vendorId: 'v2', vendorLabel: 'Rapid Plumbing', dueDate: '2031-04-20', open: 12000 },
    { vendorId: 'v2', vendorLabel: 'Rapid Plumbing', dueDate: '2031-02-04', open: 30000 },
    { vendorId: 'v1', vendorLabel: 'Ottawa Hydro', dueDate: '2031-01-01', open: 7550 },
    { vendorId: 'v1', vendorLabel: 'Ottawa Hydro', dueDate: '2031-01-01', open: 0 },
  ]

  it('ages each vendor’s open bills by days past due, not yet due among the first column', () => {
    const report = agedPayables(bills, 49550, '2031-04-10')
    expect(report.rows).toEqual([
      { vendor_id: 'v1', vendor_label: 'Ottawa Hydro', bill_count: 1, oldest_due_date: '2031-01-01', days_0_30: '0.00', days_31_60: '0.00', days_61_90: '0.00', days_91_plus: '75.50', credits: '0.00', total: '75.50' },
      { vendor_id: 'v2', vendor_label: 'Rapid Plumbing', bill_count: 2, oldest_due_date: '2031-02-04', days_0_30: '120.00', days_31_60: '0.00', days_61_90: '300.00', days_91_plus: '0.00', credits: '0.00', total: '420.00' },
    ])
    expect(report.totals.total).toBe('495.50')
    expect(report.other_payables).toBe('0.00')
  })

  it('counts a vendor’s bills due on one day, summed by the server, as the bills they are', () => {
    const summed = [{ vendorId: 'v2', vendorLabel: 'Rapid Plumbing', dueDate: '2031-02-04', open: 42000, count: 2 }]
    expect(agedPayables(summed, 42000, '2031-04-10').rows).toEqual([
      { vendor_id: 'v2', vendor_label: 'Rapid Plumbing', bill_count: 2, oldest_due_date: '2031-02-04', days_0_30: '0.00', days_31_60: '0.00', days_61_90: '420.00', days_91_plus: '0.00', credits: '0.00', total: '420.00' },
    ])
  })

  it('says what the payable accounts hold beyond the bills', () => {
    expect(agedPayables(bills, 50000, '2031-04-10').other_payables).toBe('4.50')
    expect(agedPayables([], 0, '2031-04-10').rows).toEqual([])
  })

  it('makes a table of a line per vendor, the total and the accounts’ balance', () => {
    const table = agedPayablesTable(agedPayables(bills, 49550, '2031-04-10'), ['All vendors'])
    expect(table.subtitle).toEqual(['As of 2031-04-10', 'All vendors'])
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['Ottawa Hydro', '1', '2031-01-01', '0.00', '0.00', '0.00', '75.50', '0.00', '75.50'],
      ['Rapid Plumbing', '2', '2031-02-04', '120.00', '0.00', '300.00', '0.00', '0.00', '420.00'],
      ['Total', '', '', '120.00', '0.00', '300.00', '75.50', '0.00', '495.50'],
      ['Payable accounts’ balance', '', '', '', '', '', '', '', '495.50'],
    ])
  })

  it('shows a vendor’s unapplied credits as a negative figure, taken off its total, so the totals still tie', () => {
    const report = agedPayables(bills, 49550 - 2500 - 1000, '2031-04-10', [
      { vendorId: 'v2', vendorLabel: 'Rapid Plumbing', left: 2500 },
      { vendorId: 'v3', vendorLabel: 'Acme Supply', left: 1000 },
      { vendorId: 'v4', vendorLabel: 'Nobody', left: 0 },
    ])
    expect(report.rows.map((r) => [r.vendor_label, r.bill_count, r.credits, r.total])).toEqual([
      ['Acme Supply', 0, '-10.00', '-10.00'],
      ['Ottawa Hydro', 1, '0.00', '75.50'],
      ['Rapid Plumbing', 2, '-25.00', '395.00'],
    ])
    expect(report.totals).toMatchObject({ credits: '-35.00', total: '460.50' })
    expect(report.other_payables).toBe('0.00')
  })
})
