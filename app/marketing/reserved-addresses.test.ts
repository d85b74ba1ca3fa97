import { describe, expect, it } from 'vitest'
import routes from '../routes'
import { RESERVED_ADDRESSES } from './reserved-addresses'

type Entry = { path?: string; children?: Entry[] }

/** The first segment of every route's address that is fixed (not a parameter), through layouts without a path. */
function firstSegments(entries: readonly Entry[]): string[] {
  return entries.flatMap((entry) => {
    if (!entry.path) return firstSegments(entry.children ?? [])
    const first = entry.path.split('/').filter(Boolean)[0] ?? ''
    return first && !first.startsWith(':') && first !== '*' ? [first] : []
  })
}

describe('company addresses', () => {
  it('keeps every address a page of the site starts with from companies, whose public pages live beside them', () => {
    const segments = firstSegments(routes as Entry[])
    expect(segments.length).toBeGreaterThan(20)
    expect(segments.filter((segment) => !RESERVED_ADDRESSES.has(segment))).toEqual([])
  })
})
