/*
 * What each province's residential tenancy law allows a landlord to charge beyond the rent, in
 * one table (issue: leases and rent, items 3 and 5): whether a late fee may be charged and up to
 * how much, and the most an NSF charge may be. A province not in the table leaves it to the
 * company's policy and the lease. Amounts are cents.
 */

export type ProvinceRules = {
  name: string
  /** Whether a fee for paying rent late may be charged at all, its most per late payment (none: no fixed cap), and why. */
  lateFee: { allowed: boolean; max?: number; law: string }
  /** The most an administration charge for a returned (NSF) payment may be, beyond the bank's own charges. */
  nsfFeeMax?: number
}

export const PROVINCE_RULES: Record<string, ProvinceRules> = {
  ON: {
    name: 'Ontario',
    lateFee: { allowed: false, law: 'Ontario’s Residential Tenancies Act (s. 134) allows no charge beyond the rent and its lawful deposits: no late fee.' },
    // O. Reg. 516/06 s. 17: $20 for a returned cheque, plus what the bank charged.
    nsfFeeMax: 2000,
  },
  QC: {
    name: 'Québec',
    lateFee: { allowed: false, law: 'Québec allows no late fee: only interest on the rent owed, at the legal rate.' },
  },
  BC: {
    name: 'British Columbia',
    // Residential Tenancy Regulation s. 7(1)(d) and (2): at most $25, and only if the tenancy agreement provides for it.
    lateFee: { allowed: true, max: 2500, law: 'British Columbia allows a late fee of at most $25, when the tenancy agreement provides for it.' },
    nsfFeeMax: 2500,
  },
  AB: {
    name: 'Alberta',
    lateFee: { allowed: true, law: 'Alberta allows a reasonable late fee set out in the lease.' },
  },
  MB: {
    name: 'Manitoba',
    // The Residential Tenancies Act: $30 for the first day and $5 a day after, at most $100.
    lateFee: { allowed: true, max: 10_000, law: 'Manitoba allows a late fee of at most $100.' },
  },
}

export const rulesOf = (province: string | null | undefined): ProvinceRules | undefined => (province ? PROVINCE_RULES[province.toUpperCase()] : undefined)

export const LATE_FEE_TYPES = [
  { value: 'FLAT', label: 'Flat amount' },
  { value: 'PERCENT', label: 'Percent of the rent owed' },
] as const

export type LateFeePolicy = {
  feeType: string
  /** Cents, for a flat fee. */
  amount: number | null
  /** Hundredths of a percent of what the charge still owes, for a percent fee. */
  percent: number | null
  /** The most one late charge is charged, in cents. */
  maximum: number | null
  graceDays: number
}

/** The fee for a charge still owing `open` cents after the grace days: the policy's, within its own cap and the province's; 0 where the province allows none. */
export function lateFeeFor(policy: LateFeePolicy, open: number, province: string | null | undefined): number {
  const rules = rulesOf(province)
  if (rules && !rules.lateFee.allowed) return 0
  const raw = policy.feeType === 'PERCENT' ? Math.round((open * (policy.percent ?? 0)) / 10_000) : (policy.amount ?? 0)
  const caps = [policy.maximum, rules?.lateFee.max].filter((c): c is number => c !== null && c !== undefined)
  return Math.max(0, Math.min(raw, ...caps))
}

/** The day a late fee is charged for a charge due on `due`: the day after its grace days. */
export function lateOn(due: string, graceDays: number) {
  return new Date(Date.parse(`${due}T00:00:00Z`) + (graceDays + 1) * 86_400_000).toISOString().slice(0, 10)
}
