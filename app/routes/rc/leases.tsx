import type { ResidentDashboard } from '~/api/leasing/resident-center'
import { BackLink, LeaseCards } from '~/components/resident-center'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/leases'

export const meta: Route.MetaFunction = () => [{ title: title('Leases') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const { leases } = await api.get<Answer<typeof ResidentDashboard>>('resident-dashboard/')
  return { leases }
}

export default function ResidentLeases({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/rc/" label="Dashboard" />
      <h1 className="text-2xl font-bold">Your leases</h1>
      <LeaseCards leases={loaderData.leases} />
    </div>
  )
}
