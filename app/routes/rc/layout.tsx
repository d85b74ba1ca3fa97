import { Outlet, useRouteLoaderData } from 'react-router'
import { AreaShell, type AreaMenuGroup } from '~/components/layout/area-shell'
import { ErrorScreen } from '~/components/layout/error-screen'
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

/** A page that failed or is not theirs (another resident's lease: 404) says so inside the menu, so the way back stays at hand. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const loaderData = useRouteLoaderData<typeof loader>('routes/rc/layout')
  if (!loaderData) {
    return (
      <main id="main" className="flex min-h-screen flex-col justify-center p-8">
        <ErrorScreen error={error} />
      </main>
    )
  }
  return (
    <AreaShell home="/rc/" menu={MENU} companyName={loaderData.me.company.name}>
      <ErrorScreen error={error} />
    </AreaShell>
  )
}
