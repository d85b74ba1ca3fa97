import { data } from 'react-router'
import type * as LeasingSchemas from '~/api/reporting/leasing'
import type * as PayablesSchemas from '~/api/reporting/payables'
import type * as MaintenanceSchemas from '~/api/reporting/maintenance'
import type * as RentSchemas from '~/api/reporting/rent'
import type * as SalesTaxSchemas from '~/api/reporting/sales-tax'
import type * as Schemas from '~/api/reporting/statements'
import type { Page } from '~/components/list'
import { CASH_SUBTYPES, type AccountSubtype } from '~/domain/ledger/chart'
import { resourceNamed } from '~/resources'
import { choicesOf } from '~/resources/engine/pages.server'
import { PICKER_LIMIT } from '~/resources/engine/view'
import { requireSession, type Answer, type PageArgs } from '~/utils/api-client.server'
import type { ErrorBody, Option, ReportName, SearchChoices } from './statement'

/** What the reporting API answers for each statement. */
type Statements = {
  'trial-balance': typeof Schemas.TrialBalance
  'balance-sheet': typeof Schemas.BalanceSheet
  'income-statement': typeof Schemas.IncomeStatement
  'general-ledger': typeof Schemas.GeneralLedger
  'transaction-register': typeof Schemas.TransactionRegister
  'journal-transactions': typeof Schemas.JournalTransactions
  'chart-of-accounts': typeof Schemas.ChartOfAccounts
  'rent-roll': typeof RentSchemas.RentRoll
  'aged-receivables': typeof RentSchemas.AgedReceivables
  'aged-payables': typeof PayablesSchemas.AgedPayables
  'po-listing': typeof PayablesSchemas.PoListing
  'gst-hst-return': typeof SalesTaxSchemas.GstHstReturn
  'rent-delinquency': typeof RentSchemas.RentDelinquency
  'rent-ledger': typeof LeasingSchemas.RentLedger
  'rent-outstanding': typeof LeasingSchemas.RentOutstanding
  'rent-receipt': typeof LeasingSchemas.RentReceipts
  'loss-to-lease': typeof LeasingSchemas.LossToLease
  'move-in-move-out': typeof LeasingSchemas.MoveInMoveOut
  'time-to-lease': typeof LeasingSchemas.TimeToLease
  'upcoming-rent-increase': typeof LeasingSchemas.UpcomingRentIncreases
  'open-work-orders': typeof MaintenanceSchemas.OpenWorkOrders
  'closed-work-orders': typeof MaintenanceSchemas.ClosedWorkOrders
  'work-order-summary': typeof MaintenanceSchemas.WorkOrderSummary
  'work-order-performance': typeof MaintenanceSchemas.WorkOrderPerformance
  'open-tasks': typeof MaintenanceSchemas.OpenTasks
  'closed-tasks': typeof MaintenanceSchemas.ClosedTasks
  'task-performance': typeof MaintenanceSchemas.TaskPerformance
  'service-tech-hours': typeof MaintenanceSchemas.ServiceTechHours
}
export type Statement<R extends ReportName> = Answer<Statements[R]>

/**
 * A statement page's data: the statement for the filters in the page's URL (or the API's
 * complaint about them, shown beside the form), and the choices its filter form offers.
 */
export async function loadStatement<R extends ReportName>(
  page: PageArgs,
  report: R,
  keys: string[],
  options: { accounts?: 'all' | 'cash'; records?: Record<string, string>; pickers?: Record<string, string> } = {},
) {
  const { api } = await requireSession(page)
  const { url } = page
  const params = new URLSearchParams()
  for (const key of keys) {
    const value = url.searchParams.get(key)
    if (value) params.set(key, value)
  }
  // A filter picking one of many records (`lease_id` of `leases`) offers those matching its search box, and the one it is set to.
  const records = Object.entries(options.records ?? {})
  const [result, properties, accounts, ...picked] = await Promise.all([
    api.send<Statement<R>>('GET', `reporting/${report}/?${params}`),
    api.get<Page<{ id: string; name: string }>>('property-groups/?page_size=1000'),
    // The chart comes from the reporting API, so reporting without the accounting permission still offers every account.
    options.accounts ? api.get<Statement<'chart-of-accounts'>>('reporting/chart-of-accounts/') : null,
    ...records.map(([key, resource]) => choicesOf(api, resourceNamed(resource)!, { search: url.searchParams.get(`${key}__search`)?.trim() || undefined, selected: url.searchParams.get(key) })),
  ])
  // A filter whose choices the report itself answers (`lease_id` from reporting/rent-ledger/leases/), under the report's permission.
  const pickers = await Promise.all(Object.entries(options.pickers ?? {}).map(async ([key, path]) => [key, await reportChoices(api, path, url.searchParams.get(`${key}__search`)?.trim(), url.searchParams.get(key))] as const))
  // Not allowed or not signed in is the error page's business; a bad filter is the form's.
  if (!result.ok && result.status !== 400) throw data(result.error, { status: typeof result.status === 'number' ? result.status : 500 })
  const accountOptions: Option[] = (accounts?.accounts ?? [])
    .filter((a) => options.accounts !== 'cash' || CASH_SUBTYPES.includes(a.subtype as AccountSubtype))
    .map((a) => ({ value: a.account_id, label: `${a.number} · ${a.name}` }))
  return {
    report: result.ok ? result.data : null,
    error: result.ok ? null : (result.error as ErrorBody),
    search: params.toString(),
    values: Object.fromEntries(keys.map((k) => [k, url.searchParams.get(k)])) as Record<string, string | null>,
    properties: properties.results.map((p) => ({ value: p.id, label: p.name })),
    accounts: accountOptions,
    choices: { ...Object.fromEntries(records.map(([key], i) => [key, picked[i]])), ...Object.fromEntries(pickers) } as Record<string, SearchChoices>,
  }
}

/** A picker's choices from a report's own names endpoint: the matches of its search and the one chosen. */
async function reportChoices(api: Awaited<ReturnType<typeof requireSession>>['api'], path: string, search: string | undefined, selected: string | null): Promise<SearchChoices> {
  const query = new URLSearchParams({ page_size: String(PICKER_LIMIT) })
  if (search) query.set('search', search)
  if (selected) query.set('selected', selected)
  const result = await api.send<{ results: { id: string; name: string }[]; more: boolean; selected: { id: string; name: string } | null }>('GET', `${path}/?${query}`)
  if (!result.ok) return { options: [], more: false, search }
  const { results, more, selected: chosen } = result.data
  const entries = chosen && !results.some((r) => r.id === chosen.id) ? [chosen, ...results] : results
  return { options: entries.map((r) => ({ value: r.id, label: r.name })), more, search }
}
