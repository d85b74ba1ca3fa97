import { ageByParty, agingFigures as documentAging, type OpenDocument } from '../ledger/aging'
import type { ReportTable, TableRow } from '../ledger/report-tables'
import { formatMoney } from '../money'
import { LEASE_STATUSES } from './leases'
import { AGING_BUCKETS, agingOf } from './payments'
import { compareNumbered, compareText } from '../text'

/*
 * The rent reports as ../shared/domain/reports.md defines them, computed from what the services
 * read as of a date (~/leasing/reports.server): the rent roll (every unit, its lease, rent and
 * balance), aged receivables (each lease's open charges by age, credits apart, tied to the
 * receivable accounts) and rent delinquency (who owes now). Amounts are cents until the answer,
 * which carries them as the API's "1250.00".
 */

export type OpenItem = { leaseId: string; chargeId: string; date: string; chargeType: string; open: number }
export type LeaseCredit = { leaseId: string; credit: number }
export type RentRollLease = {
  id: string
  label: string
  status: string
  leaseType: string
  startDate: string
  endDate: string | null
  moveInDate: string | null
  noticeDate: string | null
  moveOutDate: string | null
  rent: number
  rentFrequency: string
  rentalUnitId: string
  unitLabel: string
  propertyGroupId: string
  propertyLabel: string
  residents: string
}
export type RentRollUnit = {
  id: string
  label: string
  unitType: string
  bedrooms: number | null
  areaSqFt: number | null
  marketRent: number | null
  status: string
  propertyGroupId: string
  propertyLabel: string
  lease: RentRollLease | null
  recurring: { chargeType: string; amount: number; frequency: string }[]
}

export type Bucket = (typeof AGING_BUCKETS)[number]
const BUCKET_KEYS = { '0-30': 'days_0_30', '31-60': 'days_31_60', '61-90': 'days_61_90', '91+': 'days_91_plus' } as const
export const AGING_COLUMNS = AGING_BUCKETS.map((bucket) => ({ bucket, key: BUCKET_KEYS[bucket], label: bucket === '91+' ? '91+ days' : `${bucket} days` }))

/** What a lease owes at a date: its open charges by age, its credits, and the net. */
export type LeaseAging = { buckets: Record<Bucket, number>; credits: number; total: number; oldestDue: string | null }

/** Each lease's open charges aged on `asOf` (days since each charge's date), less the credits it holds. */
export function ageLeases(items: readonly OpenItem[], credits: readonly LeaseCredit[], asOf: string): Map<string, LeaseAging> {
  const out = new Map<string, LeaseAging>()
  const of = (leaseId: string) => {
    let aging = out.get(leaseId)
    if (!aging) out.set(leaseId, (aging = { buckets: { '0-30': 0, '31-60': 0, '61-90': 0, '91+': 0 }, credits: 0, total: 0, oldestDue: null }))
    return aging
  }
  for (const item of items) {
    const aging = of(item.leaseId)
    aging.buckets[agingOf(item.date, asOf).bucket] += item.open
    aging.total += item.open
    if (item.open > 0 && (aging.oldestDue === null || item.date < aging.oldestDue)) aging.oldestDue = item.date
  }
  for (const { leaseId, credit } of credits) {
    const aging = of(leaseId)
    aging.credits -= credit
    aging.total -= credit
  }
  return out
}

export const LEASE_STATUS_FILTERS = [
  { value: 'current', label: 'Current leases (active or on notice)' },
  { value: 'past', label: 'Past leases (ended)' },
  { value: 'all', label: 'All leases' },
] as const
export type LeaseStatusFilter = (typeof LEASE_STATUS_FILTERS)[number]['value']
const statusMatches = (status: string, filter: LeaseStatusFilter) => filter === 'all' || (filter === 'past' ? status === 'ENDED' : status === 'ACTIVE' || status === 'NOTICE')
const leaseStatusLabel = (status: string) => LEASE_STATUSES.find((s) => s.value === status)?.label ?? status

