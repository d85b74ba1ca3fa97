import { data } from 'react-router'
import { requireSession } from '~/utils/api-client.server'
import type { Route } from './+types/pdf'

/** The reconciliation's PDF from the API, passed through as a download (a link, so it works without JavaScript). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const response = await api.raw(`accounting/bank-reconciliations/${params.id}/generate-pdf/`, 'POST')
  if (!response.ok) throw data({ detail: response.status === 404 ? 'No such bank reconciliation.' : 'The PDF could not be made.' }, { status: response.status })
  return new Response(response.body, { headers: { 'content-type': 'application/pdf', 'content-disposition': response.headers.get('content-disposition')! } })
}
