import { Download, Plus, Upload } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { ComingLater } from '~/components/layout/coming-later'
import { PageTabsNav } from '~/components/layout/page-tabs'
import { Breadcrumbs, EmptyState, PageHeader, Pagination, Table, Td } from '~/components/list'
import { FieldValue } from '~/components/resource/field-value'
import { ListActionButtons, ListActionConfirmation } from '~/components/resource/list-actions'
import { ListToolbar, SortHeader } from '~/components/resource/list-toolbar'
import { buttonVariants } from '~/components/ui/button'
import { FormErrors } from '~/components/ui/field'
import { useLinkNavigation } from '~/components/use-link-navigation'
import { optionLabel } from '~/resources/engine/fields'
import { confirmingListAction, loadList, lookupResource, runListAction } from '~/resources/engine/pages.server'
import { recordTitle } from '~/resources/engine/view'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'
import { requireGroupOfPage } from '~/utils/permissions.server'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.kind === 'list' ? loaderData.view.plural : (loaderData?.page ?? 'Page not found')) }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const found = lookupResource(params.resource, url)
  if ('comingLater' in found) {
    await requireGroupOfPage({ request, url })
    return { kind: 'later' as const, page: found.comingLater }
  }
  const { api, session } = await requireSession({ request, url })
  const list = await loadList(api, session.userId, found.resource, found.view, url)
  return { kind: 'list' as const, view: found.view, ...list, confirming: confirmingListAction(found.view, url) }
}

/** The list's own actions (invite all residents); everything else on the page is a link or a GET form. */
export async function action({ request, params, url }: Route.ActionArgs) {
  const found = lookupResource(params.resource, url)
  if ('comingLater' in found) throw new Response('Not found', { status: 404 })
  const { api } = await requireSession({ request, url })
  return runListAction(api, await request.formData(), found.view)
}

export default function ResourceList({ loaderData, actionData }: Route.ComponentProps) {
  const onNavigate = useLinkNavigation()
  const { pathname } = useLocation()
  if (loaderData.kind === 'later') return <ComingLater page={loaderData.page} />
  const { view, page, applied, filterChoices } = loaderData
  const canCreate = view.methods.includes('create')
  const columns = view.columns.map((name) => view.fields.find((f) => f.name === name)!)
  const exportQuery = new URLSearchParams(applied)
  exportQuery.delete('page')
  exportQuery.delete('page_size')
  const narrowed = Object.keys(applied).some((k) => k !== 'page' && k !== 'page_size' && k !== 'ordering' && !(k in view.defaultFilters && applied[k] === view.defaultFilters[k]))
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      {/* Pages sharing a sidebar link sit under its name (Banking), with their tabs. */}
      <Breadcrumbs items={[view.tabs ? { label: view.tabs.label, href: view.tabs.pages[0].href } : { label: 'Dashboard', href: '/app/' }, { label: view.plural }]} />
      {view.tabs ? <PageTabsNav tabs={view.tabs} /> : null}
      <PageHeader title={view.plural}>
        <ListActionButtons view={view} />
        {view.links.map((link) => (
          <Link key={link.href} to={link.href} className={buttonVariants({ variant: 'outline' })}>
            {link.label}
          </Link>
        ))}
        {view.importable ? (
          <Link to={`${view.path}import/`} className={buttonVariants({ variant: 'outline' })}>
            <Upload aria-hidden /> Import CSV
          </Link>
        ) : null}
        <a href={`${view.path}export/?${exportQuery}`} className={buttonVariants({ variant: 'outline' })} download>
          <Download aria-hidden /> Export CSV
        </a>
        {canCreate ? (
          <Link to={`${view.path}new/`} className={buttonVariants()}>
            <Plus aria-hidden /> Add {view.singular}
          </Link>
        ) : null}
      </PageHeader>
      <p className="text-sm text-muted-foreground">{view.description}</p>
      <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
      <ListActionConfirmation view={view} confirming={loaderData.confirming} />
      <ListToolbar view={view} applied={applied} filterChoices={filterChoices} />
      {page.results.length === 0 ? (
        <EmptyState title={narrowed ? `No ${view.plural.toLowerCase()} match` : `No ${view.plural.toLowerCase()} yet`}>
          {narrowed ? (
            <Link to={pathname} className="text-sm text-primary underline">
              Clear the search and filters
            </Link>
          ) : canCreate ? (
            <Link to={`${view.path}new/`} className={buttonVariants()}>
              <Plus aria-hidden /> Add the first {view.singular.toLowerCase()}
            </Link>
          ) : null}
        </EmptyState>
      ) : (
        <Table>
          <caption className="sr-only">{view.plural}</caption>
          <thead>
            <tr>
              {columns.map((field) => (
                <SortHeader key={field.name} name={field.name} label={field.label} />
              ))}
            </tr>
          </thead>
          {/* The rows' links are plain anchors, navigated client-side from here: a router Link each was a third of rendering the rows. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the clicks are the links' own (Enter on a link clicks it) */}
          <tbody onClick={onNavigate}>
            {page.results.map((record) => (
              <tr key={record.id} className="hover:bg-muted/40">
                {columns.map((field, i) => (
                  <Td key={field.name}>
                    {i === 0 ? (
                      <a href={`${view.recordsPath}${record.id}/`} className="font-medium text-primary underline">
                        {field.kind === 'select'
                          ? optionLabel(field.options, record[field.name])
                          : String((field.labelKey ? record[field.labelKey] : record[field.name]) ?? '') || recordTitle(view, record)}
                      </a>
                    ) : (
                      <FieldValue field={field} record={record} />
                    )}
                  </Td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}