const money = formatMoney
export const byUnit = (a: { property_label: string; unit_label: string }, b: { property_label: string; unit_label: string }) =>
  compareText(a.property_label, b.property_label) || compareNumbered(a.unit_label, b.unit_label)

export const leaseFacts = (lease: RentRollLease) => ({
  lease_id: lease.id,
  lease_label: lease.label,
  lease_status: lease.status,
  lease_status_label: leaseStatusLabel(lease.status),
  rental_unit_id: lease.rentalUnitId,
  unit_label: lease.unitLabel,
  property_group_id: lease.propertyGroupId,
  property_label: lease.propertyLabel,
  residents: lease.residents,
})

const agingFigures = (aging: LeaseAging) => ({
  days_0_30: money(aging.buckets['0-30']),
  days_31_60: money(aging.buckets['31-60']),
  days_61_90: money(aging.buckets['61-90']),
  days_91_plus: money(aging.buckets['91+']),
  credits: money(aging.credits),
  total: money(aging.total),
})

function sumAgings(agings: Iterable<LeaseAging>): LeaseAging {
  const sum: LeaseAging = { buckets: { '0-30': 0, '31-60': 0, '61-90': 0, '91+': 0 }, credits: 0, total: 0, oldestDue: null }
  for (const a of agings) {
    for (const bucket of AGING_BUCKETS) sum.buckets[bucket] += a.buckets[bucket]
    sum.credits += a.credits
    sum.total += a.total
  }
  return sum
}

/**
 * Aged receivables on `asOf`: each lease with something open or a credit, its charges by age and its
 * credits apart; the totals of the leases shown; and the tie to the books: the receivable accounts'
 * balance, and what of it no charge or payment explains (a journal entry typed on the account).
 */
export function agedReceivables(
  agings: Map<string, LeaseAging>,
  leases: Map<string, RentRollLease>,
  receivablesBalance: number,
  options: { asOf: string; leaseStatus: LeaseStatusFilter; minBalance: number | null },
  invoices: readonly OpenDocument[] = [],
) {
  const all = [...agings.entries()].filter(([, a]) => a.total !== 0 || a.credits !== 0 || AGING_BUCKETS.some((b) => a.buckets[b] !== 0))
  const shown = all.filter(([id, a]) => {
    const lease = leases.get(id)
    return lease && statusMatches(lease.status, options.leaseStatus) && (options.minBalance === null || a.total >= options.minBalance)
  })
  const everyLease = sumAgings(all.map(([, a]) => a))
  // Invoices are owed beside the leases' charges, by their customers (residents, owners, others).
  const invoiced = ageByParty(invoices, options.asOf)
  return {
    as_of: options.asOf,
    lease_status: options.leaseStatus,
    min_balance: options.minBalance === null ? null : money(options.minBalance),
    rows: shown
      .map(([id, a]) => ({ ...leaseFacts(leases.get(id)!), oldest_due_date: a.oldestDue, ...agingFigures(a) }))
      .sort(byUnit),
    totals: agingFigures(sumAgings(shown.map(([, a]) => a))),
    all_leases_total: money(everyLease.total),
    invoices: {
      rows: invoiced.parties.map((p) => ({ customer_key: p.key, customer_label: p.label, invoice_count: p.count, oldest_due_date: p.oldestDue, ...documentAging(p.buckets) })),
      totals: documentAging(invoiced.totals),
    },
    receivables_account_balance: money(receivablesBalance),
    other_receivables: money(receivablesBalance - everyLease.total - invoiced.total),
  }
}

/** What a recurring charge comes to per month, to the cent: a rent roll's rents are monthly. */
export function monthlyAmount(amount: number, frequency: string): number {
  const perYear: Record<string, number> = { WEEKLY: 52, BI_WEEKLY: 26, SEMI_MONTHLY: 24, MONTHLY: 12, QUARTERLY: 4, SEMI_ANNUALLY: 2, ANNUALLY: 1 }
  const times = perYear[frequency] ?? 12
  return times === 12 ? amount : Math.round((amount * times) / 12)
}

