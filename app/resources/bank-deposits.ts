import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { bankDepositItems, bankDeposits } from '~/db/schema'
import { depositDraft } from '~/domain/ledger/entries'
import { BANKING_TABS } from '~/domain/navigation'
import { checkDeposit, depositableReceipts, depositSummaries, keepDepositEntry, receiptsOf } from '~/ledger/deposits.server'
import { defineResource, type PostingBuilder } from './engine/define'
import { date, lines, money, number, reference, select, text } from './engine/fields'

/*
 * A bank deposit is a document (ADR 013): receipts waiting in undeposited funds, picked and taken
 * to the bank together. Its lines are the receipts (each read from its journal line, never typed),
 * its amount their total, and it posts Dr the bank's GL account / Cr undeposited funds. Its rules
 * are the domain services of ~/ledger/deposits, called here by name.
 */

/** Dr the bank account's GL account, Cr undeposited funds, per property, for the receipts' total. */
export const depositPosting: PostingBuilder = (deposit, { roles, references }) => {
  const bank = references.bankAccountId!
  return depositDraft({
    depositId: deposit.id,
    date: String(deposit.date),
    memo: (deposit.memo as string | null) || `Deposit to ${String(bank.name)}`,
    bankGlAccountId: String(bank.glAccountId),
    undepositedFundsAccountId: roles.UNDEPOSITED_FUNDS,
    items: deposit.lines.map((line) => ({ amount: Number(line.amount), propertyGroupId: (line.propertyGroupId as string | null) ?? null })),
  })
}

export const bankDepositsResource = defineResource({
  name: 'bank-deposits',
  section: 'accounting',
  apiPath: 'accounting/bank-deposits',
  singular: 'Bank Deposit',
  plural: 'Bank Deposits',
  description: 'Receipts wait in undeposited funds until they go to the bank together; a deposit gathers them, as on the bank’s deposit slip.',
  group: 'Accounting',
  tabs: BANKING_TABS,
  permission: 'accounting',
  table: bankDeposits,
  fields: {
    bankAccountId: reference('Bank account', 'bank-accounts', { required: true }),
    date: date('Date', { required: true, startsToday: true, help: 'On or after the date of each receipt it holds' }),
    memo: text('Memo', { max: 500 }),
    amount: money('Amount', { readOnly: true, help: 'The total of its receipts' }),
    status: select('Status', [{ value: 'DEPOSITED', label: 'Deposited' }], { readOnly: true }),
  },
  title: ['date'],
  columns: ['date', 'bankAccountId', 'memo', 'amount'],
  search: ['memo'],
  filters: ['bankAccountId'],
  ordering: '-date',
  methods: ['list', 'create', 'get'],
  palette: false,
  attachments: false,
  // Made whole in one step; its history says who made it and when.
  states: { field: 'status', initial: 'DEPOSITED', transitions: [] },
  lines: lines('Receipts deposited', {
    table: bankDepositItems,
    parentKey: 'bankDepositId',
    max: 1000,
    fields: {
      date: date('Date'),
      journalEntryId: text('Journal entry'),
      entryNumber: number('Entry', { link: { text: '#{entry_number}', href: '/app/accounting/journal/{journal_entry_id}/' } }),
      memo: text('Memo'),
      propertyGroupId: reference('Property', 'property-groups'),
      amount: money('Amount'),
    },
    columns: ['date', 'entryNumber', 'memo', 'propertyGroupId', 'amount'],
    total: { field: 'amount', line: 'amount' },
    picks: {
      key: 'journalLineId',
      input: 'journal_line_ids',
      output: 'items',
      none: 'Choose at least one receipt to deposit.',
      read: ({ tx, companyId, ids }) => receiptsOf(tx as Executor, companyId, ids),
      describe: 'Deposit entry #{entry_number}, {memo}, {amount}',
      candidates: {
        path: 'undeposited',
        by: 'bankAccountId',
        label: 'Receipts waiting in undeposited funds',
        none: 'No receipts are waiting to be deposited.',
        load: ({ tx, companyId, by }) => depositableReceipts(tx as Executor, companyId, by),
      },
    },
  }),
  rules: {
    async validate({ tx, companyId, values, lines }) {
      await checkDeposit(tx as Executor, companyId, { bankAccountId: String(values.bankAccountId), date: String(values.date), journalLineIds: (lines ?? []).map((l) => String(l.journalLineId)) })
      return undefined
    },
    created: ({ tx, companyId, record }) => keepDepositEntry(tx as Executor, companyId, String(record.id)),
  },
  postings: { create: depositPosting },
  sourceType: 'BANK_DEPOSIT',
  outputs: {
    summary: {
      schema: {
        bank_account_name: z.string(),
        item_count: z.number().int(),
        journal_entry_id: z.string().nullable(),
        journal_entry_number: z.number().int().nullable(),
      },
      load: ({ tx, companyId, records }) => depositSummaries(tx as Executor, companyId, records.map((r) => String(r.id))),
    },
  },
  page: {
    title: 'Deposit of {date}',
    saved: 'Its receipts total {amount}.',
    sections: [{ kind: 'fields', fields: ['bankAccountId', 'date', 'amount', 'memo'] }, { kind: 'lines' }, { kind: 'journal' }, { kind: 'history' }],
  },
})
