import { z } from '@hono/zod-openapi'
import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { invoiceLines, invoicePayments, invoices } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { RECEIVABLES_TABS } from '~/domain/navigation'
import { PAYMENT_TERMS } from '~/domain/payables/bills'
import {
  CUSTOMER_TYPES,
  INVOICE_PAYMENT_METHODS,
  INVOICE_PAYMENT_SOURCE,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_SOURCE,
  INVOICE_STATUSES,
  invoiceDraft,
  invoicePaymentDraft,
  LINE_TAX,
  type InvoiceDocument,
} from '~/domain/receivables/invoices'
import { formatRate } from '~/domain/receivables/sales-tax'
import { openItemSummaries } from '~/leasing/payments.server'
import { checkInvoice, checkInvoicePayment, emailInvoice, invoicePdf, receiveAmount, refuseIfPaid, syncInvoicesPaid } from '~/receivables/invoices.server'
import { defineResource, type PostingBuilder } from './engine/define'
import { boolean, date, email, lines, longText, money, number, reference, select, text } from './engine/fields'

/*
 * Receivables as documents (issue 16, ADR 013): an invoice, whose lines are credited to income
 * accounts and which posts Dr accounts receivable / Cr the income and Cr sales tax payable for the
 * taxes of its property's province on its date; and an invoice payment, which posts Dr the bank
 * account it was deposited to / Cr accounts receivable. Recording a payment, or marking an invoice
 * as paid, makes an invoice payment. The rules are the services of ~/receivables/invoices.server;
 * what each posts is pure, in ~/domain/receivables.
 */

const id = (value: unknown) => (value as string | null | undefined) ?? null

/** Dr receivables for the customer, Cr each line's income account and the taxes; nothing once void. */
export const invoicePosting: PostingBuilder = (invoice, { roles }) =>
  invoiceDraft(
    {
      id: invoice.id,
      date: String(invoice.date),
      label: String(invoice.label),
      status: String(invoice.status),
      residentId: id(invoice.residentId),
      propertyOwnerId: id(invoice.propertyOwnerId),
      leaseId: id(invoice.leaseId),
      propertyGroupId: String(invoice.propertyGroupId),
      rentalUnitId: id(invoice.rentalUnitId),
      lines: invoice.lines.map((line) => ({ accountId: String(line.accountId), amount: Number(line.amount), description: id(line.description) })),
      taxes: (invoice.taxes as InvoiceDocument['taxes'] | undefined) ?? [],
    } satisfies InvoiceDocument,
    roles.ACCOUNTS_RECEIVABLE,
    roles.SALES_TAX_PAYABLE,
  )

/** What receiving a payment asks: the day, the account it was deposited to, how, and its reference. */
const receiptInput = {
  date: date('Received on', { required: true, startsToday: true }),
  bankAccountId: reference('Deposited to', 'bank-accounts', { required: true }),
  method: select('Method', INVOICE_PAYMENT_METHODS, { required: true }),
  reference: text('Reference', { max: 100, help: 'The cheque number, e-Transfer or EFT reference' }),
}

const termsOf = (input: Record<string, unknown>) => ({
  date: String(input.date),
  bankAccountId: String(input.bank_account_id),
  method: String(input.method),
  reference: id(input.reference),
  memo: id(input.memo),
})

