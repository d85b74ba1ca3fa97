import { Outlet, redirect, useRouteLoaderData } from 'react-router'
import { AppShell } from '~/components/layout/app-shell'
import { ErrorScreen } from '~/components/layout/error-screen'
import { requireSession } from '~/utils/api-client.server'
import { HOME_OF, type Me } from '~/utils/auth.server'
import { fullName } from '~/utils/misc'
import type { Route } from './+types/layout'

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  // For staff, auth/me/ also answers the workspace warnings every staff page shows: one API call, not two.
  const { workspace_warnings: warnings, ...me } = await api.get<Me>('auth/me/')
  if (me.user.user_type !== 'property_manager') throw redirect(HOME_OF[me.user.user_type])
  return { me, warnings: warnings ?? [] }
}

function Shell({ loaderData, children }: { loaderData: Route.ComponentProps['loaderData']; children: React.ReactNode }) {
  const { me, warnings } = loaderData
  return (
    <AppShell access={me} companyName={me.company.name} userName={fullName(me.user)} warnings={warnings}>
      {children}
    </AppShell>
  )
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell loaderData={loaderData}>
      <Outlet />
    </Shell>
  )
}

/** A page that failed or was refused (403) shows why inside the shell, so the sidebar stays at hand. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const loaderData = useRouteLoaderData<typeof loader>('routes/app/layout')
  if (!loaderData) {
    return (
      <main id="main" className="flex min-h-screen flex-col justify-center p-8">
        <ErrorScreen error={error} />
      </main>
    )
  }
  return (
    <Shell loaderData={loaderData}>
      <ErrorScreen error={error} />
    </Shell>
  )
}
