import { useRouteLoaderData } from 'react-router'
import { AreaDashboard } from '~/components/layout/area-shell'
import { title } from '~/utils/misc'
import { RESIDENT_MENU, type loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Resident Center Dashboard') }]

export default function ResidentDashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/rc/layout')
  return <AreaDashboard title="Resident Center Dashboard" firstName={layout?.me.user.first_name} menu={RESIDENT_MENU} />
}
