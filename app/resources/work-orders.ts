import { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { users, workLogMaterials, workLogs, workOrderCategories, workOrderComments, workOrders, workOrderStatuses } from '~/db/schema'
import { WORK_ORDER_TABS } from '~/domain/navigation'
import { CHARGEABLE_STAGES, OPEN_STAGES, SCHEDULE_TIMES, WORK_ORDER_PRIORITIES, WORK_ORDER_STAGES, WORK_ORDER_TRANSITIONS } from '~/domain/maintenance/work-orders'
import {
  chargeForWork,
  checkComment,
  checkStatus,
  checkWorkLog,
  checkWorkOrder,
  duplicateValues,
  keepWorkOrder,
  markDuplicate,
  materialAmount,
  moveToStatus,
  signComment,
  timeZoneOf,
  writtenAt,
  workOrderTimes,
} from '~/maintenance/work-orders.server'
import { resourceNamed } from './index'
import { defineResource } from './engine/define'
import { boolean, date, email, lines, longText, money, number, percent, phone, reference, select, text } from './engine/fields'

/*
 * Work orders (issue 15, operations.md §0–1), a document (ADR 013) whose states are fixed stages and
 * whose statuses are the company's (ADR 022):
 *
 * - A work order's **stage** (new, triage, awaiting estimate, awaiting approval, assigned, scheduled,
 *   in progress, on hold, work done, ready to bill, closed, canceled) is its engine state: the moves
 *   between stages are the declared transitions (~/domain/maintenance/work-orders), so reports and
 *   targets read one fixed set, whatever a company calls things.
 * - Its **status** is a record of the company's (`work-order-statuses`), each on one stage: "Waiting
 *   on parts" and "Waiting on resident" can both sit on On hold. People move a work order by
 *   choosing a status (`change-status`): it lands on the status's stage through an allowed
 *   transition (else 409 naming its stage), and the engine keeps the move in its state history with
 *   who, when and the status's name. A status on the stage it is already on changes the name only,
 *   and is kept in the history too. A new work order starts on the New stage, at the company's
 *   first status there.
 * - Its **priority** sets its response and completion targets when it is made; a visit to a lived-in
 *   unit keeps the entry-notice rule (24 hours' written notice, 8 a.m. to 8 p.m., unless an emergency
 *   or the resident consents). The instants are kept in the row and answered beside its fields.
 *
 * - Its **assignee** is one of the company's active maintenance technicians (`work-order-technicians`,
 *   the users the engine's scope picks out), so the one reference check refuses anyone else at the
 *   field. Assigning changes no stage: the stage moves only by a status (Assigned may be chosen
 *   with nobody assigned, for a vendor later).
 *
 * - Its **work logs** (`work-logs`) keep each visit's labour and materials; its **comments**
 *   (`comments`) are the office's, the technician's and, when shared, the resident's word on it.
 * - **Charging** for it (`generate-invoice`, once the work is done) makes one charge to the lease
 *   (a rent charge of type Maintenance, posted by that resource's own create) for the logs' labour
 *   and materials, a markup on the materials and at least a minimum trip charge, and closes it.
 *
 * Still to come (later increments of issue 15): assignment to a vendor, the resident center's and
 * technicians' (/mt) pages.
 */

/**
 * The technicians work orders can be assigned to: the company's active maintenance technicians, a
 * read-only view of its users (people are invited and managed under Maintenance Technicians). A
 * resource of its own so that the assignee is an engine reference like any other: checked against
 * the company, named in the output, offered by the pickers and walked by the isolation tests.
 */
export const workOrderTechniciansResource = defineResource({
  name: 'work-order-technicians',
  apiPath: 'work-orders/technicians',
  singular: 'Technician',
  plural: 'Technicians',
  description: 'Your active maintenance technicians, whom work orders can be assigned to. Invite and deactivate them under Maintenance Technicians.',
  group: 'Operations',
  permission: 'operations',
  table: users,
  scope: and(eq(users.userType, 'maintenance_technician'), eq(users.isActive, true)),
  fields: {
    firstName: text('First name', { readOnly: true }),
    lastName: text('Last name', { readOnly: true }),
    email: email('Email', { readOnly: true }),
    phone: phone('Phone', { readOnly: true }),
  },
  title: ['firstName', 'lastName'],
  columns: ['firstName', 'lastName', 'email', 'phone'],
  search: [],
  ordering: 'last_name,first_name',
  methods: ['list', 'get'],
  tabs: WORK_ORDER_TABS,
  palette: false,
  attachments: false,
  related: [{ resource: 'work-orders', field: 'assignedUserId', label: 'Assigned work orders' }],
})

export const workOrderCategoriesResource = defineResource({
  name: 'work-order-categories',
  apiPath: 'work-orders/categories',
  singular: 'Work Order Category',
  plural: 'Work Order Categories',
  description: 'The kinds of work your work orders are sorted by: plumbing, electrical, HVAC and the others you add.',
  group: 'Operations',
  permission: 'operations',
  table: workOrderCategories,
  fields: {
    name: text('Name', { required: true, max: 120, help: 'e.g. Plumbing or Snow removal' }),
    description: longText('Description', { max: 1000 }),
  },
  title: ['name'],
  columns: ['name', 'description'],
  search: ['name', 'description'],
  ordering: 'name',
  // A category in use stays: it names the work orders filed under it.
  methods: ['list', 'create', 'get', 'update'],
  tabs: WORK_ORDER_TABS,
  palette: false,
  attachments: false,
})

export const workOrderStatusesResource = defineResource({
  name: 'work-order-statuses',
  apiPath: 'work-orders/statuses',
  singular: 'Work Order Status',
  plural: 'Work Order Statuses',
  description:
    'Your names for where a work order is, each on one of the fixed stages that reports and targets read: several statuses can share a stage (Waiting on parts and Waiting on resident, both On hold).',
  group: 'Operations',
  permission: 'operations',
  table: workOrderStatuses,
  fields: {
    name: text('Name', { required: true, max: 120, help: 'e.g. Waiting on parts' }),
    stage: select('Stage', WORK_ORDER_STAGES, { required: true, help: 'Where work orders with this status are in their life: what moves are allowed from it, and what reports count it as' }),
    description: longText('Description', { max: 1000 }),
  },
  title: ['name'],
  columns: ['name', 'stage', 'description'],
  search: ['name', 'description'],
  filters: ['stage'],
  ordering: 'name',
  // A status in use stays: its work orders and their history name it.
  methods: ['list', 'create', 'get', 'update'],
  tabs: WORK_ORDER_TABS,
  palette: false,
  attachments: false,
  rules: {
    validate: ({ tx, companyId, id, values }) => checkStatus(tx as Executor, companyId, id, values),
  },
})

export const workOrdersResource = defineResource({
  name: 'work-orders',
  singular: 'Work Order',
  plural: 'Work Orders',
  description: 'Repairs and other work at your properties, in a unit or a common area: who reported it, how urgent it is, when it is due and where it stands.',
  group: 'Operations',
  permission: 'operations',
  table: workOrders,
  fields: {
    subject: text('Subject', { required: true, max: 200, help: 'What needs doing, in a few words: Leaking kitchen tap' }),
    description: longText('Description', { max: 5000 }),
    propertyGroupId: reference('Property', 'property-groups', { required: true }),
    rentalUnitId: reference('Unit', 'rental-units', { help: 'A unit of the property; empty for a common area' }),
    location: text('Common area or location', { max: 200, help: 'A common area (Lobby, Parking garage) or where in the unit (kitchen sink)' }),
    categoryId: reference('Category', 'work-order-categories'),
    priority: select('Priority', WORK_ORDER_PRIORITIES, {
      required: true,
      help: 'Sets when it must be answered and done: emergency 1 hour and 24 hours, urgent 24 and 72 hours, routine 72 hours and 7 days',
    }),
    stage: select('Stage', WORK_ORDER_STAGES, { readOnly: true }),
    statusId: reference('Status', 'work-order-statuses', { readOnly: true, help: 'Changed by Change status' }),
    reportedByResidentId: reference('Reported by', 'residents', { help: 'The resident who reported it, if one did' }),
    assignedUserId: reference('Assigned to', 'work-order-technicians', { help: 'The maintenance technician doing the work; assigning does not change the status' }),
    vendorId: reference('Vendor', 'vendors', { help: 'An outside contractor doing the work, instead of or beside a technician; its insurance and WCB coverage must be current' }),
    permissionToEnter: boolean('Permission to enter', { help: 'The resident lets the technician in when nobody is home' }),
    entryNotes: longText('Entry notes', { max: 2000, help: 'Keys, alarm codes, who to call on arrival' }),
    petsOnPremises: boolean('Pets on premises'),
    residentConsent: boolean('Resident consents to entry', { help: 'The resident agreed to this visit: no 24 hours’ notice or 8 a.m. to 8 p.m. window needed' }),
    scheduledDate: date('Visit day', { help: 'In a lived-in unit: at least 24 hours from now, unless an emergency or the resident consents' }),
    scheduledTime: select('Visit time', SCHEDULE_TIMES, { help: 'In a lived-in unit: between 8 a.m. and 8 p.m., unless an emergency or the resident consents' }),
    dueDate: date('Due date'),
    duplicatedFromId: reference('Duplicated from', 'work-orders', { readOnly: true }),
    open: boolean('Open', { readOnly: true, help: 'Not closed or canceled' }),
  },
  title: ['subject'],
  columns: ['subject', 'propertyGroupId', 'rentalUnitId', 'categoryId', 'priority', 'statusId', 'assignedUserId', 'scheduledDate', 'completion_due'],
  search: ['subject', 'location', 'description'],
  filters: ['open', 'stage', 'statusId', 'priority', 'assignedUserId', 'vendorId', 'propertyGroupId', 'rentalUnitId', 'categoryId', 'reportedByResidentId', 'duplicatedFromId'],
  // The work still to do first: the list opens on the open ones.
  defaultFilters: { open: 'true' },
  ordering: '-created_at',
  methods: ['list', 'create', 'get', 'update'],
  tabs: WORK_ORDER_TABS,
  states: {
    field: 'stage',
    initial: 'NEW',
    transitions: WORK_ORDER_TRANSITIONS,
  },
  actions: {
    'change-status': {
      label: 'Change status',
      from: OPEN_STAGES,
      input: { statusId: reference('Status', 'work-order-statuses', { required: true }) },
      done: 'Status changed.',
      run: ({ tx, companyId, record, input, afterCommit }) => moveToStatus(tx as Executor, companyId, record, String(input.status_id), afterCommit),
    },
    'generate-invoice': {
      label: 'Charge the resident',
      from: CHARGEABLE_STAGES,
      input: {
        leaseId: reference('Lease', 'leases', { help: 'Empty: the lease in force on the work order’s unit' }),
        markupPercent: percent('Markup on materials', { max: 10_000, help: 'Added to the cost of the materials; labour is charged at its logged rate' }),
        minimumCharge: money('Minimum trip charge', { help: 'The least a visit is charged, whatever the work came to' }),
        description: text('Description', { max: 200, help: 'What the resident sees on their ledger; empty: “Repair:” and the subject' }),
      },
      confirm: 'Charging posts the work’s labour and materials to the lease’s ledger as one charge and closes the work order. Void the charge to undo it.',
      done: 'Charged to the lease: the charge is under Charges, and the work order is closed.',
      run: ({ tx, companyId, userId, record, input, afterCommit }) => chargeForWork(tx as Executor, companyId, userId, record, input, afterCommit),
    },
    duplicate: {
      label: 'Duplicate',
      from: WORK_ORDER_STAGES.map((s) => s.value),
      done: 'Work order duplicated: the copy is under Duplicates, new and unscheduled.',
      async run({ tx, companyId, userId, record }) {
        // Loaded here, not at the top: the definitions are read by pages and tests that never load the API.
        const { createRecord } = await import('./engine/api.server')
        const copy = await createRecord(tx as Executor, companyId, resourceNamed('work-orders')!, { values: duplicateValues(record) }, { userId })
        await markDuplicate(tx as Executor, companyId, String(copy.id), String(record.id))
      },
    },
  },
  rules: {
    validate: ({ tx, companyId, id, values }) => checkWorkOrder(tx as Executor, companyId, id, values),
    created: ({ tx, companyId, record }) => keepWorkOrder(tx as Executor, companyId, record, true),
    updated: ({ tx, companyId, record }) => keepWorkOrder(tx as Executor, companyId, record, false),
  },
  outputs: {
    summary: {
      schema: {
        response_due_at: z.string().nullable().openapi({ description: 'When someone must respond, from its priority (ISO 8601)' }),
        completion_due_at: z.string().nullable().openapi({ description: 'When the work must be done, from its priority (ISO 8601)' }),
        scheduled_at: z.string().nullable().openapi({ description: 'The visit: its day and time on the company’s clock (ISO 8601)' }),
        entry_notice_at: z.string().nullable().openapi({ description: 'When written notice of entry was given, for a visit to a lived-in unit (ISO 8601)' }),
        response_due: z.string().nullable().openapi({ description: 'response_due_at on the company’s clock' }),
        completion_due: z.string().nullable().openapi({ description: 'completion_due_at on the company’s clock' }),
        entry_notice: z.string().nullable().openapi({ description: 'entry_notice_at on the company’s clock' }),
      },
      fields: {
        response_due: text('Respond by'),
        completion_due: text('Complete by'),
        entry_notice: text('Entry notice given'),
      },
      common: ({ tx, companyId }) => timeZoneOf(tx as Executor, companyId),
      load: ({ stored, common }) => Promise.resolve(workOrderTimes(stored, common as string)),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['statusId', 'stage', 'priority', 'assignedUserId', 'vendorId', 'categoryId', 'description', 'duplicatedFromId'] },
      { kind: 'actions' },
      { kind: 'fields', label: 'Where', fields: ['propertyGroupId', 'rentalUnitId', 'location', 'reportedByResidentId'] },
      { kind: 'fields', label: 'Schedule', fields: ['response_due', 'completion_due', 'scheduledDate', 'scheduledTime', 'entry_notice', 'dueDate'] },
      { kind: 'fields', label: 'Access', fields: ['permissionToEnter', 'entryNotes', 'petsOnPremises', 'residentConsent'] },
      { kind: 'related', related: { resource: 'comments', field: 'workOrderId', label: 'Comments' } },
      { kind: 'related', related: { resource: 'work-logs', field: 'workOrderId', label: 'Work logs' } },
      { kind: 'related', related: { resource: 'time-tracking-entries', field: 'workOrderId', label: 'Time entries' } },
      { kind: 'related', related: { resource: 'rent-receivables', field: 'workOrderId', label: 'Charges' } },
      { kind: 'related', related: { resource: 'bills', field: 'workOrderId', label: 'Bills' } },
      { kind: 'history' },
      { kind: 'related', related: { resource: 'work-orders', field: 'duplicatedFromId', label: 'Duplicates' } },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/**
 * A comment on a work order (SPEC.md §7 comments/): the office's, a technician's or the resident's
 * word on it, shown to the resident who reported it when shared. Kept as written (no update), signed
 * with its author's name as it was.
 */
export const commentsResource = defineResource({
  name: 'comments',
  singular: 'Comment',
  plural: 'Comments',
  description: 'What the office, technicians and residents said about work orders; those marked for the resident are shown to them in the resident center.',
  group: 'Operations',
  permission: 'operations',
  tabs: WORK_ORDER_TABS,
  table: workOrderComments,
  fields: {
    workOrderId: reference('Work order', 'work-orders', { required: true }),
    body: longText('Comment', { required: true, max: 5000 }),
    visibleToResident: boolean('Shown to the resident', { help: 'The resident who reported the work order reads it in the resident center' }),
    authorName: text('Written by', { readOnly: true }),
  },
  title: ['authorName', 'body'],
  columns: ['written', 'workOrderId', 'authorName', 'body', 'visibleToResident'],
  search: ['body'],
  filters: ['workOrderId', 'visibleToResident'],
  ordering: '-created_at',
  methods: ['list', 'create', 'get'],
  palette: false,
  attachments: false,
  rules: {
    validate: ({ tx, companyId, values }) => checkComment(tx as Executor, companyId, values),
    created: ({ tx, companyId, id, userId, record }) => signComment(tx as Executor, companyId, id ?? String(record.id), userId),
  },
  outputs: {
    summary: {
      schema: { written: z.string().openapi({ description: 'When it was written, on the company’s clock' }) },
      fields: { written: text('Written') },
      load: ({ tx, companyId, records }) => writtenAt(tx as Executor, companyId, records),
    },
  },
})

/**
 * A work log (SPEC.md §7 work-logs/): one visit's labour, its hours at the rate they are charged at,
 * and the materials used, as lines; what charging a work order adds up. It changes until its work
 * order is charged or closed.
 */
export const workLogsResource = defineResource({
  name: 'work-logs',
  singular: 'Work Log',
  plural: 'Work Logs',
  description: 'The labour and materials of each visit on a work order: what charging for the work adds up.',
  group: 'Operations',
  permission: 'operations',
  tabs: WORK_ORDER_TABS,
  table: workLogs,
  fields: {
    workOrderId: reference('Work order', 'work-orders', { required: true }),
    userId: reference('Technician', 'work-order-technicians', { help: 'Who did the work' }),
    workDate: date('Date', { required: true, startsToday: true, notFuture: true }),
    hours: number('Hours', { decimals: 2, max: 24, help: 'Time on the job, e.g. 1.5' }),
    hourlyRate: money('Hourly rate', { help: 'What an hour of this labour is charged at' }),
    labourAmount: money('Labour', { readOnly: true, help: 'Hours × hourly rate' }),
    materialsAmount: money('Materials', { readOnly: true, help: 'The total of the materials' }),
    description: longText('Work done', { max: 5000 }),
  },
  title: ['workDate'],
  columns: ['workDate', 'workOrderId', 'userId', 'hours', 'labourAmount', 'materialsAmount', 'description'],
  search: ['description'],
  filters: ['workOrderId', 'userId'],
  ordering: '-work_date',
  methods: ['list', 'create', 'get', 'update'],
  palette: false,
  lines: lines('Materials', {
    table: workLogMaterials,
    parentKey: 'workLogId',
    min: 0,
    max: 100,
    fields: {
      description: text('Material', { required: true, max: 200 }),
      quantity: number('Quantity', { required: true, decimals: 2, min: 0.01, max: 100_000 }),
      unitCost: money('Unit cost', { required: true }),
      amount: money('Amount', { readOnly: true }),
    },
    total: { field: 'materialsAmount', line: 'amount' },
    shape: { store: materialAmount },
  }),
  rules: {
    validate: ({ tx, companyId, id, values }) => checkWorkLog(tx as Executor, companyId, id, values),
  },
  page: {
    title: 'Work log of {work_date}',
    sections: [{ kind: 'fields', fields: ['workOrderId', 'userId', 'workDate', 'hours', 'hourlyRate', 'labourAmount', 'materialsAmount', 'description'] }, { kind: 'lines' }, { kind: 'attachments' }],
  },
})
