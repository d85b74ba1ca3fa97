import type { ReportTable } from '../ledger/report-tables'
import { formatMoney } from '../money'

/*
 * Service technician hours (domain/reports.md §4): each stretch a technician was clocked in over a
 * range of days, in hours to the quarter, at the rate kept with it, with its rate type and cost;
 * billable when it was spent on a work order. Ontario's Employment Standards Act: hours past 44 in a
 * work week (Monday to Sunday here) are overtime at one and a half times the rate, and work on a
 * public holiday is paid at one and a half times too (premium pay). Utilisation is the share of a
 * technician's hours spent on work orders.
 */

export type TechHoursEntry = {
  id: string
  technicianId: string
  technician: string
  /** When it started (ms), the day that was on the company's clock (YYYY-MM-DD), and its minutes. */
  startedAt: number
  date: string
  minutes: number
  /** Cents an hour, as kept when the technician clocked in. */
  hourlyRate: number
  workOrderId: string | null
  workOrder: string | null
  property: string | null
  unit: string | null
}

export const WEEKLY_HOURS = 44
export const PREMIUM = 1.5
export const BILLABLE_FILTERS = [
  { value: 'billable', label: 'Billable (on work orders)' },
  { value: 'not-billable', label: 'Not billable' },
] as const
export type BillableFilter = (typeof BILLABLE_FILTERS)[number]['value']

/** Quarter hours, as a count of them: 50 minutes are 3.25 hours → 13. */
export const quarters = (minutes: number) => Math.round(minutes / 15)

const dayOf = (date: string) => new Date(`${date}T00:00:00Z`)
const iso = (d: Date) => d.toISOString().slice(0, 10)
const nthWeekday = (year: number, month: number, weekday: number, n: number) => {
  const first = new Date(Date.UTC(year, month, 1))
  return new Date(Date.UTC(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1)))
}
/** Easter Sunday (the Gregorian computus). */
function easter(year: number) {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return new Date(Date.UTC(year, month - 1, day))
}

/** Ontario's nine public holidays of a year, by day. */
export function ontarioHolidays(year: number): Map<string, string> {
  const goodFriday = new Date(easter(year).getTime() - 2 * 86_400_000)
  // The Monday on or before May 24.
  const may24 = new Date(Date.UTC(year, 4, 24))
  const victoria = new Date(may24.getTime() - ((may24.getUTCDay() + 6) % 7) * 86_400_000)
  return new Map([
    [`${year}-01-01`, 'New Year’s Day'],
    [iso(nthWeekday(year, 1, 1, 3)), 'Family Day'],
    [iso(goodFriday), 'Good Friday'],
    [iso(victoria), 'Victoria Day'],
    [`${year}-07-01`, 'Canada Day'],
    [iso(nthWeekday(year, 8, 1, 1)), 'Labour Day'],
    [iso(nthWeekday(year, 9, 1, 2)), 'Thanksgiving Day'],
    [`${year}-12-25`, 'Christmas Day'],
    [`${year}-12-26`, 'Boxing Day'],
  ])
}

/** The Monday of a day's work week. */
const weekOf = (date: string) => iso(new Date(dayOf(date).getTime() - ((dayOf(date).getUTCDay() + 6) % 7) * 86_400_000))

type Row = {
  id: string
  technician: string
  date: string
  work_order_id: string | null
  work_order: string | null
  property: string | null
  unit: string | null
  hours: string
  rate_type: 'REGULAR' | 'OVERTIME' | 'HOLIDAY'
  rate_type_label: string
  rate: string
  cost: string
  billable: boolean
}

/** The first day whose entries the report reads: the Monday of the range's first week (a week's overtime counts from its Monday). */
export const readFrom = (from: string) => weekOf(from)

/**
 * The report over the technicians' clocked-out entries from readFrom(range.from) to the range's
 * end: its rows are those in the range, their hours counted into their week from its Monday.
 */
