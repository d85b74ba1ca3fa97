import { describe, expect, it } from 'vitest'
import { RESOURCES } from '.'
import { apiName } from './engine/fields'

/*
 * What the typecheck cannot see in a definition: its list's default ordering names what a list can
 * be sorted by (its columns and label by their API names, or when a record was made or changed),
 * so a definition that names a field by its key (`dueDate`) fails here, not in a list at run time.
 */

describe('every resource’s default ordering', () => {
  it.each(RESOURCES.map((r) => [r.name, r] as const))('%s sorts by what its list can sort by', (_name, resource) => {
    const sortable = new Set([...resource.columns, ...(resource.label ? [resource.label] : [])].map((key) => apiName(String(key))).concat(['created_at', 'updated_at']))
    const terms = String(resource.ordering ?? '')
      .split(',')
      .map((term) => term.trim().replace(/^-/, ''))
      .filter(Boolean)
    for (const term of terms) expect(sortable, `${resource.name} orders by ${term}`).toContain(term)
  })
})
