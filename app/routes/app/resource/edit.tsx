import { data } from 'react-router'
import { PageTabsNav } from '~/components/layout/page-tabs'
import { Breadcrumbs } from '~/components/list'
import { ResourceForm, type FormActionData } from '~/components/resource/resource-form'
import { Card, CardContent } from '~/components/ui/card'
import { apiPathOf } from '~/resources/engine/api.server'
import { formChoices, lookupResource, saveForm, type Record_ } from '~/resources/engine/pages.server'
import { recordTitle } from '~/resources/engine/view'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { requirePermission } from '~/utils/permissions.server'
import type { Route } from './+types/edit'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Edit ${recordTitle(loaderData.view, loaderData.record)}` : 'Page not found') }]

function editable(name: string | undefined, url: URL) {
  const found = lookupResource(name, url)
  if ('comingLater' in found || !found.view.methods.includes('update')) throw data({ detail: 'Page not found.' }, { status: 404 })
  return found
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { resource, view } = editable(params.resource, url)
  const { api } = await requireSession({ request, url })
  await requirePermission(api, resource.permission)
  const record = await api.get<Record_>(`${apiPathOf(resource)}/${params.id}/`)
  // Each reference offers the record it is set to, even one past the first page of choices.
  const choices = await formChoices(api, view, record)
  return { view, record, choices }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { resource, view } = editable(params.resource, url)
  const { api } = await requireSession({ request, url })
  await requirePermission(api, resource.permission)
  return saveForm(api, request, resource, view, params.id)
}

export default function EditRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { view, record, choices } = loaderData
  const name = recordTitle(view, record)
  return (
    // A document's typed lines need the room of a table.
    <div className={`mx-auto flex flex-col gap-4 ${view.fields.some((f) => f.kind === 'lines' && !f.picks) ? 'max-w-5xl' : 'max-w-3xl'}`}>
      <Breadcrumbs items={[{ label: view.plural, href: view.path }, { label: name, href: `${view.path}${record.id}/` }, { label: 'Edit' }]} />
      {view.tabs ? <PageTabsNav tabs={view.tabs} /> : null}
      <h1 className="text-2xl font-bold">Edit {name}</h1>
      <Card>
        <CardContent className="pt-6">
          <ResourceForm view={view} record={record} choices={choices} actionData={actionData as FormActionData} submitLabel="Save changes" />
        </CardContent>
      </Card>
    </div>
  )
}
