import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { manualJournalEntries, manualJournalEntryLines } from '~/db/schema'
import { DIMENSIONS } from '~/domain/ledger/dimensions'
import { manualDraft } from '~/domain/ledger/entries'
import { JOURNAL_TABS } from '~/domain/navigation'
import { checkEntryLines, manualEntrySummaries, refuseIfReconciled, setReversalDate, type EntryLine } from '~/ledger/manual-entries.server'
import { defineResource, type PostingBuilder } from './engine/define'
import { date, lines, money, number, reference, select, text, type LinesField } from './engine/fields'

/*
 * A manual journal entry is a document (ADR 013): the lines of a journal entry, posted as they
 * are. The journal itself (every entry whatever posted it) is the ledger's, read at
 * accounting/journal/; this document is what a person writes into it. Correcting one is the
 * engine's correction (its posted version reversed and the new one posted, linked); voiding it
 * reverses it. Both stay in the journal, and its page lists them. Its rules are the domain
 * services of ~/ledger/manual-entries.
 */

/** The entry as written: its lines, debits positive and credits negative, on its date; nothing once void. */
export const manualPosting: PostingBuilder = (entry) =>
  entry.status === 'VOID'
    ? null
    : manualDraft({
        chainId: entry.id,
        date: String(entry.date),
        memo: (entry.memo as string | null) ?? null,
        lines: entry.lines.map((line) => ({
          accountId: String(line.accountId),
          amount: Number(line.amount),
          memo: (line.memo as string | null) ?? null,
          ...Object.fromEntries(DIMENSIONS.map((key) => [key, (line[key] as string | null | undefined) ?? null])),
        })),
      })

/**
 * Journal lines as a person writes them, a debit or a credit, kept as the ledger keeps an amount
 * (a debit positive, a credit negative), and added up on the form as they are typed: the lines of
 * a manual entry and of a recurring one.
 */
export const DEBITS_AND_CREDITS = {
  balance: { debit: 'debit', credit: 'credit' },
  shape: {
    store: (line: Record<string, unknown>) => ({ amount: Number(line.debit ?? 0) - Number(line.credit ?? 0) }),
    read: (line: Record<string, unknown>) => (Number(line.amount) >= 0 ? { debit: line.amount, credit: null } : { debit: null, credit: -Number(line.amount) }),
  },
} satisfies Pick<LinesField, 'balance' | 'shape'>

export const journalEntriesResource = defineResource({
  name: 'journal-entries',
  section: 'accounting',
  apiPath: 'accounting/journal-entries',
  singular: 'Journal Entry',
  plural: 'Journal Entries',
  description: 'Entries written by hand: adjustments, accruals, opening balances. Correcting one reverses it and posts the new version; both stay in the journal.',
  group: 'Accounting',
  tabs: JOURNAL_TABS,
  permission: 'accounting',
  table: manualJournalEntries,
  fields: {
    date: date('Date', { required: true, startsToday: true }),
    memo: text('Memo', { max: 1000 }),
    reversalDate: date('Reversal date', { writableOn: 'update', help: 'When correcting it: the day its reversal posts (its own date when empty; choose one in an open period when that one is locked)' }),
    status: select(
      'Status',
      [
        { value: 'POSTED', label: 'Posted' },
        { value: 'VOID', label: 'Void' },
      ],
      { readOnly: true },
    ),
  },
  title: ['date', 'memo'],
  columns: ['number', 'date', 'memo', 'total', 'status'],
  search: ['memo'],
  filters: ['status'],
  ordering: '-date',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  // SPEC.md's DELETE: an entry is never removed from the books, it is voided (its reversal posted).
  deleteRuns: 'void',
  palette: false,
  attachments: false,
  states: { field: 'status', initial: 'POSTED', transitions: [['POSTED', 'VOID']], locked: ['VOID'] },
  actions: {
    void: {
      label: 'Void',
      from: ['POSTED'],
      to: 'VOID',
      input: { reversalDate: date('Reversal date', { help: 'The day its reversal posts: its own date when empty; choose one in an open period when that one is locked' }) },
      confirm: 'Voiding posts the reversal of this entry; both stay in the journal, and it cannot be undone.',
      done: 'Journal entry voided: its reversal is posted.',
      async run({ tx, companyId, record, input }) {
        await refuseIfReconciled(tx as Executor, companyId, String(record.id))
        if (input.reversal_date) await setReversalDate(tx as Executor, companyId, String(record.id), String(input.reversal_date))
      },
    },
  },
  lines: lines('Lines', {
    table: manualJournalEntryLines,
    parentKey: 'manualJournalEntryId',
    min: 2,
    max: 500,
    fields: {
      accountId: reference('Account', 'accounts', { required: true }),
      debit: money('Debit'),
      credit: money('Credit'),
      memo: text('Memo', { max: 500 }),
      propertyGroupId: reference('Property', 'property-groups'),
      rentalUnitId: reference('Unit', 'rental-units'),
      leaseId: reference('Lease', 'leases'),
      residentId: reference('Resident', 'residents'),
      propertyOwnerId: reference('Property owner', 'property-owners'),
      vendorId: reference('Vendor', 'vendors'),
    },
    ...DEBITS_AND_CREDITS,
  }),
  rules: {
    async validate({ tx, companyId, id, values, lines: given }) {
      if (id) await refuseIfReconciled(tx as Executor, companyId, id)
      return given ? checkEntryLines(tx as Executor, companyId, String(values.date), given as EntryLine[], { posted: true }) : undefined
    },
    async updated({ tx, companyId, id, record }) {
      if (record.reversalDate) await setReversalDate(tx as Executor, companyId, id, null)
    },
  },
  postings: { create: manualPosting },
  reversalDate: 'reversalDate',
  sourceType: 'JOURNAL_ENTRY',
  outputs: {
    summary: {
      schema: {
        number: z.number().int().nullable().openapi({ description: 'The number of the journal entry it stands at now (its latest version)' }),
        journal_entry_id: z.string().nullable().openapi({ description: 'That entry: accounting/journal/{id}/' }),
        total: z.string().openapi({ description: 'The sum of its debits' }),
      },
      fields: {
        number: number('Entry', { link: { text: '#{number}', href: '/app/accounting/journal/{journal_entry_id}/' } }),
        total: money('Total'),
      },
      load: ({ tx, companyId, records }) =>
        manualEntrySummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    title: 'Journal Entry #{number}',
    sections: [{ kind: 'fields', fields: ['date', 'memo', 'number', 'total', 'status'] }, { kind: 'lines' }, { kind: 'actions' }, { kind: 'journal' }, { kind: 'history' }],
  },
})
