import { Outlet } from 'react-router'
import { AreaShell, type AreaMenuGroup } from '~/components/layout/area-shell'
import { requireArea } from '~/utils/auth.server'
import type { Route } from './+types/layout'

export async function loader({ request, url }: Route.LoaderArgs) {
  const { me } = await requireArea({ request, url }, 'resident')
  return { me }
}

const MENU: AreaMenuGroup[] = [
  { label: 'Leases', links: [{ label: 'View Your Leases', href: '/rc/leases/' }] },
  {
    label: 'Work Orders',
    links: [
      { label: 'Create Work Order', href: '/rc/work-orders/new/' },
      { label: 'View Work Orders', href: '/rc/work-orders/' },
    ],
  },
  { label: 'Documents', links: [{ label: 'View Documents', href: '/rc/documents/' }] },
  { label: 'Account', links: [{ label: 'Change Password', href: '/rc/account/change-password/' }] },
]

export { MENU as RESIDENT_MENU }

export default function ResidentLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaShell home="/rc/" menu={MENU} companyName={loaderData.me.company.name}>
      <Outlet />
    </AreaShell>
  )
}
