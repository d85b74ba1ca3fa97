import { describe, expect, it } from 'vitest'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import config from '~/routes'
import { leadingSegments, routeSubsets } from './route-subsets'

type Manifest = ServerBuild['routes']

// The app's own route table, as the build's manifest has it: the root, then routes.ts under it.
function manifestOf(entries: RouteConfigEntry[]): Manifest {
  const manifest: Manifest = { root: { id: 'root', path: '', module: {} } as Manifest[string] }
  const add = (entry: RouteConfigEntry, parentId: string) => {
    const id = entry.id ?? entry.file.replace(/\.[^.]+$/, '')
    manifest[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module: {} } as Manifest[string]
    for (const child of entry.children ?? []) add(child, id)
  }
  for (const entry of entries) add(entry, 'root')
  return manifest
}

function tree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route!.parentId === parentId)
    .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: tree(manifest, route!.id) }) as RouteObject)
}

const matched = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null

describe('route subsets', () => {
  const manifest = manifestOf(config as RouteConfigEntry[])
  const whole = tree(manifest)
  const subsets = routeSubsets(manifest)

  // Every route's own address (parameters and splats filled in), and addresses no route names.
  const addresses = Object.values(manifest).map((route) => {
    const segments: string[] = []
    for (let at = route; at; at = at.parentId ? manifest[at.parentId] : undefined) segments.unshift(...(at.path ?? '').split('/').filter(Boolean))
    return '/' + segments.map((s) => (s === '*' ? 'a/b' : s.startsWith(':') ? 'x1' : s)).join('/')
  })
  const others = ['/', '/app', '/app/', '/APP/Residents/', '/app/residents/', '/app/residents/x1/edit/', '/app/accounting/', '/app/accounting/bills/x1', '/app/reporting/', '/app/reporting/rent-roll/export', '/rc/', '/rc/nope/', '/mt/work-orders/x1/photos/x2', '/acme/waitlist/', '/login', '/login/extra', '/nope', '/nope/deeper/still', '/blog/rss.xml', '/robots.txt']

  it('finds the same routes through the subset of its path as through the whole table', () => {
    for (const path of [...addresses, ...addresses.filter((a) => a !== '/').map((a) => `${a}/`), ...others]) {
      const leading = leadingSegments(`http://localhost${path}?q=1`)
      expect(leading).not.toBeNull()
      const subset = tree(subsets.subset(subsets.keyOf(leading!)))
      expect(matched(subset, path), path).toEqual(matched(whole, path))
    }
  })

  it('keeps few routes for the dashboard, and every module in the manifest', () => {
    const key = subsets.keyOf(leadingSegments('http://localhost/app/')!)
    const subset = subsets.subset(key)
    expect(Object.keys(subset)).toEqual(Object.keys(manifest))
    const count = (routes: RouteObject[]): number => routes.reduce((n, r) => n + 1 + count(r.children ?? []), 0)
    expect(count(tree(subset))).toBeLessThan(count(whole) / 4)
  })

  it('leaves paths React Router reads otherwise than as written to the whole table', () => {
    for (const path of ['/app/_.data', '/app/residents.data', '/%61pp/', '/app//residents/', '/app/../rc/', '/app\\x']) {
      expect(leadingSegments(`http://localhost${path}`), path).toBeNull()
    }
  })
})
