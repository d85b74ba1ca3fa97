import { z } from '@hono/zod-openapi'
import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { recurringTaskChecklistItems, recurringTasks, taskChecklistItems, tasks, users } from '~/db/schema'
import { TASK_TABS } from '~/domain/navigation'
import { TASK_PRIORITIES, TASK_STATUSES } from '~/domain/maintenance/tasks'
import { checklistProgress, checkRecurringTask, checkTask, makeDueTasks, markCompleted, seriesSummaries } from '~/maintenance/tasks.server'
import { defineResource } from './engine/define'
import { boolean, date, email, lines, longText, number, reference, select, text } from './engine/fields'

/*
 * Tasks and recurring tasks (issue 15 item 5, operations.md §1 and §4): something to do by a day,
 * for someone, at a property or unit, with a checklist. A task is a document (ADR 013): open → in
 * progress → completed, or canceled, by its actions, its completion kept for the task reports. A
 * recurring task is a series on an RRULE schedule whose tasks are made `lead days` before they are
 * due, each from the series as it is then: editing a series changes the tasks still to come only.
 */

/** Whom tasks are assigned to: the company's active property managers and technicians, a scoped view of its users (ADR 023). */
export const taskAssigneesResource = defineResource({
  name: 'task-assignees',
  apiPath: 'tasks/assignees',
  singular: 'Assignee',
  plural: 'Assignees',
  description: 'The people tasks can be assigned to: your active property managers and maintenance technicians.',
  group: 'Operations',
  permission: 'operations',
  table: users,
  scope: and(inArray(users.userType, ['property_manager', 'maintenance_technician']), eq(users.isActive, true)),
  fields: {
    firstName: text('First name', { readOnly: true }),
    lastName: text('Last name', { readOnly: true }),
    email: email('Email', { readOnly: true }),
    userType: select('Role', [
      { value: 'property_manager', label: 'Property manager' },
      { value: 'maintenance_technician', label: 'Maintenance technician' },
    ], { readOnly: true }),
  },
  title: ['firstName', 'lastName'],
  columns: ['firstName', 'lastName', 'email', 'userType'],
  search: [],
  ordering: 'last_name,first_name',
  methods: ['list', 'get'],
  tabs: TASK_TABS,
  palette: false,
  attachments: false,
  related: [{ resource: 'tasks', field: 'assignedUserId', label: 'Assigned tasks' }],
})

const checklist = (table: object, parentKey: string, withDone: boolean) =>
  lines('Checklist', {
    table,
    parentKey,
    min: 0,
    max: 50,
    fields: { description: text('Item', { required: true, max: 300 }), ...(withDone ? { done: boolean('Done') } : {}) },
  })

