import type { ReportTable, TableRow } from '../ledger/report-tables'
import { ageByParty, agingFigures } from '../ledger/aging'
import { AGING_COLUMNS } from '../leasing/reports'
import { formatMoney } from '../money'
import { compareNumbered } from '../text'
import type { OpenCredit } from './vendor-credits'

/*
 * Aged payables (issue 16 item 10): what the company owes each vendor at the end of a day, by days
 * past each bill's due date (0–30 includes what is not yet due), tied to the payable accounts'
 * balance that day. Pure: the server reads each bill's amount open on the day.
 */

/** A vendor's bills open at the end of the day that fall due on one day: how many (one unless given) and what they still owed then (cents). */
export type OpenBill = { vendorId: string; vendorLabel: string; dueDate: string; open: number; count?: number }

/**
 * `credits`: each vendor's credits left unapplied that day, a debit on the payable accounts: shown
 * as a negative figure on the vendor's row (a row of its own when it has no open bill), taken off
 * its total, so the totals still tie to the accounts' balance.
 */
export function agedPayables(bills: readonly OpenBill[], payablesBalance: number, asOf: string, credits: readonly OpenCredit[] = []) {
  const aged = ageByParty(
    bills.map((b) => ({ partyKey: b.vendorId, partyLabel: b.vendorLabel, dueDate: b.dueDate, open: b.open, count: b.count })),
    asOf,
  )
  const creditOf = new Map(credits.filter((c) => c.left > 0).map((c) => [c.vendorId, c]))
  const empty = { '0-30': 0, '31-60': 0, '61-90': 0, '91+': 0 }
  const parties = [
    ...aged.parties,
    ...[...creditOf.values()].filter((c) => !aged.parties.some((p) => p.key === c.vendorId)).map((c) => ({ key: c.vendorId, label: c.vendorLabel, count: 0, oldestDue: '', buckets: empty })),
  ].sort((a, b) => compareNumbered(a.label, b.label) || a.key.localeCompare(b.key))
  const creditTotal = [...creditOf.values()].reduce((sum, c) => sum + c.left, 0)
  const figures = (buckets: typeof empty, credit: number) => {
    const open = Object.values(buckets).reduce((sum, n) => sum + n, 0)
    return { ...agingFigures(buckets), credits: formatMoney(-credit), total: formatMoney(open - credit) }
  }
  return {
    as_of: asOf,
    rows: parties.map((v) => ({ vendor_id: v.key, vendor_label: v.label, bill_count: v.count, oldest_due_date: v.oldestDue, ...figures(v.buckets, creditOf.get(v.key)?.left ?? 0) })),
    totals: figures(aged.totals, creditTotal),
    payables_account_balance: formatMoney(payablesBalance),
    // What the payable accounts hold beyond the bills and credits (a journal entry typed on them): not on any vendor below.
    other_payables: formatMoney(payablesBalance - aged.total + creditTotal),
  }
}

export function agedPayablesTable(report: ReturnType<typeof agedPayables>, subtitle: string[]): ReportTable {
  const cells = (a: Record<(typeof AGING_COLUMNS)[number]['key'] | 'credits', string>) => [...AGING_COLUMNS.map((c) => a[c.key]), a.credits]
  const rows: TableRow[] = report.rows.map((r) => ({ cells: [r.vendor_label, String(r.bill_count), r.oldest_due_date, ...cells(r), r.total] }))
  rows.push({ cells: ['Total', '', '', ...cells(report.totals), report.totals.total], kind: 'total' })
  rows.push({ cells: ['Payable accounts’ balance', '', '', '', '', '', '', '', report.payables_account_balance], kind: 'total' })
  return {
    title: 'Aged Payables',
    subtitle: [`As of ${report.as_of}`, ...subtitle],
    columns: [{ label: 'Vendor' }, { label: 'Bills', align: 'right' }, { label: 'Oldest due' }, ...AGING_COLUMNS.map((c) => ({ label: c.label, align: 'right' as const })), { label: 'Credits', align: 'right' }, { label: 'Total', align: 'right' }],
    rows,
  }
}
