import type { ResidentWorkOrders } from '~/api/maintenance/resident-work-orders'
import { BackLink } from '~/components/resident-center'
import { ReportLink, WorkOrderCards } from '~/components/resident-work-orders'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/work-orders'

export const meta: Route.MetaFunction = () => [{ title: title('Work Orders') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const { results, leases } = await api.get<Answer<typeof ResidentWorkOrders>>('resident-center/work-orders/')
  return { orders: results, canReport: leases.length > 0 }
}

export default function ResidentWorkOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, canReport } = loaderData
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/rc/" label="Dashboard" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Your work orders</h1>
        {canReport && orders.length ? <ReportLink /> : null}
      </div>
      <WorkOrderCards orders={orders} canReport={canReport} />
    </div>
  )
}
