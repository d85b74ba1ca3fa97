import type { ReportTable, TableRow } from '../ledger/report-tables'
import { formatMoney } from '../money'

/*
 * The GST/HST return worksheet (issue 16 item 10): the figures of the CRA's GST/HST return (form
 * GST34) for a reporting period, from the documents of the period: the taxable sales and the
 * GST/HST the invoices charged (lines 101 and 103), the vendor credit notes that took back input tax
 * credits claimed before (line 104, added to the net tax), the input tax credits claimed on the
 * bills and expenses (line 106), and the net tax (line 109): to remit when positive, a refund when
 * negative. The provincial sales taxes the invoices charged (PST, RST, QST) are filed with each
 * province, not here: they are listed apart. Pure: the server reads the documents of the period.
 */

/** An invoice of the period: its taxable lines' total and each tax it charged (cents). */
export type TaxedInvoice = { taxable: number; taxes: readonly { code: string; amount: number }[] }
/** A document of the period that claimed (or, a vendor credit, took back) an input tax credit (cents). */
export type TaxCredit = { source: 'BILL' | 'EXPENSE' | 'VENDOR_CREDIT'; credit: number }

const FEDERAL = new Set(['GST', 'HST'])

export function gstHstReturn(period: { from: string; to: string }, invoices: readonly TaxedInvoice[], credits: readonly TaxCredit[]) {
  const sales = invoices.reduce((sum, i) => sum + (i.taxes.some((t) => FEDERAL.has(t.code)) ? i.taxable : 0), 0)
  const collected = invoices.reduce((sum, i) => sum + i.taxes.filter((t) => FEDERAL.has(t.code)).reduce((s, t) => s + t.amount, 0), 0)
  const claimed = credits.filter((c) => c.source !== 'VENDOR_CREDIT' && c.credit > 0)
  const takenBack = credits.filter((c) => c.source === 'VENDOR_CREDIT' && c.credit > 0)
  const itcs = claimed.reduce((sum, c) => sum + c.credit, 0)
  const adjustments = takenBack.reduce((sum, c) => sum + c.credit, 0)
  const provincial = new Map<string, number>()
  for (const invoice of invoices) for (const tax of invoice.taxes) if (!FEDERAL.has(tax.code)) provincial.set(tax.code, (provincial.get(tax.code) ?? 0) + tax.amount)
  const net = collected + adjustments - itcs
  const count = (source: TaxCredit['source']) => credits.filter((c) => c.source === source && c.credit > 0).length
  return {
    date_from: period.from,
    date_to: period.to,
    line_101: formatMoney(sales),
    line_103: formatMoney(collected),
    line_104: formatMoney(adjustments),
    line_105: formatMoney(collected + adjustments),
    line_106: formatMoney(itcs),
    line_107: formatMoney(0),
    line_108: formatMoney(itcs),
    line_109: formatMoney(net),
    owing: net >= 0,
    invoice_count: invoices.filter((i) => i.taxes.some((t) => t.amount > 0)).length,
    bill_count: count('BILL'),
    expense_count: count('EXPENSE'),
    vendor_credit_count: count('VENDOR_CREDIT'),
    provincial_taxes: [...provincial.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, amount]) => ({ code, amount: formatMoney(amount) })),
  }
}

/** The worksheet's lines with the CRA's numbers, as the page, the CSV and the PDF show them. */
export const RETURN_LINES = [
  { key: 'line_101', number: '101', label: 'Sales and other revenue (taxable, before tax)' },
  { key: 'line_103', number: '103', label: 'GST/HST collected or collectible' },
  { key: 'line_104', number: '104', label: 'Adjustments (input tax credits taken back by vendor credit notes)' },
  { key: 'line_105', number: '105', label: 'Total GST/HST and adjustments for the period' },
  { key: 'line_106', number: '106', label: 'Input tax credits (ITCs) for the current period' },
  { key: 'line_107', number: '107', label: 'Adjustments' },
  { key: 'line_108', number: '108', label: 'Total ITCs and adjustments' },
  { key: 'line_109', number: '109', label: 'Net tax (a refund when negative)' },
] as const

export function gstHstReturnTable(report: ReturnType<typeof gstHstReturn>, subtitle: string[]): ReportTable {
  const rows: TableRow[] = RETURN_LINES.map((line) => ({ cells: [line.number, line.label, report[line.key]], ...(line.key === 'line_109' || line.key === 'line_105' || line.key === 'line_108' ? { kind: 'total' as const } : {}) }))
  for (const tax of report.provincial_taxes) rows.push({ cells: ['', `${tax.code} collected (filed with the province, not on this return)`, tax.amount] })
  return {
    title: 'GST/HST Return Worksheet',
    subtitle: [`${report.date_from} to ${report.date_to}`, ...subtitle],
    columns: [{ label: 'Line' }, { label: 'Description' }, { label: 'Amount', align: 'right' }],
    rows,
  }
}
