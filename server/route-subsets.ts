import { createRequestHandler, type ServerBuild } from 'react-router'

type RequestHandler = ReturnType<typeof createRequestHandler>
type RouteManifest = ServerBuild['routes']

/** The parent of the routes a subset leaves out: no route has this id, so they hang outside the tree. */
const OUTSIDE = '(not in this subset)'

/** How many leading segments of an address the subsets are told apart by. */
const LEADING = 2

/** Subsets beyond this many (only a client trying every pair of fixed segments gets there) are not made: the whole table answers. */
const MAX_SUBSETS = 200

const segmentsOf = (path: string | undefined) => (path ? path.split('/').filter(Boolean) : [])
/** A segment only one value fits: not a parameter (`:id`), a splat or an optional segment. */
const isFixed = (segment: string) => !/[:*?]/.test(segment)

/**
 * The leading segments of a request's path as React Router will match it, or null when React Router
 * may read the path otherwise than as written: a data request (`.data`), percent-escapes it decodes,
 * dot segments or doubled slashes URL parsing rewrites.
 */
export function leadingSegments(url: string): string[] | null {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return null
  const end = url.search(/[?#]/)
  const pathname = url.slice(start, end < 0 ? undefined : end)
  if (/%|\\|\/\/|\/\.|\.data$/.test(pathname)) return null
  return pathname.toLowerCase().split('/').slice(1, 1 + LEADING)
}

/**
 * React Router finds a page's route by trying every route, in its ranking, until one fits, and does
 * so twice per page; the dashboard ranks behind some 130 others, so that search was an eighth of a
 * staff page's CPU. A route whose address names a fixed segment in its first two that the path does
 * not have cannot fit it, nor can its children. So each pair of leading segments gets a route table
 * of the routes that can fit: the others stay in the manifest (their modules too) but hang outside
 * the tree, so React Router never tries them. Among the routes kept the ranking is the same, so is
 * the route found. Pages render from the build's own manifest (utils/server-router.server.tsx), as
 * before.
 */
export function routeSubsets(routes: RouteManifest) {
  const addresses = new Map<string, string[]>()
  const addressOf = (id: string): string[] => {
    let address = addresses.get(id)
    if (!address) {
      const route = routes[id]!
      // An absolute path (React Router allows one that starts with its parent's) is the whole address.
      address = route.path?.startsWith('/') ? segmentsOf(route.path) : [...(route.parentId ? addressOf(route.parentId) : []), ...segmentsOf(route.path)]
      addresses.set(id, address)
    }
    return address
  }
  // The fixed segments some route has at each leading position; any other value narrows as none of them does.
  const fixed = Array.from({ length: LEADING }, () => new Set<string>())
  for (const id of Object.keys(routes)) {
    addressOf(id)
      .slice(0, LEADING)
      .forEach((segment, i) => {
        if (isFixed(segment)) fixed[i].add(segment.toLowerCase())
      })
  }
  return {
    /** The subset's key for these leading segments: each one some route names, or '' for any other value (or none). */
    keyOf: (leading: string[]) => fixed.map((values, i) => (values.has(leading[i] ?? '') ? leading[i] : '')),
    /** The manifest with the routes that cannot fit paths of this key moved outside the tree. */
    subset(key: string[]): RouteManifest {
      return Object.fromEntries(
        Object.entries(routes).map(([id, route]) => {
          const fits = addressOf(id)
            .slice(0, LEADING)
            .every((segment, i) => !isFixed(segment) || segment.toLowerCase() === key[i])
          return [id, fits ? route : { ...route!, parentId: OUTSIDE }]
        }),
      )
    },
  }
}

/** React Router's request handler for a page, over the subset of the routes its path can match (see routeSubsets). */
export function pageHandlers(build: ServerBuild, mode: string | undefined) {
  const whole = createRequestHandler(build, mode)
  // Worked out on the first page, as React Router derives its own handler then.
  let subsets: ReturnType<typeof routeSubsets> | undefined
  const handlers = new Map<string, RequestHandler>()
  return (url: string): RequestHandler => {
    const leading = leadingSegments(url)
    if (!leading) return whole
    subsets ??= routeSubsets(build.routes)
    const key = subsets.keyOf(leading)
    const name = key.join('/')
    let handler = handlers.get(name)
    if (!handler) {
      if (handlers.size >= MAX_SUBSETS) return whole
      handler = createRequestHandler({ ...build, routes: subsets.subset(key) }, mode)
      handlers.set(name, handler)
    }
    return handler
  }
}
