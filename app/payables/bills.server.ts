import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { accounts, bankAccounts, billLines, billPaymentAllocations, billPayments, bills, buildings, bulkBillPayments, propertyGroups, rentalUnits, vendorCreditApplications, vendors } from '~/db/schema'
import { invalid } from '~/domain/errors'
import { CASH_SUBTYPES, subtypeOf } from '~/domain/ledger/chart'
import { formatDecimal } from '~/domain/money'
import type { OpenBill } from '~/domain/payables/aged-payables'
import { bankDetailsErrors, billLabel, billPaymentLabel, dueDateOf, lineTotal, paymentsForBills, propertySharesOf } from '~/domain/payables/bills'
import { claimsInputTaxCredit } from '~/domain/receivables/sales-tax'

/*
 * Payables' services (issue 16): what the definitions of ~/resources/payables run in their
 * record's transaction, and what bulk payment calls. The rules are pure, in ~/domain/payables.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/** A vendor's bank details hold together (the rules see the record as it will be: an account number kept from before is there, encrypted). */
export function checkVendor(values: Row): Errors | undefined {
  const errors = bankDetailsErrors({
    institution: values.bankInstitutionNumber as string | null,
    transit: values.bankTransitNumber as string | null,
    // A secret arrives encrypted (its length says nothing): the API's schema checked its digits.
    accountKept: Boolean(values.bankAccountNumber),
  })
  return Object.keys(errors).length ? errors : undefined
}

/** Subtypes a bill's line cannot be expensed to: money accounts, and the receivables and payables the documents keep. */
const NOT_EXPENSED: readonly string[] = [...CASH_SUBTYPES, 'ACCOUNTS_RECEIVABLE', 'ACCOUNTS_PAYABLE']

/**
 * A bill as it will be stored: its vendor's (active, for a new one); due on its terms unless given
 * (not before its date); each line on an expense or asset account (the vendor's default when it
 * names none) and a unit's line on the unit's property; its total not below what is paid of it;
 * named for its vendor and date.
 */
export async function checkBill(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined): Promise<Errors | undefined> {
  const errors: Errors = {}
  const [vendor] = await tx
    .select({ name: vendors.name, terms: vendors.paymentTerms, defaultAccountId: vendors.defaultExpenseAccountId, isActive: vendors.isActive })
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), eq(vendors.id, String(values.vendorId))))
  if (!vendor) return { vendor_id: ['Choose a vendor.'] }
  if (!id && !vendor.isActive) errors.vendor_id = [`${vendor.name} is deactivated: reactivate the vendor to enter its bills.`]
  const date = String(values.date)
  const [before] = id ? await tx.select({ date: bills.date, dueDate: bills.dueDate }).from(bills).where(and(eq(bills.companyId, companyId), eq(bills.id, id))) : []
  values.dueDate = dueDateOf({ date, dueDate: values.dueDate as string | null, terms: vendor.terms }, before && { ...before, terms: vendor.terms })
  if (String(values.dueDate) < date) errors.due_date = [`On or after the bill’s date, ${date}.`]
  if (lines) {
    lines.forEach((line, i) => {
      line.accountId ??= vendor.defaultAccountId
      if (!line.accountId) errors[`lines[${i}].account_id`] = [`Line ${i + 1}: choose the expense account (${vendor.name} has no default).`]
    })
    Object.assign(errors, await lineErrors(tx, companyId, lines))
    if (id) {
      const [current] = await tx
        .select({ paid: bills.paidAmount })
        .from(bills)
        .where(and(eq(bills.companyId, companyId), eq(bills.id, id)))
      const total = lines.reduce((sum, line) => sum + lineTotal({ amount: Number(line.amount ?? 0), taxAmount: Number(line.taxAmount ?? 0) }), 0)
      if (current && total < current.paid) errors.lines = [`The bill’s lines must total at least the ${formatDecimal(current.paid)} already paid of it.`]
    }
  }
  values.label = billLabel(values.reference as string | null, vendor.name, date)
  return Object.keys(errors).length ? errors : undefined
}

/**
 * Each line's account takes expenses; a unit's line is on its property (filled in when left out);
 * the tax credit claimed is within the tax charged, and when left out is what the line's property
 * claims (`claimsInputTaxCredit`), where the lines carry tax (`taxed`). `document` names what the
 * lines are of, in the messages.
 */