export const RENT_ROLL_STATUSES = [
  { value: 'OCCUPIED', label: 'Occupied' },
  { value: 'NOTICE', label: 'On notice' },
  { value: 'VACANT', label: 'Vacant' },
  { value: 'DOWN', label: 'Down' },
] as const
type RentRollStatus = (typeof RENT_ROLL_STATUSES)[number]['value']

/** A unit's status on `asOf`: let and on notice once notice was given by then, let, or empty (down when taken out of service). */
export function unitStatusOn(unit: RentRollUnit, asOf: string): RentRollStatus {
  if (unit.lease) return unit.lease.noticeDate && unit.lease.noticeDate <= asOf ? 'NOTICE' : 'OCCUPIED'
  return unit.status === 'DOWN' ? 'DOWN' : 'VACANT'
}

export const percentOf = (part: number, whole: number) => (whole ? ((part * 100) / whole).toFixed(1) : '0.0')

/**
 * The rent roll on `asOf`: every unit with the lease that held it that day, its market and actual
 * rent (the schedule's rent lines in effect, per month), its other recurring charges, the deposit
 * held and the lease's balance; and the summary (occupancy by units and by area, gross potential
 * rent, actual rent, the vacancy loss).
 */
export function rentRoll(
  units: readonly RentRollUnit[],
  agings: Map<string, LeaseAging>,
  deposits: Map<string, number>,
  options: { asOf: string; status: RentRollStatus | null },
) {
  const rows = units.map((unit) => {
    const status = unitStatusOn(unit, options.asOf)
    const lease = unit.lease
    const monthly = (rent: boolean) => unit.recurring.filter((r) => (r.chargeType === 'RENT') === rent).reduce((sum, r) => sum + monthlyAmount(r.amount, r.frequency), 0)
    return {
      status,
      row: {
        rental_unit_id: unit.id,
        unit_label: unit.label,
        property_group_id: unit.propertyGroupId,
        property_label: unit.propertyLabel,
        unit_type: unit.unitType,
        bedrooms: unit.bedrooms,
        area_sq_ft: unit.areaSqFt,
        status,
        status_label: RENT_ROLL_STATUSES.find((s) => s.value === status)!.label,
        lease_id: lease?.id ?? null,
        lease_label: lease?.label ?? null,
        residents: lease?.residents ?? '',
        move_in_date: lease ? (lease.moveInDate ?? lease.startDate) : null,
        start_date: lease?.startDate ?? null,
        end_date: lease?.endDate ?? null,
        notice_date: lease?.noticeDate ?? null,
        move_out_date: lease?.moveOutDate ?? null,
        market_rent: unit.marketRent === null ? null : money(unit.marketRent),
        actual_rent: money(lease ? monthly(true) : 0),
        other_charges: money(lease ? monthly(false) : 0),
        deposit_held: money(lease ? (deposits.get(lease.id) ?? 0) : 0),
        balance: money(lease ? (agings.get(lease.id)?.total ?? 0) : 0),
      },
      cents: {
        market: unit.marketRent ?? 0,
        actual: lease ? monthly(true) : 0,
        other: lease ? monthly(false) : 0,
        deposit: lease ? (deposits.get(lease.id) ?? 0) : 0,
        balance: lease ? (agings.get(lease.id)?.total ?? 0) : 0,
        area: unit.areaSqFt ?? 0,
      },
    }
  })
  const shown = options.status ? rows.filter((r) => r.status === options.status) : rows
  const total = (key: keyof (typeof rows)[number]['cents'], of = shown) => of.reduce((sum, r) => sum + r.cents[key], 0)
  const occupied = rows.filter((r) => r.status === 'OCCUPIED' || r.status === 'NOTICE')
  const vacant = rows.filter((r) => r.status === 'VACANT' || r.status === 'DOWN')
  return {
    as_of: options.asOf,
    status: options.status,
    rows: shown.map((r) => r.row),
    totals: {
      market_rent: money(total('market')),
      actual_rent: money(total('actual')),
      other_charges: money(total('other')),
      deposit_held: money(total('deposit')),
      balance: money(total('balance')),
    },
    summary: {
      units: rows.length,
      occupied: occupied.length,
      on_notice: rows.filter((r) => r.status === 'NOTICE').length,
      vacant: rows.filter((r) => r.status === 'VACANT').length,
      down: rows.filter((r) => r.status === 'DOWN').length,
      occupancy_percent: percentOf(occupied.length, rows.length),
      area_sq_ft: total('area', rows),
      occupied_area_sq_ft: total('area', occupied),
      area_occupancy_percent: percentOf(total('area', occupied), total('area', rows)),
      gross_potential_rent: money(total('market', rows)),
      actual_rent: money(total('actual', rows)),
      vacancy_loss: money(total('market', vacant)),
    },
  }
}

