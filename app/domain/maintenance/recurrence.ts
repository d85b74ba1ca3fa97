/*
 * Recurring schedules as RFC 5545 RRULEs (operations.md §1: "RRULE + lead_days + series_id"), the
 * part property managers use: FREQ DAILY, WEEKLY, MONTHLY or YEARLY; INTERVAL; BYDAY (weekdays, and
 * for a month the nth or last weekday: 1MO, -1FR); BYMONTHDAY (the 15th, the last day -1); BYMONTH;
 * COUNT and UNTIL. Dates are calendar days (YYYY-MM-DD); a schedule's first occurrence is on or
 * after its start. Pure: no clock.
 */

export type Weekday = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU'
const WEEKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
const WEEKDAY_NAMES: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' }
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const
export type Frequency = (typeof FREQUENCIES)[number]

export type Rule = {
  freq: Frequency
  interval: number
  byDay: { weekday: Weekday; nth: number | null }[]
  byMonthDay: number[]
  byMonth: number[]
  count: number | null
  until: string | null
}

/** A rule read from its text, or why it cannot be (in people's words, for the field's error). */
export function parseRule(text: string): { rule: Rule } | { error: string } {
  const parts = new Map<string, string>()
  for (const part of text.trim().replace(/^RRULE:/i, '').split(';').filter(Boolean)) {
    const [key, value] = part.split('=')
    if (!key || value === undefined) return { error: `“${part}” is not a part of a repeat rule (KEY=VALUE).` }
    parts.set(key.toUpperCase(), value.toUpperCase())
  }
  const freq = parts.get('FREQ') as Frequency | undefined
  if (!freq || !FREQUENCIES.includes(freq)) return { error: 'Say how often it repeats: FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.' }
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'COUNT', 'UNTIL', 'WKST'])
  for (const key of parts.keys()) if (!known.has(key)) return { error: `${key} is not supported; use FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT or UNTIL.` }
  const whole = (key: string, min: number, max: number) => {
    const value = parts.get(key)
    if (value === undefined) return null
    return /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : NaN
  }
  const interval = whole('INTERVAL', 1, 366) ?? 1
  if (Number.isNaN(interval)) return { error: 'INTERVAL is a whole number from 1 to 366.' }
  const count = whole('COUNT', 1, 1000)
  if (Number.isNaN(count)) return { error: 'COUNT is a whole number from 1 to 1000.' }
  const untilText = parts.get('UNTIL')
  const until = untilText ? untilText.replace(/^(\d{4})(\d{2})(\d{2}).*$/, '$1-$2-$3') : null
  if (until && !/^\d{4}-\d{2}-\d{2}$/.test(until)) return { error: 'UNTIL is a date: UNTIL=20271231.' }
  if (count !== null && until) return { error: 'Give COUNT or UNTIL, not both.' }
  const byDay: Rule['byDay'] = []
  for (const item of (parts.get('BYDAY') ?? '').split(',').filter(Boolean)) {
    const match = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item)
    if (!match || (match[1] && (Number(match[1]) === 0 || Math.abs(Number(match[1])) > 5))) return { error: `BYDAY takes weekdays (MO, TU…) and, in a month, their place (1MO, -1FR): not “${item}”.` }
    if (match[1] && freq !== 'MONTHLY' && freq !== 'YEARLY') return { error: 'A numbered weekday (1MO, -1FR) is for monthly or yearly rules.' }
    byDay.push({ weekday: match[2] as Weekday, nth: match[1] ? Number(match[1]) : null })
  }
  const byMonthDay: number[] = []
  for (const item of (parts.get('BYMONTHDAY') ?? '').split(',').filter(Boolean)) {
    const day = Number(item)
    if (!/^-?\d+$/.test(item) || day === 0 || day < -31 || day > 31) return { error: `BYMONTHDAY takes days of the month, 1 to 31 (or -1 for the last): not “${item}”.` }
    byMonthDay.push(day)
  }
  const byMonth: number[] = []
  for (const item of (parts.get('BYMONTH') ?? '').split(',').filter(Boolean)) {
    const month = Number(item)
    if (!/^\d+$/.test(item) || month < 1 || month > 12) return { error: `BYMONTH takes months, 1 to 12: not “${item}”.` }
    byMonth.push(month)
  }
  return { rule: { freq, interval, byDay, byMonthDay, byMonth, count, until } }
}

