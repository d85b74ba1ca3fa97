import { Fragment, Suspense, type ComponentType } from 'react'
import {
  createStaticRouter,
  IDLE_NAVIGATION,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
  type EntryContext,
  type RouteObject,
} from 'react-router'

/**
 * React Router's <ServerRouter> (react-router 7.18, lib/dom/ssr/server.tsx),
 * without rebuilding the route tree on every request.
 *
 * Theirs turns the build's route manifest into route objects twice per page:
 * createServerRoutes, then convertRoutesToDataRoutes inside createStaticRouter.
 * That was about a tenth of a staff page's CPU (npm run bench), growing with
 * every route added. Both depend on the build only, so here they are made
 * once per build; the per-request part (the router's state, the hydration
 * data, the streamed loader data) follows theirs. Check this file when
 * upgrading React Router: every page the e2e tests visit renders through it.
 */
export function ServerRouter({ context, handoff, nonce }: { context: EntryContext; handoff: string[] | undefined; nonce?: string }) {
  const { manifest, routeModules, criticalCss, serverHandoffString } = context
  const staticContext = { ...context.staticHandlerContext, loaderData: { ...context.staticHandlerContext.loaderData } }
  // Routes whose loader runs again in the browser (a clientLoader with hydrate) must not hand over server data.
  for (const match of staticContext.matches) {
    const routeId = match.route.id
    const route = routeModules[routeId]
    const manifestRoute = manifest.routes[routeId]
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, route.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete staticContext.loaderData[routeId]
    }
  }
  const router = requestRouter(buildRouter(context), staticContext)
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          criticalCss,
          serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={staticContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {handoff ? (
        <Suspense>
          <StreamTransfer context={context} chunks={handoff} identifier={0} nonce={nonce} />
        </Suspense>
      ) : null}
    </>
  )
}

type StaticRouter = ReturnType<typeof createStaticRouter>
type StaticContext = EntryContext['staticHandlerContext']

let built: { manifest: EntryContext['manifest']; router: StaticRouter } | undefined

/**
 * The route tree and a router over it, made on the first request of a build.
 * The dev server swaps builds (and route modules) as files change, so there
 * it is made for every request, as React Router does.
 */
function buildRouter(context: EntryContext): StaticRouter {
  if (!import.meta.env.DEV && built?.manifest === context.manifest) return built.router
  const routes = serverRoutes(context)
  const router = createStaticRouter(routes, context.staticHandlerContext, { branches: context.branches })
  built = { manifest: context.manifest, router }
  return router
}

/** The build's router with this request's state: what createStaticRouter returns, minus converting the routes again. */
function requestRouter(built: StaticRouter, context: StaticContext): StaticRouter {
  const matches = context.matches.map((match) => ({ ...match, route: built.manifest[match.route.id] ?? match.route }))
  return Object.create(built, {
    basename: { get: () => context.basename },
    state: {
      get: () => ({
        historyAction: 'POP',
        location: context.location,
        matches,
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
        initialized: true,
        renderFallback: false,
        navigation: IDLE_NAVIGATION,
        restoreScrollPosition: null,
        preventScrollReset: false,
        revalidation: 'idle',
        fetchers: new Map(),
        blockers: new Map(),
      }),
    },
  }) as StaticRouter
}

type ManifestRoute = NonNullable<EntryContext['manifest']['routes'][string]>

/** React Router's createServerRoutes (lib/dom/ssr/routes.tsx) for a server-rendered app (not SPA mode). */
function serverRoutes(context: EntryContext, parentId = ''): RouteObject[] {
  const { manifest, routeModules } = context
  return Object.values(manifest.routes)
    .filter((route): route is ManifestRoute => route !== undefined && (route.parentId ?? '') === parentId)
    .map((route) => {
      const routeModule = routeModules[route.id]
      if (!routeModule) throw new Error('No `routeModule` available to create server routes')
      const children = serverRoutes(context, route.id)
      return {
        ...routeComponents(route.id, routeModule),
        caseSensitive: route.caseSensitive,
        id: route.id,
        index: route.index,
        path: route.path,
        handle: routeModule.handle,
        // Never called during a static render; its presence tells the renderer the route has data.
        loader: route.hasLoader || route.hasClientLoader ? () => null : undefined,
        ...(children.length > 0 ? { children } : {}),
      } as RouteObject
    })
}

type RouteModule = NonNullable<EntryContext['routeModules'][string]>

function routeComponents(id: string, routeModule: RouteModule) {
  const isEmptyObject = typeof routeModule.default === 'object' && routeModule.default !== null && Object.keys(routeModule.default).length === 0
  const Component = routeModule.default == null || isEmptyObject ? undefined : (routeModule.default as ComponentType)
  const ErrorBoundary = routeModule.ErrorBoundary as ComponentType | undefined
  const HydrateFallback = routeModule.HydrateFallback as ComponentType | undefined
  if (id === 'root') {
    // React Router falls back to its own root error page and loading screen. Ours has an ErrorBoundary,
    // and no route has a clientLoader, so a loading screen is never server-rendered.
    if (!ErrorBoundary) throw new Error('The root route must export an ErrorBoundary')
    const Layout = routeModule.Layout as ComponentType<{ children: React.ReactNode }> | undefined
    if (Layout) {
      return {
        ...(Component ? { element: <Layout><Component /></Layout> } : { Component }),
        errorElement: <Layout><ErrorBoundary /></Layout>,
        ...(HydrateFallback ? { hydrateFallbackElement: <Layout><HydrateFallback /></Layout> } : { HydrateFallback }),
      }
    }
  }
  return { Component, ErrorBoundary, HydrateFallback }
}

/**
 * The loader data as the turbo-stream encodes it, read to the end before the page renders: no
 * loader defers data, so it is all there at once, and the page then renders in one synchronous
 * pass (entry.server.tsx) rather than suspending on each chunk.
 */
export async function readHandoff(context: EntryContext): Promise<string[] | undefined> {
  if (!context.serverHandoffStream) return undefined
  const reader = context.serverHandoffStream.getReader()
  const decoder = new TextDecoder()
  const chunks: string[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(decoder.decode(value, { stream: true }))
  }
  const rest = decoder.decode()
  if (rest) chunks.push(rest)
  return chunks
}

/**
 * React Router's StreamTransfer (lib/dom/ssr/single-fetch.tsx): writes the loader data, as the
 * turbo-stream encodes it, into the page as inline scripts, with the same markup theirs renders
 * (one Suspense boundary per chunk), from chunks read beforehand.
 */
function StreamTransfer({ context, chunks, identifier, nonce }: { context: EntryContext; chunks: string[]; identifier: number; nonce?: string }) {
  if (!context.renderMeta?.didRenderScripts) return null
  const value = chunks[identifier]
  const scriptTag = value ? (
    <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(value))});` }} />
  ) : null
  if (identifier >= chunks.length) {
    return (
      <>
        {scriptTag}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `window.__reactRouterContext.streamController.close();` }} />
      </>
    )
  }
  return (
    <Fragment>
      {scriptTag}
      <Suspense>
        <StreamTransfer context={context} chunks={chunks} identifier={identifier + 1} nonce={nonce} />
      </Suspense>
    </Fragment>
  )
}

const ESCAPE_LOOKUP: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' }

function escapeHtml(html: string) {
  return html.replace(/[&><\u2028\u2029]/g, (match) => ESCAPE_LOOKUP[match])
}
