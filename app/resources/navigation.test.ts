import { describe, expect, it } from 'vitest'
import { STAFF_NAVIGATION } from '~/domain/navigation'
import { RESOURCES } from '.'
import { pagePathOf } from './engine/view'

/*
 * The sidebar and the palette's quick actions are written in app/domain/navigation.ts, the
 * resources in their definitions: this keeps the two saying the same thing about every resource,
 * present and future.
 */

const links = STAFF_NAVIGATION.flatMap((group) => group.links.map((link) => ({ group, link })))

describe('the sidebar agrees with the resource definitions', () => {
  it.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
    const path = pagePathOf(resource)
    const entry = links.find(({ link }) => link.href === path)
    if (!entry) {
      // Not in the sidebar: a record that belongs to another (a resident's pet, a unit's appliance) is listed on its parent's
      // page, and a list that goes with another (credit cards with bank accounts) is linked from that list's header or is one of its tabs.
      const lists = (other: (typeof RESOURCES)[number]) => [...(other.related ?? []), ...(other.page?.sections ?? []).flatMap((s) => (s.kind === 'related' ? [s.related] : []))]
      const reachedFrom = RESOURCES.filter((other) => lists(other).some((r) => r.resource === resource.name) || other.links?.some((l) => l.href === path) || other.tabs?.pages.some((p) => p.href === path))
      expect(reachedFrom.map((p) => p.name), `${resource.name} is neither in the sidebar nor reached from another resource's page`).not.toEqual([])
      return
    }
    const { group, link } = entry
    // The link is shown to exactly those the API lets list the records.
    expect(link.permission ?? group.permission, `the sidebar gate of ${path}`).toBe(resource.permission)
    expect(link.later, `${path} is built, so the sidebar and palette offer it`).toBeUndefined()
    if (link.add) {
      expect(resource.methods, `the palette adds ${resource.plural.toLowerCase()}`).toContain('create')
      expect(link.add.href).toBe(`${path}new/`)
    }
  })

  it('links no built resource as still to come', () => {
    const built = new Set(RESOURCES.map(pagePathOf))
    expect(links.filter(({ link }) => link.later && built.has(link.href)).map(({ link }) => link.href)).toEqual([])
  })
})
