import { Link } from 'react-router'
import { Breadcrumbs, EmptyState, ListToolbar, PageHeader, Pagination, listQuery, type Page } from '~/components/list'
import type { MaintenanceTechnician } from '~/api/platform/people'
import { PeopleTable, STATUS_FILTER } from '~/components/people'
import { buttonVariants } from '~/components/ui/button'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = () => [{ title: title('Maintenance Technicians') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { page: await api.get<Page<Answer<typeof MaintenanceTechnician>>>(`maintenance-technicians/?${listQuery(url, ['status'])}`) }
}

export default function MaintenanceTechnicians({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Dashboard', href: '/app/' }, { label: 'Maintenance Technicians' }]} />
      <PageHeader title="Maintenance Technicians">
        <Link to="/app/maintenance-technicians/invite/" className={buttonVariants()}>
          Invite a technician
        </Link>
      </PageHeader>
      <ListToolbar placeholder="Name or e-mail" filters={[STATUS_FILTER]} />
      {page.results.length === 0 ? (
        <EmptyState title="No maintenance technicians match">
          <p className="max-w-md text-sm text-muted-foreground">Technicians get their own area to see assigned work orders and log their time.</p>
          <Link to="/app/maintenance-technicians/invite/" className="text-primary underline">
            Invite a technician
          </Link>
        </EmptyState>
      ) : (
        <PeopleTable people={page.results} basePath="/app/maintenance-technicians/" />
      )}
      <Pagination page={page} />
    </div>
  )
}
