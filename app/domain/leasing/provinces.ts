import { formatDecimal } from '~/domain/money'

/*
 * What each province's residential tenancy law allows a landlord to charge beyond the rent, in
 * one table (issue: leases and rent, items 3 and 5): whether a late fee may be charged and up to
 * how much, the most an NSF charge may be, and which deposits a landlord may hold, how large, and
 * how soon they are settled after a move-out. A province not in the table leaves it to the
 * company's policy and the lease. Amounts are cents.
 */

export type ProvinceRules = {
  name: string
  /** Whether a fee for paying rent late may be charged at all, its most per late payment (none: no fixed cap), and why. */
  lateFee: { allowed: boolean; max?: number; law: string }
  /** The most an administration charge for a returned (NSF) payment may be, beyond the bank's own charges. */
  nsfFeeMax?: number
  /**
   * The deposits the law allows, each with its most as a fraction of one month's rent (none: no
   * cap beyond the deposit's purpose); whether damage may be deducted from them at move-out; the
   * days after move-out by which what is left must be returned, with its statement; and why.
   */
  deposits: { allowed: Partial<Record<DepositType, { maxMonths?: number }>>; damageDeductions: boolean; returnDays?: number; law: string }
}

export const DEPOSIT_TYPES = [
  { value: 'DAMAGE', label: 'Damage (security) deposit' },
  { value: 'PET_DAMAGE', label: 'Pet damage deposit' },
  { value: 'LAST_MONTH_RENT', label: 'Last month’s rent deposit' },
  { value: 'KEY', label: 'Key deposit' },
] as const
export type DepositType = (typeof DEPOSIT_TYPES)[number]['value']

