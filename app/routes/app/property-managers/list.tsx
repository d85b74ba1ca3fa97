import { Link } from 'react-router'
import { Breadcrumbs, EmptyState, ListToolbar, PageHeader, Pagination, listQuery, type Page } from '~/components/list'
import type { PropertyManager } from '~/api/platform/people'
import { PeopleTable, STATUS_FILTER } from '~/components/people'
import { buttonVariants } from '~/components/ui/button'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = () => [{ title: title('Property Managers') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { page: await api.get<Page<Answer<typeof PropertyManager>>>(`property-managers/?${listQuery(url, ['status'])}`) }
}

export default function PropertyManagers({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Dashboard', href: '/app/' }, { label: 'Property Managers' }]} />
      <PageHeader title="Property Managers">
        <Link to="/app/property-managers/new/" className={buttonVariants()}>
          Invite a property manager
        </Link>
      </PageHeader>
      <ListToolbar placeholder="Name or e-mail" filters={[STATUS_FILTER]} />
      {page.results.length === 0 ? (
        <EmptyState title="No property managers match">
          <Link to="/app/property-managers/new/" className="text-primary underline">
            Invite a property manager
          </Link>
        </EmptyState>
      ) : (
        <PeopleTable people={page.results} basePath="/app/property-managers/" />
      )}
      <Pagination page={page} />
    </div>
  )
}
