import type { Executor } from '~/db/client.server'
import { expenses } from '~/db/schema'
import { PAYABLES_TABS } from '~/domain/navigation'
import { EXPENSE_SOURCE, expenseDraft } from '~/domain/payables/expenses'
import { checkExpense } from '~/payables/expenses.server'
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
  description: 'What you paid on the spot, by debit or credit card, cheque or cash, with its receipt: each booked to an expense account for a property, the GST/HST it included claimed back as an input tax credit.',
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
    taxAmount: money('GST/HST included', { help: 'The GST or HST on the receipt: claimed back as an input tax credit' }),
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
      { kind: 'fields', fields: ['date', 'vendorId', 'payee', 'propertyGroupId', 'rentalUnitId', 'accountId', 'amount', 'taxAmount', 'bankAccountId', 'creditCardId', 'reference', 'memo', 'receiptId', 'status'] },
      { kind: 'actions' },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'notes' },
    ],
  },
})
