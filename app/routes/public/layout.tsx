import { Outlet, useLocation } from 'react-router'
import { PublicFooter, PublicHeader } from '~/components/layout/public-shell'
import { readSession } from '~/utils/session.server'
import type { RouteHandle } from '~/root'
import type { Route } from './+types/layout'

// Public and sign-in pages are plain HTML forms and links: they ship no JavaScript at all.
export const handle = { scripts: false } satisfies RouteHandle

export async function loader({ request }: Route.LoaderArgs) {
  return { signedIn: Boolean(await readSession(request)) }
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation()
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={loaderData.signedIn} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {pathname.startsWith('/op') ? null : <PublicFooter />}
    </div>
  )
}
