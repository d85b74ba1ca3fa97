import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { vendorCreditApplications, vendorCreditLines, vendorCredits } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { formatDecimal, parseMoney } from '~/domain/money'
import { PAYABLES_TABS } from '~/domain/navigation'
import {
  VENDOR_CREDIT_APPLICATION_STATUSES,
  VENDOR_CREDIT_SOURCE,
  VENDOR_CREDIT_STATUSES,
  VENDOR_CREDIT_TYPES,
  vendorCreditDraft,
} from '~/domain/payables/vendor-credits'
import { applyCredit, checkVendorCredit, syncApplication } from '~/payables/vendor-credits.server'
import { defineResource, type PostingBuilder } from './engine/define'
import { EXPENSE_LINE_FIELDS, expenseDocumentOf } from './payables'
import { boolean, date, lines, money, reference, select, text } from './engine/fields'

/*
 * Vendor credits (issue 16 item 4, ADR 013): what a vendor owes back, from its credit memo. A credit
 * is a bill turned round: its lines by expense account, property and unit, posting Dr accounts
 * payable / Cr the expenses. It is applied to the vendor's open bills by its `apply` action, each
 * application a small document of its own (vendor-credit-transactions/): made by the action,
 * listed on the credit's, the bill's and the vendor's pages, and voided on its own page, when the
 * bill owes again. An application is not a line of the credit because it happens after the credit,
 * one at a time, and is undone on its own; the credit's lines are what it credits, fixed by its
 * posting. The rules are the services of ~/payables/vendor-credits.server; the posting is pure, in
 * ~/domain/payables/vendor-credits.
 */

/** Dr accounts payable for each property's share, Cr each line's account and the tax credit taken back; nothing once void (its posting is reversed). */
export const vendorCreditPosting: PostingBuilder = (credit, { roles }) => vendorCreditDraft(expenseDocumentOf(credit), roles.ACCOUNTS_PAYABLE, roles.SALES_TAX_PAYABLE)

