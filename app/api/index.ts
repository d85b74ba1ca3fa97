import { OpenAPIHono } from '@hono/zod-openapi'
import { RESOURCES } from '~/resources'
import { resourceRouter } from '~/resources/engine/api.server'
import type { AnyResource } from '~/resources/engine/define'
import { router as accounting } from './accounting'
import { router as ledgerExport } from './accounting/ledger-export'
import { router as payables } from './accounting/payables'
import { router as receivables } from './accounting/receivables'
import { router as attachments } from './attachments'
import { readInput } from './body'
import { router as leasing } from './leasing'
import { router as listings } from './leasing/listings'
import { router as applications } from './leasing/applications'
import { router as signing } from './leasing/signing'
import { router as rentIncreases } from './leasing/rent-increases'
import { router as residentCenter } from './leasing/resident-center'
import { router as residentWorkOrders } from './maintenance/resident-work-orders'
import { router as vacancies } from './leasing/vacancies'
import type { AppEnv } from './context'
import { handleError, notFound } from './errors'
import { router as technician } from './maintenance/technician'
import { router as referrals } from './marketing/referrals'
import { router as apiKeys } from './platform/api-keys'
import { router as auth } from './platform/auth'
import { router as commandPalette } from './platform/command-palette'
import { router as dashboard } from './platform/dashboard'
import { router as emailMessages } from './platform/email-messages'
import { router as imports } from './platform/imports'
import { router as people } from './platform/people'
import { router as referenceData } from './platform/reference-data'
import { router as workspace } from './platform/workspace'
import { router as leasingReports } from './reporting/leasing'
import { router as maintenanceReports } from './reporting/maintenance'
import { router as workOrderBilling } from './maintenance/work-order-billing'
import { router as makeReadyBoard } from './maintenance/make-ready-board'
import { router as calendar } from './maintenance/calendar'
import { router as rentReports } from './reporting/rent'
import { router as payablesReports } from './reporting/payables'
import { router as salesTaxReports } from './reporting/sales-tax'
import { router as reporting } from './reporting/statements'

/**
 * The Lintel REST API: the system of record. The UI and third parties call the same routes.
 * Built over the registered resources; a test may add a definition of its own to try an engine seam.
 */
export function createApi(resources: readonly AnyResource[] = RESOURCES) {
  const api = new OpenAPIHono<AppEnv>({ strict: false }).basePath('/api')
  api.use('*', readInput)
  for (const router of [auth, workspace, dashboard, people, apiKeys, commandPalette, emailMessages, referenceData, attachments, imports, referrals, accounting, ledgerExport, payables, receivables, reporting, rentReports, payablesReports, salesTaxReports, leasingReports, maintenanceReports, leasing, listings, applications, signing, rentIncreases, residentCenter, residentWorkOrders, vacancies, technician, workOrderBilling, makeReadyBoard, calendar]) api.route('/', router)
  // Every resource of the engine, each with the routes its definition allows (DESIGN.md §7).
  for (const resource of resources) api.route('/', resourceRouter(resource))

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from `POST /api/login/`, or an API key (starting `lk_`) made under API keys.',
  })
  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Lintel API',
      version: '1.0.0',
      description:
        'Everything the Lintel app does goes through this API. Send JSON; every path answers with and without its trailing slash. Errors are `{ "detail": "…", "errors": { "field": ["…"] } }`. Each signed-in operation says who may call it in `x-lintel-gate`: the user types let in (`user_types`) and the permissions of which the caller needs one (`any_permission`, none listed: none needed); anyone else is answered 403.',
    },
    servers: [{ url: '/' }],
  })
  api.notFound(() => {
    throw notFound('No such API endpoint.')
  })
  api.onError(handleError)
  return api
}

export type Api = ReturnType<typeof createApi>

let instance: Api | undefined
/** One API app per process, built on first use. */
export function getApi() {
  return (instance ??= createApi())
}