export const invoicesResource = defineResource({
  name: 'invoices',
  section: 'accounting',
  apiPath: 'accounting/invoices',
  // SPEC.md §7 names the collection at the root too (POST /api/invoices/{id}/generate-pdf/).
  alsoAt: ['invoices'],
  singular: 'Invoice',
  plural: 'Invoices',
  description: 'What you bill residents, owners and other customers: each line credited to an income account, with the sales tax of the property’s province. Each posts to accounts receivable; payments pay them; voiding one reverses it.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: RECEIVABLES_TABS,
  table: invoices,
  fields: {
    number: number('Number', { readOnly: true }),
    customerType: select('Billed to', CUSTOMER_TYPES, { required: true }),
    residentId: reference('Resident', 'residents', { help: 'For a resident' }),
    leaseId: reference('Lease', 'leases', { help: 'For a resident: the lease it is for, if any' }),
    propertyOwnerId: reference('Property owner', 'property-owners', { help: 'For an owner' }),
    customerName: text('Customer', { max: 200, help: 'For another customer: their name (a resident’s or owner’s is filled in)' }),
    customerEmail: email('Customer e-mail', { help: 'Where E-mail to the customer sends it' }),
    emailedOn: date('Last e-mailed', { readOnly: true }),
    customerAddress: longText('Customer address', { max: 500 }),
    propertyGroupId: reference('Property', 'property-groups', { help: 'Empty: the unit’s or lease’s property' }),
    rentalUnitId: reference('Unit', 'rental-units'),
    date: date('Invoice date', { required: true, startsToday: true }),
    terms: select('Terms', PAYMENT_TERMS, { help: 'Empty: due on receipt' }),
    dueDate: date('Due date', { notBefore: 'date', help: 'Empty: the invoice’s date plus its terms' }),
    memo: text('Memo', { max: 500, help: 'Printed on the invoice' }),
    workOrderId: reference('Work order', 'work-orders', { help: 'The work order it bills' }),
    subtotal: money('Subtotal', { readOnly: true, help: 'The sum of its lines, before tax' }),
    taxAmount: money('Tax', { readOnly: true, help: 'The sales taxes of its property’s province on its date, on its taxable lines' }),
    amount: money('Total', { readOnly: true }),
    paidAmount: money('Paid', { readOnly: true, help: 'What payments still standing have paid of it' }),
    owing: boolean('Owing', { readOnly: true, help: 'Posted and not paid in full' }),
    status: select('Status', INVOICE_STATUSES, { readOnly: true }),
    duplicatedFromId: reference('Duplicated from', 'invoices', { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['number', 'date', 'customerName', 'propertyGroupId', 'dueDate', 'amount', 'open', 'days_overdue', 'status'],
  search: ['customerName', 'memo', 'label'],
  filters: ['owing', 'customerType', 'residentId', 'propertyOwnerId', 'propertyGroupId', 'status', 'workOrderId', 'duplicatedFromId'],
  lineFilters: ['accountId'],
  // Receivables are what is still owed: the list opens on them.
  defaultFilters: { owing: 'true' },
  ordering: 'due_date',
  links: [{ label: 'Invoice work orders to a property', href: '/app/accounting/invoices/invoice-work-orders-to-property/' }],
  methods: ['list', 'create', 'get', 'update', 'delete'],
  // SPEC.md's DELETE: an invoice posted is never removed from the books; while unpaid it is voided (its posting reversed).
  deleteRuns: 'void',
  palette: false,
  states: { field: 'status', initial: 'POSTED', transitions: [['POSTED', 'VOID']], locked: ['VOID'] },
  actions: {
    'record-payment': {
      label: 'Record a payment',
      offeredWhile: 'owing',
      from: ['POSTED'],
      input: { amount: money('Amount received', { required: true, min: 1 }), ...receiptInput, memo: text('Memo', { max: 500 }) },
      done: 'Payment recorded.',
      async run({ tx, companyId, userId, record, input }) {
        const open = Number(record.amount) - Number(record.paidAmount)
        const amount = Number(input.amount)
        if (open <= 0) throw conflict(`${String(record.label)} is paid in full already.`)
        if (amount > open) throw conflict(`At most the ${formatDecimal(open)} the invoice still owes.`, { amount: [`At most the ${formatDecimal(open)} the invoice still owes.`] })
        await receiveAmount(tx as Executor, companyId, userId, String(record.id), amount, termsOf(input))
      },
    },
    'email-to-customer': {
      label: 'E-mail to the customer',
      from: ['POSTED'],
      done: 'Invoice e-mailed to the customer, its PDF attached.',
      run: ({ tx, companyId, record, afterCommit }) => emailInvoice(tx as Executor, companyId, record, afterCommit),
    },
    'mark-as-paid': {
      label: 'Mark as paid',
      offeredWhile: 'owing',
      from: ['POSTED'],
      input: receiptInput,
      done: 'Invoice paid: a payment of what it owed is recorded.',
      async run({ tx, companyId, userId, record, input }) {
        const open = Number(record.amount) - Number(record.paidAmount)
        if (open <= 0) throw conflict(`${String(record.label)} is paid in full already.`)
        await receiveAmount(tx as Executor, companyId, userId, String(record.id), open, termsOf(input))
      },
    },
    duplicate: {
      label: 'Duplicate',
      from: ['POSTED', 'VOID'],
      done: 'Invoice duplicated: the copy is dated today, under Duplicates.',
      async run({ tx, companyId, userId, record }) {
        // Loaded here, not at the top: the definitions are read by pages and tests that never load the API.
        const [{ createRecord }, { duplicateInvoiceValues }] = await Promise.all([import('./engine/api.server'), import('~/receivables/invoices.server')])
        await createRecord(tx as Executor, companyId, invoicesResource, await duplicateInvoiceValues(tx as Executor, companyId, record), { userId })
      },
    },
    void: {
      label: 'Void',
      from: ['POSTED'],
      to: 'VOID',
      confirm: 'Voiding the invoice reverses its posting: the customer no longer owes it. It cannot be undone.',
      done: 'Invoice voided: its posting is reversed.',
      run: async ({ record }) => refuseIfPaid(record),
    },
  },
  lines: lines('Lines', {
    table: invoiceLines,
    parentKey: 'invoiceId',
    min: 1,
    max: 200,
    fields: {
      accountId: reference('Income account', 'accounts', { required: true, narrowedBy: { account_type: 'INCOME' } }),
      description: text('Description', { max: 300 }),
      amount: money('Amount', { required: true, min: 1 }),
      tax: select('Tax', LINE_TAX, { help: 'Empty: taxable for a commercial or self-storage property, exempt for residential' }),
      workOrderId: reference('Work order', 'work-orders', { help: 'The work order it bills' }),
    },
    total: { field: 'subtotal', line: 'amount' },
  }),
  rules: {
    validate: ({ tx, companyId, id, values, lines: given }) => checkInvoice(tx as Executor, companyId, id, values, given),
  },
  postings: { create: invoicePosting },
  sourceType: INVOICE_SOURCE,
  documents: {
    'generate-pdf': {
      label: 'Invoice (PDF)',
      contentType: 'application/pdf',
      make: ({ tx, companyId, record }) => invoicePdf(tx as Executor, companyId, String(record.id)),
    },
  },
  outputs: {
    summary: {
      schema: {
        open: z.string().openapi({ description: 'What it still owes: its total less what is paid (nothing once void)' }),
        days_overdue: z.number().int().openapi({ description: 'Days past its due date while it owes something, on the company’s clock' }),
      },
      fields: { open: money('Open'), days_overdue: number('Days overdue') },
      load: ({ tx, companyId, records }) => openItemSummaries(tx as Executor, companyId, records, 'due_date'),
    },
    detail: {
      schema: {
        taxes: z
          .array(z.object({ code: z.string(), label: z.string(), rate: z.string().openapi({ description: 'Percent, e.g. "13" or "9.975"' }), taxable: z.string(), amount: z.string() }))
          .openapi({ description: 'Each sales tax it charges: the province’s on its date, on its taxable lines' }),
        tax_province: z.string().nullable().openapi({ description: 'The province whose taxes it charges' }),
      },
      async load({ tx, companyId, records }) {
        const ids = records.map((r) => String(r.id))
        const rows = await (tx as Executor)
          .select({ id: invoices.id, taxes: invoices.taxes, province: invoices.taxProvince })
          .from(invoices)
          .where(and(eq(invoices.companyId, companyId), inArray(invoices.id, ids)))
        return new Map(
          rows.map((r) => [
            r.id,
            {
              taxes: r.taxes.map((t) => ({ code: t.code, label: t.label, rate: formatRate(t.rate).replace(' %', ''), taxable: formatDecimal(t.taxable), amount: formatDecimal(t.amount) })),
              tax_province: r.province,
            },
          ]),
        )
      },
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['number', 'customerType', 'customerName', 'residentId', 'leaseId', 'propertyOwnerId', 'customerEmail', 'emailedOn', 'propertyGroupId', 'rentalUnitId', 'workOrderId'] },
      { kind: 'fields', label: 'Amounts', fields: ['date', 'terms', 'dueDate', 'subtotal', 'taxAmount', 'amount', 'paidAmount', 'open', 'days_overdue', 'status', 'memo'] },
      { kind: 'lines' },
      { kind: 'table', label: 'Sales tax', items: 'taxes', columns: [{ key: 'label', label: 'Tax' }, { key: 'taxable', label: 'On', money: true }, { key: 'amount', label: 'Amount', money: true }], empty: 'No sales tax: its lines are exempt.' },
      { kind: 'actions' },
      { kind: 'related', related: { resource: 'invoice-payments', field: 'invoiceId', label: 'Payments' } },
      { kind: 'related', related: { resource: 'invoices', field: 'duplicatedFromId', label: 'Duplicates' } },
      { kind: 'related', related: { resource: 'billable-expenses', field: 'invoiceId', label: 'Costs passed on' } },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/** Dr the bank account it was deposited to, Cr receivables for the invoice's customer and property; nothing once void. */
export const invoicePaymentPosting: PostingBuilder = (payment, { roles, references }) => {
  const invoice = references.invoiceId!
  return invoicePaymentDraft(
    {
      id: payment.id,
      date: String(payment.date),
      label: String(payment.label),
      status: String(payment.status),
      amount: Number(payment.amount),
      bankAccountId: String(references.bankAccountId!.glAccountId),
      propertyGroupId: String(invoice.propertyGroupId),
      residentId: id(invoice.residentId),
      propertyOwnerId: id(invoice.propertyOwnerId),
      leaseId: id(invoice.leaseId),
    },
    roles.ACCOUNTS_RECEIVABLE,
  )
}

export const invoicePaymentsResource = defineResource({
  name: 'invoice-payments',
  section: 'accounting',
  alsoAt: ['accounting/invoice-payments'],
  singular: 'Invoice Payment',
  plural: 'Invoice Payments',
  description: 'Money received for invoices, deposited to your bank accounts. Voiding one reverses it, and its invoice owes again.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: RECEIVABLES_TABS,
  table: invoicePayments,
  fields: {
    // What was received stays as received: only the memo and reference change; a mistake is voided and entered again.
    invoiceId: reference('Invoice', 'invoices', { required: true, writableOn: 'create' }),
    date: date('Received on', { required: true, writableOn: 'create', startsToday: true }),
    amount: money('Amount', { required: true, writableOn: 'create', min: 1 }),
    bankAccountId: reference('Deposited to', 'bank-accounts', { required: true, writableOn: 'create' }),
    method: select('Method', INVOICE_PAYMENT_METHODS, { required: true, writableOn: 'create' }),
    reference: text('Reference', { max: 100, help: 'The cheque number, e-Transfer or EFT reference' }),
    memo: text('Memo', { max: 500 }),
    status: select('Status', INVOICE_PAYMENT_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'invoiceId', 'bankAccountId', 'method', 'reference', 'amount', 'status'],
  search: ['reference', 'memo', 'label'],
  filters: ['invoiceId', 'bankAccountId', 'method', 'status'],
  ordering: '-date',
  // SPEC.md §7 lists them (GET invoice-payments/); they are made by an invoice's record-payment and mark-as-paid, or here.
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'RECEIVED', transitions: [['RECEIVED', 'VOID']], locked: ['VOID'] },
  actions: {
    void: {
      label: 'Void',
      from: ['RECEIVED'],
      to: 'VOID',
      confirm: 'Voiding the payment reverses its posting: its invoice owes that much again. It cannot be undone.',
      done: 'Payment voided: its invoice owes again.',
    },
  },
  rules: {
    async validate({ tx, companyId, id, values }) {
      // Only the memo and reference change after (the fields say so).
      if (id) return undefined
      return checkInvoicePayment(tx as Executor, companyId, values)
    },
    // Made or voided, its invoice's paid amount follows.
    created: ({ tx, companyId, record }) => syncInvoicesPaid(tx as Executor, companyId, [String(record.invoiceId)]),
    moved: ({ tx, companyId, record }) => syncInvoicesPaid(tx as Executor, companyId, [String(record.invoiceId)]),
  },
  postings: { create: invoicePaymentPosting },
  sourceType: INVOICE_PAYMENT_SOURCE,
  page: {
    sections: [
      { kind: 'fields', fields: ['invoiceId', 'date', 'amount', 'bankAccountId', 'method', 'reference', 'memo', 'status'] },
      { kind: 'actions' },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})