export async function lineErrors(tx: Executor, companyId: string, lines: Row[], { document = 'a bill', taxed = true } = {}) {
  const errors: Errors = {}
  const ids = (key: string) => [...new Set(lines.map((l) => l[key]).filter((v): v is string => typeof v === 'string'))]
  const [accountIds, unitIds, propertyIds] = [ids('accountId'), ids('rentalUnitId'), ids('propertyGroupId')]
  const [found, units, properties] = await Promise.all([
    accountIds.length ? tx.select({ id: accounts.id, name: accounts.name, subtype: accounts.subtype }).from(accounts).where(and(eq(accounts.companyId, companyId), inArray(accounts.id, accountIds))) : [],
    unitIds.length
      ? tx
          .select({ id: rentalUnits.id, propertyGroupId: buildings.propertyGroupId, propertyType: propertyGroups.propertyType })
          .from(rentalUnits)
          .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
          .innerJoin(propertyGroups, eq(propertyGroups.id, buildings.propertyGroupId))
          .where(and(eq(rentalUnits.companyId, companyId), inArray(rentalUnits.id, unitIds)))
      : [],
    propertyIds.length ? tx.select({ id: propertyGroups.id, propertyType: propertyGroups.propertyType }).from(propertyGroups).where(and(eq(propertyGroups.companyId, companyId), inArray(propertyGroups.id, propertyIds))) : [],
  ])
  const accountOf = new Map(found.map((a) => [a.id, a]))
  const propertyOf = new Map(units.map((u) => [u.id, u.propertyGroupId]))
  const typeOf = new Map([...units.map((u) => [u.propertyGroupId, u.propertyType] as const), ...properties.map((p) => [p.id, p.propertyType] as const)])
  lines.forEach((line, i) => {
    const account = accountOf.get(String(line.accountId))
    if (account && NOT_EXPENSED.includes(account.subtype)) {
      errors[`lines[${i}].account_id`] = [`Line ${i + 1}: ${account.name} is ${subtypeOf(account.subtype)?.label.toLowerCase() ?? 'not an expense account'}; ${document} is booked to an expense or asset account.`]
    }
    const unitProperty = typeof line.rentalUnitId === 'string' ? propertyOf.get(line.rentalUnitId) : undefined
    if (unitProperty !== undefined) {
      if (!line.propertyGroupId) line.propertyGroupId = unitProperty
      else if (line.propertyGroupId !== unitProperty) errors[`lines[${i}].rental_unit_id`] = [`Line ${i + 1}: this unit is not in the line’s property.`]
    }
    if (!taxed) return
    const tax = Number(line.taxAmount ?? 0)
    line.taxAmount = tax
    if (line.inputTaxCredit === null || line.inputTaxCredit === undefined) {
      line.inputTaxCredit = claimsInputTaxCredit(line.propertyGroupId ? (typeOf.get(String(line.propertyGroupId)) ?? 'UNKNOWN') : null) ? tax : 0
    } else if (Number(line.inputTaxCredit) > tax) {
      errors[`lines[${i}].input_tax_credit`] = [`Line ${i + 1}: at most the ${formatDecimal(tax)} of tax charged on it.`]
    }
  })
  return errors
}

/**
 * Keeps each bill's paid amount: what the allocations of payments still standing pay of it, and
 * what vendor credits' applications still standing settle of it. The one figure of what a bill
 * still owes (its amount less this) that `owing`, the open column, Mark as paid and Pay Bills read.
 */
export async function syncBillsPaid(tx: Executor, companyId: string, billIds: string[]) {
  if (!billIds.length) return
  await tx.execute(sql`
    update ${bills} b set paid_amount = coalesce((
      select sum(a.amount) from ${billPaymentAllocations} a join ${billPayments} p on p.id = a.payment_id
      where a.bill_id = b.id and p.status = 'PAID'), 0) + coalesce((
      select sum(c.amount) from ${vendorCreditApplications} c where c.bill_id = b.id and c.status = 'APPLIED'), 0), updated_at = now()
    where b.company_id = ${companyId} and b.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(billIds)])}::jsonb) as x)`)
}

/** Keeps the paid amounts of the bills a payment pays (after it is made or voided). */
export async function syncBillsPaidBy(tx: Executor, companyId: string, paymentId: string) {
  const rows = await tx
    .select({ billId: billPaymentAllocations.billId })
    .from(billPaymentAllocations)
    .where(and(eq(billPaymentAllocations.companyId, companyId), eq(billPaymentAllocations.paymentId, paymentId)))
  await syncBillsPaid(
    tx,
    companyId,
    rows.map((r) => r.billId),
  )
}

/**
 * A new bill payment as it will be stored: each line pays
 * a bill of its vendor that is posted and owes at least that much (a bill once); what each line pays
 * is shared among the bill's properties; named for its vendor and date.
 */
