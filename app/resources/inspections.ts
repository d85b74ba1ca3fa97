import { z } from '@hono/zod-openapi'
import { inArray } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { inspectionFormItems, inspectionForms, inspectionReportItems, inspectionReports } from '~/db/schema'
import { INSPECTION_TABS } from '~/domain/navigation'
import { FOLLOW_UPS, INSPECTION_RATINGS, INSPECTION_STATUSES, INSPECTION_TRANSITIONS, INSPECTION_TYPES, LOCKED_INSPECTION_STATUSES, ROOM_REPEATS } from '~/domain/maintenance/inspections'
import { checkInspectionReport, finalizeReport, reportDetails } from '~/maintenance/inspections.server'
import { inspectionPdf } from '~/maintenance/inspection-pdf.server'
import { defineResource } from './engine/define'
import { boolean, date, lines, longText, money, reference, select, text } from './engine/fields'

/*
 * Inspections (issue 15 item 6, operations.md §2): a company's forms of rooms and items, and the
 * reports made from them unit by unit. A report is a document (ADR 013): scheduled → in progress →
 * finalized (locked and signed), or canceled. Its items are its lines, each rated on one scale with
 * a note and photos of its own; a move-out is shown beside the unit's move-in, item by item; an
 * item to repair opens a work order and an item to charge charges the lease when it is finalized.
 */

export const inspectionFormsResource = defineResource({
  name: 'property-inspection-forms',
  singular: 'Inspection Form',
  plural: 'Inspection Forms',
  description: 'The rooms and items your inspection reports start with: rooms repeat for each bedroom or bathroom of the unit inspected.',
  group: 'Operations',
  permission: 'operations',
  tabs: INSPECTION_TABS,
  table: inspectionForms,
  fields: {
    name: text('Name', { required: true, max: 120, help: 'e.g. Standard unit inspection' }),
    description: longText('Description', { max: 1000 }),
  },
  title: ['name'],
  columns: ['name', 'description'],
  search: ['name', 'description'],
  ordering: 'name',
  methods: ['list', 'create', 'get', 'update', 'delete'],
  // A form in use stays: reports made from it name it.
  deactivates: true,
  palette: false,
  attachments: false,
  lines: lines('Items', {
    table: inspectionFormItems,
    parentKey: 'formId',
    min: 1,
    max: 300,
    fields: {
      room: text('Room', { required: true, max: 100, help: 'Kitchen, Bedroom…' }),
      item: text('Item', { required: true, max: 200, help: 'Countertops, Walls and ceiling…' }),
      repeat: select('Repeat', ROOM_REPEATS, { required: true }),
      photoRequired: boolean('Photo when poor or damaged'),
    },
  }),
  related: [{ resource: 'inspection-reports', field: 'formId', label: 'Reports made from it' }],
})

const reportFields = {
  label: text('Name', { readOnly: true, help: 'Its type, unit and day, as every page names the report' }),
  rentalUnitId: reference('Unit', 'rental-units', { required: true, writableOn: 'create' as const }),
  propertyGroupId: reference('Property', 'property-groups', { readOnly: true }),
  inspectionType: select('Type', INSPECTION_TYPES, { required: true, writableOn: 'create' as const }),
  leaseId: reference('Lease', 'leases', { help: 'Empty: the unit’s lease in force (for a move-out, its latest; for a move-in, the one starting)' }),
  formId: reference('Form', 'property-inspection-forms', {
    writableOn: 'create' as const,
    help: 'The rooms and items the report starts with, laid out for the unit’s bedrooms and bathrooms; empty to list the items yourself',
  }),
  status: select('Status', INSPECTION_STATUSES, { readOnly: true }),
  scheduledDate: date('Scheduled for'),
  inspectedDate: date('Inspected on', { notFuture: true, help: 'The day of finalizing when empty' }),
  inspectorUserId: reference('Inspector', 'task-assignees'),
  moveInReportId: reference('Compared with', 'inspection-reports', { readOnly: true, help: 'A move-out is compared with the unit’s finalized move-in, item by item' }),
  summary: longText('Summary', { max: 5000 }),
  inspectorSignature: text('Inspector’s signature', { readOnly: true }),
  residentSignature: text('Resident’s signature', { readOnly: true }),
  residentRefusedToSign: boolean('Resident refused to sign', { readOnly: true }),
  open: boolean('To do', { readOnly: true, help: 'Scheduled or in progress' }),
}

