import { addDays, daysBetween } from '../ledger/reports'
import { formatMoney } from '../money'
import { LEASE_STATUSES, LEASE_TYPES } from './leases'
import { byUnit, monthlyAmount, percentOf, unitStatusOn, type RentRollLease, type RentRollUnit } from './reports'
import { labelOf } from '~/domain/text'

/*
 * Vacancies, expiring leases and the leasing overview, as of a date, computed from the units and
 * the leases that held them that day (what the rent roll reads, ~/leasing/reports.server, so a
 * unit vacant here is vacant on the rent roll) and the leases before and after those. A unit is
 * vacant when no lease holds it (one taken out of service is down, not for rent); it is becoming
 * vacant when its lease has notice given with a move-out date, or is a fixed term ending with no
 * renewal signed. Amounts are cents until the answer, which carries them as "1250.00".
 */

/** A unit as these read it: the rent roll's unit, the last lease that left it before the day, the next one signed to start after, and whether the lease holding it is renewed. */
export type VacancyUnit = RentRollUnit & { previous: RentRollLease | null; next: RentRollLease | null; renewed: boolean }

export const VACANCY_STATUSES = [
  { value: 'VACANT', label: 'Vacant' },
  { value: 'NOTICE', label: 'On notice' },
  { value: 'LEASE_ENDING', label: 'Lease ending' },
] as const
export type VacancyStatus = (typeof VACANCY_STATUSES)[number]['value']

export const AVAILABILITIES = [
  { value: 'now', label: 'Vacant now' },
  { value: 'upcoming', label: 'Becoming vacant' },
] as const
export type Availability = (typeof AVAILABILITIES)[number]['value']

/** How far ahead the upcoming-vacancies page looks, in days: its choices, the default and the most an API client may ask. */
export const HORIZONS = [30, 60, 90, 120, 180, 365] as const
export const DEFAULT_HORIZON = 90
export const MAX_HORIZON = 366

const money = formatMoney

/** A lease as a vacancy names it: who, which terms, and its rent per month. */
export function leaseBrief(lease: RentRollLease) {
  return {
    lease_id: lease.id,
    lease_label: lease.label,
    lease_type: lease.leaseType,
    lease_type_label: labelOf(LEASE_TYPES, lease.leaseType),
    status: lease.status,
    status_label: labelOf(LEASE_STATUSES, lease.status),
    residents: lease.residents,
    start_date: lease.startDate,
    end_date: lease.endDate,
    notice_date: lease.noticeDate,
    move_out_date: lease.moveOutDate,
    rent: money(monthlyAmount(lease.rent, lease.rentFrequency)),
  }
}

const unitFacts = (unit: VacancyUnit) => ({
  rental_unit_id: unit.id,
  unit_label: unit.label,
  property_group_id: unit.propertyGroupId,
  property_label: unit.propertyLabel,
  unit_type: unit.unitType,
  bedrooms: unit.bedrooms,
  market_rent: unit.marketRent === null ? null : money(unit.marketRent),
})

/** Whether the lease holding a unit is a fixed term ending, not renewed. */
const endsUnrenewed = (unit: VacancyUnit): unit is VacancyUnit & { lease: RentRollLease & { endDate: string } } =>
  !!unit.lease && unit.lease.leaseType === 'FIXED' && !!unit.lease.endDate && !unit.renewed

/** The last day a unit's lease lives in it, as known on `asOf`: the move-out once notice was given by then, else a fixed term's end unless renewed. */
function leavingOn(unit: VacancyUnit, asOf: string): { date: string; status: Exclude<VacancyStatus, 'VACANT'> } | null {
  const lease = unit.lease
  if (!lease) return null
  if (lease.noticeDate && lease.noticeDate <= asOf && lease.moveOutDate) return { date: lease.moveOutDate, status: 'NOTICE' }
  if (endsUnrenewed(unit)) return { date: unit.lease.endDate, status: 'LEASE_ENDING' }
  return null
}

