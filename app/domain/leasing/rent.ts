import type { JournalDraft } from '../ledger/entries'
import { PAYMENT_FREQUENCIES } from '../reference-data'

/*
 * Rent as pure rules: what a lease is charged, for which period and how much. A rent schedule
 * charges its lines once per period, on the day the period starts (or, for a partial first or last
 * period, the day the lease's charging starts), prorated by the days charged over the days of the
 * period: a lease moving in on the 15th of a 31-day month owes 17/31 of a month's rent for it. A
 * charge posts Dr accounts receivable (tagged with its lease, unit and property) / Cr its income
 * account. The services (~/leasing/rent.server) read the rows and post what these say.
 */

export const CHARGE_TYPES = [
  { value: 'RENT', label: 'Rent' },
  { value: 'PARKING', label: 'Parking' },
  { value: 'PET_RENT', label: 'Pet rent' },
  { value: 'STORAGE', label: 'Storage' },
  { value: 'UTILITIES', label: 'Utilities' },
  { value: 'OTHER', label: 'Other' },
  { value: 'LATE_FEE', label: 'Late fee' },
  { value: 'NSF_FEE', label: 'NSF fee' },
  { value: 'MAINTENANCE', label: 'Maintenance' },
] as const
export type ChargeType = (typeof CHARGE_TYPES)[number]['value']

/** What a rent schedule's lines charge every period (fees and work are charged one at a time). */
export const RECURRING_CHARGE_TYPES = CHARGE_TYPES.filter((t) => t.value !== 'LATE_FEE' && t.value !== 'NSF_FEE' && t.value !== 'MAINTENANCE')

/** The income account a charge goes to when its line names none, by the company's account roles. */
export const incomeRoleOf = (type: string) =>
  type === 'LATE_FEE' || type === 'NSF_FEE' ? 'LATE_FEE_INCOME' : type === 'MAINTENANCE' ? 'MAINTENANCE_INCOME' : 'RENT_INCOME'

export const chargeTypeLabel = (type: string) => CHARGE_TYPES.find((t) => t.value === type)?.label ?? type

/** How often a schedule charges: the frequencies of `payment-frequencies/` that repeat. */
export const SCHEDULE_FREQUENCIES = PAYMENT_FREQUENCIES.filter((f) => f.value !== 'ONE_TIME').map(({ value, label }) => ({ value, label }))
/** Frequencies whose periods are months (a due day applies); the others are weeks, or halves of a month. */
const MONTHS: Record<string, number> = { MONTHLY: 1, QUARTERLY: 3, SEMI_ANNUALLY: 6, ANNUALLY: 12 }
const DAYS: Record<string, number> = { WEEKLY: 7, BI_WEEKLY: 14 }
export const takesDueDay = (frequency: string) => frequency in MONTHS

const DAY = 86_400_000
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY
const fromDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)
export const addDays = (iso: string, days: number) => fromDay(toDay(iso) + days)
/** Days from `a` to `b` counting both (Mar 15 to Mar 31 is 17). */
export const daysIn = (a: string, b: string) => toDay(b) - toDay(a) + 1

export type Schedule = {
  frequency: string
  /** The day of the month a monthly period starts (31 or more: the month's last day); the 1st when null. */
  dueDay: number | null
  /** The first day it charges: a weekly schedule's periods start on its weekday. */
  startDate: string
  /** The last day it charges, or null to go on. */
  endDate: string | null
}

/** A period's first day in a month (counted from year 0): the due day, or the month's last day when it has fewer days. */
function dayInMonth(monthIndex: number, dueDay: number) {
  const year = Math.floor(monthIndex / 12)
  const month = monthIndex - year * 12
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return fromDay(Date.UTC(year, month, Math.min(dueDay, last)) / DAY)
}
const monthIndexOf = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1

/**
 * The first day of the period holding `date`, and of the one after it. Weekly and two-weekly
 * periods count from the schedule's first day; monthly, quarterly, half-yearly and yearly ones
 * start on the due day, in step from the schedule's first month; semi-monthly ones on the 1st and
 * the 16th.
 */
export function periodAround(schedule: Schedule, date: string): { start: string; next: string } {
  const days = DAYS[schedule.frequency]
  if (days) {
    const n = Math.floor((toDay(date) - toDay(schedule.startDate)) / days)
    const start = toDay(schedule.startDate) + n * days
    return { start: fromDay(start), next: fromDay(start + days) }
  }
  if (schedule.frequency === 'SEMI_MONTHLY') {
    const month = monthIndexOf(date)
    return Number(date.slice(8, 10)) >= 16 ? { start: dayInMonth(month, 16), next: dayInMonth(month + 1, 1) } : { start: dayInMonth(month, 1), next: dayInMonth(month, 16) }
  }
  const step = MONTHS[schedule.frequency]
  if (!step) throw new Error(`No periods for frequency ${schedule.frequency}`)
  const dueDay = schedule.dueDay ?? 1
  const anchor = monthIndexOf(schedule.startDate)
  let k = Math.floor((monthIndexOf(date) - anchor) / step)
  if (dayInMonth(anchor + k * step, dueDay) > date) k--
  return { start: dayInMonth(anchor + k * step, dueDay), next: dayInMonth(anchor + (k + 1) * step, dueDay) }
}

