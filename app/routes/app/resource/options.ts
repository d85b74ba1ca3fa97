import { data } from 'react-router'
import { choicesOf, lookupResource } from '~/resources/engine/pages.server'
import { requireSession } from '~/utils/api-client.server'
import type { Route } from './+types/options'

/** Records of a resource by name, for the searchable picker of a form or a list filter that refers to it (JSON). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const found = lookupResource(params.resource, url)
  if ('comingLater' in found) throw data({ detail: 'Not found.' }, { status: 404 })
  const { api } = await requireSession({ request, url })
  return choicesOf(api, found.resource, { search: url.searchParams.get('search')?.trim() })
}
