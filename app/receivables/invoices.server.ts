import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { companyToday } from '~/db/clock.server'
import type { Executor } from '~/db/client.server'
import { accounts, bankAccounts, buildings, companies, invoiceLines, invoicePayments, invoices, leases, ledgerSettings, propertyGroups, propertyOwners, rentalUnits, residents } from '~/db/schema'
import { conflict, invalid } from '~/domain/errors'
import { todayIn } from '~/domain/dates'
import { CASH_SUBTYPES, subtypeOf } from '~/domain/ledger/chart'
import { formatDecimal } from '~/domain/money'
import { dueDateOf } from '~/domain/payables/bills'
import type { OpenDocument } from '~/domain/ledger/aging'
import { invoiceLabel, invoiceLetter, invoicePaymentLabel } from '~/domain/receivables/invoices'
import { taxableByDefault, taxesOn } from '~/domain/receivables/sales-tax'
import { provinceOf } from '~/leasing/late-fees.server'
import { letterhead } from '~/leasing/letters.server'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { sendEmail } from '~/utils/mailer.server'

/*
 * Receivables' services (issue 16): what the definitions of ~/resources/receivables run in their
 * record's transaction, and what bulk marking as paid calls. The rules are pure, in ~/domain/receivables.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/** Subtypes an invoice's line cannot be credited to: money accounts and the receivables and payables the documents keep. */
const NOT_INVOICED: readonly string[] = [...CASH_SUBTYPES, 'ACCOUNTS_RECEIVABLE', 'ACCOUNTS_PAYABLE', 'SALES_TAX']

const personName = (first: string | null, last: string | null, company?: string | null) => company || [first, last].filter(Boolean).join(' ')

/** Who the invoice is to, filled in from the resident or owner it names; what is wrong with it, by field. */
async function checkCustomer(tx: Executor, companyId: string, values: Row, errors: Errors) {
  const type = String(values.customerType)
  if (type !== 'RESIDENT') values.residentId = null
  if (type !== 'RESIDENT') values.leaseId = null
  if (type !== 'OWNER') values.propertyOwnerId = null
  if (type === 'RESIDENT') {
    if (!values.residentId) return void (errors.resident_id = ['Choose the resident it is billed to.'])
    const [resident] = await tx
      .select({ first: residents.firstName, last: residents.lastName, email: residents.email })
      .from(residents)
      .where(and(eq(residents.companyId, companyId), eq(residents.id, String(values.residentId))))
    if (!resident) return void (errors.resident_id = ['Choose one of your residents.'])
    values.customerName = personName(resident.first, resident.last)
    values.customerEmail ||= resident.email
  } else if (type === 'OWNER') {
    if (!values.propertyOwnerId) return void (errors.property_owner_id = ['Choose the property owner it is billed to.'])
    const [owner] = await tx
      .select({ first: propertyOwners.firstName, last: propertyOwners.lastName, company: propertyOwners.companyName, email: propertyOwners.email })
      .from(propertyOwners)
      .where(and(eq(propertyOwners.companyId, companyId), eq(propertyOwners.id, String(values.propertyOwnerId))))
    if (!owner) return void (errors.property_owner_id = ['Choose one of your property owners.'])
    values.customerName = personName(owner.first, owner.last, owner.company)
    values.customerEmail ||= owner.email
  } else if (!String(values.customerName ?? '').trim()) {
    errors.customer_name = ['Name the customer it is billed to.']
  }
}

