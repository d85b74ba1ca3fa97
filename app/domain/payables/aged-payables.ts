import type { ReportTable, TableRow } from '../ledger/report-tables'
import { ageByParty, agingFigures } from '../ledger/aging'
import { AGING_COLUMNS } from '../leasing/reports'
import { formatMoney } from '../money'

/*
 * Aged payables (issue 16 item 10): what the company owes each vendor at the end of a day, by days
 * past each bill's due date (0–30 includes what is not yet due), tied to the payable accounts'
 * balance that day. Pure: the server reads each bill's amount open on the day.
 */

/** A bill open at the end of the day: its vendor, its due date and what it still owed then (cents). */
export type OpenBill = { billId: string; vendorId: string; vendorLabel: string; dueDate: string; open: number }

export function agedPayables(bills: readonly OpenBill[], payablesBalance: number, asOf: string) {
  const aged = ageByParty(
    bills.map((b) => ({ partyKey: b.vendorId, partyLabel: b.vendorLabel, dueDate: b.dueDate, open: b.open })),
    asOf,
  )
  return {
    as_of: asOf,
    rows: aged.parties.map((v) => ({ vendor_id: v.key, vendor_label: v.label, bill_count: v.count, oldest_due_date: v.oldestDue, ...agingFigures(v.buckets) })),
    totals: agingFigures(aged.totals),
    payables_account_balance: formatMoney(payablesBalance),
    // What the payable accounts hold beyond the bills (a journal entry typed on them): not on any vendor below.
    other_payables: formatMoney(payablesBalance - aged.total),
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
