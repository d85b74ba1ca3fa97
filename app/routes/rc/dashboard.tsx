import { useRouteLoaderData } from 'react-router'
import { Tile } from '~/components/layout/area-shell'
import { title } from '~/utils/misc'
import { RESIDENT_MENU, type loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Resident Center Dashboard') }]

export default function ResidentDashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/rc/layout')
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Resident Center Dashboard</h1>
        <p className="text-muted-foreground">Welcome, {layout?.me.user.first_name}.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {RESIDENT_MENU.map((group) => (
          <Tile key={group.label} title={group.label} links={group.links} />
        ))}
      </div>
    </div>
  )
}
