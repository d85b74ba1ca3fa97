import type { JournalDraft } from '../ledger/entries'
import type { Letter } from '../letter'
import { formatMoney } from '../money'
import { DEPOSIT_TYPES, depositInterestRate, depositInterestRulesOf, rulesOf, type DepositType } from './provinces'
import { leaseTags } from './rent'
import { addMonths } from './rent-increases'

/*
 * Deposits as pure rules (issue 14 item 5): which deposits a province allows and how large, what
 * receiving one posts, and what a disposition at move-out comes to (the deductions, the interest,
 * the refund, the day it is due) and posts. The province table is ~/domain/leasing/provinces.
 */

export const DEPOSIT_STATUSES = [
  { value: 'HELD', label: 'Held' },
  { value: 'SETTLED', label: 'Settled' },
] as const

export const DISPOSITION_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'COMPLETED', label: 'Completed' },
] as const

export const SECURITY_DEPOSIT_SOURCE = 'SECURITY_DEPOSIT'
export const DEPOSIT_DISPOSITION_SOURCE = 'DEPOSIT_DISPOSITION'

const depositLabel = (type: string) => DEPOSIT_TYPES.find((t) => t.value === type)?.label ?? type

/** One month's rent from a lease's rent and its frequency, to the cent: what the provinces' caps are fractions of. */
export function monthlyRentOf(rent: number, frequency: string) {
  const perYear: Record<string, number> = { WEEKLY: 52, BI_WEEKLY: 26, SEMI_MONTHLY: 24, MONTHLY: 12, QUARTERLY: 4, SEMI_ANNUALLY: 2, ANNUALLY: 1 }
  return Math.round((rent * (perYear[frequency] ?? 12)) / 12)
}

/**
 * The field errors of a deposit under its province's law: a kind of deposit the province does not
 * allow, or more than its cap counting the lease's other deposits of that kind. None outside the table.
 */
export function depositErrors(deposit: { depositType: string; amount: number }, monthlyRent: number, heldOfType: number, province: string | null | undefined): Record<string, string[]> | undefined {
  const rules = rulesOf(province)
  if (!rules) return undefined
  const allowed = rules.deposits.allowed[deposit.depositType as DepositType]
  if (!allowed) return { deposit_type: [`${rules.name} allows no ${depositLabel(deposit.depositType).toLowerCase()}. ${rules.deposits.law}`] }
  if (allowed.maxMonths !== undefined) {
    const most = Math.floor(monthlyRent * allowed.maxMonths)
    if (heldOfType + deposit.amount > most) {
      const months = allowed.maxMonths === 1 ? 'one month’s rent' : allowed.maxMonths === 0.5 ? 'half a month’s rent' : `${allowed.maxMonths} months’ rent`
      const already = heldOfType ? ` (with the ${formatMoney(heldOfType)} already held)` : ''
      return { amount: [`At most ${formatMoney(most - heldOfType)}${already}: ${rules.name} allows a ${depositLabel(deposit.depositType).toLowerCase()} of at most ${months}.`] }
    }
  }
  return undefined
}

export type DepositDocument = { id: string; date: string; amount: number; depositType: string; leaseId: string; rentalUnitId: string | null; propertyGroupId: string | null; memo: string | null }

/** A deposit received: Dr undeposited funds (it goes to the bank with the day's receipts), Cr deposits held for the lease. */
export function depositDraft(deposit: DepositDocument, undepositedFundsAccountId: string, depositsHeldAccountId: string): JournalDraft {
  return {
    date: deposit.date,
    memo: deposit.memo || depositLabel(deposit.depositType),
    basis: 'BOTH',
    source: { type: SECURITY_DEPOSIT_SOURCE, id: deposit.id, purpose: 'RECEIPT' },
    lines: [
      { accountId: undepositedFundsAccountId, amount: deposit.amount, propertyGroupId: deposit.propertyGroupId },
      { accountId: depositsHeldAccountId, amount: -deposit.amount, ...leaseTags(deposit) },
    ],
  }
}

/** The source of the entry moving a lease's deposits to its renewal: the renewal's own. */
export const DEPOSITS_CARRIED_PURPOSE = 'DEPOSITS_CARRIED'

/**
 * Deposits a renewal takes over from the lease it renews, on the renewal's first day: Dr deposits
 * held for the lease renewed, Cr deposits held for the renewal. The tenancy goes on; what it holds
 * is held for the lease it lives under now.
 */