export async function checkBillPayment(tx: Executor, companyId: string, values: Row, lines: Row[]): Promise<Errors | undefined> {
  const errors: Errors = {}
  const billIds = [...new Set(lines.map((l) => String(l.billId)))]
  const [[vendor], owed, billLineRows] = await Promise.all([
    tx.select({ name: vendors.name }).from(vendors).where(and(eq(vendors.companyId, companyId), eq(vendors.id, String(values.vendorId)))),
    billIds.length
      ? tx
          .select({ id: bills.id, vendorId: bills.vendorId, status: bills.status, amount: bills.amount, paid: bills.paidAmount, label: bills.label })
          .from(bills)
          .where(and(eq(bills.companyId, companyId), inArray(bills.id, billIds)))
          .for('update')
      : [],
    billIds.length
      ? tx
          .select({ billId: billLines.billId, amount: billLines.amount, taxAmount: billLines.taxAmount, propertyGroupId: billLines.propertyGroupId })
          .from(billLines)
          .where(and(eq(billLines.companyId, companyId), inArray(billLines.billId, billIds)))
      : [],
  ])
  if (!vendor) return { vendor_id: ['Choose a vendor.'] }
  const billOf = new Map(owed.map((b) => [b.id, b]))
  const linesOf = new Map<string, { amount: number; propertyGroupId: string | null }[]>()
  for (const line of billLineRows) linesOf.set(line.billId, [...(linesOf.get(line.billId) ?? []), line])
  const seen = new Set<string>()
  lines.forEach((line, i) => {
    const bill = billOf.get(String(line.billId))
    const amount = Number(line.amount ?? 0)
    const at = `lines[${i}]`
    if (!bill) return
    if (seen.has(bill.id)) errors[`${at}.bill_id`] = [`Line ${i + 1}: ${bill.label} is paid by another line already.`]
    seen.add(bill.id)
    if (bill.vendorId !== values.vendorId) errors[`${at}.bill_id`] = [`Line ${i + 1}: ${bill.label} is not ${vendor.name}’s.`]
    else if (bill.status !== 'POSTED') errors[`${at}.bill_id`] = [`Line ${i + 1}: ${bill.label} is void.`]
    else if (amount > bill.amount - bill.paid) {
      errors[`${at}.amount`] = [bill.amount === bill.paid ? `Line ${i + 1}: ${bill.label} is paid in full.` : `Line ${i + 1}: at most the ${formatDecimal(bill.amount - bill.paid)} ${bill.label} still owes.`]
    }
    line.propertyShares = propertySharesOf(amount, linesOf.get(bill.id) ?? [])
  })
  values.label = billPaymentLabel(vendor.name, String(values.date))
  return Object.keys(errors).length ? errors : undefined
}

/** What a page of vendors shows beside their fields: what their open bills still owe. */
export async function vendorSummaries(tx: Executor, companyId: string, ids: string[]) {
  const rows = ids.length
    ? await tx
        .select({ vendorId: bills.vendorId, owed: sql<string>`coalesce(sum(${bills.amount} - ${bills.paidAmount}), 0)` })
        .from(bills)
        .where(and(eq(bills.companyId, companyId), inArray(bills.vendorId, ids), eq(bills.owing, true)))
        .groupBy(bills.vendorId)
    : []
  const owed = new Map(rows.map((r) => [r.vendorId, Number(r.owed)]))
  return new Map(ids.map((id) => [id, { balance: formatDecimal(owed.get(id) ?? 0) }]))
}

/** How bills are paid: from which account, on which day, by what means. */
export type PaymentTerms = { date: string; bankAccountId: string; method: string; reference?: string | null; memo?: string | null }

/**
 * Pays bills together, each what it still owes, as one bulk payment made of one payment per vendor,
 * in the caller's transaction (all or nothing). A bill that is not this company's, owes
 * nothing or is chosen twice is refused at its place in the list (`bill_ids[2]`).
 */
export async function payBills(tx: Executor, companyId: string, userId: string | null, billIds: string[], terms: PaymentTerms) {
  const rows = await tx
    .select({ id: bills.id, vendorId: bills.vendorId, status: bills.status, amount: bills.amount, paid: bills.paidAmount })
    .from(bills)
    .where(and(eq(bills.companyId, companyId), inArray(bills.id, billIds)))
    .for('update')
  const byId = new Map(rows.map((r) => [r.id, r]))
  const errors: Errors = {}
  billIds.forEach((id, i) => {
    const bill = byId.get(id)
    if (!bill || bill.status !== 'POSTED' || bill.amount <= bill.paid) errors[`bill_ids[${i}]`] = [`Bill ${i + 1} is not an open bill of your company: it may be paid or void already.`]
    else if (billIds.indexOf(id) !== i) errors[`bill_ids[${i}]`] = [`Bill ${i + 1} is chosen twice.`]
  })
  if (Object.keys(errors).length) throw invalid(`Please correct the highlighted bills: ${Object.keys(errors).join(', ')}.`, errors)
  const chosen = billIds.map((id) => {
    const bill = byId.get(id)!
    return { id, vendorId: bill.vendorId, open: bill.amount - bill.paid }
  })
  const payments = paymentsForBills(chosen)
  // Paid together, they are one bulk payment: one run from one account, its payments each a vendor's.
  const [bank] = await tx
    .select({ name: bankAccounts.name })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, terms.bankAccountId)))
  if (!bank) throw invalid('Paid from: choose one of your bank accounts.', { bank_account_id: ['Choose one of your bank accounts.'] })
  const [bulk] = await tx
    .insert(bulkBillPayments)
    .values({
      companyId,
      date: terms.date,
      bankAccountId: terms.bankAccountId,
      method: terms.method,
      reference: terms.reference ?? null,
      amount: payments.reduce((sum, p) => sum + p.amount, 0),
      paymentCount: payments.length,
      billCount: chosen.length,
      label: `Bills paid ${terms.date} · ${bank.name}`,
    })
    .returning({ id: bulkBillPayments.id })
  const made = await payAmounts(tx, companyId, userId, payments, terms, { bulkBillPaymentId: bulk.id })
  return { bulkBillPaymentId: bulk.id, payments: made }
}

