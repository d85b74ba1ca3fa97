import { useRouteLoaderData } from 'react-router'
import { Tile } from '~/components/layout/area-shell'
import { title } from '~/utils/misc'
import { TECHNICIAN_MENU, type loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Maintenance Technician Dashboard') }]

export default function TechnicianDashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/mt/layout')
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Maintenance Technician Dashboard</h1>
        <p className="text-muted-foreground">Welcome, {layout?.me.user.first_name}.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {TECHNICIAN_MENU.map((group) => (
          <Tile key={group.label} title={group.label} links={group.links} />
        ))}
      </div>
    </div>
  )
}
