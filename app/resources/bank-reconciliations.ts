import { z } from '@hono/zod-openapi'
import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { bankReconciliations } from '~/db/schema'
import { reconciliationDifference } from '~/domain/ledger/banking'
import { BANKING_TABS } from '~/domain/navigation'
import { formatMoney } from '~/domain/money'
import { checkNewReconciliation, finalizeReconciliation, openReconciliation, reconciliationItems, selectReconciliations } from '~/ledger/reconciliations.server'
import { defineResource } from './engine/define'
import { date, money, reference, select } from './engine/fields'

/*
 * A bank reconciliation is a document (ADR 013): a statement's date and ending balance against the
 * register of the bank account's GL account, ticked until the difference is zero, then marked
 * final. Its rules are the domain services of ~/ledger/reconciliations, called here by name.
 */

const Item = z.object({
  journal_line_id: z.string(),
  journal_entry_id: z.string(),
  entry_number: z.number().int(),
  date: z.string(),
  memo: z.string().nullable(),
  amount: z.string().openapi({ description: 'Deposits positive, payments negative' }),
  cleared: z.boolean(),
})

export const bankReconciliationsResource = defineResource({
  name: 'bank-reconciliations',
  section: 'accounting',
  apiPath: 'accounting/bank-reconciliations',
  singular: 'Bank Reconciliation',
  plural: 'Bank Reconciliations',
  description: 'Tick what the bank statement shows until the difference is zero, then mark the reconciliation final: its items are locked from then on.',
  group: 'Accounting',
  tabs: BANKING_TABS,
  permission: 'accounting',
  table: bankReconciliations,
  fields: {
    bankAccountId: reference('Bank account', 'bank-accounts', { required: true }),
    statementDate: date('Statement date', { required: true, notFuture: true, help: 'After the bank account’s last final reconciliation; a statement ends today at the latest' }),
    statementEndingBalance: money('Statement ending balance', { required: true, min: undefined, help: 'As printed on the statement; negative for an overdraft.' }),
    openingBalance: money('Opening balance', { readOnly: true, min: undefined, help: 'The previous final reconciliation’s ending balance (0.00 for the first)' }),
    status: select(
      'Status',
      [
        { value: 'DRAFT', label: 'Draft' },
        { value: 'FINAL', label: 'Final' },
      ],
      { readOnly: true },
    ),
  },
  title: ['statementDate'],
  columns: ['statementDate', 'bankAccountId', 'statementEndingBalance', 'difference', 'status'],
  search: [],
  filters: ['bankAccountId', 'status'],
  ordering: '-statement_date',
  methods: ['list', 'create', 'get', 'delete'],
  palette: false,
  attachments: false,
  states: { field: 'status', initial: 'DRAFT', transitions: [['DRAFT', 'FINAL']], deletable: ['DRAFT'] },
  actions: {
    'mark-as-final': {
      label: 'Mark as final',
      from: ['DRAFT'],
      to: 'FINAL',
      confirm: 'Marking it final locks its cleared items: their entries can no longer be changed or voided. Its difference must be 0.00.',
      done: 'Reconciliation marked final; its items are locked.',
      run: ({ tx, companyId, userId, record }) => finalizeReconciliation(tx as Executor, companyId, userId, String(record.id)),
    },
  },
  rules: {
    async validate({ tx, companyId, values }) {
      await checkNewReconciliation(tx as Executor, companyId, { bankAccountId: String(values.bankAccountId), statementDate: String(values.statementDate) })
      return undefined
    },
    created: ({ tx, companyId, record }) => openReconciliation(tx as Executor, companyId, String(record.id)),
  },
  outputs: {
    summary: {
      schema: {
        bank_account_name: z.string(),
        gl_account_id: z.string(),
        gl_account_label: z.string(),
        cleared_total: z.string().openapi({ description: 'The sum of the cleared items (deposits positive)' }),
        cleared_balance: z.string().openapi({ description: 'Opening balance + cleared items' }),
        difference: z.string().openapi({ description: 'Statement ending balance − cleared balance; must be 0.00 to mark final' }),
        cleared_count: z.number().int(),
        finalized_at: z.string().nullable(),
      },
      fields: { difference: money('Difference', { min: undefined }) },
      async load({ tx, companyId, records }) {
        const ids = records.map((r) => String(r.id))
        const rows = await selectReconciliations(tx as Executor).where(and(eq(bankReconciliations.companyId, companyId), inArray(bankReconciliations.id, ids)))
        return new Map(
          rows.map(({ r, ...row }) => [
            r.id,
            {
              bank_account_name: row.bankAccountName,
              gl_account_id: row.glAccountId,
              gl_account_label: row.glAccountLabel,
              cleared_total: formatMoney(row.clearedTotal),
              cleared_balance: formatMoney(r.openingBalance + row.clearedTotal),
              difference: formatMoney(reconciliationDifference({ statementEndingBalance: r.statementEndingBalance, openingBalance: r.openingBalance, clearedTotal: row.clearedTotal })),
              cleared_count: row.clearedCount,
              finalized_at: r.finalizedAt?.toISOString() ?? null,
            },
          ]),
        )
      },
    },
    detail: {
      schema: {
        book_balance: z.string().openapi({ description: 'The GL account’s balance on the statement date' }),
        items: z.array(Item).openapi({ description: 'Every line of the bank’s GL account dated on or before the statement date and not cleared on an earlier final reconciliation' }),
      },
      async load({ tx, companyId, records }) {
        const id = String(records[0].id)
        const { bookBalance, lines } = await reconciliationItems(tx as Executor, companyId, id)
        const items = lines.map((l) => ({ journal_line_id: l.id, journal_entry_id: l.entryId, entry_number: l.entryNumber, date: l.date, memo: l.memo, amount: formatMoney(l.amount), cleared: l.cleared }))
        return new Map([[id, { book_balance: formatMoney(bookBalance), items }]])
      },
    },
  },
  page: {
    title: 'Reconciliation of {statement_date}',
    links: [
      { label: 'Download PDF', href: '/app/accounting/bank-reconciliations/{id}/pdf', download: true },
      { label: 'Imported statement lines', href: '/app/accounting/bank-accounts/{bank_account_id}/statement/' },
    ],
    sections: [
      { kind: 'fields', fields: ['bankAccountId', 'statementDate', 'status'] },
      {
        kind: 'figures',
        figures: [
          { key: 'statement_ending_balance', label: 'Statement ending balance' },
          { key: 'opening_balance', label: 'Opening balance' },
          { key: 'cleared_total', label: 'Cleared items ({cleared_count})' },
          { key: 'cleared_balance', label: 'Cleared balance' },
          { key: 'difference', label: 'Difference', strong: true },
          { key: 'book_balance', label: 'Book balance on {statement_date}' },
        ],
      },
      { kind: 'actions' },
      {
        kind: 'checklist',
        label: 'Items',
        items: 'items',
        id: 'journal_line_id',
        checked: 'cleared',
        tick: 'Cleared',
        describe: 'Cleared: entry #{entry_number}, {memo} {amount}',
        columns: [
          { key: 'date', label: 'Date' },
          { key: 'entry_number', label: 'Entry', text: '#{entry_number}', href: '/app/accounting/journal/{journal_entry_id}/' },
          { key: 'memo', label: 'Memo' },
          { key: 'amount', label: 'Amount', money: true },
        ],
        empty: 'Nothing in the register up to {statement_date} is left to clear.',
        save: { path: 'cleared-items', ids: 'journal_line_ids', checked: 'cleared', label: 'Save cleared items', done: 'Cleared items saved.' },
        openIn: ['DRAFT'],
      },
      { kind: 'history' },
    ],
  },
})
