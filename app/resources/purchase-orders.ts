import type { Executor } from '~/db/client.server'
import { purchaseOrderLines, purchaseOrders } from '~/db/schema'
import { PURCHASE_ORDER_EDITABLE, PURCHASE_ORDER_LOCKED, PURCHASE_ORDER_STATUSES, PURCHASE_ORDER_TRANSITIONS } from '~/domain/payables/purchase-orders'
import { approvePurchaseOrder, checkPurchaseOrder, fulfilPurchaseOrder, orderLineAmount, purchaseOrderPdf, rejectPurchaseOrder, sendForApproval } from '~/payables/purchase-orders.server'
import { defineResource } from './engine/define'
import { date, lines, longText, money, number, reference, select, text } from './engine/fields'

/*
 * Purchase orders as a document (issue 16 item 6, ADR 013): drafted with lines, sent for approval,
 * approved within the approver's limit or rejected with a reason, and fulfilled, which enters the
 * vendor's bill from its lines (that bill posts; the order itself posts nothing). Only a draft, or a
 * rejected order being corrected, changes; only a draft is deleted. The rules are the services of
 * ~/payables/purchase-orders.server; what they decide is pure, in ~/domain/payables/purchase-orders.
 */

export const purchaseOrdersResource = defineResource({
  name: 'purchase-orders',
  section: 'accounting',
  apiPath: 'accounting/purchase-orders',
  singular: 'Purchase Order',
  plural: 'Purchase Orders',
  description: 'What you commit to buy from vendors before their bill comes: approved within each manager’s limit, then fulfilled, which enters the vendor’s bill from its lines.',
  group: 'Accounting',
  permission: 'accounting',
  table: purchaseOrders,
  fields: {
    number: number('PO number', { readOnly: true }),
    vendorId: reference('Vendor', 'vendors', { required: true }),
    propertyGroupId: reference('Property', 'property-groups', { required: true, help: 'The property it is for: its lines are, unless a line names another' }),
    rentalUnitId: reference('Unit', 'rental-units', { help: 'When it is for one unit of the property' }),
    date: date('PO date', { required: true, startsToday: true }),
    requiredBy: date('Required by', { notBefore: 'date', help: 'When the goods or work are needed' }),
    shipTo: text('Ship to', { max: 300, help: 'Where the goods are delivered, or who lets the vendor in' }),
    workOrderId: reference('Work order', 'work-orders', { help: 'The work order it is for, if any' }),
    memo: longText('Notes', { max: 2000, help: 'Printed on the order the vendor receives' }),
    amount: money('Total', { readOnly: true, help: 'The sum of its lines' }),
    status: select('Status', PURCHASE_ORDER_STATUSES, { readOnly: true }),
    label: text('Name', { readOnly: true }),
    approvedByName: text('Approved by', { readOnly: true }),
    approvedOn: date('Approved on', { readOnly: true }),
    rejectedByName: text('Rejected by', { readOnly: true }),
    rejectedOn: date('Rejected on', { readOnly: true }),
    rejectionReason: text('Why it was rejected', { readOnly: true }),
    billId: reference('Bill', 'bills', { readOnly: true, help: 'The vendor’s bill fulfilling it entered' }),
  },
  title: ['label'],
  label: 'label',
  // Its name leads: the number and the vendor people know an order by.
  columns: ['label', 'date', 'propertyGroupId', 'requiredBy', 'amount', 'status', 'billId'],
  search: ['memo', 'shipTo', 'label'],
  filters: ['status', 'vendorId', 'propertyGroupId', 'workOrderId', 'billId'],
  lineFilters: ['accountId'],
  ordering: '-date',
  links: [{ label: 'PO listing', href: '/app/reporting/po-listing/' }],
  methods: ['list', 'create', 'get', 'update', 'delete'],
  states: {
    field: 'status',
    initial: 'DRAFT',
    transitions: PURCHASE_ORDER_TRANSITIONS,
    deletable: ['DRAFT'],
    locked: PURCHASE_ORDER_LOCKED,
  },
  actions: {
    'send-for-approval': {
      label: 'Send for approval',
      from: PURCHASE_ORDER_EDITABLE,
      to: 'PENDING_APPROVAL',
      done: 'Sent for approval: it is kept as sent until it is approved or rejected.',
      run: ({ tx, companyId, record }) => sendForApproval(tx as Executor, companyId, record),
    },
    approve: {
      label: 'Approve',
      from: ['PENDING_APPROVAL'],
      to: 'APPROVED',
      done: 'Purchase order approved: fulfil it when the goods or work arrive, to enter the vendor’s bill.',
      run: ({ tx, companyId, userId, record }) => approvePurchaseOrder(tx as Executor, companyId, userId, record),
    },
    reject: {
      label: 'Reject',
      from: ['PENDING_APPROVAL'],
      to: 'REJECTED',
      input: { reason: text('Reason', { required: true, max: 1000, help: 'Said to whoever drafted it: what to change before sending it again' }) },
      done: 'Purchase order rejected: it can be corrected and sent again.',
      run: ({ tx, companyId, userId, record, input }) => rejectPurchaseOrder(tx as Executor, companyId, userId, record, String(input.reason)),
    },
    cancel: {
      label: 'Cancel order',
      from: ['DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED'],
      to: 'CANCELED',
      confirm: 'Canceling withdraws the order: it commits nothing more and can no longer be approved or fulfilled. It cannot be undone.',
      done: 'Purchase order canceled.',
    },
    fulfill: {
      label: 'Fulfill',
      from: ['APPROVED'],
      to: 'FULFILLED',
      input: {
        date: date('Bill date', { required: true, startsToday: true }),
        reference: text('Vendor’s invoice number', { max: 60 }),
        dueDate: date('Due date', { help: 'Empty: the bill’s date plus the vendor’s payment terms' }),
      },
      done: 'Purchase order fulfilled: the vendor’s bill is entered from its lines.',
      run: async ({ tx, companyId, userId, record, input }) => {
        await fulfilPurchaseOrder(tx as Executor, companyId, userId, record, input)
      },
    },
  },
  documents: {
    'generate-pdf': {
      label: 'Purchase order (PDF)',
      contentType: 'application/pdf',
      make: ({ tx, companyId, record }) => purchaseOrderPdf(tx as Executor, companyId, String(record.id)),
    },
  },
  lines: lines('Items', {
    table: purchaseOrderLines,
    parentKey: 'purchaseOrderId',
    min: 1,
    max: 200,
    fields: {
      description: text('Description', { required: true, max: 300 }),
      accountId: reference('Expense account', 'accounts', { help: 'Empty: the vendor’s default expense account' }),
      quantity: number('Quantity', { required: true, decimals: 2, min: 0.01, max: 1_000_000 }),
      unitPrice: money('Unit price', { required: true, min: 1 }),
      amount: money('Amount', { readOnly: true }),
      propertyGroupId: reference('Property', 'property-groups', { help: 'Empty: the order’s property and unit' }),
      rentalUnitId: reference('Unit', 'rental-units'),
    },
    total: { field: 'amount', line: 'amount' },
    shape: { store: orderLineAmount },
  }),
  rules: {
    validate: ({ tx, companyId, id, values, lines: given }) => checkPurchaseOrder(tx as Executor, companyId, id, values, given),
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['vendorId', 'propertyGroupId', 'rentalUnitId', 'date', 'requiredBy', 'shipTo', 'workOrderId', 'amount', 'status', 'billId', 'memo'] },
      { kind: 'lines' },
      { kind: 'actions' },
      { kind: 'fields', label: 'Approval', fields: ['approvedByName', 'approvedOn', 'rejectedByName', 'rejectedOn', 'rejectionReason'] },
      { kind: 'history' },
      { kind: 'attachments' },
      { kind: 'notes' },
    ],
  },
})