/**
 * Rent delinquency on `asOf`: the leases that owe (a positive balance), by age, with the last
 * payment and the days since the oldest charge still unpaid; current leases only unless asked.
 * Credits and prepayments are left out, so it can differ from aged receivables.
 */
export function rentDelinquency(
  agings: Map<string, LeaseAging>,
  leases: Map<string, RentRollLease>,
  lastPayments: Map<string, { date: string; amount: number }>,
  options: { asOf: string; includePast: boolean; minBalance: number | null },
) {
  const owing = [...agings.entries()].filter(([id, a]) => {
    const lease = leases.get(id)
    return lease && a.total > 0 && (options.includePast || statusMatches(lease.status, 'current')) && (options.minBalance === null || a.total >= options.minBalance)
  })
  const rows = owing
    .map(([id, a]) => {
      const lease = leases.get(id)!
      const last = lastPayments.get(id)
      return {
        ...leaseFacts(lease),
        rent: money(lease.rent),
        ...agingFigures(a),
        last_payment_date: last?.date ?? null,
        last_payment_amount: last ? money(last.amount) : null,
        oldest_due_date: a.oldestDue,
        days_late: a.oldestDue ? agingOf(a.oldestDue, options.asOf).days : 0,
      }
    })
    .sort(byUnit)
  return {
    as_of: options.asOf,
    include_past: options.includePast,
    min_balance: options.minBalance === null ? null : money(options.minBalance),
    rows,
    lease_count: rows.length,
    totals: agingFigures(sumAgings(owing.map(([, a]) => a))),
  }
}

const right = (label: string) => ({ label, align: 'right' as const })
const agingColumns = AGING_COLUMNS.map((c) => right(c.label))
type AgingCells = Pick<ReturnType<typeof agingFigures>, 'days_0_30' | 'days_31_60' | 'days_61_90' | 'days_91_plus'>
const agingCells = (a: AgingCells) => [a.days_0_30, a.days_31_60, a.days_61_90, a.days_91_plus]

export function agedReceivablesTable(report: ReturnType<typeof agedReceivables>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = report.rows.map((r) => ({ cells: [r.property_label, r.unit_label, r.lease_label, r.residents, r.lease_status_label, ...agingCells(r), r.credits, r.total] }))
  rows.push({ cells: ['Total', '', '', '', '', ...agingCells(report.totals), report.totals.credits, report.totals.total], kind: 'total' })
  if (report.invoices.rows.length) {
    for (const r of report.invoices.rows) rows.push({ cells: ['Invoices', '', '', r.customer_label, `${r.invoice_count} open`, ...agingCells(r), '', r.total] })
    rows.push({ cells: ['Total of invoices', '', '', '', '', ...agingCells(report.invoices.totals), '', report.invoices.totals.total], kind: 'total' })
  }
  rows.push({ cells: ['Receivable accounts’ balance', '', '', '', '', '', '', '', '', '', report.receivables_account_balance], kind: 'total' })
  return {
    title: 'Aged Receivables',
    subtitle: [`As of ${report.as_of}`, ...subtitle],
    columns: [{ label: 'Property' }, { label: 'Unit' }, { label: 'Lease' }, { label: 'Residents' }, { label: 'Status' }, ...agingColumns, right('Credits'), right('Total')],
    rows,
  }
}

