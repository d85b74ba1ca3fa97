import type { Executor } from '~/db/client.server'
import { billableExpenses, expenses } from '~/db/schema'
import { PAYABLES_TABS, RECEIVABLES_TABS } from '~/domain/navigation'
import { PAYMENT_TERMS } from '~/domain/payables/bills'
import { CUSTOMER_TYPES } from '~/domain/receivables/invoices'
import { EXPENSE_SOURCE, expenseDraft } from '~/domain/payables/expenses'
import { checkExpense } from '~/payables/expenses.server'
import { checkBillableExpense, invoiceBillableExpense } from '~/receivables/billable-expenses.server'
import { defineResource, type PostingBuilder } from './engine/define'
import { date, file, money, reference, select, text } from './engine/fields'

/*
 * An expense paid on the spot (SPEC.md §2 /app/record-expense/, issue 16 item 9): a document of one
 * line, entered with its receipt in one step, posting Dr the expense and the GST/HST it included
 * (an input tax credit) / Cr the bank account or credit card it was paid from.
 */

const EXPENSE_STATUSES = [
  { value: 'POSTED', label: 'Posted' },
  { value: 'VOID', label: 'Void' },
] as const

/** Dr the expense and the tax credit, Cr the bank account's or credit card's GL account; nothing once void. */
export const expensePosting: PostingBuilder = (expense, { roles, references }) =>
  expenseDraft(
    {
      id: expense.id,
      date: String(expense.date),
      label: String(expense.label),
      status: String(expense.status),
      amount: Number(expense.amount),
      taxAmount: Number(expense.taxAmount ?? 0),
      inputTaxCredit: Number(expense.inputTaxCredit ?? 0),
      accountId: String(expense.accountId),
      paidFromAccountId: String((references.bankAccountId ?? references.creditCardId)!.glAccountId),
      propertyGroupId: String(expense.propertyGroupId),
      rentalUnitId: (expense.rentalUnitId as string | null) ?? null,
      vendorId: (expense.vendorId as string | null) ?? null,
      memo: (expense.memo as string | null) ?? null,
    },
    roles.SALES_TAX_PAYABLE,
  )

export const expensesResource = defineResource({
  name: 'expenses',
  section: 'accounting',
  apiPath: 'accounting/expenses',
  singular: 'Expense',
  plural: 'Expenses',
  description: 'What you paid on the spot, by debit or credit card, cheque or cash, with its receipt: each booked to an expense account for a property, the GST/HST it included claimed back as an input tax credit where the property’s rent is taxable.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: PAYABLES_TABS,
  table: expenses,
  fields: {
    date: date('Paid on', { required: true, startsToday: true }),
    vendorId: reference('Vendor', 'vendors', { help: 'One on file; or name the payee below' }),
    payee: text('Payee', { max: 120, help: 'Who was paid, when not a vendor on file (the vendor’s name otherwise)' }),
    propertyGroupId: reference('Property', 'property-groups', { required: true }),
    rentalUnitId: reference('Unit', 'rental-units'),
    accountId: reference('Expense account', 'accounts', { required: true }),
    amount: money('Amount paid', { required: true, min: 1, help: 'What was paid, taxes included' }),
    taxAmount: money('GST/HST included', { help: 'The GST or HST on the receipt' }),
    inputTaxCredit: money('Tax credit', {
      help: 'What of that tax is claimed back as an input tax credit. Empty: all of it for a commercial or self-storage property, none for a residential one (its rent is exempt, so the tax is a cost); for mixed use, the commercial share',
    }),
    bankAccountId: reference('Paid from bank account', 'bank-accounts', { help: 'A debit card, cheque or e-Transfer; or choose the credit card' }),
    creditCardId: reference('Paid by credit card', 'credit-cards'),
    reference: text('Reference', { max: 100, help: 'The receipt or cheque number' }),
    memo: text('Memo', { max: 500 }),
    receiptId: file('Receipt', { keptOn: 'propertyGroupId', help: 'A photo or PDF of the receipt; it is kept with the property’s documents too' }),
    status: select('Status', EXPENSE_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'payee', 'propertyGroupId', 'accountId', 'amount', 'taxAmount', 'status'],
  search: ['payee', 'reference', 'memo', 'label'],
  filters: ['propertyGroupId', 'vendorId', 'accountId', 'bankAccountId', 'creditCardId', 'status'],
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'POSTED', transitions: [['POSTED', 'VOID']], locked: ['VOID'] },
  actions: {
    void: {
      label: 'Void',
      from: ['POSTED'],
      to: 'VOID',
      confirm: 'Voiding the expense reverses its posting: the money is back in the account it was paid from. It cannot be undone.',
      done: 'Expense voided: its posting is reversed.',
    },
  },
  rules: {
    validate: ({ tx, companyId, values }) => checkExpense(tx as Executor, companyId, values),
  },
  postings: { create: expensePosting },
  sourceType: EXPENSE_SOURCE,
  page: {
    sections: [
      { kind: 'fields', fields: ['date', 'vendorId', 'payee', 'propertyGroupId', 'rentalUnitId', 'accountId', 'amount', 'taxAmount', 'inputTaxCredit', 'bankAccountId', 'creditCardId', 'reference', 'memo', 'receiptId', 'status'] },
      { kind: 'actions' },
      { kind: 'related', related: { resource: 'billable-expenses', field: 'expenseId', label: 'Passed on' } },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'notes' },
    ],
  },
})