/** The property it is for: its own, or its unit's or lease's (a unit in another property is refused); with the property's type. */
async function checkPlace(tx: Executor, companyId: string, values: Row, errors: Errors) {
  let unitId = (values.rentalUnitId as string | null) ?? null
  if (!unitId && values.leaseId) {
    const [lease] = await tx
      .select({ unitId: leases.rentalUnitId })
      .from(leases)
      .where(and(eq(leases.companyId, companyId), eq(leases.id, String(values.leaseId))))
    if (lease) unitId = values.rentalUnitId = lease.unitId
  }
  if (unitId) {
    const [unit] = await tx
      .select({ propertyGroupId: buildings.propertyGroupId })
      .from(rentalUnits)
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, unitId)))
    if (unit && !values.propertyGroupId) values.propertyGroupId = unit.propertyGroupId
    else if (unit && values.propertyGroupId !== unit.propertyGroupId) errors.rental_unit_id = ['This unit is not in the invoice’s property.']
  }
  if (!values.propertyGroupId) {
    errors.property_group_id = ['Choose the property it is for.']
    return null
  }
  const [property] = await tx
    .select({ type: propertyGroups.propertyType })
    .from(propertyGroups)
    .where(and(eq(propertyGroups.companyId, companyId), eq(propertyGroups.id, String(values.propertyGroupId))))
  return property?.type ?? null
}

/**
 * An invoice as it will be stored: billed to a resident, an owner or a named customer; for a
 * property; due on its terms unless given (not before its date); each line credited to an income
 * account, taxable or exempt as the line says or, when it does not, taxable when the property is
 * commercial or self storage; the taxes of its property's province on its date; its total not
 * below what is paid of it; numbered in sequence when new, and named for its number and customer.
 */
export async function checkInvoice(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined): Promise<Errors | undefined> {
  const errors: Errors = {}
  await checkCustomer(tx, companyId, values, errors)
  const propertyType = await checkPlace(tx, companyId, values, errors)
  const date = String(values.date)
  const [before] = id ? await tx.select({ date: invoices.date, dueDate: invoices.dueDate, terms: invoices.terms }).from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id))) : []
  values.dueDate = dueDateOf({ date, dueDate: values.dueDate as string | null, terms: values.terms as string | null }, before)
  if (String(values.dueDate) < date) errors.due_date = [`On or after the invoice’s date, ${date}.`]
  if (lines) {
    const accountIds = [...new Set(lines.map((l) => l.accountId).filter((v): v is string => typeof v === 'string'))]
    const found = accountIds.length
      ? await tx
          .select({ id: accounts.id, name: accounts.name, subtype: accounts.subtype })
          .from(accounts)
          .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, accountIds)))
      : []
    const accountOf = new Map(found.map((a) => [a.id, a]))
    lines.forEach((line, i) => {
      line.tax ??= taxableByDefault(propertyType) ? 'TAXABLE' : 'EXEMPT'
      const account = accountOf.get(String(line.accountId))
      if (account && NOT_INVOICED.includes(account.subtype)) {
        errors[`lines[${i}].account_id`] = [`Line ${i + 1}: ${account.name} is ${subtypeOf(account.subtype)?.label.toLowerCase() ?? 'not an income account'}; an invoice’s line is credited to an income account.`]
      }
    })
  }
  // The taxes follow the lines, the date and the property's province: worked out again on every change (a change of
  // date or property alone too), from the lines as they will be.
  const taxed = lines ?? (id ? await tx.select({ amount: invoiceLines.amount, tax: invoiceLines.tax }).from(invoiceLines).where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, id))) : [])
  const subtotal = taxed.reduce((sum, line) => sum + Number(line.amount ?? 0), 0)
  const taxable = taxed.reduce((sum, line) => sum + (line.tax === 'TAXABLE' ? Number(line.amount ?? 0) : 0), 0)
  const province = values.propertyGroupId ? await provinceOf(tx, companyId, String(values.propertyGroupId)) : null
  const taxes = taxesOn(province, date, taxable)
  values.taxProvince = province
  values.taxes = taxes
  values.taxAmount = taxes.reduce((sum, t) => sum + t.amount, 0)
  values.amount = subtotal + Number(values.taxAmount)
  if (id) {
    const [current] = await tx
      .select({ paid: invoices.paidAmount })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    if (current && Number(values.amount) < current.paid) errors.lines = [`The invoice must total at least the ${formatDecimal(current.paid)} already paid of it.`]
  }
  if (Object.keys(errors).length) return errors
  if (!id) values.number = await nextInvoiceNumber(tx, companyId)
  values.label = invoiceLabel(Number(values.number), String(values.customerName))
  return undefined
}