const DAY = 86_400_000
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`)
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10)
const weekdayOf = (time: number) => WEEKDAYS[(new Date(time).getUTCDay() + 6) % 7]
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The days of one month (1-based) a monthly or yearly rule picks; by default the start's day of the month (kept at a shorter month's end). */
function daysOfMonth(rule: Rule, year: number, month: number, startDay: number): number[] {
  const last = daysIn(year, month)
  const picked = new Set<number>()
  for (const day of rule.byMonthDay) {
    const d = day > 0 ? day : last + 1 + day
    if (d >= 1 && d <= last) picked.add(d)
  }
  for (const { weekday, nth } of rule.byDay) {
    const matching: number[] = []
    for (let d = 1; d <= last; d++) if (weekdayOf(Date.UTC(year, month - 1, d)) === weekday) matching.push(d)
    if (nth === null) matching.forEach((d) => picked.add(d))
    else {
      const d = nth > 0 ? matching[nth - 1] : matching[matching.length + nth]
      if (d) picked.add(d)
    }
  }
  if (!rule.byMonthDay.length && !rule.byDay.length) picked.add(Math.min(startDay, last))
  return [...picked].sort((a, b) => a - b)
}

/**
 * The occurrences of a rule started on `start`, in order, from `from` through `to` (inclusive); the
 * COUNT is counted from the start, whatever `from` is. At most `limit` of them.
 */
export function occurrences(rule: Rule, start: string, from: string, to: string, limit = 1000): string[] {
  const out: string[] = []
  const startTime = toTime(start)
  const last = Math.min(toTime(to), rule.until ? toTime(rule.until) : Infinity)
  let counted = 0
  const take = (time: number) => {
    if (time < startTime) return true
    if (time > last) return false
    counted++
    if (rule.count !== null && counted > rule.count) return false
    if (time >= toTime(from)) out.push(toDate(time))
    return out.length < limit
  }
  const s = new Date(startTime)
  const [year, month, day] = [s.getUTCFullYear(), s.getUTCMonth() + 1, s.getUTCDate()]
  // Enough periods to pass `last`, and bounded.
  for (let period = 0; period < 40_000; period++) {
    let days: number[] = []
    if (rule.freq === 'DAILY') {
      const time = startTime + period * rule.interval * DAY
      if (time > last) break
      const d = new Date(time)
      if ((!rule.byMonth.length || rule.byMonth.includes(d.getUTCMonth() + 1)) && (!rule.byDay.length || rule.byDay.some((b) => b.weekday === weekdayOf(time)))) days = [time]
    } else if (rule.freq === 'WEEKLY') {
      const monday = startTime - ((new Date(startTime).getUTCDay() + 6) % 7) * DAY + period * rule.interval * 7 * DAY
      if (monday > last) break
      const weekdays = rule.byDay.length ? rule.byDay.map((b) => b.weekday) : [weekdayOf(startTime)]
      days = WEEKDAYS.map((w, i) => (weekdays.includes(w) ? monday + i * DAY : null)).filter((t): t is number => t !== null)
    } else {
      const months = rule.freq === 'MONTHLY' ? [month - 1 + period * rule.interval] : (rule.byMonth.length ? rule.byMonth : [month]).map((m) => (year + period * rule.interval - year) * 12 + m - 1)
      if (Date.UTC(year, Math.min(...months), 1) > last) break
      for (const index of months.sort((a, b) => a - b)) {
        const y = year + Math.floor(index / 12)
        const m = (index % 12) + 1
        if (rule.freq === 'MONTHLY' && rule.byMonth.length && !rule.byMonth.includes(m)) continue
        days.push(...daysOfMonth(rule, y, m, day).map((d) => Date.UTC(y, m - 1, d)))
      }
    }
    for (const time of days.sort((a, b) => a - b)) if (!take(time)) return out
  }
  return out
}

/** The rule in words: "Every month on the 1st", "Every 2 weeks on Monday and Thursday", "Every year in March on the last Friday". */
export function describeRule(rule: Rule) {
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[rule.freq]
  const every = rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`
  const ordinal = (n: number) => (n === -1 ? 'last' : `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`)
  const list = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items[0])
  const parts = [every]
  if (rule.byMonth.length) parts.push(`in ${list(rule.byMonth.map((m) => MONTH_NAMES[m - 1]))}`)
  if (rule.byMonthDay.length) parts.push(`on the ${list(rule.byMonthDay.map((d) => (d < 0 ? (d === -1 ? 'last day' : `${ordinal(-d)} last day`) : ordinal(d))))}`)
  if (rule.byDay.length) parts.push(`on ${list(rule.byDay.map((b) => (b.nth === null ? WEEKDAY_NAMES[b.weekday] : `the ${ordinal(b.nth)} ${WEEKDAY_NAMES[b.weekday]}`)))}`)
  if (rule.count !== null) parts.push(`${rule.count} times`)
  if (rule.until) parts.push(`until ${rule.until}`)
  return parts.join(' ')
}