export const inspectionReportsResource = defineResource({
  name: 'inspection-reports',
  singular: 'Inspection Report',
  plural: 'Inspection Reports',
  description: 'Each unit’s condition on a day, room by room and item by item: move-in, move-out and periodic inspections, finalized and signed.',
  group: 'Operations',
  permission: 'operations',
  tabs: INSPECTION_TABS,
  table: inspectionReports,
  fields: reportFields,
  title: ['label'],
  label: 'label',
  columns: ['label', 'inspectionType', 'rentalUnitId', 'scheduledDate', 'inspectedDate', 'inspectorUserId', 'status'],
  search: ['label', 'summary'],
  filters: ['open', 'status', 'inspectionType', 'propertyGroupId', 'rentalUnitId', 'leaseId', 'inspectorUserId', 'formId'],
  // The latest first: what is coming up, then what was done.
  ordering: '-scheduled_date',
  methods: ['list', 'create', 'get', 'update'],
  lines: lines('Items', {
    table: inspectionReportItems,
    parentKey: 'reportId',
    min: 0,
    max: 500,
    fields: {
      room: text('Room', { required: true, max: 100 }),
      item: text('Item', { required: true, max: 200 }),
      rating: select('Rating', INSPECTION_RATINGS),
      note: text('Note', { max: 1000 }),
      followUp: select('Follow-up', FOLLOW_UPS, { help: 'Opened when the report is finalized' }),
      chargeAmount: money('Charge', { help: 'What the resident is charged for it' }),
      photoRequired: boolean('Photo when poor or damaged', { readOnly: true, hiddenInForm: true, help: 'From its form' }),
      workOrderId: reference('Work order', 'work-orders', { readOnly: true, hiddenInForm: true, help: 'Opened for it when the report was finalized' }),
      chargeId: reference('Charge', 'rent-receivables', { readOnly: true, hiddenInForm: true, help: 'Made for it when the report was finalized' }),
    },
    columns: ['room', 'item', 'rating', 'note', 'followUp', 'chargeAmount', 'workOrderId', 'chargeId'],
    photos: { label: '{room}: {item}' },
  }),
  states: {
    field: 'status',
    initial: 'SCHEDULED',
    transitions: INSPECTION_TRANSITIONS,
    locked: LOCKED_INSPECTION_STATUSES,
  },
  actions: {
    start: { label: 'Start inspection', from: ['SCHEDULED'], to: 'IN_PROGRESS', done: 'Inspection started.' },
    finalize: {
      label: 'Finalize and sign',
      from: ['SCHEDULED', 'IN_PROGRESS'],
      to: 'FINALIZED',
      input: {
        inspectorSignature: text('Inspector’s signature', { required: true, max: 200, help: 'The inspector types their full name to sign' }),
        residentSignature: text('Resident’s signature', { max: 200, help: 'The resident types their full name to sign, on this screen' }),
        residentRefusedToSign: boolean('The resident refused to sign'),
      },
      confirm:
        'Finalizing locks the report as signed: its items, ratings and photos no longer change. Items to repair open work orders, items to charge are charged to the lease, and the tenants are e-mailed their copy.',
      done: 'Report finalized and signed: it is locked now.',
      run: ({ tx, companyId, userId, record, input, afterCommit }) => finalizeReport(tx as Executor, companyId, userId, record, input, afterCommit),
    },
    cancel: { label: 'Cancel', from: ['SCHEDULED', 'IN_PROGRESS'], to: 'CANCELED', confirm: 'Canceling keeps the report, marked canceled; reopen it to schedule it again.', done: 'Inspection canceled.' },
    reopen: { label: 'Reopen', from: ['CANCELED'], to: 'SCHEDULED', done: 'Inspection scheduled again.' },
  },
  documents: {
    'generate-pdf': {
      label: 'PDF',
      contentType: 'application/pdf',
      make: async ({ tx, companyId, record }) => ({ filename: `${String(record.label)}.pdf`, body: await inspectionPdf(tx as Executor, companyId, String(record.id)) }),
    },
  },
  rules: {
    validate: ({ tx, companyId, id, values, lines: given }) => checkInspectionReport(tx as Executor, companyId, id, values, given),
  },
  outputs: {
    detail: {
      schema: {
        items: z
          .array(
            z.object({
              id: z.uuid(),
              room: z.string(),
              item: z.string(),
              rating: z.string().nullable(),
              rating_label: z.string(),
              note: z.string().nullable(),
              photos: z.array(z.object({ id: z.uuid(), name: z.string() })),
              follow_up: z.string().nullable(),
              charge_amount: z.number().nullable(),
              work_order_id: z.uuid().nullable(),
              charge_id: z.uuid().nullable(),
              move_in_rating_label: z.string().nullable(),
              move_in_note: z.string().nullable(),
              move_in_photos: z.array(z.object({ id: z.uuid(), name: z.string() })).nullable(),
              change: z.string().nullable(),
            }),
          )
          .openapi({ description: 'Its items as its page shows them, with their photos; a move-out’s beside the move-in’s (move_in_*: null when not compared)' }),
        finalized: z.string().nullable().openapi({ description: 'When it was finalized, on the company’s clock' }),
      },
      fields: { finalized: text('Finalized') },
      load: ({ tx, companyId, records }) => reportDetails(tx as Executor, companyId, records),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['status', 'inspectionType', 'rentalUnitId', 'propertyGroupId', 'leaseId', 'inspectorUserId', 'scheduledDate', 'inspectedDate', 'moveInReportId', 'formId', 'summary'] },
      { kind: 'actions' },
      {
        kind: 'table',
        label: 'Items',
        items: 'items',
        columns: [
          { key: 'room', label: 'Room' },
          { key: 'item', label: 'Item' },
          { key: 'move_in_rating_label', label: 'At move-in', optional: true },
          { key: 'move_in_photos', label: 'Move-in photos', photos: true, optional: true },
          { key: 'rating_label', label: 'Rating' },
          { key: 'change', label: 'Change', optional: true },
          { key: 'note', label: 'Note' },
          { key: 'photos', label: 'Photos', photos: true },
          { key: 'follow_up', label: 'Follow-up', optional: true },
          { key: 'work_order_id', label: 'Work order', text: 'Work order', href: '/app/work-orders/{work_order_id}/', optional: true },
          { key: 'charge_id', label: 'Charge', text: 'Charge', href: '/app/rent-receivables/{charge_id}/', optional: true },
        ],
        empty: 'No items yet: edit the report to add the rooms and items inspected.',
      },
      { kind: 'fields', label: 'Signatures', fields: ['inspectorSignature', 'residentSignature', 'residentRefusedToSign', 'finalized'] },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})

/**
 * The inspections still to do (SPEC.md §7 GET property-inspections/): the reports scheduled or in
 * progress, soonest first, a read-only view of the same table (ADR 023). They are done on their
 * report's page.
 */
export const propertyInspectionsResource = defineResource({
  name: 'property-inspections',
  singular: 'Inspection',
  plural: 'Inspections to do',
  description: 'The inspections scheduled or in progress, soonest first: open one to rate its items and finalize it.',
  group: 'Operations',
  permission: 'operations',
  tabs: INSPECTION_TABS,
  table: inspectionReports,
  scope: inArray(inspectionReports.status, ['SCHEDULED', 'IN_PROGRESS']),
  // Scheduling an inspection is adding its report.
  madeAs: 'inspection-reports',
  fields: {
    label: reportFields.label,
    rentalUnitId: { ...reportFields.rentalUnitId, readOnly: true },
    propertyGroupId: reportFields.propertyGroupId,
    inspectionType: { ...reportFields.inspectionType, readOnly: true },
    status: reportFields.status,
    scheduledDate: { ...reportFields.scheduledDate, readOnly: true },
    inspectorUserId: { ...reportFields.inspectorUserId, readOnly: true },
    summary: { ...reportFields.summary, readOnly: true },
  },
  title: ['label'],
  label: 'label',
  columns: ['scheduledDate', 'label', 'inspectionType', 'rentalUnitId', 'inspectorUserId', 'status'],
  search: ['label', 'summary'],
  filters: ['inspectionType', 'propertyGroupId', 'rentalUnitId', 'inspectorUserId'],
  ordering: 'scheduled_date',
  methods: ['list', 'get'],
  links: [{ label: 'Schedule an inspection', href: '/app/property-inspections/new/' }],
  palette: false,
  attachments: false,
  page: {
    links: [{ label: 'Open the report', href: '/app/inspection-reports/{id}/' }],
  },
})
