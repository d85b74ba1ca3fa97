import { accountsResource, bankAccountsResource, creditCardsResource, markupTypesResource } from './accounting'
import { bankDepositsResource } from './bank-deposits'
import { bankReconciliationsResource } from './bank-reconciliations'
import { depositDispositionsResource, securityDepositsResource } from './deposits'
import type { AnyResource } from './engine/define'
import { leaseAttachmentsResource } from './lease-attachments'
import { leasesResource } from './leases'
import { listingsResource, waitlistSubscribersResource } from './listings'
import { applicationFormsResource, applicationQuestionsResource, submissionsResource } from './applications'
import { signatureRequestSignersResource, signatureRequestsResource } from './signature-requests'
import { commentsResource, workLogsResource, workOrderCategoriesResource, workOrdersResource, workOrderStatusesResource, workOrderTechniciansResource } from './work-orders'
import { timeTrackingEntriesResource } from './time-tracking-entries'
import { inspectionFormsResource, inspectionReportsResource, propertyInspectionsResource } from './inspections'
import { makeReadiesResource, makeReadyTaskCategoriesResource } from './make-ready'
import { calendarEventsResource } from './calendar-events'
import { journalEntriesResource } from './journal-entries'
import { billPaymentsResource, billsResource, bulkBillPaymentsResource, remittanceLettersResource, vendorsResource } from './payables'
import { invoicePaymentsResource, invoicesResource } from './receivables'
import { billableExpensesResource, expensesResource } from './expenses'
import { purchaseOrdersResource } from './purchase-orders'
import { vendorCreditsResource, vendorCreditTransactionsResource } from './vendor-credits'
import { recurringTasksResource, taskAssigneesResource, tasksResource } from './tasks'
import { recurringJournalEntriesResource } from './recurring-journal-entries'
import { bulkRentIncreaseNoticesResource, rentIncreasesResource } from './rent-increases'
import { lateFeePoliciesResource, rentChargesResource, rentPaymentSchedulesResource, rentPaymentsResource } from './rent'
import {
  appliancesResource,
  buildingsResource,
  feeSchedulesResource,
  parkingSpacesResource,
  propertyGroupsResource,
  propertyOwnershipsResource,
  propertyOwnersResource,
  rentalUnitsResource,
  residentPetsResource,
  residentsResource,
  residentVehiclesResource,
} from './properties'

/**
 * Every resource of the engine (DESIGN.md §7). Registering a definition here
 * gives it its API, pages, palette entries, CSV export, and puts it under the
 * isolation and permission test that walks this list.
 */
export const RESOURCES: readonly AnyResource[] = [
  feeSchedulesResource,
  propertyOwnersResource,
  propertyGroupsResource,
  propertyOwnershipsResource,
  buildingsResource,
  rentalUnitsResource,
  residentsResource,
  residentPetsResource,
  parkingSpacesResource,
  residentVehiclesResource,
  appliancesResource,
  leasesResource,
  leaseAttachmentsResource,
  signatureRequestsResource,
  signatureRequestSignersResource,
  listingsResource,
  waitlistSubscribersResource,
  applicationFormsResource,
  applicationQuestionsResource,
  submissionsResource,
  rentPaymentSchedulesResource,
  rentChargesResource,
  rentPaymentsResource,
  lateFeePoliciesResource,
  rentIncreasesResource,
  bulkRentIncreaseNoticesResource,
  securityDepositsResource,
  depositDispositionsResource,
  accountsResource,
  bankAccountsResource,
  creditCardsResource,
  markupTypesResource,
  bankReconciliationsResource,
  bankDepositsResource,
  journalEntriesResource,
  recurringJournalEntriesResource,
  vendorsResource,
  billsResource,
  billPaymentsResource,
  bulkBillPaymentsResource,
  remittanceLettersResource,
  invoicesResource,
  invoicePaymentsResource,
  expensesResource,
  billableExpensesResource,
  purchaseOrdersResource,
  vendorCreditsResource,
  vendorCreditTransactionsResource,
  // Categories, statuses and technicians before work orders: their API paths (work-orders/categories) sit under the work orders' own.
  workOrderCategoriesResource,
  workOrderStatusesResource,
  workOrderTechniciansResource,
  workOrdersResource,
  workLogsResource,
  commentsResource,
  // Assignees before tasks: their API path (tasks/assignees) sits under the tasks' own.
  taskAssigneesResource,
  recurringTasksResource,
  tasksResource,
  timeTrackingEntriesResource,
  inspectionFormsResource,
  inspectionReportsResource,
  propertyInspectionsResource,
  makeReadyTaskCategoriesResource,
  makeReadiesResource,
  calendarEventsResource,
]

const byName = new Map(RESOURCES.map((r) => [r.name, r]))

export function resourceNamed(name: string): AnyResource | undefined {
  return byName.get(name)
}
