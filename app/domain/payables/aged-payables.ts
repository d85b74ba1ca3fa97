import type { ReportTable, TableRow } from '../ledger/report-tables'
import { agingOf, AGING_BUCKETS } from '../leasing/payments'
import { AGING_COLUMNS } from '../leasing/reports'
import { formatMoney } from '../money'

/*
 * Aged payables (issue 16 item 10): what the company owes each vendor at the end of a day, by days
 * past each bill's due date (0–30 includes what is not yet due), tied to the payable accounts'
 * balance that day. Pure: the server reads each bill's amount open on the day.
 */

/** A bill open at the end of the day: its vendor, its due date and what it still owed then (cents). */
export type OpenBill = { billId: string; vendorId: string; vendorLabel: string; dueDate: string; open: number }

type Bucket = (typeof AGING_BUCKETS)[number]

export function agedPayables(bills: readonly OpenBill[], payablesBalance: number, asOf: string) {
  const byVendor = new Map<string, { vendorId: string; vendorLabel: string; buckets: Record<Bucket, number>; bills: number; oldestDue: string }>()
  const totals: Record<Bucket, number> = { '0-30': 0, '31-60': 0, '61-90': 0, '91+': 0 }
  for (const bill of bills) {
    if (bill.open <= 0) continue
    const vendor = byVendor.get(bill.vendorId) ?? { vendorId: bill.vendorId, vendorLabel: bill.vendorLabel, buckets: { '0-30': 0, '31-60': 0, '61-90': 0, '91+': 0 }, bills: 0, oldestDue: bill.dueDate }
    const { bucket } = agingOf(bill.dueDate, asOf)
    vendor.buckets[bucket] += bill.open
    totals[bucket] += bill.open
    vendor.bills += 1
    if (bill.dueDate < vendor.oldestDue) vendor.oldestDue = bill.dueDate
    byVendor.set(bill.vendorId, vendor)
  }
  const figures = (buckets: Record<Bucket, number>) => ({
    ...Object.fromEntries(AGING_COLUMNS.map((c) => [c.key, formatMoney(buckets[c.bucket])])),
    total: formatMoney(AGING_BUCKETS.reduce((sum, b) => sum + buckets[b], 0)),
  }) as Record<(typeof AGING_COLUMNS)[number]['key'] | 'total', string>
  const rows = [...byVendor.values()]
    .sort((a, b) => a.vendorLabel.localeCompare(b.vendorLabel, 'en', { numeric: true }) || a.vendorId.localeCompare(b.vendorId))
    .map((v) => ({ vendor_id: v.vendorId, vendor_label: v.vendorLabel, bill_count: v.bills, oldest_due_date: v.oldestDue, ...figures(v.buckets) }))
  const total = AGING_BUCKETS.reduce((sum, b) => sum + totals[b], 0)
  return {
    as_of: asOf,
    rows,
    totals: figures(totals),
    payables_account_balance: formatMoney(payablesBalance),
    // What the payable accounts hold beyond the bills (a journal entry typed on them): not on any vendor below.
    other_payables: formatMoney(payablesBalance - total),
  }
}

export function agedPayablesTable(report: ReturnType<typeof agedPayables>, subtitle: string[]): ReportTable {
  const cells = (a: Record<(typeof AGING_COLUMNS)[number]['key'], string>) => AGING_COLUMNS.map((c) => a[c.key])
  const rows: TableRow[] = report.rows.map((r) => ({ cells: [r.vendor_label, String(r.bill_count), r.oldest_due_date, ...cells(r), r.total] }))
  rows.push({ cells: ['Total', '', '', ...cells(report.totals), report.totals.total], kind: 'total' })
  rows.push({ cells: ['Payable accounts’ balance', '', '', '', '', '', '', report.payables_account_balance], kind: 'total' })
  return {
    title: 'Aged Payables',
    subtitle: [`As of ${report.as_of}`, ...subtitle],
    columns: [{ label: 'Vendor' }, { label: 'Bills', align: 'right' }, { label: 'Oldest due' }, ...AGING_COLUMNS.map((c) => ({ label: c.label, align: 'right' as const })), { label: 'Total', align: 'right' }],
    rows,
  }
}
