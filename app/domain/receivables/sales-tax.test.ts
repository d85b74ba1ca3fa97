import { describe, expect, it } from 'vitest'
import { claimsInputTaxCredit, ratesOn, taxableByDefault, taxesOn } from './sales-tax'

describe('sales tax by province and date', () => {
  it('charges Ontario’s HST alone, at 13 %', () => {
    expect(taxesOn('ON', '2026-11-01', 10_000)).toEqual([{ code: 'HST', label: 'HST 13 %', rate: 13000, taxable: 10_000, amount: 1_300 }])
  })

  it('charges the GST and the PST side by side in British Columbia', () => {
    expect(taxesOn('bc', '2026-11-01', 12_345).map((t) => [t.code, t.amount])).toEqual([
      ['GST', 617],
      ['PST', 864],
    ])
  })

  it('rounds each tax half up to the cent, Québec’s 9.975 % exactly', () => {
    // 10.10 × 9.975 % = 1.0074750 → 1.01; 10.10 × 5 % = 0.505 → 0.51.
    expect(taxesOn('QC', '2026-01-15', 1_010).map((t) => [t.code, t.amount])).toEqual([
      ['GST', 51],
      ['QST', 101],
    ])
  })

  it('follows a rate change on its day: Nova Scotia’s HST fell from 15 % to 14 % on April 1, 2025', () => {
    expect(taxesOn('NS', '2025-03-31', 10_000)[0].amount).toBe(1_500)
    expect(taxesOn('NS', '2025-04-01', 10_000)[0].amount).toBe(1_400)
    expect(ratesOn('SK', '2017-03-22').map((r) => r.rate)).toEqual([5000, 5000])
    expect(ratesOn('SK', '2017-03-23').map((r) => r.rate)).toEqual([5000, 6000])
  })

  it('charges nothing where no rate is known, or on nothing taxable', () => {
    expect(taxesOn(null, '2026-11-01', 10_000)).toEqual([])
    expect(taxesOn('NY', '2026-11-01', 10_000)).toEqual([])
    expect(taxesOn('ON', '2026-11-01', 0)).toEqual([])
  })

  it('taxes commercial space and self storage by default, not residential rent', () => {
    expect(taxableByDefault('RESIDENTIAL')).toBe(false)
    expect(taxableByDefault('MIXED')).toBe(false)
    expect(taxableByDefault('COMMERCIAL')).toBe(true)
    expect(taxableByDefault('STORAGE')).toBe(true)
  })
  it('claims back the tax on costs of taxable supplies only: commercial, storage and the company’s own, not residential', () => {
    expect(claimsInputTaxCredit('COMMERCIAL')).toBe(true)
    expect(claimsInputTaxCredit('STORAGE')).toBe(true)
    expect(claimsInputTaxCredit(null)).toBe(true)
    expect(claimsInputTaxCredit('RESIDENTIAL')).toBe(false)
    expect(claimsInputTaxCredit('MIXED')).toBe(false)
  })
})