export function depositsCarriedDraft(
  carried: { renewalId: string; fromLeaseId: string; date: string; amount: number; rentalUnitId: string | null; propertyGroupId: string | null; memo: string },
  depositsHeldAccountId: string,
): JournalDraft {
  const place = { rentalUnitId: carried.rentalUnitId, propertyGroupId: carried.propertyGroupId }
  return {
    date: carried.date,
    memo: carried.memo,
    basis: 'BOTH',
    source: { type: 'leases', id: carried.renewalId, purpose: DEPOSITS_CARRIED_PURPOSE },
    lines: [
      { accountId: depositsHeldAccountId, amount: carried.amount, leaseId: carried.fromLeaseId, ...place },
      { accountId: depositsHeldAccountId, amount: -carried.amount, leaseId: carried.renewalId, ...place },
    ],
  }
}

/** What a disposition comes to: the deposits held, the deductions, the interest and what is refunded. */
export function dispositionFigures(held: number, interest: number, deductions: readonly { amount: number }[]) {
  const deducted = deductions.reduce((sum, d) => sum + d.amount, 0)
  return { held, interest, deducted, refund: held + interest - deducted }
}

/** The field errors of a disposition's figures under its province's law: deductions beyond the deposits, damage where it may not be deducted. */
export function dispositionErrors(
  figures: ReturnType<typeof dispositionFigures>,
  lines: readonly { chargeId: string | null }[],
  province: string | null | undefined,
  needs: { interestAccount: boolean; bankAccount: boolean },
): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {}
  const rules = rulesOf(province)
  if (rules && !rules.deposits.damageDeductions)
    lines.forEach((line, i) => {
      if (!line.chargeId) errors[`lines[${i}].charge_id`] = [`Line ${i + 1}: ${rules.name} allows no deduction for damage from a deposit; choose a charge the lease owes.`]
    })
  if (figures.refund < 0) errors.lines = [`The deductions come to ${formatMoney(figures.deducted)}, more than the ${formatMoney(figures.held + figures.interest)} of deposits and interest held.`]
  if (figures.interest > 0 && !needs.interestAccount) errors.interest_account_id = ['Choose the expense account the interest is charged to.']
  if (figures.refund > 0 && !needs.bankAccount) errors.bank_account_id = ['Choose the bank account the refund is paid from.']
  return Object.keys(errors).length ? errors : undefined
}

