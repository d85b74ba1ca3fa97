import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { makeReadies, makeReadyTaskCategories, makeReadyTasks } from '~/db/schema'
import { MAKE_READY_STATUSES, MAKE_READY_TASK_STATUSES, MAKE_READY_TRANSITIONS } from '~/domain/maintenance/make-ready'
import { MAKE_READY_TABS } from '~/domain/navigation'
import { checkMakeReady, completeMakeReady, openTurnWorkOrders, setReadyDate, turnSummaries } from '~/maintenance/make-ready.server'
import { defineResource } from './engine/define'
import { boolean, date, lines, longText, money, number, reference, select, text } from './engine/fields'

/*
 * Make-ready (issue 15 item 7, operations.md §3): a unit turning over between one lease's move-out
 * and the next move-in. A turn is a document (ADR 013): upcoming → in progress (on hold and back) →
 * ready, or canceled. Notice given on a lease opens one for its unit (the leases' rules call
 * followTurnover); its tasks are its lines, by the company's categories, some done through work
 * orders it opens. Its list is the board: the next move-in first, with the days left until it.
 */

export const makeReadyTaskCategoriesResource = defineResource({
  name: 'make-ready-task-categories',
  singular: 'Make-Ready Task Category',
  plural: 'Make-Ready Task Categories',
  description: 'The kinds of task a unit’s turn is made of: inspection, cleaning, repair, cosmetic, safety, admin and marketing. Tasks of a category done through work orders get one when the turn opens them.',
  group: 'Operations',
  permission: 'operations',
  tabs: MAKE_READY_TABS,
  table: makeReadyTaskCategories,
  fields: {
    name: text('Name', { required: true, max: 120 }),
    description: longText('Description', { max: 1000 }),
    opensWorkOrders: boolean('Done through work orders', { help: 'A turn opens a work order for each of its tasks in this category still to do' }),
  },
  title: ['name'],
  columns: ['name', 'description', 'opensWorkOrders'],
  search: ['name', 'description'],
  ordering: 'name',
  methods: ['list', 'get'],
  palette: false,
  attachments: false,
})

