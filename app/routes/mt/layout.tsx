import { Outlet } from 'react-router'
import { AreaShell, type AreaMenuGroup } from '~/components/layout/area-shell'
import { requireArea } from '~/utils/auth.server'
import type { Route } from './+types/layout'

export async function loader({ request, url }: Route.LoaderArgs) {
  const { me } = await requireArea({ request, url }, 'maintenance_technician')
  return { me }
}

const MENU: AreaMenuGroup[] = [
  {
    label: 'Work Orders',
    links: [
      { label: 'View Work Orders', href: '/mt/work-orders/' },
      { label: 'Add Work Order', href: '/mt/work-orders/new/' },
    ],
  },
  {
    label: 'Time Tracking',
    links: [
      { label: 'Add Time Tracking Entry', href: '/mt/time-tracking-entries/new/' },
      { label: 'View Time Tracking Entries', href: '/mt/time-tracking-entries/' },
    ],
  },
  { label: 'Account', links: [{ label: 'Change Password', href: '/mt/account/change-password/' }] },
]

export { MENU as TECHNICIAN_MENU }

export default function TechnicianLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaShell home="/mt/" menu={MENU} companyName={loaderData.me.company.name}>
      <Outlet />
    </AreaShell>
  )
}
