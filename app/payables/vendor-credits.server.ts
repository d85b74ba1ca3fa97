import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { billLines, bills, vendorCreditApplications, vendorCreditLines, vendorCredits, vendors } from '~/db/schema'
import { conflict, invalid } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { applicationErrors, applicationLabel, applicationMoves, vendorCreditLabel, type OpenCredit } from '~/domain/payables/vendor-credits'
import { lineErrors, syncBillsPaid } from './bills.server'

/*
 * Vendor credits' services (issue 16 item 4): what the definitions of ~/resources/vendor-credits run
 * in their record's transaction. The rules are pure, in ~/domain/payables/vendor-credits.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/**
 * A credit as it will be stored: its vendor's (active, for a new one); each line on an expense or
 * asset account (the vendor's default when it names none), a unit's line on the unit's property;
 * its total not below what is applied of it; named for its vendor, memo number and date.
 */
export async function checkVendorCredit(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined): Promise<Errors | undefined> {
  const errors: Errors = {}
  const [vendor] = await tx
    .select({ name: vendors.name, defaultAccountId: vendors.defaultExpenseAccountId, isActive: vendors.isActive })
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), eq(vendors.id, String(values.vendorId))))
  if (!vendor) return { vendor_id: ['Choose a vendor.'] }
  if (!id && !vendor.isActive) errors.vendor_id = [`${vendor.name} is deactivated: reactivate the vendor to enter its credits.`]
  const [current] = id
    ? await tx
        .select({ applied: vendorCredits.appliedAmount, vendorId: vendorCredits.vendorId })
        .from(vendorCredits)
        .where(and(eq(vendorCredits.companyId, companyId), eq(vendorCredits.id, id)))
    : []
  if (lines) {
    lines.forEach((line, i) => {
      line.accountId ??= vendor.defaultAccountId
      if (!line.accountId) errors[`lines[${i}].account_id`] = [`Line ${i + 1}: choose the expense account (${vendor.name} has no default).`]
    })
    Object.assign(errors, await lineErrors(tx, companyId, lines, { document: 'a vendor credit' }))
    if (current) {
      const total = lines.reduce((sum, line) => sum + Number(line.amount ?? 0), 0)
      if (current && total < current.applied) errors.lines = [`The credit’s lines must total at least the ${formatDecimal(current.applied)} already applied of it.`]
    }
  }
  // Applied to the vendor's bills, a credit stays that vendor's.
  if (current && current.applied > 0 && current.vendorId !== values.vendorId) errors.vendor_id = ['The credit is applied to this vendor’s bills: void its applications before changing its vendor.']
  values.label = vendorCreditLabel(values.reference as string | null, vendor.name, String(values.date))
  return Object.keys(errors).length ? errors : undefined
}

/** Keeps each credit's applied amount: what its applications still standing apply. */
export async function syncCreditsApplied(tx: Executor, companyId: string, creditIds: string[]) {
  if (!creditIds.length) return
  await tx.execute(sql`
    update ${vendorCredits} c set applied_amount = coalesce((
      select sum(a.amount) from ${vendorCreditApplications} a where a.vendor_credit_id = c.id and a.status = 'APPLIED'), 0), updated_at = now()
    where c.company_id = ${companyId} and c.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(creditIds)])}::jsonb) as x)`)
}

/**
 * Applies `amount` of a credit (locked by its action) to one of its vendor's open bills, on a day:
 * refused by field when the bill is another vendor's, void or owes less, or the credit has less
 * left, or is for other properties than the credit. It posts nothing: accounts payable was reduced,
 * for this vendor and the credit's properties, when the credit posted; the application only says
 * which bill of those properties the reduction settles.
 */
