import type { ReportTable } from '../ledger/report-tables'
import { daysBetween } from '../ledger/reports'
import { UNIT_TYPES } from '../reference-data'

/*
 * Time to lease (issue 17 item 8, reports.md): how fast vacant units are let. For each new lease
 * (not a renewal) signed in the range: the day its unit was vacated (the last lease before it moved
 * out), the day it was listed, the day it was signed, its move-in; days to lease = signed − (listed,
 * else vacated), never below 0, a lease signed before the unit was vacated marked pre-leased; days
 * vacant = move-in − move-out − 1, never below 0. Mean and median by property, and overall. Pure:
 * the server reads the leases. Until leases are signed online, a lease is signed the day it was
 * activated.
 */

export type LeasedUnit = {
  leaseId: string
  leaseLabel: string
  rentalUnitId: string
  unitLabel: string
  unitType: string
  propertyGroupId: string
  propertyLabel: string
  /** The day the lease before it on the unit moved out (or ended); null for a unit's first lease. */
  vacatedOn: string | null
  /** The day the unit's listing was published, when it was listed before the lease was signed. */
  listedOn: string | null
  signedOn: string
  moveIn: string
}

const tenth = (n: number) => Math.round(n * 10) / 10
const mean = (values: number[]) => (values.length ? tenth(values.reduce((a, b) => a + b, 0) / values.length) : null)
function median(values: number[]) {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return tenth(sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2)
}

export function timeToLease(leases: readonly LeasedUnit[], options: { from: string; to: string; unitType: string | null }) {
  const rows = leases
    .filter((l) => l.signedOn >= options.from && l.signedOn <= options.to && (!options.unitType || l.unitType === options.unitType))
    .map((l) => {
      const start = l.listedOn ?? l.vacatedOn
      return {
        lease_id: l.leaseId,
        lease_label: l.leaseLabel,
        rental_unit_id: l.rentalUnitId,
        unit_label: l.unitLabel,
        unit_type: l.unitType,
        unit_type_label: UNIT_TYPES.find((u) => u.value === l.unitType)?.label ?? l.unitType,
        property_group_id: l.propertyGroupId,
        property_label: l.propertyLabel,
        vacated_on: l.vacatedOn,
        listed_on: l.listedOn,
        signed_on: l.signedOn,
        move_in: l.moveIn,
        days_to_lease: start ? Math.max(0, daysBetween(start, l.signedOn)) : null,
        pre_leased: l.vacatedOn !== null && l.signedOn < l.vacatedOn,
        days_vacant: l.vacatedOn ? Math.max(0, daysBetween(l.vacatedOn, l.moveIn) - 1) : null,
      }
    })
    .sort((a, b) => a.signed_on.localeCompare(b.signed_on) || a.unit_label.localeCompare(b.unit_label))
  const figures = (group: string, of: typeof rows) => {
    const toLease = of.flatMap((r) => (r.days_to_lease === null ? [] : [r.days_to_lease]))
    const vacant = of.flatMap((r) => (r.days_vacant === null ? [] : [r.days_vacant]))
    return { group, leases: of.length, pre_leased: of.filter((r) => r.pre_leased).length, mean_days_to_lease: mean(toLease), median_days_to_lease: median(toLease), mean_days_vacant: mean(vacant), median_days_vacant: median(vacant) }
  }
  const properties = [...new Set(rows.map((r) => r.property_label))].sort((a, b) => a.localeCompare(b))
  return {
    date_from: options.from,
    date_to: options.to,
    unit_type: options.unitType,
    rows,
    groups: properties.map((p) => figures(p, rows.filter((r) => r.property_label === p))),
    total: figures('All properties', rows),
  }
}

export function timeToLeaseTable(report: ReturnType<typeof timeToLease>, subtitle: string[]): ReportTable {
  const show = (v: number | null) => (v === null ? '—' : String(v))
  const t = report.total
  return {
    title: 'Time to Lease',
    subtitle: [
      `Signed from ${report.date_from} to ${report.date_to}: ${t.leases} leases, ${show(t.mean_days_to_lease)} days to lease on average (median ${show(t.median_days_to_lease)}), ${show(t.mean_days_vacant)} days vacant`,
      ...subtitle,
    ],
    columns: [{ label: 'Property' }, { label: 'Unit' }, { label: 'Type' }, { label: 'Vacated' }, { label: 'Listed' }, { label: 'Signed' }, { label: 'Move-in' }, { label: 'Days to lease', align: 'right' }, { label: 'Days vacant', align: 'right' }],
    rows: [
      ...report.rows.map((r) => ({ cells: [r.property_label, r.unit_label, r.unit_type_label, r.vacated_on ?? '', r.listed_on ?? '', r.signed_on, r.move_in, `${show(r.days_to_lease)}${r.pre_leased ? ' (pre-leased)' : ''}`, show(r.days_vacant)] })),
      ...[...report.groups, report.total].map((g) => ({
        kind: 'total' as const,
        cells: [g.group, `${g.leases} leases`, '', '', '', '', '', `mean ${show(g.mean_days_to_lease)}, median ${show(g.median_days_to_lease)}`, `mean ${show(g.mean_days_vacant)}`],
      })),
    ],
  }
}