/** The company's next invoice number, taken under its settings row's lock (numbers in sequence, none twice). */
async function nextInvoiceNumber(tx: Executor, companyId: string) {
  const [row] = await tx
    .insert(ledgerSettings)
    .values({ companyId, nextInvoiceNumber: 1002 })
    .onConflictDoUpdate({ target: ledgerSettings.companyId, set: { nextInvoiceNumber: sql`${ledgerSettings.nextInvoiceNumber} + 1` } })
    .returning({ number: sql<number>`${ledgerSettings.nextInvoiceNumber} - 1` })
  return Number(row.number)
}

/** A new payment as it will be stored: for a posted invoice that owes at least that much; named for its date and invoice. */
export async function checkInvoicePayment(tx: Executor, companyId: string, values: Row): Promise<Errors | undefined> {
  const [invoice] = await tx
    .select({ status: invoices.status, amount: invoices.amount, paid: invoices.paidAmount, label: invoices.label })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, String(values.invoiceId))))
    .for('update')
  if (!invoice) return { invoice_id: ['Choose one of your invoices.'] }
  if (invoice.status !== 'POSTED') return { invoice_id: [`${invoice.label} is void.`] }
  const open = invoice.amount - invoice.paid
  if (open <= 0) return { invoice_id: [`${invoice.label} is paid in full.`] }
  if (Number(values.amount) > open) return { amount: [`At most the ${formatDecimal(open)} ${invoice.label} still owes.`] }
  values.label = invoicePaymentLabel(String(values.date), invoice.label)
  return undefined
}

/** Keeps each invoice's paid amount: what its payments still standing pay of it. */
export async function syncInvoicesPaid(tx: Executor, companyId: string, invoiceIds: string[]) {
  if (!invoiceIds.length) return
  await tx.execute(sql`
    update ${invoices} i set paid_amount = coalesce((
      select sum(p.amount) from ${invoicePayments} p where p.invoice_id = i.id and p.status = 'RECEIVED'), 0), updated_at = now()
    where i.company_id = ${companyId} and i.id in (select x::uuid from jsonb_array_elements_text(${JSON.stringify([...new Set(invoiceIds)])}::jsonb) as x)`)
}

/** How invoices are paid: into which bank account, on which day, by what means. */
export type ReceiptTerms = { date: string; bankAccountId: string; method: string; reference?: string | null; memo?: string | null }

/** Records a payment of `amount` for an invoice through the invoice payments' definition (its checks, its posting, its invoice's paid amount). */
export async function receiveAmount(tx: Executor, companyId: string, userId: string | null, invoiceId: string, amount: number, terms: ReceiptTerms) {
  // Loaded here: the definitions import these services.
  const [{ createRecord }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources/index')])
  const values = { invoice_id: invoiceId, amount, date: terms.date, bank_account_id: terms.bankAccountId, method: terms.method, reference: terms.reference ?? null, memo: terms.memo ?? null }
  return createRecord(tx, companyId, resourceNamed('invoice-payments')!, { values }, { userId })
}

/**
 * Marks invoices as paid together, each what it still owes, one payment each, in the caller's
 * transaction (all or nothing). An invoice that is not this company's, owes nothing or is chosen
 * twice is refused at its place in the list (`invoice_ids[2]`).
 */
export async function receiveInvoices(tx: Executor, companyId: string, userId: string | null, invoiceIds: string[], terms: ReceiptTerms) {
  const rows = await tx
    .select({ id: invoices.id, status: invoices.status, amount: invoices.amount, paid: invoices.paidAmount })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, invoiceIds)))
    .for('update')
  const byId = new Map(rows.map((r) => [r.id, r]))
  const errors: Errors = {}
  invoiceIds.forEach((id, i) => {
    const invoice = byId.get(id)
    if (!invoice || invoice.status !== 'POSTED' || invoice.amount <= invoice.paid) errors[`invoice_ids[${i}]`] = [`Invoice ${i + 1} is not an open invoice of your company: it may be paid or void already.`]
    else if (invoiceIds.indexOf(id) !== i) errors[`invoice_ids[${i}]`] = [`Invoice ${i + 1} is chosen twice.`]
  })
  if (Object.keys(errors).length) throw invalid(`Please correct the highlighted invoices: ${Object.keys(errors).join(', ')}.`, errors)
  const [bank] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, terms.bankAccountId)))
  if (!bank) throw invalid('Deposited to: choose one of your bank accounts.', { bank_account_id: ['Choose one of your bank accounts.'] })
  const made: Row[] = []
  for (const id of invoiceIds) {
    const invoice = byId.get(id)!
    made.push(await receiveAmount(tx, companyId, userId, id, invoice.amount - invoice.paid, terms))
  }
  return made
}

