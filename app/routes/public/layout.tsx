import { Outlet, useLocation } from 'react-router'
import { isOwnerPortal, PublicFooter, PublicHeader } from '~/components/layout/public-shell'
import { siteOrigin } from '~/api/origin'
import { readSession } from '~/utils/session.server'
import type { RouteHandle } from '~/root'
import type { Route } from './+types/layout'

// Public and sign-in pages are plain HTML forms and links: they ship no JavaScript at all.
export const handle = { scripts: false } satisfies RouteHandle

export async function loader({ request }: Route.LoaderArgs) {
  // The origin feeds every page's canonical URL and Open Graph tags (see publicMeta).
  return { signedIn: Boolean(await readSession(request)), origin: siteOrigin(request) }
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation()
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={loaderData.signedIn} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {isOwnerPortal(pathname) ? null : <PublicFooter />}
    </div>
  )
}