const BILLABLE_STATUSES = [
  { value: 'UNBILLED', label: 'Not yet billed' },
  { value: 'BILLED', label: 'Billed' },
] as const

/** Costs passed on to an owner or a resident with a markup (issue 16 item 5), invoiced later. */
export const billableExpensesResource = defineResource({
  name: 'billable-expenses',
  section: 'accounting',
  apiPath: 'accounting/billable-expenses',
  // SPEC.md §7 names the collection at the root too (POST, GET billable-expenses/).
  alsoAt: ['billable-expenses'],
  singular: 'Billable Expense',
  plural: 'Billable Expenses',
  description: 'Costs you pass on to an owner or a resident — a repair the owner pays for, a resident’s damage — with a markup, each invoiced when you are ready.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: RECEIVABLES_TABS,
  table: billableExpenses,
  fields: {
    date: date('Date', { required: true, startsToday: true }),
    description: text('Description', { required: true, max: 200 }),
    amount: money('Cost', { required: true, min: 1, help: 'What it cost you, before the markup' }),
    propertyGroupId: reference('Property', 'property-groups', { required: true }),
    rentalUnitId: reference('Unit', 'rental-units'),
    customerType: select('Passed on to', CUSTOMER_TYPES.filter((c) => c.value !== 'OTHER'), { required: true }),
    propertyOwnerId: reference('Property owner', 'property-owners', { help: 'For an owner' }),
    residentId: reference('Resident', 'residents', { help: 'For a resident' }),
    markupTypeId: reference('Markup', 'markup-types', { help: 'Added when it is invoiced; empty: the cost alone' }),
    billId: reference('From bill', 'bills', { help: 'The bill it was paid on, if any' }),
    expenseId: reference('From expense', 'expenses', { help: 'The expense paid on the spot it was, if any' }),
    invoiceId: reference('Invoice', 'invoices', { readOnly: true }),
    status: select('Status', BILLABLE_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'description', 'propertyGroupId', 'customerType', 'amount', 'markupTypeId', 'status', 'invoiceId'],
  search: ['description', 'label'],
  filters: ['status', 'propertyGroupId', 'customerType', 'propertyOwnerId', 'residentId', 'billId'],
  defaultFilters: { status: 'UNBILLED' },
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'UNBILLED', transitions: [['UNBILLED', 'BILLED']], locked: ['BILLED'] },
  actions: {
    invoice: {
      label: 'Invoice it',
      from: ['UNBILLED'],
      to: 'BILLED',
      input: { date: date('Invoice date', { required: true, startsToday: true }), terms: select('Terms', PAYMENT_TERMS) },
      done: 'Invoiced: the invoice is under Invoice.',
      run: ({ tx, companyId, userId, record, input }) => invoiceBillableExpense(tx as Executor, companyId, userId, record, input),
    },
  },
  rules: {
    validate: ({ tx, companyId, values }) => checkBillableExpense(tx as Executor, companyId, values),
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['date', 'description', 'amount', 'propertyGroupId', 'rentalUnitId', 'customerType', 'propertyOwnerId', 'residentId', 'markupTypeId', 'billId', 'expenseId', 'status', 'invoiceId'] },
      { kind: 'actions' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})
