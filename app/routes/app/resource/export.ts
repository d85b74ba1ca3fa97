import { data } from 'react-router'
import { apiPathOf } from '~/resources/engine/api.server'
import { listParams, lookupResource } from '~/resources/engine/pages.server'
import { requireSession } from '~/utils/api-client.server'
import type { Route } from './+types/export'

/** The list as CSV, with the page's search and filters: the API's export, passed through as a download. */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const found = lookupResource(params.resource, url)
  if ('comingLater' in found) throw data({ detail: 'Not found.' }, { status: 404 })
  const { api } = await requireSession({ request, url })
  const query = listParams(found.view, url)
  query.delete('page')
  query.delete('page_size')
  const response = await api.raw(`${apiPathOf(found.resource)}/export/?${query}`)
  if (!response.ok) throw data({ detail: 'The export failed.' }, { status: response.status })
  return new Response(response.body, { headers: { 'content-type': response.headers.get('content-type')!, 'content-disposition': response.headers.get('content-disposition')! } })
}
