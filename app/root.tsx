import { randomUUID } from 'node:crypto'
import { useEffect, useRef } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRevalidator,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { ErrorScreen, errorHeading } from './components/layout/error-screen'
import { NotFound } from './components/layout/not-found'
import { Toaster } from './components/layout/toaster'
import { updateTimestamp } from './utils/instance.server'
import { useNonce } from './utils/nonce'
import { readToast } from './utils/toast.server'
import { title } from './utils/misc'

export const VERSION_CHECK_MS = 60_000

export async function loader({ request }: Route.LoaderArgs) {
  const [{ toast, clear }, timestamp] = await Promise.all([readToast(request), updateTimestamp()])
  // New on every render (and after every action, which revalidates): a form submitted twice from one
  // render carries the same key, so the API acts once (see IdempotencyKey).
  const formKey = randomUUID()
  return data({ toast, updateTimestamp: timestamp, formKey }, clear ? { headers: { 'set-cookie': clear } } : undefined)
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers()
  for (const source of [actionHeaders, loaderHeaders]) for (const value of source.getSetCookie()) headers.append('set-cookie', value)
  return headers
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [{ title: title() }]
  return [{ title: title(errorHeading(error)) }]
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

/**
 * Routes that work entirely without JavaScript can leave it out: the deepest
 * matched route that says `scripts` decides, so a page can opt back in.
 */
export type RouteHandle = { scripts?: boolean }

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const matches = useMatches()
  const deciding = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.scripts !== undefined)
  const withScripts = (deciding?.handle as RouteHandle | undefined)?.scripts ?? true
  const loaderData = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
          Skip to content
        </a>
        {children}
        <Toaster toast={loaderData?.toast ?? null} />
        {withScripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

const LAST_UPDATE = 'lastUpdateTime'

/**
 * The 60-second version check (SPEC.md §4): revalidate the root loader, and
 * when the deployed version is newer than the one this tab knows, reload.
 */
function useVersionCheck(serverTimestamp: number) {
  const revalidator = useRevalidator()
  // The revalidator changes identity with its state, that is with every check; the interval
  // keeps its own schedule, and neither a check nor a person's navigating restarts it.
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  useEffect(() => {
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible') void revalidate.current()
    }, VERSION_CHECK_MS)
    return () => window.clearInterval(id)
  }, [])
  useEffect(() => {
    const known = Number(localStorage.getItem(LAST_UPDATE) ?? 0)
    localStorage.setItem(LAST_UPDATE, String(serverTimestamp))
    if (known && serverTimestamp > known) {
      const body = new FormData()
      body.set('timestamp', String(serverTimestamp))
      void fetch('/resources/frontend-refresh', { method: 'POST', body }).finally(() => window.location.reload())
    }
  }, [serverTimestamp])
}

export default function App({ loaderData }: Route.ComponentProps) {
  useVersionCheck(loaderData.updateTimestamp)
  // The root's effect runs after every effect below it in the hydrating commit: from here on
  // the page's own listeners (shortcuts, enhanced forms) are attached. Scripted clients wait for it.
  useEffect(() => {
    document.documentElement.dataset.interactive = ''
  }, [])
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound detail={(error.data as { detail?: string } | null)?.detail} />
  return (
    <main id="main" className="flex min-h-screen flex-col justify-center p-8">
      <ErrorScreen error={error} />
    </main>
  )
}