export type ScheduleLine = {
  id: string
  chargeType: string
  description: string | null
  amount: number
  effectiveFrom: string | null
  effectiveTo: string | null
}

export type DueCharge = {
  lineId: string
  chargeType: string
  description: string
  /** The day it is charged: the first day it covers. */
  date: string
  periodStart: string
  periodEnd: string
  amount: number
  /** The days it covers of the period's, when it is prorated. */
  days: number
  periodDays: number
}

/** Whole cents of `amount` for `days` of `periodDays`, rounded half up. */
export function prorate(amount: number, days: number, periodDays: number) {
  if (days >= periodDays) return amount
  return Math.floor((amount * days * 2 + periodDays) / (2 * periodDays))
}

/**
 * Every charge a schedule's lines make up to `through` (a company's today), oldest first: one per
 * line and period, covering the days of the period that fall within the schedule, the line's
 * effective dates and `until` (the lease's last day, when it has one), prorated when that is not
 * the whole period. A charge is due on the first day it covers. `after` skips the periods up to the
 * one starting that day, which were charged already.
 */
export function chargesDue(schedule: Schedule, lines: readonly ScheduleLine[], through: string, until: string | null = null, options: { after?: string | null; limit?: number } = {}): DueCharge[] {
  const limit = options.limit ?? 1200
  const last = [schedule.endDate, until].filter((d): d is string => !!d).sort()[0] ?? null
  const out: DueCharge[] = []
  // From the schedule's first period, or the one after the period starting on `after` (charged already).
  let { start, next } = periodAround(schedule, options.after && options.after >= schedule.startDate ? periodAround(schedule, options.after).next : schedule.startDate)
  for (let n = 0; n < limit && start <= through && (last === null || start <= last); n++) {
    const periodEnd = addDays(next, -1)
    for (const line of lines) {
      const from = [start, schedule.startDate, line.effectiveFrom ?? start].sort().at(-1)!
      const to = [periodEnd, last ?? periodEnd, line.effectiveTo ?? periodEnd].sort()[0]
      if (from > to || from > through) continue
      const days = daysIn(from, to)
      const periodDays = daysIn(start, periodEnd)
      const amount = prorate(line.amount, days, periodDays)
      if (amount <= 0) continue
      out.push({ lineId: line.id, chargeType: line.chargeType, description: line.description || chargeTypeLabel(line.chargeType), date: from, periodStart: start, periodEnd, amount, days, periodDays })
    }
    ;({ start, next } = periodAround(schedule, next))
  }
  return out
}

/** What a charge's memo says: its description and the days it covers. */
export function chargeMemo(charge: { description: string; periodStart?: string | null; periodEnd?: string | null; date: string }) {
  if (!charge.periodStart || !charge.periodEnd) return charge.description
  const from = charge.date > charge.periodStart ? charge.date : charge.periodStart
  return `${charge.description}, ${from} to ${charge.periodEnd}`
}

export type ChargeDocument = {
  id: string
  date: string
  amount: number
  memo: string
  accountId: string
  leaseId: string
  rentalUnitId: string | null
  propertyGroupId: string | null
}

export const RENT_CHARGE_SOURCE = 'RENT_CHARGE'

/** The dimensions a lease's receivable lines carry: the lease, its unit and its property. */
export const leaseTags = (document: { leaseId: string; rentalUnitId: string | null; propertyGroupId: string | null }) => ({
  leaseId: document.leaseId,
  rentalUnitId: document.rentalUnitId,
  propertyGroupId: document.propertyGroupId,
})

/** A charge's posting: Dr accounts receivable for the lease, Cr its income account; idempotent per charge. */
export function chargeDraft(charge: ChargeDocument, receivableAccountId: string): JournalDraft {
  const tags = leaseTags(charge)
  return {
    date: charge.date,
    memo: charge.memo,
    basis: 'BOTH',
    source: { type: RENT_CHARGE_SOURCE, id: charge.id, purpose: 'CHARGE' },
    lines: [
      { accountId: receivableAccountId, amount: charge.amount, ...tags },
      { accountId: charge.accountId, amount: -charge.amount, ...tags },
    ],
  }
}
