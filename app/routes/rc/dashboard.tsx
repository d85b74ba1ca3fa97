import { useRouteLoaderData } from 'react-router'
import type { ResidentDashboard } from '~/api/leasing/resident-center'
import { AreaDashboard } from '~/components/layout/area-shell'
import { BalanceCard, LeaseCards, Panel, Payments } from '~/components/resident-center'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { RESIDENT_MENU, type loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Resident Center Dashboard') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { dashboard: await api.get<Answer<typeof ResidentDashboard>>('resident-dashboard/') }
}

export default function ResidentDashboardPage({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/rc/layout')
  const { dashboard } = loaderData
  return (
    <AreaDashboard title="Resident Center Dashboard" firstName={layout?.me.user.first_name} menu={RESIDENT_MENU}>
      <BalanceCard balance={dashboard.balance} nextCharge={dashboard.next_charge} />
      <Panel id="leases" title="Your leases">
        <LeaseCards leases={dashboard.leases} />
      </Panel>
      {dashboard.leases.length ? (
        <Panel id="payments" title="Latest payments">
          <Payments payments={dashboard.recent_payments} showLease={dashboard.leases.length > 1} />
        </Panel>
      ) : null}
    </AreaDashboard>
  )
}
