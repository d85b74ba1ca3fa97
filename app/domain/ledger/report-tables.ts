import { writeCsv } from '../csv'
import type { balanceSheet, chartOfAccounts, generalLedger, incomeStatement, journalTransactions, transactionRegister, trialBalance } from './reports'

/*
 * A statement laid out as rows and columns, the one shape its CSV and PDF are written
 * from: amounts stay the API's "1250.00" strings, headings and totals are rows marked as such.
 */

export type TableRow = { cells: (string | null)[]; kind?: 'heading' | 'total' }
export type ReportTable = { title: string; subtitle: string[]; columns: { label: string; align?: 'right' }[]; rows: TableRow[] }

const right = (label: string) => ({ label, align: 'right' as const })
const label = (account: { number: string; name: string }) => (account.number ? `${account.number} ${account.name}` : account.name)

export function trialBalanceTable(report: ReturnType<typeof trialBalance>, subtitle: string[]): ReportTable {
  return {
    title: 'Trial Balance',
    subtitle: [`As of ${report.as_of}`, ...subtitle],
    columns: [{ label: 'Number' }, { label: 'Account' }, { label: 'Type' }, right('Debit'), right('Credit')],
    rows: [
      ...report.rows.map((r) => ({ cells: [r.number, r.name, r.account_type, r.debit, r.credit] })),
      { cells: ['', 'Total', '', report.total_debit, report.total_credit], kind: 'total' as const },
    ],
  }
}

export function balanceSheetTable(report: ReturnType<typeof balanceSheet>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = []
  for (const section of report.sections) {
    rows.push({ cells: [section.label, null], kind: 'heading' })
    for (const group of section.groups) {
      rows.push({ cells: [`  ${group.label}`, null], kind: 'heading' })
      for (const line of group.lines) rows.push({ cells: [`    ${label(line)}`, line.amount] })
      rows.push({ cells: [`  Total ${group.label.toLowerCase()}`, group.total], kind: 'total' })
    }
    rows.push({ cells: [`Total ${section.label.toLowerCase()}`, section.total], kind: 'total' })
  }
  rows.push({ cells: ['Total liabilities and equity', report.total_liabilities_and_equity], kind: 'total' })
  return { title: 'Balance Sheet', subtitle: [`As of ${report.as_of}`, ...subtitle], columns: [{ label: 'Account' }, right('Amount')], rows }
}

export function incomeStatementTable(report: ReturnType<typeof incomeStatement>, subtitle: string[]): ReportTable {
  const compared = !!report.comparison
  const figures = (f: { amount: string; previous: string | null; change: string | null }) => (compared ? [f.amount, f.previous, f.change] : [f.amount])
  const rows: TableRow[] = []
  for (const section of report.sections) {
    if (section.rows.length) {
      rows.push({ cells: [section.label], kind: 'heading' })
      for (const row of section.rows) rows.push({ cells: [`  ${label(row)}`, ...figures(row)] })
      rows.push({ cells: [`Total ${section.label.toLowerCase()}`, ...figures(section.total)], kind: 'total' })
    }
    if (section.key === 'operating_expenses') rows.push({ cells: ['Net operating income', ...figures(report.net_operating_income)], kind: 'total' })
  }
  rows.push({ cells: ['Net income', ...figures(report.net_income)], kind: 'total' })
  const period = `${report.date_from} to ${report.date_to}`
  const columns = compared ? [{ label: 'Account' }, right(period), right(`${report.comparison!.date_from} to ${report.comparison!.date_to}`), right('Change')] : [{ label: 'Account' }, right('Amount')]
  return { title: 'Income Statement', subtitle: [period, ...subtitle], columns, rows }
}

