import type { FieldErrors } from '~/domain/errors'
import type { Letter } from '~/domain/letter'
import { displayMoney, displayPercent, formatMoney, formatPercent, type NumberFormat } from '~/domain/money'
import { guidelineFor, MONTHS_BETWEEN_INCREASES, rentIncreaseRulesOf, rulesOf, type RentIncreaseRules } from './provinces'
import { addDays, chargesDue, type Schedule, type ScheduleLine } from './rent'

/*
 * Raising a lease's rent lawfully (issue: leases and rent, item 7), as pure rules: when a lease may
 * next have its rent raised, how much its province allows, how much notice it needs, what the
 * notice letter says, and what applying an increase late owes for periods already charged. The
 * services (~/leasing/rent-increases.server) read the rows and apply these.
 */

export const RENT_INCREASE_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'NOTICE_SENT', label: 'Notice given' },
  { value: 'APPLIED', label: 'Applied' },
  { value: 'CANCELED', label: 'Canceled' },
] as const

/** An increase still on its way: a lease has at most one, and none is eligible while it does. */
export const OPEN_INCREASE = ['DRAFT', 'NOTICE_SENT'] as const

/** `iso` moved by whole calendar months, kept to the month's last day where it has fewer days (2026-01-31 + 1 → 2026-02-28). */
export function addMonths(iso: string, months: number) {
  const index = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + months
  const year = Math.floor(index / 12)
  const month = index - year * 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(Number(iso.slice(8, 10)), last))).toISOString().slice(0, 10)
}

/** The first day a lease's rent may rise again: twelve months after its last increase, or after its move-in when it has had none. */
export function eligibleFrom(lease: { moveInDate: string; lastIncreaseDate: string | null }) {
  const since = lease.lastIncreaseDate && lease.lastIncreaseDate > lease.moveInDate ? lease.lastIncreaseDate : lease.moveInDate
  return addMonths(since, MONTHS_BETWEEN_INCREASES)
}

/** The most `rent` may become under a guideline of `percent` hundredths of a percent: whole cents, never rounded up past it. */
export const maximumRent = (rent: number, percent: number) => Math.floor((rent * (10_000 + percent)) / 10_000)

/** An increase in hundredths of a percent of the rent it raises, to the nearest. */
export const increasePercent = (current: number, next: number) => (current > 0 ? Math.round(((next - current) * 10_000) / current) : 0)

/** The last day notice may be given for an increase taking effect on `effective` and, where the law bounds it, the first. */
export function noticeWindow(rules: RentIncreaseRules, effective: string) {
  const latest = rules.notice.days !== undefined ? addDays(effective, -rules.notice.days) : addMonths(effective, -(rules.notice.months ?? 0))
  const earliest = rules.notice.maxMonths !== undefined ? addMonths(effective, -rules.notice.maxMonths) : null
  return { latest, earliest }
}

/** The first day an increase may take effect after notice given on `noticeDate`. */
export function earliestEffective(rules: RentIncreaseRules, noticeDate: string) {
  return rules.notice.days !== undefined ? addDays(noticeDate, rules.notice.days) : addMonths(noticeDate, rules.notice.months ?? 0)
}

const noticeWords = (rules: RentIncreaseRules) => (rules.notice.days !== undefined ? `${rules.notice.days} days’` : `${rules.notice.months} months’`)

/** The guideline an increase taking effect on `effective` is held to, in words: "Ontario’s guideline for 2026, 2.5%". */
function guidelineWords(province: string | null, effective: string, numbers: NumberFormat = 'en') {
  const year = Number(effective.slice(0, 4))
  const guideline = guidelineFor(province, year)
  if (!guideline) return null
  const name = rulesOf(province)?.name ?? province
  const percent = displayPercent(formatPercent(guideline.percent), numbers)
  const words = guideline.assumed ? `${name}’s guideline for ${guideline.year}, ${percent} (the one for ${year} is not in Lintel yet)` : `${name}’s guideline for ${year}, ${percent}`
  return { ...guideline, words }
}

export type IncreaseTerms = {
  /** The province whose law the lease's unit is under (its property's, else the company's). */
  province: string | null
  /** Cents per rent period. */
  currentRent: number
  newRent: number
  effectiveDate: string
  /** When written notice was given; null while the increase is a draft. */
  noticeDate: string | null
  exempt: boolean
  exemptionReason: string | null
  /** From when the lease's rent may rise again (eligibleFrom). */
  eligibleFrom: string
  /** The company's today: a draft must still leave room for notice given from today. */
  today: string
}

/**
 * Why an increase is not lawful, by the field to correct (none when it is): it must raise the
 * rent; take effect twelve months or more after the last increase or the move-in; stay within the
 * province's guideline for its year unless the unit is exempt (and the exemption says why); and
 * follow notice of at least the province's period (within Québec's window), or, while still a
 * draft, leave room for that notice from today.
 */