/** Makes the payments, each through the bill payments' definition (its checks, its posting, its bills' paid amounts). */
export async function payAmounts(tx: Executor, companyId: string, userId: string | null, payments: { vendorId: string; lines: { billId: string; amount: number }[] }[], terms: PaymentTerms, stored: Row = {}) {
  // Loaded here: the definitions import these services.
  const [{ createRecord }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources/index')])
  const resource = resourceNamed('bill-payments')!
  const made: Row[] = []
  for (const payment of payments) {
    const values = {
      vendor_id: payment.vendorId,
      date: terms.date,
      bank_account_id: terms.bankAccountId,
      method: terms.method,
      reference: terms.reference ?? null,
      memo: terms.memo ?? null,
      lines: payment.lines.map((l) => ({ bill_id: l.billId, amount: l.amount })),
    }
    made.push(await createRecord(tx, companyId, resource, { values, stored }, { userId }))
  }
  return made
}

/**
 * Every bill open at the end of `asOf`: posted, dated by then, less what payments made by then and
 * still standing paid of it and what credits applied by then and still standing settled of it;
 * with its vendor (only `vendorId`'s, when given). Summed by vendor and due date (how many, what
 * they owe): the aging reads no more than that, and tens of thousands of open bills come to a few
 * thousand rows. What was paid and credited is summed once for all bills, not looked up bill by bill.
 */
export async function openBillsAsOf(tx: Executor, companyId: string, asOf: string, vendorId?: string): Promise<OpenBill[]> {
  const rows = await tx.execute<{ vendor_id: string; vendor_label: string; due_date: string; count: number; open: string }>(sql`
    with paid as materialized (
      select a.bill_id, sum(a.amount)::bigint as amount from ${billPaymentAllocations} a join ${billPayments} p on p.id = a.payment_id
      where a.company_id = ${companyId} and p.status = 'PAID' and p.date <= ${asOf} group by a.bill_id
    ), credited as materialized (
      select c.bill_id, sum(c.amount)::bigint as amount from ${vendorCreditApplications} c
      where c.company_id = ${companyId} and c.status = 'APPLIED' and c.date <= ${asOf} group by c.bill_id
    ), open as (
      select b.vendor_id, b.due_date, count(*)::int as count, sum(b.amount - coalesce(paid.amount, 0) - coalesce(credited.amount, 0)) as open
      from ${bills} b left join paid on paid.bill_id = b.id left join credited on credited.bill_id = b.id
      where b.company_id = ${companyId} and b.status = 'POSTED' and b.date <= ${asOf} ${vendorId ? sql`and b.vendor_id = ${vendorId}` : sql``}
        and b.amount > coalesce(paid.amount, 0) + coalesce(credited.amount, 0)
      group by b.vendor_id, b.due_date
    )
    -- The vendors' names joined to the sums, not carried through the grouping of every bill.
    select open.vendor_id, v.name as vendor_label, open.due_date::text as due_date, open.count, open.open
    from open join ${vendors} v on v.id = open.vendor_id`)
  return rows.map((r) => ({ vendorId: r.vendor_id, vendorLabel: r.vendor_label, dueDate: r.due_date, count: Number(r.count), open: Number(r.open) }))
}

/** The payable accounts' balance at the end of `asOf`, as owed (a credit balance is positive). */
export async function payablesBalance(tx: Executor, companyId: string, asOf: string, vendorId?: string) {
  const rows = await tx.execute<{ balance: string | null }>(sql`
    select -sum(jl.amount) as balance
    from journal_lines jl join accounts a on a.id = jl.account_id and a.subtype = 'ACCOUNTS_PAYABLE'
    where jl.company_id = ${companyId} and jl.date <= ${asOf} ${vendorId ? sql`and jl.vendor_id = ${vendorId}` : sql``}`)
  return Number(rows[0]?.balance ?? 0)
}