export function generalLedgerTable(report: ReturnType<typeof generalLedger>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = []
  for (const account of report.accounts) {
    rows.push({ cells: [label(account)], kind: 'heading' })
    rows.push({ cells: [report.date_from, '', '', 'Opening balance', '', null, null, account.opening] })
    for (const l of account.lines) {
      const dims = [l.property_group_label, l.rental_unit_label, l.resident_label, l.property_owner_label].filter(Boolean).join(', ')
      rows.push({ cells: [l.date, String(l.entry_number), l.source_label, l.memo ?? '', dims, l.debit, l.credit, l.balance] })
    }
    rows.push({ cells: [report.date_to, '', '', 'Closing balance', '', account.total_debit, account.total_credit, account.closing], kind: 'total' })
  }
  return {
    title: 'General Ledger',
    subtitle: [`${report.date_from} to ${report.date_to}`, ...subtitle],
    columns: [{ label: 'Date' }, { label: 'Entry' }, { label: 'Source' }, { label: 'Memo' }, { label: 'Property, unit, person' }, right('Debit'), right('Credit'), right('Balance')],
    rows,
  }
}

export function transactionRegisterTable(report: ReturnType<typeof transactionRegister>, subtitle: string[]): ReportTable {
  return {
    title: 'Transaction Register',
    subtitle: [`${report.number} ${report.name}`, `${report.date_from} to ${report.date_to}`, ...subtitle],
    columns: [{ label: 'Date' }, { label: 'Entry' }, { label: 'Memo' }, right('Deposit'), right('Withdrawal'), right('Balance')],
    rows: [
      { cells: [report.date_from, '', 'Opening balance', null, null, report.opening] },
      ...report.lines.map((l) => ({ cells: [l.date, String(l.entry_number), l.memo ?? l.source_label, l.deposit, l.withdrawal, l.balance] })),
      { cells: [report.date_to, '', 'Closing balance', report.total_deposits, report.total_withdrawals, report.closing], kind: 'total' as const },
    ],
  }
}

export function journalTransactionsTable(report: ReturnType<typeof journalTransactions>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = []
  for (const e of report.entries) {
    rows.push({ cells: [e.date, `#${e.number}`, e.source_label, e.memo ?? '', null, null], kind: 'heading' })
    for (const l of e.lines) rows.push({ cells: ['', '', '', `  ${l.account_label}${l.memo ? ` (${l.memo})` : ''}`, l.debit, l.credit] })
  }
  rows.push({ cells: ['', '', '', 'Total', report.total_debit, report.total_credit], kind: 'total' })
  return {
    title: 'Journal Transactions',
    subtitle: [`${report.date_from} to ${report.date_to}`, ...subtitle],
    columns: [{ label: 'Date' }, { label: 'Entry' }, { label: 'Source' }, { label: 'Memo / account' }, right('Debit'), right('Credit')],
    rows,
  }
}

export function chartOfAccountsTable(report: ReturnType<typeof chartOfAccounts>, subtitle: string[]): ReportTable {
  return {
    title: 'Chart of Accounts',
    subtitle: [`Balances as of ${report.as_of}`, ...subtitle],
    columns: [{ label: 'Number' }, { label: 'Name' }, { label: 'Type' }, { label: 'Subtype' }, { label: 'Parent' }, { label: 'Normal balance' }, { label: 'Active' }, right('Balance')],
    rows: report.accounts.map((a) => ({ cells: [a.number, a.name, a.account_type_label, a.subtype_label, a.parent_label ?? '', a.normal_balance === 'DEBIT' ? 'Debit' : 'Credit', a.is_active ? 'Yes' : 'No', a.balance] })),
  }
}

/** RFC 4180 CSV: the column header, then every row (headings and totals included, indentation dropped); the amount columns are the right-aligned ones. */
export function tableCsv(table: ReportTable) {
  const rows = [table.columns.map((c) => c.label), ...table.rows.map((r) => table.columns.map((_, i) => (r.cells[i] ?? '').trim()))]
  return writeCsv(rows, (i) => table.columns[i]?.align === 'right')
}