export function increaseErrors(terms: IncreaseTerms): FieldErrors {
  const errors: FieldErrors = {}
  const rules = rentIncreaseRulesOf(terms.province)
  const name = rulesOf(terms.province)?.name ?? terms.province ?? ''
  if (terms.newRent <= terms.currentRent) errors.new_rent = [`More than the current rent, ${formatMoney(terms.currentRent)}: an increase raises the rent.`]
  if (terms.effectiveDate < terms.eligibleFrom) errors.effective_date = [`On or after ${terms.eligibleFrom}: rent rises at most once in twelve months, counted from the last increase or the move-in.`]
  if (terms.exempt && !terms.exemptionReason?.trim()) errors.exemption_reason = ['Say why the unit is exempt from the guideline (in Ontario: first occupied as a home after November 15, 2018).']
  const guideline = guidelineWords(terms.province, terms.effectiveDate)
  if (guideline && !terms.exempt && !errors.new_rent) {
    const most = maximumRent(terms.currentRent, guideline.percent)
    if (terms.newRent > most) errors.new_rent = [`At most ${formatMoney(most)}: ${guideline.words}, allows no more unless the unit is exempt.`]
  }
  if (!rules) {
    if (terms.noticeDate && terms.noticeDate > terms.effectiveDate) errors.notice_date = [`On or before the day it takes effect, ${terms.effectiveDate}.`]
    return errors
  }
  const { latest, earliest } = noticeWindow(rules, terms.effectiveDate)
  if (terms.noticeDate) {
    if (terms.noticeDate > latest) errors.notice_date = [`On or before ${latest}: ${name} needs ${noticeWords(rules)} written notice before an increase on ${terms.effectiveDate}.`]
    else if (earliest && terms.noticeDate < earliest) errors.notice_date = [`On or after ${earliest}: ${name} allows notice at most ${rules.notice.maxMonths} months before the increase.`]
  } else if (latest < terms.today && !errors.effective_date) {
    errors.effective_date = [`On or after ${earliestEffective(rules, terms.today)}: ${name} needs ${noticeWords(rules)} written notice, and none has been given yet.`]
  }
  return errors
}

/**
 * A renewal at a higher rent raises a sitting tenant's rent: what the law on increases asks of it
 * (twelve months since the last increase or the move-in, the province's guideline), as messages for
 * its rent; none when it does not raise the rent. Its notice is the increase's to give.
 */
export function renewalRentErrors(terms: { province: string | null; currentRent: number; newRent: number; startDate: string; eligibleFrom: string }): string[] {
  if (terms.newRent <= terms.currentRent) return []
  const messages: string[] = []
  if (terms.startDate < terms.eligibleFrom)
    messages.push(`A renewal at more than the ${formatMoney(terms.currentRent)} paid now raises the rent, which may rise from ${terms.eligibleFrom} (twelve months after the last increase or the move-in): renew at the same rent, or raise it then.`)
  const guideline = guidelineWords(terms.province, terms.startDate)
  const most = guideline ? maximumRent(terms.currentRent, guideline.percent) : null
  if (guideline && most !== null && terms.newRent > most)
    messages.push(`At most ${formatMoney(most)}: ${guideline.words}, allows no more for a tenant renewing. Where the unit is exempt, raise the rent with a rent increase that says so, then renew at the new rent.`)
  return messages
}

/** The most a lease's rent may become on `effective`, and the guideline behind it; null where its province sets no cap. */
export function allowedRent(province: string | null, currentRent: number, effective: string) {
  const guideline = guidelineWords(province, effective)
  return guideline ? { maximum: maximumRent(currentRent, guideline.percent), percent: guideline.percent, year: guideline.year, assumed: guideline.assumed } : null
}

/** The notice a province asks for, in words ("90 days", "3 months"); null for a province without rules here. */
export function noticePeriodOf(province: string | null) {
  const rules = rentIncreaseRulesOf(province)
  if (!rules) return null
  return rules.notice.days !== undefined ? `${rules.notice.days} days` : `${rules.notice.months} months${rules.notice.maxMonths ? ` (at most ${rules.notice.maxMonths})` : ''}`
}

export type CatchUpCharge = { periodStart: string; periodEnd: string; date: string; amount: number }

/**
 * What an increase applied late still owes: for each period the schedule has already charged at
 * the old rent (`charged`, by period, non-void charges of the rent line it ends) that the increase
 * reaches, what the ended line and the new one charge for it now, less what was charged. The rent
 * run never charges those periods again (its unique key), so this is the only way the difference
 * is owed; a period the increase does not reach owes nothing more.
 */