export function serviceTechHours(entries: readonly TechHoursEntry[], range: { from: string; to: string }, options: { billable?: BillableFilter | null } = {}) {
  // A week's hours add up in the order they were worked.
  const sorted = [...entries].sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id))
  // Quarter hours each technician has worked so far in each week.
  const worked = new Map<string, number>()
  const holidays = new Map<number, Map<string, string>>()
  const holidayOn = (date: string) => {
    const year = Number(date.slice(0, 4))
    if (!holidays.has(year)) holidays.set(year, ontarioHolidays(year))
    return holidays.get(year)!.get(date)
  }
  const rows: Row[] = []
  const make = (e: TechHoursEntry, q: number, type: Row['rate_type'], label: string): Row => {
    const rate = type === 'REGULAR' ? e.hourlyRate : Math.round(e.hourlyRate * PREMIUM)
    return {
      id: e.id,
      technician: e.technician,
      date: e.date,
      work_order_id: e.workOrderId,
      work_order: e.workOrder,
      property: e.property,
      unit: e.unit,
      hours: (q / 4).toFixed(2),
      rate_type: type,
      rate_type_label: label,
      rate: formatMoney(rate),
      cost: formatMoney(Math.round((q * rate) / 4)),
      billable: e.workOrderId !== null,
    }
  }
  for (const e of sorted) {
    const q = quarters(e.minutes)
    const week = `${e.technicianId}|${weekOf(e.date)}`
    const before = worked.get(week) ?? 0
    worked.set(week, before + q)
    const holiday = holidayOn(e.date)
    if (holiday) {
      rows.push(make(e, q, 'HOLIDAY', `Public holiday (${holiday}) ×${PREMIUM}`))
      continue
    }
    const regular = Math.max(0, Math.min(q, WEEKLY_HOURS * 4 - before))
    if (regular > 0) rows.push(make(e, regular, 'REGULAR', 'Regular'))
    if (q - regular > 0) rows.push(make(e, q - regular, 'OVERTIME', `Overtime ×${PREMIUM}`))
  }
  const shown = rows
    .filter((r) => r.date >= range.from && r.date <= range.to && (!options.billable || (options.billable === 'billable') === r.billable))
    .sort((a, b) => a.date.localeCompare(b.date) || a.technician.localeCompare(b.technician))
  const cents = (money: string) => Math.round(Number(money) * 100)
  const summarize = (name: string, of: Row[]) => {
    const hours = of.reduce((sum, r) => sum + Math.round(Number(r.hours) * 4), 0)
    const billable = of.filter((r) => r.billable).reduce((sum, r) => sum + Math.round(Number(r.hours) * 4), 0)
    return {
      technician: name,
      hours: (hours / 4).toFixed(2),
      billable_hours: (billable / 4).toFixed(2),
      overtime_hours: (of.filter((r) => r.rate_type !== 'REGULAR').reduce((sum, r) => sum + Math.round(Number(r.hours) * 4), 0) / 4).toFixed(2),
      cost: formatMoney(of.reduce((sum, r) => sum + cents(r.cost), 0)),
      utilisation_percent: hours ? Math.round((billable / hours) * 1000) / 10 : null,
    }
  }
  const names = [...new Set(shown.map((r) => r.technician))].sort((a, b) => a.localeCompare(b))
  return {
    date_from: range.from,
    date_to: range.to,
    rows: shown,
    by_technician: names.map((name) => summarize(name, shown.filter((r) => r.technician === name))),
    total: summarize('All technicians', shown),
  }
}

export function serviceTechHoursTable(report: ReturnType<typeof serviceTechHours>, subtitle: string[]): ReportTable {
  const right = (label: string) => ({ label, align: 'right' as const })
  return {
    title: 'Service Technician Hours',
    subtitle: [`Time clocked from ${report.date_from} to ${report.date_to}`, ...subtitle],
    columns: [{ label: 'Technician' }, { label: 'Date' }, { label: 'Work order' }, { label: 'Property / unit' }, right('Hours'), { label: 'Rate type' }, right('Rate'), right('Cost'), { label: 'Billable' }],
    rows: [
      ...report.rows.map((r) => ({
        cells: [r.technician, r.date, r.work_order ?? '—', [r.property, r.unit].filter(Boolean).join(' · '), r.hours, r.rate_type_label, r.rate, r.cost, r.billable ? 'Yes' : 'No'],
      })),
      ...report.by_technician.map((t) => ({
        cells: [t.technician, '', `Utilisation ${t.utilisation_percent ?? '—'}%`, `${t.billable_hours} billable`, t.hours, `${t.overtime_hours} at a premium`, '', t.cost, ''],
        kind: 'total' as const,
      })),
      {
        cells: [report.total.technician, '', `Utilisation ${report.total.utilisation_percent ?? '—'}%`, `${report.total.billable_hours} billable`, report.total.hours, `${report.total.overtime_hours} at a premium`, '', report.total.cost, ''],
        kind: 'total' as const,
      },
    ],
  }
}
