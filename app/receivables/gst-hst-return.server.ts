import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { billLines, bills, expenses, invoices, vendorCreditLines, vendorCredits } from '~/db/schema'
import type { TaxCredit } from '~/domain/receivables/gst-hst-return'

/**
 * The documents of a period as the GST/HST return reads them: each invoice's taxable total and
 * taxes, and the input tax credit each bill and expense claimed and each vendor credit took back.
 */
export async function taxesOfPeriod(tx: Executor, companyId: string, range: { from: string; to: string }) {
  const [invoiceRows, creditRows] = await Promise.all([
    tx
      .select({ taxes: invoices.taxes })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.status, 'POSTED'), sql`${invoices.date} between ${range.from} and ${range.to}`)),
    tx.execute<{ source: TaxCredit['source']; credit: string }>(sql`
      select 'EXPENSE' as source, e.input_tax_credit as credit from ${expenses} e
      where e.company_id = ${companyId} and e.status = 'POSTED' and e.date between ${range.from} and ${range.to} and e.input_tax_credit > 0
      union all
      select 'BILL', sum(l.input_tax_credit) from ${bills} b join ${billLines} l on l.bill_id = b.id
      where b.company_id = ${companyId} and b.status = 'POSTED' and b.date between ${range.from} and ${range.to} and l.input_tax_credit > 0 group by b.id
      union all
      select 'VENDOR_CREDIT', sum(l.input_tax_credit) from ${vendorCredits} v join ${vendorCreditLines} l on l.vendor_credit_id = v.id
      where v.company_id = ${companyId} and v.status = 'POSTED' and v.date between ${range.from} and ${range.to} and l.input_tax_credit > 0 group by v.id`),
  ])
  return {
    invoices: invoiceRows.map((r) => ({ taxable: r.taxes[0]?.taxable ?? 0, taxes: r.taxes.map((t) => ({ code: t.code, amount: t.amount })) })),
    credits: creditRows.map((r) => ({ source: r.source, credit: Number(r.credit) })),
  }
}