export function catchUpCharges(
  schedule: Schedule,
  lines: { ended: ScheduleLine; added: ScheduleLine },
  charged: readonly { periodStart: string; periodEnd: string; amount: number }[],
  until: string | null,
): CatchUpCharge[] {
  const effective = lines.added.effectiveFrom
  if (!effective || !charged.length) return []
  const byPeriod = new Map<string, number>()
  for (const c of charged) byPeriod.set(c.periodStart, (byPeriod.get(c.periodStart) ?? 0) + c.amount)
  // Through the last day those periods cover: a line starting within the last of them counts too.
  const through = charged.map((c) => c.periodEnd).sort().at(-1)!
  const expected = new Map<string, { periodEnd: string; amount: number }>()
  for (const due of chargesDue(schedule, [lines.ended, lines.added], through, until)) {
    if (!byPeriod.has(due.periodStart) || due.periodEnd < effective) continue
    const known = expected.get(due.periodStart) ?? { periodEnd: due.periodEnd, amount: 0 }
    known.amount += due.amount
    expected.set(due.periodStart, known)
  }
  return [...expected.entries()]
    .map(([periodStart, { periodEnd, amount }]) => ({ periodStart, periodEnd, date: periodStart > effective ? periodStart : effective, amount: amount - byPeriod.get(periodStart)! }))
    .filter((c) => c.amount > 0)
    .sort((a, b) => a.periodStart.localeCompare(b.periodStart))
}

const PER: Record<string, string> = {
  WEEKLY: 'per week',
  BI_WEEKLY: 'every two weeks',
  SEMI_MONTHLY: 'twice a month',
  MONTHLY: 'per month',
  QUARTERLY: 'per quarter',
  SEMI_ANNUALLY: 'every six months',
  ANNUALLY: 'per year',
}
export const perPeriod = (frequency: string) => PER[frequency] ?? ''

export type NoticeLetterInput = {
  company: { name: string; address: string | null; phone: string | null; email: string | null }
  tenants: readonly string[]
  unitAddress: string
  province: string | null
  rentFrequency: string
  currentRent: number
  newRent: number
  effectiveDate: string
  noticeDate: string
  exempt: boolean
  exemptionReason: string | null
  currency: string
  /** How the company writes amounts and percents (1,250.00 or 1 250,00). */
  numbers: NumberFormat
}

/**
 * The notice of a rent increase, one letter per lease. In Ontario it carries what the Landlord and
 * Tenant Board's form N1 asks (the tenants' names, the unit's address, the new rent and from when,
 * the increase and whether it is within the guideline, the landlord's name, a signature and a
 * date); in British Columbia what form RTB-7 does; elsewhere the same facts and the province's law.
 */
export function noticeLetter(input: NoticeLetterInput): Letter {
  const rules = rentIncreaseRulesOf(input.province)
  const money = (cents: number) => displayMoney(formatMoney(cents), input.currency, input.numbers)
  const per = perPeriod(input.rentFrequency)
  const percent = displayPercent(formatPercent(increasePercent(input.currentRent, input.newRent)), input.numbers)
  const guideline = guidelineWords(input.province, input.effectiveDate, input.numbers)
  const within = input.exempt
    ? `The unit is exempt from the rent increase guideline: ${input.exemptionReason ?? ''}`.trim()
    : // Only the guideline of the year it takes effect in: a tenant is not told of another year's.
      guideline && !guideline.assumed
      ? `This increase is within ${guideline.words}.`
      : null
  const subtitle = rules?.form === 'N1' ? 'Following the Landlord and Tenant Board’s form N1' : rules?.form === 'RTB-7' ? 'Following the Residential Tenancy Branch’s form RTB-7' : undefined
  return {
    letterhead: [input.company.name, ...[input.company.address, input.company.phone, input.company.email].filter((line): line is string => !!line)],
    title: 'Notice of Rent Increase',
    subtitle,
    sections: [
      {
        rows: [
          ['To (tenants)', input.tenants.join(', ')],
          ['From (landlord)', input.company.name],
          ['Address of the rental unit', input.unitAddress],
          ['Notice given on', input.noticeDate],
        ],
      },
      {
        heading: 'The new rent',
        rows: [
          ['Current rent', `${money(input.currentRent)} ${per}`.trim()],
          ['New rent', `${money(input.newRent)} ${per}`.trim()],
          ['Increase', `${money(input.newRent - input.currentRent)} (${percent})`],
          ['Starting on', input.effectiveDate],
        ],
        paragraphs: [
          `This is a legal notice that your rent will increase. Your new rent will be ${money(input.newRent)} ${per} starting on ${input.effectiveDate}.`.replace(/\s+/g, ' '),
          ...(within ? [within] : []),
          ...(rules ? [rules.law] : []),
        ],
      },
      {
        heading: 'Landlord or representative',
        rows: [
          ['Name', input.company.name],
          ...(input.company.phone ? ([['Phone', input.company.phone]] as const) : []),
        ],
      },
    ],
    signatures: ['Signature of the landlord or representative', 'Date'],
  }
}
