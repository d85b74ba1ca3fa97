import { Outlet, redirect } from 'react-router'
import { AppShell } from '~/components/layout/app-shell'
import { requireSession } from '~/utils/api-client.server'
import { HOME_OF, type Me } from '~/utils/auth.server'
import { fullName } from '~/utils/misc'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  // For staff, auth/me/ also answers the workspace warnings every staff page shows: one API call, not two.
  const { workspace_warnings: warnings, ...me } = await api.get<Me>('auth/me/')
  if (me.user.user_type !== 'property_manager') throw redirect(HOME_OF[me.user.user_type])
  return { me, warnings: warnings ?? [] }
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { me, warnings } = loaderData
  return (
    <AppShell access={me} companyName={me.company.name} userName={fullName(me.user)} warnings={warnings}>
      <Outlet />
    </AppShell>
  )
}