/**
 * The units vacant on `asOf` and those becoming vacant within `horizon` days after it, soonest
 * free first: the day each is free, how long it has stood empty (from the day after its last
 * lease's last day) or how long until it is free, the lease that left or is leaving, and the next
 * lease signed on it. A unit never let has no day it became free.
 */
function vacancyRows(units: readonly VacancyUnit[], asOf: string, horizon: number) {
  const until = addDays(asOf, horizon)
  const rows = units.flatMap((unit) => {
    const row = { ...unitFacts(unit), next_lease: unit.next ? leaseBrief(unit.next) : null }
    if (!unit.lease) {
      if (unitStatusOn(unit, asOf) !== 'VACANT') return []
      const lastDay = unit.previous ? (unit.previous.moveOutDate ?? unit.previous.endDate) : null
      const vacant = {
        ...row,
        status: 'VACANT' as VacancyStatus,
        available_date: lastDay ? addDays(lastDay, 1) : null,
        days_vacant: lastDay ? Math.max(0, daysBetween(lastDay, asOf)) : null,
        days_until_available: 0,
        last_lease: unit.previous ? leaseBrief(unit.previous) : null,
      }
      return [{ row: vacant, market: unit.marketRent ?? 0 }]
    }
    const leaving = leavingOn(unit, asOf)
    if (!leaving || leaving.date < asOf || leaving.date > until) return []
    const available = addDays(leaving.date, 1)
    const upcoming = {
      ...row,
      status: leaving.status as VacancyStatus,
      available_date: available,
      days_vacant: null,
      days_until_available: daysBetween(asOf, available),
      last_lease: leaseBrief(unit.lease),
    }
    return [{ row: upcoming, market: unit.marketRent ?? 0 }]
  })
  return rows.sort((a, b) => (a.row.available_date ?? '').localeCompare(b.row.available_date ?? '') || byUnit(a.row, b.row))
}

const withLabel = <R extends { status: VacancyStatus }>(row: R) => ({ ...row, status_label: labelOf(VACANCY_STATUSES, row.status) })

/** The vacancies answer: the rows (only those vacant now, or only those becoming vacant, when asked) and a summary of every unit in scope. */
export function vacancies(units: readonly VacancyUnit[], options: { asOf: string; horizon: number; availability: Availability | null }) {
  const all = vacancyRows(units, options.asOf, options.horizon)
  const shown = options.availability === null ? all : all.filter(({ row }) => (row.status === 'VACANT') === (options.availability === 'now'))
  const count = (status: VacancyStatus) => all.filter(({ row }) => row.status === status).length
  return {
    as_of: options.asOf,
    within_days: options.horizon,
    available_by: addDays(options.asOf, options.horizon + 1),
    availability: options.availability,
    rows: shown.map(({ row }) => withLabel(row)),
    summary: {
      units: units.length,
      vacant: count('VACANT'),
      on_notice: count('NOTICE'),
      lease_ending: count('LEASE_ENDING'),
      pre_leased: all.filter(({ row }) => row.next_lease).length,
      vacant_market_rent: money(all.filter(({ row }) => row.status === 'VACANT').reduce((sum, { market }) => sum + market, 0)),
    },
  }
}

// Months --------------------------------------------------------------------------------------------

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1

/** `count` months from the month of `date` (negative: the months up to it), as YYYY-MM. */
export function monthsFrom(date: string, count: number): string[] {
  const first = monthIndex(date) + (count < 0 ? count + 1 : 0)
  return Array.from({ length: Math.abs(count) }, (_, i) => {
    const index = first + i
    return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
  })
}

/** The months from the month of `from` to that of `to`, both included, as YYYY-MM. */
export const monthsBetween = (from: string, to: string) => monthsFrom(from, Math.max(0, monthIndex(to) - monthIndex(from) + 1))

/** The last day of a YYYY-MM month. */
export const monthEnd = (month: string) => addDays(`${monthsFrom(`${month}-01`, 2)[1]}-01`, -1)