export async function applyCredit(tx: Executor, companyId: string, credit: Row, input: { billId: string; amount: number; date: string }) {
  const [[bill], creditLines, billLineRows] = await Promise.all([
    tx
      .select({ id: bills.id, vendorId: bills.vendorId, status: bills.status, amount: bills.amount, paid: bills.paidAmount, label: bills.label })
      .from(bills)
      .where(and(eq(bills.companyId, companyId), eq(bills.id, input.billId)))
      .for('update'),
    tx
      .select({ amount: vendorCreditLines.amount, taxAmount: vendorCreditLines.taxAmount, propertyGroupId: vendorCreditLines.propertyGroupId })
      .from(vendorCreditLines)
      .where(and(eq(vendorCreditLines.companyId, companyId), eq(vendorCreditLines.vendorCreditId, String(credit.id))))
      .orderBy(vendorCreditLines.position),
    tx
      .select({ amount: billLines.amount, taxAmount: billLines.taxAmount, propertyGroupId: billLines.propertyGroupId })
      .from(billLines)
      .where(and(eq(billLines.companyId, companyId), eq(billLines.billId, input.billId)))
      .orderBy(billLines.position),
  ])
  const moves = Number.isInteger(input.amount) && input.amount > 0 ? applicationMoves(input.amount, creditLines, billLineRows) : []
  const errors = applicationErrors({
    amount: input.amount,
    date: input.date,
    credit: { vendorId: String(credit.vendorId), status: String(credit.status), date: String(credit.date), amount: Number(credit.amount), applied: Number(credit.appliedAmount), label: String(credit.label) },
    bill: bill ?? null,
    moves,
  })
  const fields = Object.keys(errors)
  if (fields.length) {
    const first = errors[fields[0]!]![0]!
    // A bill that is not the vendor's or not of the credit's properties, or a day before the credit, is bad input (400); a bill or credit that cannot take that much now (paid, void, used up) conflicts with it (409), as recording a payment does.
    const wrongBill = !bill || bill.vendorId !== credit.vendorId || (moves.length > 0 && bill.status === 'POSTED' && bill.amount > bill.paid)
    throw errors.date || (errors.bill_id && wrongBill) ? invalid(first, errors) : conflict(first, errors)
  }
  await tx.insert(vendorCreditApplications).values({
    companyId,
    vendorCreditId: String(credit.id),
    billId: bill!.id,
    vendorId: String(credit.vendorId),
    date: input.date,
    amount: input.amount,
    status: 'APPLIED',
    label: applicationLabel(String(credit.label), bill!.label),
  })
  await syncCreditsApplied(tx, companyId, [String(credit.id)])
  await syncBillsPaid(tx, companyId, [bill!.id])
}

/** After an application is voided: its credit has that much back and its bill owes it again. */
export async function syncApplication(tx: Executor, companyId: string, applicationId: string) {
  const [row] = await tx
    .select({ creditId: vendorCreditApplications.vendorCreditId, billId: vendorCreditApplications.billId })
    .from(vendorCreditApplications)
    .where(and(eq(vendorCreditApplications.companyId, companyId), eq(vendorCreditApplications.id, applicationId)))
  if (!row) return
  await syncCreditsApplied(tx, companyId, [row.creditId])
  await syncBillsPaid(tx, companyId, [row.billId])
}

/**
 * Every credit with something left unapplied at the end of `asOf`: posted, dated by then, less what
 * applications made by then and still standing applied of it; summed by vendor (only `vendorId`'s).
 */
export async function openCreditsAsOf(tx: Executor, companyId: string, asOf: string, vendorId?: string): Promise<OpenCredit[]> {
  const rows = await tx.execute<{ vendor_id: string; vendor_label: string; left: string }>(sql`
    select c.vendor_id, v.name as vendor_label,
           sum(c.amount - coalesce((select sum(a.amount) from ${vendorCreditApplications} a
                                    where a.company_id = ${companyId} and a.vendor_credit_id = c.id and a.status = 'APPLIED' and a.date <= ${asOf}), 0)) as left
    from ${vendorCredits} c join ${vendors} v on v.id = c.vendor_id
    where c.company_id = ${companyId} and c.status = 'POSTED' and c.date <= ${asOf} ${vendorId ? sql`and c.vendor_id = ${vendorId}` : sql``}
    group by c.vendor_id, v.name`)
  return rows.map((r) => ({ vendorId: r.vendor_id, vendorLabel: r.vendor_label, left: Number(r.left) })).filter((c) => c.left > 0)
}

/** What a page of bills shows beside their fields: what credits still standing have applied to each. */
export async function creditsAppliedTo(tx: Executor, companyId: string, billIds: string[]) {
  const rows = billIds.length
    ? await tx
        .select({ billId: vendorCreditApplications.billId, applied: sql<string>`coalesce(sum(${vendorCreditApplications.amount}), 0)` })
        .from(vendorCreditApplications)
        .where(and(eq(vendorCreditApplications.companyId, companyId), inArray(vendorCreditApplications.billId, billIds), eq(vendorCreditApplications.status, 'APPLIED')))
        .groupBy(vendorCreditApplications.billId)
    : []
  return new Map(rows.map((r) => [r.billId, Number(r.applied)]))
}