/** An invoice with payments standing cannot be voided (or deleted): they are voided first. */
export function refuseIfPaid(record: Row) {
  if (Number(record.paidAmount) > 0) throw conflict(`${String(record.label)} has payments: void them first. A paid invoice cannot be deleted.`)
}

/** The invoice as a PDF, with its file name. */
export async function invoicePdf(tx: Executor, companyId: string, invoiceId: string) {
  const [[row], lineRows, company, [settings]] = await Promise.all([
    tx
      .select({ invoice: invoices, property: propertyGroups.name, unit: rentalUnits.label })
      .from(invoices)
      .innerJoin(propertyGroups, eq(propertyGroups.id, invoices.propertyGroupId))
      .leftJoin(rentalUnits, eq(rentalUnits.id, invoices.rentalUnitId))
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId))),
    tx
      .select({ description: invoiceLines.description, account: accounts.name, amount: invoiceLines.amount, taxable: sql<boolean>`${invoiceLines.tax} = 'TAXABLE'` })
      .from(invoiceLines)
      .innerJoin(accounts, eq(accounts.id, invoiceLines.accountId))
      .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, invoiceId)))
      .orderBy(asc(invoiceLines.position)),
    letterhead(tx, companyId),
    tx.select({ gstNumber: ledgerSettings.gstNumber }).from(ledgerSettings).where(eq(ledgerSettings.companyId, companyId)),
  ])
  const { invoice } = row
  const letter = invoiceLetter({
    from: { ...company, gstNumber: settings?.gstNumber ?? null },
    invoice: {
      number: invoice.number,
      date: invoice.date,
      dueDate: invoice.dueDate ?? invoice.date,
      customerName: invoice.customerName,
      customerAddress: invoice.customerAddress,
      property: row.property,
      unit: row.unit,
      memo: invoice.memo,
    },
    lines: lineRows,
    subtotal: invoice.subtotal,
    taxes: invoice.taxes,
    amount: invoice.amount,
    paid: invoice.paidAmount,
    currency: company.currency,
    numbers: company.numbers,
  })
  return { filename: `invoice-${invoice.number}.pdf`, body: await lettersPdf([letter], `${letter.title} — ${invoice.customerName}`) }
}

/**
 * E-mails the invoice to its customer, its PDF attached, once the action's transaction commits; kept
 * as the day it was last e-mailed. Refused (409) when the invoice has no e-mail address to send to.
 */
export async function emailInvoice(tx: Executor, companyId: string, record: Row, afterCommit: (effect: () => Promise<void>) => void) {
  const to = record.customerEmail as string | null
  if (!to) throw conflict(`${String(record.label)} has no e-mail address: add the customer’s e-mail to the invoice to send it.`)
  const [pdf, company] = await Promise.all([invoicePdf(tx, companyId, String(record.id)), letterhead(tx, companyId)])
  await tx
    .update(invoices)
    .set({ emailedOn: await companyToday(tx, companyId) })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, String(record.id))))
  const due = Number(record.amount) - Number(record.paidAmount)
  afterCommit(async () => {
    await sendEmail({
      companyId,
      to,
      subject: `Invoice ${String(record.number)} from ${company.name}`,
      category: 'invoice',
      text: `Hello ${String(record.customerName)},\n\n${company.name} has sent you invoice ${String(record.number)}, attached. ${
        due > 0 ? `Please pay ${formatDecimal(due)} by ${String(record.dueDate ?? record.date)}, quoting the invoice number.` : 'It is paid in full: thank you.'
      }`,
      attachments: [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.body }],
    })
  })
}

