import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { recurringJournalEntries, recurringJournalEntryLines } from '~/db/schema'
import { FREQUENCIES } from '~/domain/ledger/entries'
import { checkEntryLines, type EntryLine } from '~/ledger/manual-entries.server'
import { postDueAfterChange, scheduleSummaries } from '~/ledger/recurring.server'
import { defineResource } from './engine/define'
import { date, lines, money, number, reference, select, text } from './engine/fields'
import { DEBITS_AND_CREDITS } from './journal-entries'

/*
 * A recurring journal entry is a document (ADR 013): the lines of a journal entry, posted every
 * week, month, quarter or year by the scheduler, each period once. Its lines are sent and read as
 * a debit or a credit and kept as one signed amount, as the ledger keeps them. Saving it or
 * restarting it posts the periods already due; stopping it (DELETE) posts nothing more, and what
 * it posted stays in the journal. Its rules are the domain services of ~/ledger/recurring.
 */

export const recurringJournalEntriesResource = defineResource({
  name: 'recurring-journal-entries',
  section: 'accounting',
  apiPath: 'accounting/recurring-journal-entries',
  // SPEC.md §7 names the collection at the API's root too.
  alsoAt: ['recurring-journal-entries'],
  singular: 'Recurring Journal Entry',
  plural: 'Recurring Journal Entries',
  description: 'Entries the books need every period, such as depreciation or a prepaid expense: each period posts once, on its date, by itself.',
  group: 'Accounting',
  permission: 'accounting',
  table: recurringJournalEntries,
  fields: {
    name: text('Name', { required: true, max: 200 }),
    frequency: select('Frequency', FREQUENCIES, { required: true }),
    startDate: date('First posting', { required: true, help: 'Later postings keep its day of the month (month ends kept)' }),
    endDate: date('Last posting by', { notBefore: 'startDate', help: 'Nothing posts after this date; leave it empty to go on' }),
    memo: text('Memo', { max: 1000, help: 'The memo of every entry it posts (its name when empty)' }),
    lastError: text('Last run', { readOnly: true, max: 2000, help: 'Why the last run could not post a period (a locked date, an inactive account)' }),
  },
  title: ['name'],
  columns: ['name', 'frequency', 'next_date', 'posted_count', 'total'],
  search: ['name', 'memo'],
  filters: ['frequency'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: { label: 'Stop', undo: 'Restart', inactive: 'Stopped', done: 'stopped', undone: 'restarted', note: 'Nothing more posts; what it posted stays in the journal. Restart it to post what has come due.' },
  palette: false,
  attachments: false,
  lines: lines('Lines', {
    table: recurringJournalEntryLines,
    parentKey: 'recurringJournalEntryId',
    min: 2,
    max: 100,
    fields: {
      accountId: reference('Account', 'accounts', { required: true }),
      debit: money('Debit'),
      credit: money('Credit'),
      memo: text('Memo', { max: 500 }),
      propertyGroupId: reference('Property', 'property-groups'),
      rentalUnitId: reference('Unit', 'rental-units'),
    },
    ...DEBITS_AND_CREDITS,
  }),
  rules: {
    async validate({ tx, companyId, values, lines: given }) {
      return given ? checkEntryLines(tx as Executor, companyId, String(values.startDate), given as EntryLine[], { posted: false }) : undefined
    },
    created: ({ tx, companyId, record }) => postDueAfterChange(tx as Executor, companyId, String(record.id)),
    async updated({ tx, companyId, id, record }) {
      if (record.isActive) await postDueAfterChange(tx as Executor, companyId, id)
    },
  },
  sourceType: 'RECURRING_JOURNAL_ENTRY',
  outputs: {
    summary: {
      schema: {
        total: z.string().openapi({ description: 'The sum of the debits of one posting' }),
        next_date: z.string().nullable().openapi({ description: 'When it posts next: its first period not yet posted after the lock date; null when stopped or ended' }),
        posted_count: z.number().int().openapi({ description: 'How many periods it has posted' }),
        last_error_at: z.string().nullable().openapi({ description: 'When the last run failed to post a period; null once it posts cleanly' }),
      },
      fields: {
        next_date: date('Next posting'),
        posted_count: number('Periods posted'),
        total: money('Each posting'),
      },
      load: ({ tx, companyId, records }) =>
        scheduleSummaries(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    // Saving posts the periods already due: say how many it has posted.
    saved: 'Periods posted so far: {posted_count}.',
    sections: [
      { kind: 'fields', fields: ['name', 'frequency', 'startDate', 'endDate', 'next_date', 'posted_count', 'total', 'memo', 'lastError'] },
      { kind: 'lines' },
      { kind: 'journal' },
    ],
  },
})
