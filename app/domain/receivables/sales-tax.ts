import type { Choice } from '../reference-data'

/*
 * Canada's sales taxes by province and date (issue 16 item 8): the GST everywhere the HST is not,
 * the HST where a province harmonized, and the provincial sales taxes beside the GST. A rate is in
 * thousandths of a percent (Québec's 9.975 % is 9975) so every rate is a whole number and the tax
 * on a whole number of cents is worked out exactly, then rounded to the cent.
 *
 * Sources: Canada Revenue Agency, "GST/HST rates" (canada.ca, GST/HST for businesses); Nova Scotia's
 * HST fell to 14 % on April 1, 2025; Saskatchewan's PST rose to 6 % on March 23, 2017; Manitoba's
 * RST fell to 7 % on July 1, 2019; Prince Edward Island's HST rose to 15 % on October 1, 2016, and
 * New Brunswick's and Newfoundland and Labrador's on July 1, 2016.
 */

export const SALES_TAX_CODES = [
  { value: 'GST', label: 'GST' },
  { value: 'HST', label: 'HST' },
  { value: 'PST', label: 'PST' },
  { value: 'RST', label: 'RST' },
  { value: 'QST', label: 'QST' },
] as const satisfies readonly Choice[]
export type SalesTaxCode = (typeof SALES_TAX_CODES)[number]['value']

/** A tax in force in a province from a day (through a day, when it changed since). */
export type SalesTaxRate = { province: string; code: SalesTaxCode; rate: number; from: string; to?: string; recoverable: boolean }

/** The GST and HST are recoverable as input tax credits, and Québec's QST as input tax refunds; the PST and RST are not. */
const GST_PROVINCES = ['AB', 'BC', 'MB', 'SK', 'QC', 'YT', 'NT', 'NU']

export const SALES_TAX_RATES: readonly SalesTaxRate[] = [
  ...GST_PROVINCES.map((province) => ({ province, code: 'GST' as const, rate: 5000, from: '2008-01-01', recoverable: true })),
  { province: 'ON', code: 'HST', rate: 13000, from: '2010-07-01', recoverable: true },
  { province: 'NB', code: 'HST', rate: 13000, from: '2010-07-01', to: '2016-06-30', recoverable: true },
  { province: 'NB', code: 'HST', rate: 15000, from: '2016-07-01', recoverable: true },
  { province: 'NL', code: 'HST', rate: 13000, from: '2010-07-01', to: '2016-06-30', recoverable: true },
  { province: 'NL', code: 'HST', rate: 15000, from: '2016-07-01', recoverable: true },
  { province: 'NS', code: 'HST', rate: 15000, from: '2010-07-01', to: '2025-03-31', recoverable: true },
  { province: 'NS', code: 'HST', rate: 14000, from: '2025-04-01', recoverable: true },
  { province: 'PE', code: 'HST', rate: 14000, from: '2013-04-01', to: '2016-09-30', recoverable: true },
  { province: 'PE', code: 'HST', rate: 15000, from: '2016-10-01', recoverable: true },
  { province: 'BC', code: 'PST', rate: 7000, from: '2013-04-01', recoverable: false },
  { province: 'SK', code: 'PST', rate: 5000, from: '2013-01-01', to: '2017-03-22', recoverable: false },
  { province: 'SK', code: 'PST', rate: 6000, from: '2017-03-23', recoverable: false },
  { province: 'MB', code: 'RST', rate: 8000, from: '2013-07-01', to: '2019-06-30', recoverable: false },
  { province: 'MB', code: 'RST', rate: 7000, from: '2019-07-01', recoverable: false },
  { province: 'QC', code: 'QST', rate: 9975, from: '2013-01-01', recoverable: true },
]

/** "13 %", "9.975 %". */
export const formatRate = (rate: number) => `${(rate / 1000).toString()} %`

/** The taxes in force in `province` on `date`, GST or HST first. */
export function ratesOn(province: string | null | undefined, date: string): SalesTaxRate[] {
  const code = province?.toUpperCase()
  return SALES_TAX_RATES.filter((r) => r.province === code && r.from <= date && (!r.to || date <= r.to))
}

export type TaxCharged = { code: SalesTaxCode; label: string; rate: number; taxable: number; amount: number }

/** Each tax in force on `taxable` cents: the exact product rounded half up to the cent, each tax on its own. */
export function taxesOn(province: string | null | undefined, date: string, taxable: number): TaxCharged[] {
  if (taxable <= 0) return []
  return ratesOn(province, date).map((r) => ({ code: r.code, label: `${r.code} ${formatRate(r.rate)}`, rate: r.rate, taxable, amount: Math.floor((taxable * r.rate + 50_000) / 100_000) }))
}

/**
 * Whether a property's charges are taxable unless a line says otherwise: residential rent and what
 * goes with it is exempt from the GST/HST (Excise Tax Act, Schedule V, Part I); commercial space and
 * self storage are taxable supplies.
 */
export const taxableByDefault = (propertyType: string | null | undefined) => propertyType === 'COMMERCIAL' || propertyType === 'STORAGE'

/**
 * Whether the GST/HST paid on what a property costs is claimed back as an input tax credit unless
 * told otherwise: only for what is used to make taxable supplies (Excise Tax Act s. 169), so for a
 * commercial or self-storage property and for the company's own costs (its management fees are
 * taxable), never for a residential one (its rent is exempt: the tax is a cost). A mixed-use
 * property claims the share its commercial space uses, which only its manager knows: none unless given.
 */
export const claimsInputTaxCredit = (propertyType: string | null | undefined) => propertyType === undefined || propertyType === null || taxableByDefault(propertyType)
