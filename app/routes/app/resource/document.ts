import { data } from 'react-router'
import { apiPathOf } from '~/resources/engine/api.server'
import { lookupResource } from '~/resources/engine/pages.server'
import { requireSession } from '~/utils/api-client.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/document'

/**
 * A file a record makes of itself (ADR 019), from its page's button: the API's file passed through
 * as a download, so the page stays where it is; a refusal goes back to the record's page as its message.
 */
export async function action({ request, params, url }: Route.ActionArgs) {
  const found = lookupResource(params.resource, url)
  const document = 'view' in found ? found.view.documents.find((d) => d.name === params.document) : undefined
  if (!('view' in found) || !document) throw data({ detail: 'Not found.' }, { status: 404 })
  const { api } = await requireSession({ request, url })
  const response = await api.raw(`${apiPathOf(found.resource)}/${params.id}/${document.name}/`, 'POST')
  if (!response.ok) {
    if (response.status === 404) throw data({ detail: `No such ${found.view.singular.toLowerCase()}.` }, { status: 404 })
    const detail = await response
      .json()
      .then((body: { detail?: string }) => body.detail)
      .catch(() => undefined)
    throw await redirectWithToast(`${found.view.path}${params.id}/`, { type: 'error', description: detail ?? `${document.label} could not be made.` })
  }
  return new Response(response.body, { headers: { 'content-type': response.headers.get('content-type')!, 'content-disposition': response.headers.get('content-disposition')! } })
}
