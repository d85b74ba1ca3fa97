import { data } from 'react-router'
import { lookupResource, referenceChoices } from '~/resources/engine/pages.server'
import type { FieldView } from '~/resources/engine/view'
import { requireSession } from '~/utils/api-client.server'
import type { Route } from './+types/options'

/** Records of a resource by name, for the searchable picker of a form that refers to it (JSON). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = lookupResource(params.resource, request)
  if ('comingLater' in found) throw data({ detail: 'Not found.' }, { status: 404 })
  const { api } = await requireSession(request)
  const search = new URL(request.url).searchParams.get('search') ?? ''
  // The same lookup a reference field does, pointed at this resource.
  const asField = { kind: 'reference', resource: found.resource.name, name: 'options', label: found.view.singular } as FieldView
  const choices = await referenceChoices(api, found.view, [asField], { options: search })
  return choices.options
}