export const PROVINCE_RULES: Record<string, ProvinceRules> = {
  ON: {
    name: 'Ontario',
    lateFee: { allowed: false, law: 'Ontario’s Residential Tenancies Act (s. 134) allows no charge beyond the rent and its lawful deposits: no late fee.' },
    // O. Reg. 516/06 s. 17: $20 for a returned cheque, plus what the bank charged.
    nsfFeeMax: 2000,
    // RTA ss. 105-106: a rent deposit of at most one period's rent, applied to the last period, earning interest at the
    // year's rent-increase guideline; a refundable key deposit of at most the keys' replacement cost; no damage deposit.
    deposits: {
      allowed: { LAST_MONTH_RENT: { maxMonths: 1 }, KEY: {} },
      damageDeductions: false,
      law: 'Ontario allows only a last month’s rent deposit (at most one month’s rent, applied to the last month, earning interest at the rent-increase guideline) and a refundable key deposit; no damage deposit, and no deduction for damage (claim it at the Landlord and Tenant Board).',
    },
  },
  QC: {
    name: 'Québec',
    lateFee: { allowed: false, law: 'Québec allows no late fee: only interest on the rent owed, at the legal rate.' },
    // Civil Code art. 1904: the landlord may not exact any amount but the first period's rent.
    deposits: { allowed: {}, damageDeductions: false, law: 'Québec allows no deposit of any kind, only the first month’s rent in advance.' },
  },
  BC: {
    name: 'British Columbia',
    // Residential Tenancy Regulation s. 7(1)(d) and (2): at most $25, and only if the tenancy agreement provides for it.
    lateFee: { allowed: true, max: 2500, law: 'British Columbia allows a late fee of at most $25, when the tenancy agreement provides for it.' },
    nsfFeeMax: 2500,
    // RTA ss. 19 and 38: a security deposit and a pet damage deposit of at most half a month's rent each, returned with interest
    // within 15 days of the later of the move-out and the forwarding address.
    deposits: {
      allowed: { DAMAGE: { maxMonths: 0.5 }, PET_DAMAGE: { maxMonths: 0.5 } },
      damageDeductions: true,
      returnDays: 15,
      law: 'British Columbia allows a security deposit and a pet damage deposit of at most half a month’s rent each, returned with interest within 15 days of the move-out and forwarding address.',
    },
  },
  AB: {
    name: 'Alberta',
    lateFee: { allowed: true, law: 'Alberta allows a reasonable late fee set out in the lease.' },
    // RTA ss. 43-47: a security deposit of at most one month's rent, with interest; the deposit or a statement of account within 10 days.
    deposits: {
      allowed: { DAMAGE: { maxMonths: 1 }, PET_DAMAGE: {} },
      damageDeductions: true,
      returnDays: 10,
      law: 'Alberta allows a security deposit of at most one month’s rent, returned with interest (or a statement of account) within 10 days of the move-out.',
    },
  },
  MB: {
    name: 'Manitoba',
    // The Residential Tenancies Act: $30 for the first day and $5 a day after, at most $100.
    lateFee: { allowed: true, max: 10_000, law: 'Manitoba allows a late fee of at most $100.' },
    // RTA ss. 29 and 29.1: a security deposit of at most half a month's rent, a pet damage deposit of at most another half; returned with interest within 14 days.
    deposits: {
      allowed: { DAMAGE: { maxMonths: 0.5 }, PET_DAMAGE: { maxMonths: 0.5 } },
      damageDeductions: true,
      returnDays: 14,
      law: 'Manitoba allows a security deposit and a pet damage deposit of at most half a month’s rent each, returned with interest within 14 days of the move-out.',
    },
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

/**
 * Where a late fee breaks the province's law, the error at the field that says so: none where the
 * province allows none (at `kind`, the field choosing a late fee), above its cap (at `amount`; a fixed
 * amount only, none for a percent). A policy and a charge made by hand are held to the same check.
 */
export function lateFeeLawErrors(province: string | null | undefined, amount: number | null, fields: { kind: string; amount: string }): Record<string, string[]> | undefined {
  const rules = rulesOf(province)
  if (!rules) return undefined
  if (!rules.lateFee.allowed) return { [fields.kind]: [rules.lateFee.law] }
  const cap = rules.lateFee.max
  if (cap !== undefined && amount !== null && amount > cap) return { [fields.amount]: [`At most ${formatDecimal(cap)}: ${rules.lateFee.law}`] }
  return undefined
}

/**
 * The field errors of an NSF charge under a province's law: above its most (beyond the bank's own
 * charges, which are charged as what they are). A returned payment's fee and an NSF fee charged by
 * hand are held to the same check.
 */
export function nsfFeeLawErrors(province: string | null | undefined, amount: number, field: string): Record<string, string[]> | undefined {
  const rules = rulesOf(province)
  if (rules?.nsfFeeMax === undefined || amount <= rules.nsfFeeMax) return undefined
  return { [field]: [`At most ${formatDecimal(rules.nsfFeeMax)}: ${rules.name} allows an NSF charge of no more, beyond the bank’s own charges (charge those as what they are).`] }
}

/** The day a late fee is charged for a charge due on `due`: the day after its grace days. */
export function lateOn(due: string, graceDays: number) {
  return new Date(Date.parse(`${due}T00:00:00Z`) + (graceDays + 1) * 86_400_000).toISOString().slice(0, 10)
}

/*
 * Raising the rent, province by province (issue: leases and rent, item 7): the most rent may rise
 * in a year without the board's approval (a guideline per calendar year, where the province sets
 * one), and the written notice the tenant must get first. Every province here also allows one
 * increase per twelve months, counted from the last one or the move-in.
 */

export type RentIncreaseRules = {
  /** The guideline in hundredths of a percent, by the calendar year the increase takes effect in; none: no fixed cap. */
  guideline?: Readonly<Record<number, number>>
  /** Written notice before the increase takes effect: at least `days`, or at least `months` (and, where the law bounds it, at most `maxMonths`). */
  notice: { days?: number; months?: number; maxMonths?: number }
  /** The form the notice follows, where the province has one. */
  form?: string
  /** What the law says, in the words the refusals quote. */
  law: string
}

export const MONTHS_BETWEEN_INCREASES = 12

export const RENT_INCREASE_RULES: Readonly<Record<string, RentIncreaseRules>> = {
  ON: {
    // RTA ss. 116, 119-120: 90 days' notice on form N1, 12 months apart, at most the year's guideline (never above 2.5% since 2013)
    // unless the unit was first occupied after November 15, 2018 (s. 6.1) or the Board approved more. The guidelines since 2012
    // (ontario.ca, "Residential rent increases": 3.1, 2.5, 0.8, 1.6, 2.0, 1.5, 1.8, 1.8, 2.2, 0 for 2021's freeze, 1.2, 2.5, 2.5, 2.5,
    // 2.1): a last month's rent deposit held since earlier years earns each year's.
    guideline: { 2012: 310, 2013: 250, 2014: 80, 2015: 160, 2016: 200, 2017: 150, 2018: 180, 2019: 180, 2020: 220, 2021: 0, 2022: 120, 2023: 250, 2024: 250, 2025: 250, 2026: 210 },
    notice: { days: 90 },
    form: 'N1',
    law: 'Ontario needs 90 days’ written notice (form N1), twelve months after the last increase or the move-in, and at most the year’s guideline unless the unit is exempt (first occupied after November 15, 2018) or the Landlord and Tenant Board approved more.',
  },
  BC: {
    // RTA ss. 41-43 and Regulation s. 22: three whole months' notice on form RTB-7, once in 12 months, at most the annual maximum.
    guideline: { 2023: 200, 2024: 350, 2025: 300, 2026: 230 },
    notice: { months: 3 },
    form: 'RTB-7',
    law: 'British Columbia needs three months’ written notice (form RTB-7), twelve months after the last increase or the move-in, and at most the year’s maximum allowable increase.',
  },
  AB: {
    // RTA s. 14: no cap; once in 12 months, three full months' notice for a periodic tenancy.
    notice: { months: 3 },
    law: 'Alberta sets no cap: three months’ written notice for a periodic tenancy, twelve months after the last increase or the move-in.',
  },
  MB: {
    // The Residential Tenancies Act s. 22 and the annual guideline regulation.
    guideline: { 2023: 0, 2024: 170, 2025: 170, 2026: 180 },
    notice: { months: 3 },
    law: 'Manitoba needs three months’ written notice, twelve months after the last increase or the move-in, and at most the year’s guideline unless the unit is exempt.',
  },
  QC: {
    // Civil Code art. 1942: for a lease of 12 months or more, notice 3 to 6 months before it ends; no fixed cap (the Tribunal fixes disputed increases).
    notice: { months: 3, maxMonths: 6 },
    law: 'Québec sets no fixed cap: for a 12-month lease, written notice three to six months before its term ends, once a year.',
  },
}

export const rentIncreaseRulesOf = (province: string | null | undefined): RentIncreaseRules | undefined => (province ? RENT_INCREASE_RULES[province.toUpperCase()] : undefined)

/**
 * The guideline an increase taking effect in `year` is held to, in hundredths of a percent, and
 * the year whose figure it is: a year the table does not know yet (the figure is announced in the
 * year before) is held to the latest the table knows, and says so. None where the province sets no cap.
 */
export function guidelineFor(province: string | null | undefined, year: number): YearRate | null {
  const table = rentIncreaseRulesOf(province)?.guideline
  return table ? rateIn(table, year) : null
}

/** A rate for a year, in hundredths of a percent: the year whose figure it is, and whether it stands in for a year the table does not know. */
export type YearRate = { percent: number; year: number; assumed: boolean }

/** The figure of `year` in a table by year; a year the table does not know takes the latest known before it (or the earliest, before the table), and says so. */
function rateIn(table: Readonly<Record<number, number>>, year: number): YearRate {
  const years = Object.keys(table).map(Number).sort((a, b) => a - b)
  const known = years.filter((y) => y <= year).at(-1) ?? years[0]
  return { percent: table[known], year: known, assumed: known !== year }
}

/*
 * Interest on deposits, province by province (issue 14 item 5): which deposits earn it, the rate of
 * each calendar year in hundredths of a percent (each with its source), how a year's rate applies,
 * whether the interest earns interest, and to which day. A year not yet in a table earns the latest
 * rate it knows, and the disposition's statement says so (~/domain/leasing/deposits). Manitoba
 * also owes interest, at a rate its Residential Tenancies Branch sets each year; those rates are not
 * in Lintel yet, so there, as outside the table, the interest is entered by hand.
 */

export type DepositInterestRules = {
  /** The deposits that earn interest. */
  earnedBy: readonly DepositType[]
  /** The rate by calendar year, in hundredths of a percent. */
  rates: Readonly<Record<number, number>>
  /**
   * ANNIVERSARY: each year held earns the rate of the calendar year its anniversary falls in (a part
   * year, the rate of the year it ends in), over that year's days. CALENDAR: the days held in each
   * calendar year earn that year's rate, over the days of that calendar year.
   */
  rateOf: 'ANNIVERSARY' | 'CALENDAR'
  /** Whether the interest of each year held (to the deposit's anniversary) earns interest in the years after. */
  compounded: boolean
  /** Whether the day the interest is worked out to counts as a day held. */
  countsLastDay: boolean
  /** Where a disposition's interest stops: the move-out (the deposit paid the last month's rent) or the day of the refund. */
  accruesTo: 'MOVE_OUT' | 'REFUND'
  /** What the law says, in the words the statement quotes. */
  law: string
}

export const DEPOSIT_INTEREST_RULES: Readonly<Record<string, DepositInterestRules>> = {
  ON: {
    // RTA s. 106(6): the last month's rent deposit earns, each year, the guideline in force when the interest falls due (the
    // rent-increase guideline above); paid or added to the deposit each year, so not compounded here; the deposit pays the last month.
    earnedBy: ['LAST_MONTH_RENT'],
    rates: RENT_INCREASE_RULES.ON.guideline!,
    rateOf: 'ANNIVERSARY',
    compounded: false,
    countsLastDay: false,
    accruesTo: 'MOVE_OUT',
    law: 'Ontario: a last month’s rent deposit earns, each year it is held, the rent-increase guideline of the year the interest falls due (Residential Tenancies Act, s. 106).',
  },
  BC: {
    // Residential Tenancy Regulation s. 4: 4.5 points below the prime lending rate of the Province's principal banker on January 1
    // of each calendar year, never below zero, compounded annually (the Law Students' Legal Advice Program manual, "Security
    // Deposits in Residential Tenancies", wiki.clicklaw.bc.ca). 0% from 2009 to 2022 (prime below 4.5%: B.C. Ministry of Housing to
    // CHEK News, January 2023); 2023: 1.95% (prime 6.45%: www2.gov.bc.ca, "Returning deposits"); 2024: 2.7% (prime 7.2%: the
    // Ministry to Daily Hive, 2024-02-01); 2025: 0.95% (prime 5.45%: wealthgram.ca, "Revised security deposit adjustments in Alberta",
    // 2025); 2026: 0% (prime 4.45% on January 1, 2026, below 4.5%). The Residential Tenancy Branch's calculator counts the day the deposit is returned as a day held: the Ministry's own
    // figures ($800 paid 2023-02-01, returned 2024-02-01: $16.16; $1,800: $36.37) come out to the cent only so.
    earnedBy: ['DAMAGE', 'PET_DAMAGE'],
    rates: { 2009: 0, 2010: 0, 2011: 0, 2012: 0, 2013: 0, 2014: 0, 2015: 0, 2016: 0, 2017: 0, 2018: 0, 2019: 0, 2020: 0, 2021: 0, 2022: 0, 2023: 195, 2024: 270, 2025: 95, 2026: 0 },
    rateOf: 'CALENDAR',
    compounded: true,
    countsLastDay: true,
    accruesTo: 'REFUND',
    law: 'British Columbia: security and pet damage deposits earn, for each calendar year, 4.5 points below the prime lending rate on January 1 (never below zero), compounded annually, from the day paid to the day returned (Residential Tenancy Act s. 38, Regulation s. 4).',
  },
  AB: {
    // Security Deposit Interest Rate Regulation s. 2: ATB Financial's one-year cashable GIC rate on November 1 of the year before,
    // less 3 points, never below zero, for January 1 to December 31. 0% from 2009 to 2023 (alberta.ca, "Security deposits and
    // changes", and "Security deposit interest rate change": 0% since 2009); 2024: 1.6%; 2025: 0.5% and 2026: 0% (alberta.ca,
    // "Annual security deposit interest rate", 2026; an earlier notice had announced 1.0% for 2025). RTA s. 45: paid each tenancy
    // year, or compounded yearly and paid at the end where agreed in writing; Lintel records no yearly payment, so it works out all
    // the interest earned while held, not compounded (an agreement to compound is entered by hand).
    earnedBy: ['DAMAGE', 'PET_DAMAGE'],
    rates: { 2009: 0, 2010: 0, 2011: 0, 2012: 0, 2013: 0, 2014: 0, 2015: 0, 2016: 0, 2017: 0, 2018: 0, 2019: 0, 2020: 0, 2021: 0, 2022: 0, 2023: 0, 2024: 160, 2025: 50, 2026: 0 },
    rateOf: 'CALENDAR',
    compounded: false,
    countsLastDay: false,
    accruesTo: 'REFUND',
    law: 'Alberta: a security deposit earns, for each calendar year, the rate set by the Security Deposit Interest Rate Regulation, paid each tenancy year or, where agreed in writing, compounded yearly and paid at the end (Residential Tenancies Act, s. 45).',
  },
}

export const depositInterestRulesOf = (province: string | null | undefined): DepositInterestRules | undefined => (province ? DEPOSIT_INTEREST_RULES[province.toUpperCase()] : undefined)

/** The rate a deposit earns in `year` in its province, in hundredths of a percent (a year not yet in the table: the latest known, marked assumed); none where Lintel does not compute it. */
export function depositInterestRate(province: string | null | undefined, year: number): YearRate | null {
  const rules = depositInterestRulesOf(province)
  return rules ? rateIn(rules.rates, year) : null
}