// Expiring leases -----------------------------------------------------------------------------------

/**
 * The fixed-term leases in force on `asOf` whose term ends within `horizon` days (that day
 * included) with no renewal signed, soonest first, with the days left, rent against market, and
 * the next lease signed on the unit; and how many end in each month of the window.
 */
export function expiringLeases(units: readonly VacancyUnit[], options: { asOf: string; horizon: number }) {
  const until = addDays(options.asOf, options.horizon)
  const ending = units.filter(endsUnrenewed).filter((u) => u.lease.endDate >= options.asOf && u.lease.endDate <= until)
  const rows = ending
    .map((unit) => ({
      ...unitFacts(unit),
      ...leaseBrief(unit.lease),
      days_left: daysBetween(options.asOf, unit.lease.endDate),
      next_lease: unit.next ? leaseBrief(unit.next) : null,
    }))
    .sort((a, b) => a.end_date!.localeCompare(b.end_date!) || byUnit(a, b))
  return {
    as_of: options.asOf,
    within_days: options.horizon,
    ends_by: until,
    rows,
    lease_count: rows.length,
    rent: money(ending.reduce((sum, u) => sum + monthlyAmount(u.lease.rent, u.lease.rentFrequency), 0)),
    by_month: monthsBetween(options.asOf, until).map((month) => {
      const of = ending.filter((u) => u.lease.endDate.startsWith(month))
      return { month, count: of.length, rent: money(of.reduce((sum, u) => sum + monthlyAmount(u.lease.rent, u.lease.rentFrequency), 0)) }
    }),
  }
}

// The leasing overview --------------------------------------------------------------------------------

/** What the units were charged and paid in one month: charges dated in it, and payments received in it and not returned by the day. */
export type MonthRent = { month: string; charged: number; collected: number }

export const OVERVIEW_MONTHS = 12

/**
 * The leasing page on `asOf`: occupancy (as the rent roll counts it), the vacant units, the
 * notices given, how many fixed terms end in each of the next twelve months (this one first), and
 * the rent charged and collected in each of the last twelve (this one last).
 */
export function leasingOverview(units: readonly VacancyUnit[], rentByMonth: readonly MonthRent[], asOf: string) {
  const statuses = units.map((unit) => unitStatusOn(unit, asOf))
  const occupied = statuses.filter((s) => s === 'OCCUPIED' || s === 'NOTICE').length
  const ahead = monthsFrom(asOf, OVERVIEW_MONTHS)
  const expiring = expiringLeases(units, { asOf, horizon: daysBetween(asOf, monthEnd(ahead.at(-1)!)) })
  const byMonth = new Map(rentByMonth.map((m) => [m.month, m]))
  const noticed = units.filter((u) => u.lease?.noticeDate && u.lease.noticeDate <= asOf)
  return {
    as_of: asOf,
    occupancy: {
      units: units.length,
      occupied,
      on_notice: statuses.filter((s) => s === 'NOTICE').length,
      vacant: statuses.filter((s) => s === 'VACANT').length,
      down: statuses.filter((s) => s === 'DOWN').length,
      occupancy_percent: percentOf(occupied, units.length),
    },
    vacant_units: vacancyRows(units, asOf, 0)
      .filter(({ row }) => row.status === 'VACANT')
      .map(({ row }) => withLabel(row)),
    notices: noticed
      .map((unit) => ({ ...unitFacts(unit), ...leaseBrief(unit.lease!) }))
      .sort((a, b) => (a.move_out_date ?? '').localeCompare(b.move_out_date ?? '') || byUnit(a, b)),
    expirations_by_month: expiring.by_month.map(({ month, count }) => ({ month, count })),
    rent_by_month: monthsFrom(asOf, -OVERVIEW_MONTHS).map((month) => ({
      month,
      charged: money(byMonth.get(month)?.charged ?? 0),
      collected: money(byMonth.get(month)?.collected ?? 0),
    })),
  }
}
