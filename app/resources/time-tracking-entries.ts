import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { timeTrackingEntries } from '~/db/schema'
import { WORK_ORDER_TABS } from '~/domain/navigation'
import { clockInNow, clockOutEntry, entryTimes } from '~/maintenance/time-tracking.server'
import { defineResource } from './engine/define'
import { longText, money, number, reference, select, text } from './engine/fields'

/*
 * Time tracking entries (SPEC.md §7 time-tracking-entries/, operations.md §4): a technician's time,
 * clocked in (against a work order or not) and out. The standard pattern without update: an entry
 * keeps the hourly rate of its clock-in, and the one change it takes is clocking out (an action,
 * OPEN → CLOSED), which sets its end, minutes and amount. Technicians clock in and out through
 * their own operations (technician/time-tracking-entries/, ADR 024); the office lists and reads
 * every technician's entries here, and can clock out one left open.
 */

const ENTRY_STATES = [
  { value: 'OPEN', label: 'Clocked in' },
  { value: 'CLOSED', label: 'Clocked out' },
] as const

export const timeTrackingEntriesResource = defineResource({
  name: 'time-tracking-entries',
  singular: 'Time Tracking Entry',
  plural: 'Time Tracking Entries',
  description: 'Your technicians’ time, clocked in and out, on a work order or not, at the hourly rate of the day.',
  group: 'Operations',
  permission: 'operations',
  tabs: WORK_ORDER_TABS,
  table: timeTrackingEntries,
  fields: {
    userId: reference('Technician', 'work-order-technicians', { required: true, writableOn: 'create', help: 'Clocked in now, at their hourly rate of today' }),
    workOrderId: reference('Work order', 'work-orders', { writableOn: 'create', help: 'The work order the time is for, if any' }),
    state: select('State', ENTRY_STATES, { readOnly: true }),
    hourlyRate: money('Hourly rate', { readOnly: true, help: 'The technician’s rate when they clocked in, kept as it was' }),
    minutes: number('Minutes', { readOnly: true }),
    amount: money('Amount', { readOnly: true, help: 'Minutes × hourly rate' }),
    notes: longText('Notes', { writableOn: 'create', max: 2000 }),
  },
  title: ['userId'],
  columns: ['started', 'userId', 'workOrderId', 'state', 'minutes', 'amount'],
  search: ['notes'],
  filters: ['userId', 'workOrderId', 'state'],
  ordering: '-created_at',
  // Made by a clock-in: the technician's own, or the office's for a technician (now); no update: the clock-out is an action.
  methods: ['list', 'create', 'get'],
  palette: false,
  attachments: false,
  states: { field: 'state', initial: 'OPEN', transitions: [['OPEN', 'CLOSED']] },
  rules: {
    validate: ({ tx, companyId, values }) => clockInNow(tx as Executor, companyId, values),
  },
  actions: {
    'clock-out': {
      label: 'Clock out',
      from: ['OPEN'],
      to: 'CLOSED',
      input: { endedAt: text('Ended at', { max: 40, help: 'Empty: now. A day and time on the company’s clock (2026-03-02T17:30) or ISO 8601' }) },
      done: 'Clocked out.',
      run: ({ tx, companyId, record, input }) => clockOutEntry(tx as Executor, companyId, record, input.ended_at),
    },
  },
  outputs: {
    summary: {
      schema: {
        started_at: z.string().openapi({ description: 'Clock-in (ISO 8601)' }),
        ended_at: z.string().nullable().openapi({ description: 'Clock-out (ISO 8601); null while clocked in' }),
        started: z.string().openapi({ description: 'started_at on the company’s clock' }),
        ended: z.string().nullable().openapi({ description: 'ended_at on the company’s clock' }),
      },
      fields: { started: text('Started'), ended: text('Ended') },
      load: ({ tx, companyId, records }) =>
        entryTimes(
          tx as Executor,
          companyId,
          records.map((r) => String(r.id)),
        ),
    },
  },
  page: {
    title: 'Time entry of {user_label}, {started}',
    sections: [{ kind: 'fields', fields: ['userId', 'workOrderId', 'state', 'started', 'ended', 'hourlyRate', 'minutes', 'amount', 'notes'] }, { kind: 'actions' }, { kind: 'history' }],
  },
})