/** A copy of an invoice as a new one's create takes it: the same customer, place and lines, dated today on the company's clock. */
export async function duplicateInvoiceValues(tx: Executor, companyId: string, record: Row) {
  const [lines, [company]] = await Promise.all([
    tx
      .select({ accountId: invoiceLines.accountId, description: invoiceLines.description, amount: invoiceLines.amount, tax: invoiceLines.tax })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, String(record.id))))
      .orderBy(asc(invoiceLines.position)),
    tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)),
  ])
  const values = {
    customer_type: record.customerType,
    resident_id: record.residentId,
    lease_id: record.leaseId,
    property_owner_id: record.propertyOwnerId,
    customer_name: record.customerName,
    customer_email: record.customerEmail,
    customer_address: record.customerAddress,
    property_group_id: record.propertyGroupId,
    rental_unit_id: record.rentalUnitId,
    date: todayIn(company?.timeZone ?? 'UTC'),
    terms: record.terms,
    memo: record.memo,
    work_order_id: record.workOrderId,
    lines: lines.map((l) => ({ account_id: l.accountId, description: l.description, amount: l.amount, tax: l.tax })),
  }
  return { values, stored: { duplicatedFromId: String(record.id) } }
}

/**
 * Every invoice open at the end of `asOf`: posted, dated by then, less what payments received by
 * then and still standing paid of it; keyed by its customer (only `propertyGroupId`'s, when given).
 * Summed by customer and due date (how many, what they owe): the aging reads no more than that.
 * What was received is summed once for all invoices, not looked up invoice by invoice.
 */
export async function openInvoicesAsOf(tx: Executor, companyId: string, asOf: string, propertyGroupId?: string | null): Promise<OpenDocument[]> {
  const rows = await tx.execute<{ customer_type: string; resident_id: string | null; property_owner_id: string | null; customer_name: string; due_date: string; count: number; open: string }>(sql`
    with received as materialized (
      select p.invoice_id, sum(p.amount)::bigint as amount from ${invoicePayments} p
      where p.company_id = ${companyId} and p.status = 'RECEIVED' and p.date <= ${asOf} group by p.invoice_id
    )
    select i.customer_type, i.resident_id, i.property_owner_id, i.customer_name, coalesce(i.due_date, i.date)::text as due_date, count(*)::int as count,
           sum(i.amount - coalesce(received.amount, 0)) as open
    from ${invoices} i left join received on received.invoice_id = i.id
    where i.company_id = ${companyId} and i.status = 'POSTED' and i.date <= ${asOf} ${propertyGroupId ? sql`and i.property_group_id = ${propertyGroupId}` : sql``}
      and i.amount > coalesce(received.amount, 0)
    group by i.customer_type, i.resident_id, i.property_owner_id, i.customer_name, coalesce(i.due_date, i.date)`)
  return rows.map((r) => ({ partyKey: customerKey(r), partyLabel: r.customer_name, dueDate: r.due_date, count: Number(r.count), open: Number(r.open) }))
}

/** Whose an invoice is, as one key: `resident:{id}`, `owner:{id}`, or `customer:{name}` for another customer. */
export const customerKey = (r: { customer_type: string; resident_id: string | null; property_owner_id: string | null; customer_name: string }) =>
  r.customer_type === 'RESIDENT' && r.resident_id
    ? `resident:${r.resident_id}`
    : r.customer_type === 'OWNER' && r.property_owner_id
      ? `owner:${r.property_owner_id}`
      : `customer:${r.customer_name.trim().toLowerCase()}`