export const vendorCreditsResource = defineResource({
  name: 'vendor-credits',
  singular: 'Vendor Credit',
  plural: 'Vendor Credits',
  description: 'What vendors owe you back (goods returned, an overbilling, a rebate, a warranty refund), from their credit memos. Each reduces accounts payable and the expenses it names, and is applied to the vendor’s open bills.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: PAYABLES_TABS,
  table: vendorCredits,
  fields: {
    vendorId: reference('Vendor', 'vendors', { required: true }),
    reference: text('Credit memo number', { max: 60, help: 'The number on the vendor’s credit memo' }),
    date: date('Credit date', { required: true, startsToday: true }),
    creditType: select('Type', VENDOR_CREDIT_TYPES, { required: true }),
    memo: text('Memo', { max: 500 }),
    amount: money('Total', { readOnly: true, help: 'The sum of its lines' }),
    appliedAmount: money('Applied', { readOnly: true, help: 'What its applications still standing apply to the vendor’s bills' }),
    available: boolean('Left to apply', { readOnly: true, help: 'Posted and not applied in full' }),
    status: select('Status', VENDOR_CREDIT_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'vendorId', 'reference', 'creditType', 'amount', 'remaining', 'status'],
  search: ['reference', 'memo', 'label'],
  filters: ['available', 'vendorId', 'creditType', 'status'],
  lineFilters: ['propertyGroupId', 'accountId'],
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  states: { field: 'status', initial: 'POSTED', transitions: [['POSTED', 'VOID']], locked: ['VOID'] },
  actions: {
    apply: {
      label: 'Apply to a bill',
      offeredWhile: 'available',
      from: ['POSTED'],
      input: {
        billId: reference('Bill', 'bills', { required: true, help: 'One of the vendor’s bills that still owes', narrowedBy: { vendor_id: '{vendor_id}', owing: 'true' } }),
        amount: money('Amount', { required: true, min: 1, help: 'At most what is left of the credit and what the bill still owes' }),
        date: date('Applied on', { required: true, startsToday: true }),
      },
      done: 'Credit applied: the bill owes that much less.',
      run: ({ tx, companyId, record, input }) => applyCredit(tx as Executor, companyId, record, { billId: String(input.bill_id), amount: Number(input.amount), date: String(input.date) }),
    },
    void: {
      label: 'Void',
      from: ['POSTED'],
      to: 'VOID',
      confirm: 'Voiding the credit reverses its posting: the vendor owes you nothing back. It cannot be undone.',
      done: 'Credit voided: its posting is reversed.',
      // Refused while applied, rather than unapplying by itself: the bills it settled would owe again unseen. Voiding each application first says so on each bill.
      async run({ record }) {
        if (Number(record.appliedAmount) > 0) throw conflict(`${formatDecimal(Number(record.appliedAmount))} of this credit is applied to bills: void its applications first.`)
      },
    },
  },
  lines: lines('Lines', {
    table: vendorCreditLines,
    parentKey: 'vendorCreditId',
    min: 1,
    max: 200,
    fields: EXPENSE_LINE_FIELDS,
    total: { field: 'amount', line: ['amount', 'taxAmount'] },
  }),
  rules: {
    validate: ({ tx, companyId, id, values, lines: given }) => checkVendorCredit(tx as Executor, companyId, id, values, given),
  },
  postings: { create: vendorCreditPosting },
  sourceType: VENDOR_CREDIT_SOURCE,
  outputs: {
    summary: {
      schema: { remaining: z.string().openapi({ description: 'What is left of it to apply: its total less what is applied (nothing once void)' }) },
      fields: { remaining: money('Left') },
      // The records as the API answers them: amounts are decimal strings.
      load: async ({ records }) =>
        new Map(records.map((r) => [String(r.id), { remaining: formatDecimal(r.status === 'POSTED' ? (parseMoney(String(r.amount)) ?? 0) - (parseMoney(String(r.applied_amount)) ?? 0) : 0) }])),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['vendorId', 'reference', 'date', 'creditType', 'amount', 'appliedAmount', 'remaining', 'status', 'memo'] },
      { kind: 'lines' },
      { kind: 'actions' },
      { kind: 'related', related: { resource: 'vendor-credit-transactions', field: 'vendorCreditId', label: 'Applied to bills' } },
      { kind: 'journal' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/** Each application of a credit to a bill (SPEC.md §7 vendor-credit-transactions/): made by the credit's `apply`, voided here. */
export const vendorCreditTransactionsResource = defineResource({
  name: 'vendor-credit-transactions',
  singular: 'Credit Application',
  plural: 'Credit Applications',
  description: 'Vendor credits applied to the vendor’s bills: each reduces what a bill owes and what is left of the credit. Voiding one makes the bill owe again.',
  group: 'Accounting',
  permission: 'accounting',
  tabs: PAYABLES_TABS,
  table: vendorCreditApplications,
  fields: {
    vendorCreditId: reference('Credit', 'vendor-credits', { readOnly: true }),
    billId: reference('Bill', 'bills', { readOnly: true }),
    vendorId: reference('Vendor', 'vendors', { readOnly: true }),
    date: date('Applied on', { readOnly: true }),
    amount: money('Amount', { readOnly: true }),
    status: select('Status', VENDOR_CREDIT_APPLICATION_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['date', 'vendorCreditId', 'billId', 'amount', 'status'],
  search: ['label'],
  filters: ['vendorId', 'vendorCreditId', 'billId', 'status'],
  ordering: '-date',
  methods: ['list', 'get'],
  palette: false,
  attachments: false,
  states: { field: 'status', initial: 'APPLIED', transitions: [['APPLIED', 'VOID']], locked: ['VOID'] },
  actions: {
    void: {
      label: 'Void',
      from: ['APPLIED'],
      to: 'VOID',
      confirm: 'Voiding the application gives the credit that much back: the bill owes it again.',
      done: 'Application voided: the bill owes that much again.',
    },
  },
  rules: {
    // Voided, its credit has the amount back and its bill owes it again.
    moved: ({ tx, companyId, id }) => syncApplication(tx as Executor, companyId, id),
  },
  page: {
    sections: [{ kind: 'fields', fields: ['vendorCreditId', 'billId', 'vendorId', 'date', 'amount', 'status'] }, { kind: 'actions' }, { kind: 'history' }],
  },
})