export const tasksResource = defineResource({
  name: 'tasks',
  singular: 'Task',
  plural: 'Tasks',
  description: 'Things to do by a day, for someone on your team, at a property or unit, with a checklist: inspections to book, filters to change, follow-ups.',
  group: 'Operations',
  permission: 'operations',
  tabs: TASK_TABS,
  table: tasks,
  fields: {
    subject: text('Subject', { required: true, max: 200, help: 'What to do, in a few words: Change the furnace filters' }),
    description: longText('Description', { max: 5000 }),
    priority: select('Priority', TASK_PRIORITIES, { required: true }),
    status: select('Status', TASK_STATUSES, { readOnly: true }),
    dueDate: date('Due date'),
    assignedUserId: reference('Assigned to', 'task-assignees'),
    propertyGroupId: reference('Property', 'property-groups'),
    rentalUnitId: reference('Unit', 'rental-units'),
    workOrderId: reference('Work order', 'work-orders', { help: 'The work order it follows up, if any' }),
    recurringTaskId: reference('Recurring task', 'recurring-tasks', { readOnly: true, help: 'The series that made it' }),
    occurrenceDate: date('For the day', { readOnly: true }),
    open: boolean('Open', { readOnly: true, help: 'Open or in progress' }),
  },
  title: ['subject'],
  columns: ['subject', 'dueDate', 'priority', 'status', 'assignedUserId', 'propertyGroupId', 'rentalUnitId', 'checklist'],
  search: ['subject', 'description'],
  filters: ['open', 'status', 'priority', 'assignedUserId', 'propertyGroupId', 'rentalUnitId', 'recurringTaskId', 'workOrderId'],
  defaultFilters: { open: 'true' },
  ordering: 'due_date',
  methods: ['list', 'create', 'get', 'update'],
  lines: checklist(taskChecklistItems, 'taskId', true),
  states: {
    field: 'status',
    initial: 'OPEN',
    transitions: [
      ['OPEN', 'IN_PROGRESS'],
      ['OPEN', 'COMPLETED'],
      ['IN_PROGRESS', 'COMPLETED'],
      ['IN_PROGRESS', 'OPEN'],
      ['OPEN', 'CANCELED'],
      ['IN_PROGRESS', 'CANCELED'],
      ['COMPLETED', 'OPEN'],
      ['CANCELED', 'OPEN'],
    ],
  },
  actions: {
    start: { label: 'Start', from: ['OPEN'], to: 'IN_PROGRESS', done: 'Task started.' },
    complete: {
      label: 'Complete',
      from: ['OPEN', 'IN_PROGRESS'],
      to: 'COMPLETED',
      done: 'Task completed.',
      run: ({ tx, companyId, record }) => markCompleted(tx as Executor, companyId, String(record.id), true),
    },
    reopen: {
      label: 'Reopen',
      from: ['COMPLETED', 'CANCELED'],
      to: 'OPEN',
      done: 'Task reopened.',
      run: ({ tx, companyId, record }) => markCompleted(tx as Executor, companyId, String(record.id), false),
    },
    cancel: { label: 'Cancel', from: ['OPEN', 'IN_PROGRESS'], to: 'CANCELED', confirm: 'Canceling keeps the task, marked canceled; reopen it if it is needed after all.', done: 'Task canceled.' },
  },
  rules: {
    validate: async ({ tx, companyId, values }) => {
      const errors = await checkTask(tx as Executor, companyId, values)
      return Object.keys(errors).length ? errors : undefined
    },
  },
  outputs: {
    summary: {
      schema: { checklist: z.string().nullable().openapi({ description: 'How much of its checklist is done: "2 of 5 done"; null without one' }) },
      fields: { checklist: text('Checklist') },
      load: ({ tx, companyId, records }) => checklistProgress(tx as Executor, companyId, records),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['status', 'priority', 'dueDate', 'assignedUserId', 'description'] },
      { kind: 'actions' },
      { kind: 'lines' },
      { kind: 'fields', label: 'Where and why', fields: ['propertyGroupId', 'rentalUnitId', 'workOrderId', 'recurringTaskId', 'occurrenceDate'] },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

export const recurringTasksResource = defineResource({
  name: 'recurring-tasks',
  singular: 'Recurring Task',
  plural: 'Recurring Tasks',
  description: 'Tasks that come back on a schedule — filters every quarter, a fire-alarm test every month — each made a few days before it is due, from the series as it is then.',
  group: 'Operations',
  permission: 'operations',
  tabs: TASK_TABS,
  table: recurringTasks,
  fields: {
    subject: text('Subject', { required: true, max: 200 }),
    description: longText('Description', { max: 5000 }),
    priority: select('Priority', TASK_PRIORITIES, { required: true }),
    assignedUserId: reference('Assigned to', 'task-assignees'),
    propertyGroupId: reference('Property', 'property-groups'),
    rentalUnitId: reference('Unit', 'rental-units'),
    rule: text('Repeats', {
      required: true,
      max: 300,
      help: 'An iCalendar repeat rule: FREQ=MONTHLY;BYMONTHDAY=1 (the 1st of each month), FREQ=WEEKLY;BYDAY=MO (Mondays), FREQ=MONTHLY;INTERVAL=3;BYDAY=1TU (the first Tuesday every three months), FREQ=YEARLY;BYMONTH=10;BYMONTHDAY=15',
    }),
    startDate: date('Starts', { required: true, startsToday: true }),
    endDate: date('Ends', { notBefore: 'startDate', help: 'Empty: it goes on' }),
    leadDays: number('Made days ahead', { required: true, min: 0, max: 365, help: 'How many days before it is due each task is made' }),
  },
  title: ['subject'],
  columns: ['subject', 'schedule', 'next_due', 'assignedUserId', 'propertyGroupId', 'made_count'],
  search: ['subject', 'description'],
  filters: ['assignedUserId', 'propertyGroupId', 'priority'],
  ordering: 'subject',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  deactivates: { label: 'Stop', undo: 'Restart', inactive: 'Stopped', done: 'stopped', undone: 'restarted', note: 'No more tasks are made; those it made stay. Restart it to make what has come due.' },
  lines: checklist(recurringTaskChecklistItems, 'recurringTaskId', false),
  rules: {
    validate: ({ tx, companyId, values }) => checkRecurringTask(tx as Executor, companyId, values),
    created: async ({ tx, companyId, record }) => void (await makeDueTasks(tx as Executor, { ids: [String(record.id)], companyId })),
    updated: async ({ tx, companyId, id, record }) => {
      if (record.isActive) await makeDueTasks(tx as Executor, { ids: [id], companyId })
    },
  },
  outputs: {
    summary: {
      schema: {
        schedule: z.string().openapi({ description: 'The rule in words: "Every month on the 1st"' }),
        next_due: z.string().nullable().openapi({ description: 'The next day a task of it falls due that is not made yet; null when stopped or ended' }),
        made_count: z.number().int().openapi({ description: 'How many tasks it has made' }),
      },
      fields: { schedule: text('Schedule'), next_due: text('Next due'), made_count: number('Tasks made') },
      load: ({ tx, companyId, records }) => seriesSummaries(tx as Executor, companyId, records),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['schedule', 'rule', 'startDate', 'endDate', 'leadDays', 'next_due', 'made_count'] },
      { kind: 'fields', label: 'Each task', fields: ['priority', 'assignedUserId', 'propertyGroupId', 'rentalUnitId', 'description'] },
      { kind: 'lines' },
      { kind: 'related', related: { resource: 'tasks', field: 'recurringTaskId', label: 'Tasks made' } },
    ],
  },
})