export const makeReadiesResource = defineResource({
  name: 'make-ready',
  apiPath: 'leasing/make-readies',
  singular: 'Make Ready',
  plural: 'Make Readies',
  description: 'Units turning over between a move-out and the next move-in, the soonest move-in first: their tasks, the days left and what is overdue.',
  group: 'Operations',
  permission: 'operations',
  tabs: MAKE_READY_TABS,
  table: makeReadies,
  fields: {
    label: text('Name', { readOnly: true, help: 'Its unit and move-out, as every page names the turn' }),
    rentalUnitId: reference('Unit', 'rental-units', { required: true, writableOn: 'create' }),
    propertyGroupId: reference('Property', 'property-groups', { readOnly: true }),
    status: select('Status', MAKE_READY_STATUSES, { readOnly: true }),
    moveOutLeaseId: reference('Moving out', 'leases', { writableOn: 'create', help: 'Empty: the unit’s lease on notice, or else its latest to end' }),
    moveOutDate: date('Move-out', { writableOn: 'create', help: 'Empty: the move-out (or end) of the lease moving out' }),
    readyByDate: date('Ready by', { notBefore: 'moveOutDate', help: 'Empty: the day before the next move-in, or a week after the move-out' }),
    readyDate: date('Made ready on', { readOnly: true }),
    nextLeaseId: reference('Next lease', 'leases', { readOnly: true, help: 'The lease signed to move in next, read from the unit’s leases' }),
    nextMoveInDate: date('Next move-in', { readOnly: true }),
    notes: longText('Notes', { max: 5000 }),
    open: boolean('Open', { readOnly: true, help: 'Upcoming, in progress or on hold' }),
  },
  title: ['label'],
  label: 'label',
  columns: ['label', 'moveOutDate', 'readyByDate', 'nextMoveInDate', 'days_until_move_in', 'tasks', 'overdue_tasks', 'status'],
  search: ['label', 'notes'],
  filters: ['open', 'status', 'propertyGroupId', 'rentalUnitId'],
  defaultFilters: { open: 'true' },
  // The board's order: the next move-in first, then what should be ready first.
  ordering: 'next_move_in_date,ready_by_date',
  methods: ['list', 'create', 'get', 'update'],
  lines: lines('Tasks', {
    table: makeReadyTasks,
    parentKey: 'makeReadyId',
    min: 0,
    max: 100,
    fields: {
      categoryId: reference('Category', 'make-ready-task-categories', { required: true }),
      description: text('Task', { required: true, max: 300 }),
      status: select('Status', MAKE_READY_TASK_STATUSES),
      dueDate: date('Due'),
      assignedUserId: reference('Assigned to', 'task-assignees'),
      workOrderId: reference('Work order', 'work-orders', { help: 'The work order doing it' }),
      cost: money('Cost'),
    },
  }),
  states: { field: 'status', initial: 'UPCOMING', transitions: MAKE_READY_TRANSITIONS },
  actions: {
    start: { label: 'Start', from: ['UPCOMING'], to: 'IN_PROGRESS', done: 'Make-ready started.' },
    'open-work-orders': {
      label: 'Open work orders',
      from: ['UPCOMING', 'IN_PROGRESS'],
      done: 'Work orders opened for its repairs: each task shows its work order.',
      run: ({ tx, companyId, userId, record }) => openTurnWorkOrders(tx as Executor, companyId, userId, record),
    },
    hold: { label: 'Put on hold', from: ['IN_PROGRESS'], to: 'ON_HOLD', done: 'Make-ready on hold.' },
    resume: { label: 'Resume', from: ['ON_HOLD'], to: 'IN_PROGRESS', done: 'Make-ready resumed.' },
    complete: {
      label: 'Mark ready',
      from: ['UPCOMING', 'IN_PROGRESS'],
      to: 'DONE',
      done: 'The unit is ready.',
      run: ({ tx, companyId, record }) => completeMakeReady(tx as Executor, companyId, record),
    },
    reopen: {
      label: 'Reopen',
      from: ['DONE'],
      to: 'IN_PROGRESS',
      done: 'Make-ready reopened.',
      run: ({ tx, companyId, record }) => setReadyDate(tx as Executor, companyId, String(record.id), null),
    },
    cancel: { label: 'Cancel', from: ['UPCOMING', 'IN_PROGRESS', 'ON_HOLD'], to: 'CANCELED', confirm: 'Canceling keeps the make-ready and its tasks, marked canceled.', done: 'Make-ready canceled.' },
    restore: { label: 'Restore', from: ['CANCELED'], to: 'UPCOMING', done: 'Make-ready restored.' },
  },
  rules: {
    validate: ({ tx, companyId, id, values, lines: given }) => checkMakeReady(tx as Executor, companyId, id, values, given),
  },
  outputs: {
    summary: {
      schema: {
        days_until_move_in: z.number().int().nullable().openapi({ description: 'Days from today to the next move-in; null when none is signed' }),
        turn_days: z.number().int().openapi({ description: 'Days from the move-out to ready (to today while it is not)' }),
        tasks_done: z.number().int(),
        tasks_total: z.number().int(),
        tasks: z.string().openapi({ description: 'Tasks done or skipped, of all: "3 of 7"' }),
        overdue_tasks: z.number().int().openapi({ description: 'Tasks still to do past their due day' }),
      },
      fields: {
        days_until_move_in: number('Days to move-in', { min: undefined }),
        turn_days: number('Turn days'),
        tasks: text('Tasks done'),
        overdue_tasks: number('Overdue'),
      },
      load: ({ tx, companyId, records }) => turnSummaries(tx as Executor, companyId, records),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['status', 'rentalUnitId', 'propertyGroupId', 'moveOutLeaseId', 'moveOutDate', 'readyByDate', 'readyDate', 'nextLeaseId', 'nextMoveInDate', 'days_until_move_in', 'turn_days', 'tasks', 'notes'] },
      { kind: 'actions' },
      { kind: 'lines' },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})