/** The day a disposition is due: the province's days after the move-out, or none where the law sets no deadline. */
export function dispositionDueDate(moveOut: string | null, province: string | null | undefined): string | null {
  const days = rulesOf(province)?.deposits.returnDays
  if (!moveOut || days === undefined) return null
  return new Date(Date.parse(`${moveOut}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * What interest a deposit earned: each period with its own rate (Ontario: each year held; elsewhere
 * each calendar year held), from `from` to `to`, its `days` held, the rate applied (`percent`, in
 * hundredths of a percent) and the year whose rate it is (`assumed` when the period's own year has
 * no rate in Lintel yet and the latest known stands in for it), and what it came to, in cents.
 */
export type InterestPeriod = { from: string; to: string; days: number; percent: number; year: number; assumed: boolean; amount: number }
export type DepositInterest = { total: number; periods: InterestPeriod[] }

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** An exact amount of cents, n / d (d > 0), so that nothing is rounded before the end. */
type Exact = { n: bigint; d: bigint }
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b))
const exact = (n: bigint, d: bigint): Exact => {
  const g = gcd(n, d) || 1n
  return { n: n / g, d: d / g }
}
const plus = (a: Exact, b: Exact) => exact(a.n * b.d + b.n * a.d, a.d * b.d)

/**
 * The interest the law owes on a deposit from the day it was received to `until`, or null where
 * Lintel does not compute it (it is then entered by hand): the province's rules and rates are
 * ~/domain/leasing/provinces (DEPOSIT_INTEREST_RULES). A deposit of a kind that earns none earns 0.
 * Each period earns deposit × rate × days ÷ the days of its year, on the deposit plus, where the
 * province compounds, the interest of the years held before its anniversary. Rounded once: the
 * exact sum of the periods is rounded half up to the cent, and those cents are shared among the
 * periods (each its whole cents, the cents left to the largest fractions) so the periods add up to it.
 */
export function depositInterest(deposit: { depositType: string; amount: number; date: string }, until: string, province: string | null | undefined): DepositInterest | null {
  const rules = depositInterestRulesOf(province)
  if (!rules) return null
  if (!rules.earnedBy.includes(deposit.depositType as DepositType) || until <= deposit.date) return { total: 0, periods: [] }
  const end = rules.countsLastDay ? addDays(until, 1) : until
  type Piece = Omit<InterestPeriod, 'amount'> & { exact: Exact }
  const pieces: Piece[] = []
  let principal: Exact = { n: BigInt(deposit.amount), d: 1n }
  for (let held = 0; ; held++) {
    const start = addMonths(deposit.date, 12 * held)
    if (start >= end) break
    const anniversary = addMonths(deposit.date, 12 * (held + 1))
    const stop = anniversary < end ? anniversary : end
    // The pieces of this year held, each with its rate and the days of the year the rate is for.
    const cuts =
      rules.rateOf === 'ANNIVERSARY'
        ? [{ from: start, to: stop, rateYear: Number((anniversary <= end ? anniversary : until).slice(0, 4)), yearDays: dayNumber(anniversary) - dayNumber(start) }]
        : calendarPieces(start, stop)
    let earned: Exact = { n: 0n, d: 1n }
    for (const cut of cuts) {
      const rate = depositInterestRate(province, cut.rateYear)!
      const days = dayNumber(cut.to) - dayNumber(cut.from)
      const value = exact(principal.n * BigInt(rate.percent) * BigInt(days), principal.d * 10_000n * BigInt(cut.yearDays))
      earned = plus(earned, value)
      const to = cut.to > until ? until : cut.to
      const last = pieces.at(-1)
      // A calendar year is one period, whether or not an anniversary falls in it.
      if (rules.rateOf === 'CALENDAR' && last && last.to === cut.from && last.from.slice(0, 4) === cut.from.slice(0, 4)) {
        Object.assign(last, { to, days: last.days + days, exact: plus(last.exact, value) })
      } else pieces.push({ from: cut.from, to, days, percent: rate.percent, year: rate.year, assumed: rate.assumed, exact: value })
    }
    if (rules.compounded && anniversary <= end) principal = plus(principal, earned)
  }
  const { total, amounts } = roundOnce(pieces.map((p) => p.exact))
  return { total, periods: pieces.map((p, i) => ({ from: p.from, to: p.to, days: p.days, percent: p.percent, year: p.year, assumed: p.assumed, amount: amounts[i] })) }
}

/** Exact amounts' sum rounded half up to the cent, once, and its cents shared: each amount its whole cents, the cents left to the largest fractions (the earliest first). */
function roundOnce(values: readonly Exact[]) {
  const sum = values.reduce(plus, { n: 0n, d: 1n })
  const total = Number((2n * sum.n + sum.d) / (2n * sum.d))
  const whole = values.map((v) => v.n / v.d)
  const fraction = values.map((v, i) => ({ i, n: v.n - whole[i] * v.d, d: v.d }))
  const largestFirst = fraction.sort((a, b) => Number(b.n * a.d - a.n * b.d) || a.i - b.i)
  const left = total - Number(whole.reduce((s, w) => s + w, 0n))
  const topped = new Set(largestFirst.slice(0, left).map((f) => f.i))
  return { total, amounts: whole.map((w, i) => Number(w) + (topped.has(i) ? 1 : 0)) }
}

/** The calendar years' pieces of [from, to): each with its year and that year's days. */
function calendarPieces(from: string, to: string) {
  const pieces: { from: string; to: string; rateYear: number; yearDays: number }[] = []
  for (let at = from; at < to; ) {
    const year = Number(at.slice(0, 4))
    const next = `${year + 1}-01-01`
    pieces.push({ from: at, to: next < to ? next : to, rateYear: year, yearDays: dayNumber(next) - dayNumber(`${year}-01-01`) })
    at = next
  }
  return pieces
}

/** What a lease's deposits have earned by `until` under its province's law, in cents; null where Lintel does not compute it. */
export function interestOwed(deposits: readonly { depositType: string; amount: number; date: string }[], until: string, province: string | null | undefined): number | null {
  if (!depositInterestRulesOf(province)) return null
  return deposits.reduce((sum, d) => sum + (depositInterest(d, until, province)?.total ?? 0), 0)
}

/**
 * The day a disposition's interest is worked out to: its date (the day of the refund), or in a
 * province where the deposit pays the last month's rent (Ontario), the move-out when it is earlier.
 */
export function interestUntil(province: string | null | undefined, moveOut: string | null, date: string) {
  return depositInterestRulesOf(province)?.accruesTo === 'MOVE_OUT' && moveOut && moveOut < date ? moveOut : date
}

export type DispositionDocument = { id: string; date: string; leaseId: string; rentalUnitId: string | null; propertyGroupId: string | null; label: string }

/**
 * A completed disposition's entry (its deductions post as the payment that pays the charges from the
 * deposits): the interest charged to its expense account, and what is left of the deposits refunded
 * from the bank. Dr interest expense, Dr deposits held (held − deducted), Cr bank (the refund).
 */
export function dispositionDraft(
  disposition: DispositionDocument,
  figures: ReturnType<typeof dispositionFigures>,
  accounts: { depositsHeld: string; interestExpense: string | null; bank: string | null },
): JournalDraft | null {
  const lines = [
    figures.interest > 0 ? { accountId: accounts.interestExpense!, amount: figures.interest, memo: 'Interest on deposits', propertyGroupId: disposition.propertyGroupId } : null,
    figures.held - figures.deducted !== 0 ? { accountId: accounts.depositsHeld, amount: figures.held - figures.deducted, ...leaseTags(disposition) } : null,
    figures.refund > 0 ? { accountId: accounts.bank!, amount: -figures.refund, memo: 'Deposit refund', propertyGroupId: disposition.propertyGroupId } : null,
  ].filter((l) => l !== null)
  if (!lines.length) return null
  return { date: disposition.date, memo: `Deposits settled: ${disposition.label}`, basis: 'BOTH', source: { type: DEPOSIT_DISPOSITION_SOURCE, id: disposition.id, purpose: 'SETTLEMENT' }, lines }
}

export type StatementFacts = {
  company: { name: string; address: string | null }
  lease: { label: string; unit: string; residents: string; moveOutDate: string | null }
  disposition: { date: string; status: string; forwardingAddress: string | null; interest: number }
  deposits: readonly { depositType: string; date: string; amount: number }[]
  deductions: readonly { description: string; amount: number }[]
  /** How the law's interest on each deposit comes out, with the province's rule; none where Lintel does not compute it. */
  interest: { periods: readonly (InterestPeriod & { depositType: string })[]; total: number; law: string } | null
  dueDate: string | null
  law: string | null
}

const dollars = (cents: number) => `$${formatMoney(cents).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`
const percentOf = (hundredths: number) => `${(hundredths / 100).toFixed(2).replace(/\.?0+$/, '')}%`

/**
 * The statement's account of the interest: a line for each deposit's period and its rate, saying
 * where a year's rate is not yet published and the latest one stood in; where the interest on the
 * disposition is not what the law's rates give, it says it was entered and what the rates give.
 */
function interestSection(interest: NonNullable<StatementFacts['interest']>, entered: number) {
  if (interest.total !== entered)
    return { heading: 'Interest', rows: [], paragraphs: [`The interest of ${dollars(entered)} was entered by the landlord; the province’s published rates give ${dollars(interest.total)}.`, interest.law] }
  return {
    heading: 'Interest',
    rows: interest.periods.map(
      (p) =>
        [
          `${depositLabel(p.depositType)}, ${p.from} to ${p.to} (${p.days} days)`,
          `${dollars(p.amount)} at ${percentOf(p.percent)}${!p.assumed ? '' : p.year > Number(p.from.slice(0, 4)) ? `: ${p.year}’s rate, the earliest on record, used` : `: no rate published yet for this period, ${p.year}’s (the latest) used`}`,
        ] as const,
    ),
    paragraphs: [interest.law],
  }
}

/**
 * The statement a disposition gives the residents: the deposits held, the interest, each deduction
 * and the refund, the day it is due and the province's rule. Written as a letter (~/domain/letter).
 */
export function dispositionStatement(facts: StatementFacts): Letter {
  const held = facts.deposits.reduce((sum, d) => sum + d.amount, 0)
  const figures = dispositionFigures(held, facts.disposition.interest, facts.deductions)
  return {
    letterhead: [facts.company.name, ...(facts.company.address ? [facts.company.address] : [])],
    title: 'Statement of deposit disposition',
    subtitle: facts.disposition.status === 'COMPLETED' ? `Settled on ${facts.disposition.date}` : `Draft of ${facts.disposition.date}: not yet settled`,
    sections: [
      {
        rows: [
          ['Tenants', facts.lease.residents || '—'],
          ['Rental unit', facts.lease.unit],
          ['Lease', facts.lease.label],
          ['Move-out', facts.lease.moveOutDate ?? '—'],
          ['Forwarding address', facts.disposition.forwardingAddress ?? '—'],
          ...(facts.dueDate ? ([['Due by', facts.dueDate]] as const) : []),
        ],
      },
      { heading: 'Deposits held', rows: [...facts.deposits.map((d) => [`${depositLabel(d.depositType)}, received ${d.date}`, dollars(d.amount)] as const), ['Interest earned', dollars(figures.interest)]] },
      ...(facts.interest && (facts.interest.periods.length || figures.interest) ? [interestSection(facts.interest, figures.interest)] : []),
      { heading: 'Deductions', rows: facts.deductions.length ? facts.deductions.map((d) => [d.description, dollars(d.amount)] as const) : [['None', dollars(0)]] },
      {
        heading: 'Refund',
        rows: [
          ['Deposits and interest', dollars(held + figures.interest)],
          ['Less deductions', dollars(figures.deducted)],
          ['Refunded to the tenants', dollars(figures.refund)],
        ],
        paragraphs: facts.law ? [facts.law] : [],
      },
    ],
    signatures: ['Landlord or agent', 'Date'],
  }
}