export function rentRollTable(report: ReturnType<typeof rentRoll>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = report.rows.map((r) => ({
    cells: [r.property_label, r.unit_label, r.unit_type, r.bedrooms === null ? '' : String(r.bedrooms), r.area_sq_ft === null ? '' : String(r.area_sq_ft), r.status_label, r.residents, r.move_in_date, r.start_date, r.end_date, r.notice_date, r.move_out_date, r.market_rent, r.actual_rent, r.other_charges, r.deposit_held, r.balance],
  }))
  const t = report.totals
  rows.push({ cells: ['Total', '', '', '', '', '', '', '', '', '', '', '', t.market_rent, t.actual_rent, t.other_charges, t.deposit_held, t.balance], kind: 'total' })
  const s = report.summary
  return {
    title: 'Rent Roll',
    subtitle: [`As of ${report.as_of}`, `${s.units} units, ${s.occupied} occupied (${s.occupancy_percent}%), ${s.vacant} vacant; vacancy loss ${s.vacancy_loss}`, ...subtitle],
    columns: [
      { label: 'Property' },
      { label: 'Unit' },
      { label: 'Type' },
      right('Beds'),
      right('Sq ft'),
      { label: 'Status' },
      { label: 'Residents' },
      { label: 'Move-in' },
      { label: 'Lease start' },
      { label: 'Lease end' },
      { label: 'Notice' },
      { label: 'Move-out' },
      right('Market rent'),
      right('Actual rent'),
      right('Other charges'),
      right('Deposit held'),
      right('Balance'),
    ],
    rows,
  }
}

export function rentDelinquencyTable(report: ReturnType<typeof rentDelinquency>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = report.rows.map((r) => ({
    cells: [r.property_label, r.unit_label, r.residents, r.lease_status_label, r.rent, ...agingCells(r), r.total, r.last_payment_date, r.last_payment_amount, String(r.days_late)],
  }))
  rows.push({ cells: ['Total', '', '', '', '', ...agingCells(report.totals), report.totals.total, '', '', ''], kind: 'total' })
  return {
    title: 'Rent Delinquency',
    subtitle: [`As of ${report.as_of}`, ...subtitle],
    columns: [{ label: 'Property' }, { label: 'Unit' }, { label: 'Residents' }, { label: 'Status' }, right('Rent'), ...agingColumns, right('Owed'), { label: 'Last payment' }, right('Amount'), right('Days late')],
    rows,
  }
}

/**
 * The dashboard's rent cards on `today`: occupancy, this month's rent charged and collected, the
 * balance the current leases owe (as rent delinquency counts it) and the notices given.
 */
export function rentCards(
  figures: { monthStart: string; counts: { units: number; occupied: number; on_notice: number; charged: string; collected: string } },
  agings: Map<string, LeaseAging>,
  leases: Map<string, RentRollLease>,
  today: string,
) {
  const owing = [...agings.entries()].filter(([id, a]) => a.total > 0 && statusMatches(leases.get(id)?.status ?? '', 'current'))
  const { counts } = figures
  return {
    as_of: today,
    month_start: figures.monthStart,
    units: counts.units,
    occupied: counts.occupied,
    occupancy_percent: percentOf(counts.occupied, counts.units),
    charged_this_month: money(Number(counts.charged)),
    collected_this_month: money(Number(counts.collected)),
    delinquent_balance: money(owing.reduce((sum, [, a]) => sum + a.total, 0)),
    delinquent_leases: owing.length,
    on_notice: counts.on_notice,
  }
}
