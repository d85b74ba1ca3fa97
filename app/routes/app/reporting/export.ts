import { data } from 'react-router'
import { REPORTS } from '~/components/reporting/statement'
import { requireSession } from '~/utils/api-client.server'
import type { Route } from './+types/export'

/**
 * A statement's CSV or PDF with the page's filters (the API's `?format=`), passed through as
 * a download; from the trial balance, also the ledger through its date as an hledger journal.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  if (!(params.report in REPORTS)) throw data({ detail: 'No such report.' }, { status: 404 })
  const format = url.searchParams.get('format')
  let path: string
  if (format === 'journal' && params.report === 'trial-balance') {
    const query = new URLSearchParams()
    const asOf = url.searchParams.get('as_of')
    if (asOf) query.set('date_to', asOf)
    query.set('basis', url.searchParams.get('basis') || 'accrual')
    path = `accounting/ledger-export/?${query}`
  } else if (format === 'csv' || format === 'pdf') {
    path = `reporting/${params.report}/?${url.searchParams}`
  } else throw data({ detail: 'Choose CSV or PDF.' }, { status: 404 })
  const { api } = await requireSession({ request, url })
  const response = await api.raw(path)
  if (!response.ok) throw data(await response.json().catch(() => ({ detail: 'The export failed.' })), { status: response.status })
  return new Response(response.body, { headers: { 'content-type': response.headers.get('content-type')!, 'content-disposition': response.headers.get('content-disposition')! } })
}
