import type { ShouldRevalidateFunction } from 'react-router'
import { ComingLater } from '~/components/layout/coming-later'
import { PageTabsNav } from '~/components/layout/page-tabs'
import { Breadcrumbs } from '~/components/list'
import { ResourceForm, type FormActionData } from '~/components/resource/resource-form'
import { Card, CardContent } from '~/components/ui/card'
import { candidatesOf, formChoices, lookupNewPage, saveForm, startingValues } from '~/resources/engine/pages.server'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { requireGroupOfPage, requirePermission } from '~/utils/permissions.server'
import type { Route } from './+types/new'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.kind === 'form' ? `Add ${loaderData.view.singular}` : (loaderData?.page ?? 'Page not found')) }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const found = lookupNewPage(params.resource, url)
  if ('comingLater' in found) {
    await requireGroupOfPage({ request, url })
    return { kind: 'later' as const, page: found.comingLater }
  }
  if (!found.view.methods.includes('create')) throw new Response('Not found', { status: 404 })
  const { api } = await requireSession({ request, url })
  await requirePermission(api, found.resource.permission)
  // A link from a parent record (e.g. "Add rental unit" on a building) fills in the reference.
  const linked = Object.fromEntries(found.view.fields.filter((f) => f.kind === 'reference' && url.searchParams.get(f.name)).map((f) => [f.name, url.searchParams.get(f.name)!]))
  const preset = await startingValues(api, found.resource, linked)
  const [choices, candidates] = await Promise.all([formChoices(api, found.view, preset), candidatesOf(api, found.resource, found.view, preset)])
  return { kind: 'form' as const, view: found.view, choices, preset, candidates }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const found = lookupNewPage(params.resource, url)
  if ('comingLater' in found) throw new Response('Not found', { status: 404 })
  const { api } = await requireSession({ request, url })
  await requirePermission(api, found.resource.permission)
  return saveForm(api, request, found.resource, found.view)
}

/**
 * A refusal because what the form offered changed meanwhile (409: a receipt deposited from another
 * tab) reads the form's choices again, as a page sent without JavaScript does; the values typed stay.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate

export default function NewRecord({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === 'later') return <ComingLater page={loaderData.page} />
  const { view, choices, preset, candidates } = loaderData
  return (
    // A document's typed lines need the room of a table.
    <div className={`mx-auto flex flex-col gap-4 ${view.fields.some((f) => f.kind === 'lines' && !f.picks) ? 'max-w-5xl' : 'max-w-3xl'}`}>
      <Breadcrumbs items={[{ label: view.plural, href: view.path }, { label: `Add ${view.singular}` }]} />
      {view.tabs ? <PageTabsNav tabs={view.tabs} /> : null}
      <h1 className="text-2xl font-bold">Add {view.singular}</h1>
      {/* What these records are for, as the list says it: someone may come here straight from the palette. */}
      <p className="text-sm text-muted-foreground">{view.description}</p>
      <Card>
        <CardContent className="pt-6">
          <ResourceForm view={view} record={Object.keys(preset).length ? preset : undefined} choices={choices} candidates={candidates} actionData={actionData as FormActionData} submitLabel={`Add ${view.singular}`} />
        </CardContent>
      </Card>
    </div>
  )
}
