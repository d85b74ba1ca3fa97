import { z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { billLines, billPaymentAllocations, billPayments, bills, bulkBillPayments, vendors } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { PAYABLES_TABS } from '~/domain/navigation'
import {
  BILL_PAYMENT_METHODS,
  BILL_PAYMENT_SOURCE,
  BILL_PAYMENT_STATUSES,
  BILL_SOURCE,
  BILL_STATUSES,
  billDraft,
  billPaymentDraft,
  PAYMENT_TERMS,
  VENDOR_TRADES,
  type BillDocument,
  type BillPaymentDocument,
} from '~/domain/payables/bills'
import { openItemSummaries } from '~/leasing/payments.server'
import { emailRemittance, remittancePdf } from '~/payables/remittance.server'
import { checkBill, checkBillPayment, checkVendor, payAmounts, syncBillsPaidBy, vendorSummaries } from '~/payables/bills.server'
import { defineResource, type PostingBuilder, type PostingDocument } from './engine/define'
import { address, boolean, date, email, lines, money, number, phone, reference, secret, select, text } from './engine/fields'

/*
 * Payables as documents (issue 16, ADR 013): a vendor; a bill, whose lines are expensed to accounts
 * for properties and units and which posts Dr the expenses / Cr accounts payable; and a bill
 * payment, whose lines pay bills and which posts Dr accounts payable / Cr the bank. Marking a bill
 * as paid, or recording part of it paid, makes a bill payment. The rules are the services of
 * ~/payables/bills.server; what each posts is pure, in ~/domain/payables/bills.
 */

export const vendorsResource = defineResource({
  name: 'vendors',
  singular: 'Vendor',
  plural: 'Vendors',
  description: 'The contractors, suppliers, utilities and public bodies you pay: their terms, how they are paid, and whether their insurance and WCB coverage are current.',
  group: 'Accounting',
  permission: 'accounting',
  table: vendors,
  fields: {
    name: text('Name', { required: true, max: 200, help: 'The business name bills and cheques carry' }),
    trade: select('Trade', VENDOR_TRADES),
    contactName: text('Contact', { max: 120 }),
    email: email('E-mail', { help: 'Remittance letters are e-mailed here' }),
    phone: phone('Phone'),
    website: text('Website', { max: 200 }),
    remittanceAddress: address('Remittance address', { help: 'Where cheques are mailed' }),
    paymentTerms: select('Payment terms', PAYMENT_TERMS, { required: true, help: 'A bill is due this long after its date, unless it says otherwise' }),
    defaultExpenseAccountId: reference('Default expense account', 'accounts', { help: 'A new bill’s lines are expensed here when they name no account' }),
    bankInstitutionNumber: text('Institution number', { max: 3, help: 'For EFT: 3 digits' }),
    bankTransitNumber: text('Transit (branch) number', { max: 5, help: 'For EFT: 5 digits' }),
    bankAccountNumber: secret('Account number', { digits: { min: 7, max: 12 }, help: 'For EFT: 7 to 12 digits. Stored encrypted; only its last four digits are ever shown.' }),
    taxId: secret('Tax id (BN, SIN or EIN)', { help: 'Stored encrypted; only the last four characters are ever shown.' }),
    gstNumber: text('GST/HST number', { max: 20, help: 'Its registration number, as its invoices print it: input tax credits need it' }),
    reportable: boolean('Reportable (T4A / 1099)', { help: 'Paid for services reported at year end' }),
    insuranceExpiresOn: date('Insurance expires', { help: 'Its liability insurance certificate’s expiry: the workspace warns once it lapses' }),
    wcbExpiresOn: date('WCB clearance expires', { help: 'Its workers’ compensation clearance: the workspace warns once it lapses' }),
    coverageExpiresOn: date('Coverage until', { readOnly: true, help: 'The earlier of its insurance and WCB expiry' }),
  },
  title: ['name'],
  columns: ['name', 'trade', 'contactName', 'phone', 'balance', 'coverageExpiresOn'],
  search: ['name', 'contactName', 'email', 'phone'],
  filters: ['trade', 'paymentTerms', 'reportable'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: true,
  rules: {
    validate: async ({ values }) => checkVendor(values),
  },
  outputs: {
    summary: {
      schema: { balance: z.string().openapi({ description: 'What its open bills still owe' }) },
      fields: { balance: money('Owed') },
      load: ({ tx, companyId, records }) =>
        vendorSummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['name', 'trade', 'contactName', 'email', 'phone', 'website', 'remittanceAddress', 'balance'] },
      { kind: 'fields', label: 'Paying it', fields: ['paymentTerms', 'defaultExpenseAccountId', 'bankInstitutionNumber', 'bankTransitNumber', 'bankAccountNumber'] },
      { kind: 'fields', label: 'Tax and compliance', fields: ['taxId', 'gstNumber', 'reportable', 'insuranceExpiresOn', 'wcbExpiresOn', 'coverageExpiresOn'] },
      { kind: 'related', related: { resource: 'bills', field: 'vendorId', label: 'Bills' } },
      { kind: 'related', related: { resource: 'bill-payments', field: 'vendorId', label: 'Payments' } },
      { kind: 'related', related: { resource: 'vendor-credits', field: 'vendorId', label: 'Credits' } },
      { kind: 'related', related: { resource: 'work-orders', field: 'vendorId', label: 'Work orders' } },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/** A line of what a vendor bills or credits: an amount expensed (or credited back) to an account, for a property and unit, and the tax charged on it. */
export const EXPENSE_LINE_FIELDS = {
  accountId: reference('Expense account', 'accounts', { help: 'Empty: the vendor’s default expense account' }),
  description: text('Description', { max: 300 }),
  propertyGroupId: reference('Property', 'property-groups', { help: 'Empty for a unit’s line: the unit’s property' }),
  rentalUnitId: reference('Unit', 'rental-units'),
  amount: money('Amount', { required: true, min: 1, help: 'Before tax' }),
  taxAmount: money('GST/HST', { help: 'The GST or HST the vendor charged on the line, on top of its amount (a provincial sales tax is part of the amount)' }),
  inputTaxCredit: money('Tax credit', {
    help: 'What of that tax is claimed back as an input tax credit. Empty: all of it for a commercial or self-storage property or the company’s own costs, none for a residential one (its rent is exempt, so the tax is a cost); for mixed use, the commercial share',
  }),
}

/** A bill or a vendor credit as stored, as its posting reads it. */
export const expenseDocumentOf = (record: PostingDocument): BillDocument => ({
  id: record.id,
  date: String(record.date),
  label: String(record.label),
  vendorId: String(record.vendorId),
  status: String(record.status),
  lines: record.lines.map((line) => ({
    accountId: String(line.accountId),
    amount: Number(line.amount),
    taxAmount: Number(line.taxAmount ?? 0),
    inputTaxCredit: Number(line.inputTaxCredit ?? 0),
    description: (line.description as string | null) ?? null,
    propertyGroupId: (line.propertyGroupId as string | null) ?? null,
    rentalUnitId: (line.rentalUnitId as string | null) ?? null,
  })),
})

/** Dr each line's account and its input tax credit, Cr accounts payable for each property's share; nothing once void. */
export const billPosting: PostingBuilder = (bill, { roles }) => billDraft(expenseDocumentOf(bill), roles.ACCOUNTS_PAYABLE, roles.SALES_TAX_PAYABLE)

/** What paying a bill asks: the day, the account the money leaves, how, and its cheque number or trace. */
const paymentInput = {
  date: date('Paid on', { required: true, startsToday: true }),
  bankAccountId: reference('Paid from', 'bank-accounts', { required: true }),
  method: select('Method', BILL_PAYMENT_METHODS, { required: true }),
  reference: text('Reference', { max: 100, help: 'The cheque number or EFT trace' }),
}

/** The payment terms an action's input names, from its API names. */
const termsOf = (input: Record<string, unknown>) => ({
  date: String(input.date),
  bankAccountId: String(input.bank_account_id),
  method: String(input.method),
  reference: (input.reference as string | null | undefined) ?? null,
  memo: (input.memo as string | null | undefined) ?? null,
})

export const billsResource = defineResource({
  name: 'bills',
  section: 'accounting',
  apiPath: 'accounting/bills',
  // SPEC.md §7 names the collection at the root too (POST /api/bills/{id}/record-payment/).
  alsoAt: ['bills'],
  singular: 'Bill',
  plural: 'Bills',
  description: 'What vendors ask to be paid: each line expensed to an account for a property or unit, due on the vendor’s terms. Each posts to accounts payable; payments pay them; voiding one reverses it.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: PAYABLES_TABS,
  table: bills,
  fields: {
    vendorId: reference('Vendor', 'vendors', { required: true }),
    reference: text('Vendor’s invoice number', { max: 60 }),
    date: date('Bill date', { required: true, startsToday: true }),
    dueDate: date('Due date', { notBefore: 'date', help: 'Empty: the bill’s date plus the vendor’s payment terms' }),
    memo: text('Memo', { max: 500 }),
    workOrderId: reference('Work order', 'work-orders', { help: 'The work order the work was for' }),
    amount: money('Total', { readOnly: true, help: 'The sum of its lines' }),
    paidAmount: money('Paid', { readOnly: true, help: 'What payments and applied vendor credits still standing have settled of it' }),
    owing: boolean('Owing', { readOnly: true, help: 'Posted and not paid in full' }),
    status: select('Status', BILL_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'vendorId', 'reference', 'dueDate', 'amount', 'open', 'days_overdue', 'status'],
  search: ['reference', 'memo', 'label'],
  filters: ['owing', 'vendorId', 'status', 'workOrderId'],
  lineFilters: ['propertyGroupId', 'accountId'],
  // Payables are what is still owed: the list opens on them.
  defaultFilters: { owing: 'true' },
  ordering: 'due_date',
  links: [{ label: 'Pay bills', href: '/app/accounting/bills/bulk-pay/' }],
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'POSTED', transitions: [['POSTED', 'VOID']], locked: ['VOID'] },
  actions: {
    'mark-as-paid': {
      label: 'Mark as paid',
      offeredWhile: 'owing',
      from: ['POSTED'],
      input: paymentInput,
      done: 'Bill paid: a payment of what it owed is recorded.',
      async run({ tx, companyId, userId, record, input }) {
        const open = Number(record.amount) - Number(record.paidAmount)
        if (open <= 0) throw conflict(`${String(record.label)} is paid in full already.`)
        await payAmounts(tx as Executor, companyId, userId, [{ vendorId: String(record.vendorId), lines: [{ billId: String(record.id), amount: open }] }], termsOf(input))
      },
    },
    'record-payment': {
      label: 'Record a payment',
      offeredWhile: 'owing',
      from: ['POSTED'],
      input: { amount: money('Amount paid', { required: true, min: 1 }), ...paymentInput, memo: text('Memo', { max: 500 }) },
      done: 'Payment recorded.',
      async run({ tx, companyId, userId, record, input }) {
        const open = Number(record.amount) - Number(record.paidAmount)
        const amount = Number(input.amount)
        if (open <= 0) throw conflict(`${String(record.label)} is paid in full already.`)
        if (amount > open) throw conflict(`At most the ${formatDecimal(open)} the bill still owes.`, { amount: [`At most the ${formatDecimal(open)} the bill still owes.`] })
        await payAmounts(tx as Executor, companyId, userId, [{ vendorId: String(record.vendorId), lines: [{ billId: String(record.id), amount }] }], termsOf(input))
      },
    },
    void: {
      label: 'Void',
      from: ['POSTED'],
      to: 'VOID',
      confirm: 'Voiding the bill reverses its posting: the vendor is no longer owed it. It cannot be undone.',
      done: 'Bill voided: its posting is reversed.',
      async run({ record }) {
        if (Number(record.paidAmount) > 0) throw conflict('Payments or vendor credits are applied to this bill: void them first.')
      },
    },
  },
  lines: lines('Lines', {
    table: billLines,
    parentKey: 'billId',
    min: 1,
    max: 200,
    fields: EXPENSE_LINE_FIELDS,
    total: { field: 'amount', line: ['amount', 'taxAmount'] },
  }),
  rules: {
    validate: ({ tx, companyId, id, values, lines: given }) => checkBill(tx as Executor, companyId, id, values, given),
  },
  postings: { create: billPosting },
  sourceType: BILL_SOURCE,
  outputs: {
    summary: {
      schema: {
        open: z.string().openapi({ description: 'What it still owes: its total less what is paid or credited (nothing once void)' }),
        days_overdue: z.number().int().openapi({ description: 'Days past its due date while it owes something, on the company’s clock' }),
      },
      fields: { open: money('Open'), days_overdue: number('Days overdue') },
      load: ({ tx, companyId, records }) => openItemSummaries(tx as Executor, companyId, records, 'due_date'),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['vendorId', 'reference', 'date', 'dueDate', 'amount', 'paidAmount', 'open', 'days_overdue', 'status', 'memo', 'workOrderId'] },
      { kind: 'lines' },
      { kind: 'actions' },
      { kind: 'related', related: { resource: 'bill-payments', field: 'billId', label: 'Payments' } },
      { kind: 'related', related: { resource: 'vendor-credit-transactions', field: 'billId', label: 'Credits applied' } },
      { kind: 'related', related: { resource: 'purchase-orders', field: 'billId', label: 'Purchase order' } },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/** Dr accounts payable, Cr the bank account's GL account, for each property the bills are for; nothing once void. */
export const billPaymentPosting: PostingBuilder = (payment, { roles, references }) =>
  billPaymentDraft(
    {
      id: payment.id,
      date: String(payment.date),
      label: String(payment.label),
      vendorId: String(payment.vendorId),
      status: String(payment.status),
      bankAccountId: String(references.bankAccountId!.glAccountId),
      lines: payment.lines.map((line) => ({ propertyShares: (line.propertyShares as BillPaymentDocument['lines'][number]['propertyShares'] | undefined) ?? [] })),
    } satisfies BillPaymentDocument,
    roles.ACCOUNTS_PAYABLE,
  )

export const billPaymentsResource = defineResource({
  name: 'bill-payments',
  section: 'accounting',
  alsoAt: ['accounting/bill-payments'],
  singular: 'Bill Payment',
  plural: 'Bill Payments',
  description: 'Money paid to vendors from your bank accounts, each applied to the bills it pays. Voiding one reverses it, and its bills owe again.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: PAYABLES_TABS,
  table: billPayments,
  fields: {
    // What was paid stays as paid: only the memo and reference change (SPEC.md §7); a mistake is voided and paid again.
    vendorId: reference('Vendor', 'vendors', { required: true, writableOn: 'create' }),
    date: date('Paid on', { required: true, writableOn: 'create', startsToday: true }),
    bankAccountId: reference('Paid from', 'bank-accounts', { required: true, writableOn: 'create' }),
    method: select('Method', BILL_PAYMENT_METHODS, { required: true, writableOn: 'create' }),
    reference: text('Reference', { max: 100, help: 'The cheque number or EFT trace' }),
    memo: text('Memo', { max: 500 }),
    amount: money('Amount', { readOnly: true, help: 'The sum of what it pays of each bill' }),
    status: select('Status', BILL_PAYMENT_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
    bulkBillPaymentId: reference('Paid with', 'bulk-bill-payments', { readOnly: true, help: 'The bills paid together it is part of' }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'vendorId', 'bankAccountId', 'method', 'reference', 'amount', 'status'],
  search: ['reference', 'memo', 'label'],
  filters: ['vendorId', 'bankAccountId', 'method', 'status', 'bulkBillPaymentId'],
  lineFilters: ['billId'],
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'PAID', transitions: [['PAID', 'VOID']], locked: ['VOID'] },
  actions: {
    void: {
      label: 'Void',
      from: ['PAID'],
      to: 'VOID',
      confirm: 'Voiding the payment reverses its posting: the bills it paid owe that much again. It cannot be undone.',
      done: 'Payment voided: its bills owe again.',
    },
  },
  lines: lines('Bills paid', {
    table: billPaymentAllocations,
    parentKey: 'paymentId',
    min: 1,
    max: 1000,
    writableOn: 'create',
    fields: {
      billId: reference('Bill', 'bills', { required: true }),
      amount: money('Amount', { required: true, min: 1 }),
    },
    total: { field: 'amount', line: 'amount' },
  }),
  rules: {
    async validate({ tx, companyId, id, values, lines: given }) {
      // Only the memo and reference change after (the fields say so); the lines are the payment's own.
      if (id) return undefined
      return checkBillPayment(tx as Executor, companyId, values, given ?? [])
    },
    // Made or voided, its bills' paid amounts follow.
    created: ({ tx, companyId, record }) => syncBillsPaidBy(tx as Executor, companyId, String(record.id)),
    moved: ({ tx, companyId, id }) => syncBillsPaidBy(tx as Executor, companyId, id),
  },
  postings: { create: billPaymentPosting },
  sourceType: BILL_PAYMENT_SOURCE,
  page: {
    links: [{ label: 'Remittance letter', href: '/app/accounting/remittance-letters/{id}/' }],
    sections: [
      { kind: 'fields', fields: ['vendorId', 'date', 'bankAccountId', 'method', 'reference', 'memo', 'amount', 'status', 'bulkBillPaymentId'] },
      { kind: 'lines' },
      { kind: 'actions' },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/** Bills paid together from the Pay Bills page (or `bills/bulk-mark-as-paid/`): read-only, made of its payments. */
export const bulkBillPaymentsResource = defineResource({
  name: 'bulk-bill-payments',
  section: 'accounting',
  singular: 'Bulk Bill Payment',
  plural: 'Bulk Bill Payments',
  description: 'Bills paid together, from one bank account on one day: one payment per vendor, each with its remittance letter.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: PAYABLES_TABS,
  table: bulkBillPayments,
  fields: {
    label: text('Name', { readOnly: true }),
    date: date('Paid on', { readOnly: true }),
    bankAccountId: reference('Paid from', 'bank-accounts', { readOnly: true }),
    method: select('Method', BILL_PAYMENT_METHODS, { readOnly: true }),
    reference: text('Reference', { readOnly: true }),
    amount: money('Total', { readOnly: true }),
    paymentCount: number('Payments', { readOnly: true }),
    billCount: number('Bills', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'bankAccountId', 'method', 'reference', 'paymentCount', 'billCount', 'amount'],
  search: ['reference', 'label'],
  filters: ['bankAccountId', 'method'],
  ordering: '-date',
  methods: ['list', 'get'],
  links: [{ label: 'Pay bills', href: '/app/accounting/bills/bulk-pay/' }],
  palette: false,
  attachments: false,
  page: {
    sections: [
      { kind: 'fields', fields: ['date', 'bankAccountId', 'method', 'reference', 'amount', 'paymentCount', 'billCount'] },
      { kind: 'related', related: { resource: 'bill-payments', field: 'bulkBillPaymentId', label: 'Payments' } },
    ],
  },
})

/**
 * A payment's remittance letter (SPEC.md §7 remittance-letters/): the payments still standing, as
 * the letters that tell their vendors which invoices they pay; a PDF, and e-mailed to the vendor.
 */
export const remittanceLettersResource = defineResource({
  name: 'remittance-letters',
  section: 'accounting',
  singular: 'Remittance Letter',
  plural: 'Remittance Letters',
  description: 'One per bill payment: which of the vendor’s invoices it pays, as a PDF to download or e-mail to the vendor.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: PAYABLES_TABS,
  table: billPayments,
  scope: eq(billPayments.status, 'PAID'),
  fields: {
    label: text('Payment', { readOnly: true }),
    vendorId: reference('Vendor', 'vendors', { readOnly: true }),
    date: date('Paid on', { readOnly: true }),
    method: select('Method', BILL_PAYMENT_METHODS, { readOnly: true }),
    reference: text('Reference', { readOnly: true }),
    memo: text('Memo', { readOnly: true }),
    amount: money('Amount', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'vendorId', 'method', 'reference', 'amount'],
  search: ['reference', 'memo', 'label'],
  filters: ['vendorId', 'method'],
  ordering: '-date',
  methods: ['list', 'get'],
  palette: false,
  attachments: false,
  actions: {
    'email-to-vendor': {
      label: 'E-mail to the vendor',
      done: 'Remittance letter e-mailed to the vendor.',
      run: ({ tx, companyId, record, afterCommit }) => emailRemittance(tx as Executor, companyId, String(record.id), afterCommit),
    },
  },
  documents: {
    pdf: {
      label: 'Remittance letter (PDF)',
      contentType: 'application/pdf',
      make: async ({ tx, companyId, record }) => remittancePdf(tx as Executor, companyId, String(record.id)),
    },
  },
  page: {
    links: [{ label: 'The payment', href: '/app/accounting/bill-payments/{id}/' }],
    sections: [{ kind: 'fields', fields: ['vendorId', 'date', 'method', 'reference', 'amount'] }, { kind: 'actions' }],
  },
})
