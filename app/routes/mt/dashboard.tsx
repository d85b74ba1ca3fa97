import { useRouteLoaderData } from 'react-router'
import { AreaDashboard } from '~/components/layout/area-shell'
import { title } from '~/utils/misc'
import { TECHNICIAN_MENU, type loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Maintenance Technician Dashboard') }]

export default function TechnicianDashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/mt/layout')
  return <AreaDashboard title="Maintenance Technician Dashboard" firstName={layout?.me.user.first_name} menu={TECHNICIAN_MENU} />
}
