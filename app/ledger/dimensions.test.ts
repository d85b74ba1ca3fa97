import { getTableColumns } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { journalLines } from '~/db/schema'
import { LINE_DIMENSIONS } from '~/domain/ledger/dimensions'
import { apiName, labelKey } from '~/resources/engine/fields'
import { dimensionTargets } from './dimensions.server'

// The columns of a journal line that are not dimensions: what it is, whose, and its amount.
const NOT_DIMENSIONS = ['id', 'companyId', 'entryId', 'accountId', 'lineNumber', 'date', 'basis', 'amount', 'memo', 'updatedAt']

describe('the journal-line dimension registry', () => {
  const columns = getTableColumns(journalLines)

  it('names every dimension column of journal_lines, and only those', () => {
    const dimensionColumns = Object.keys(columns).filter((key) => !NOT_DIMENSIONS.includes(key))
    expect(LINE_DIMENSIONS.map((d) => d.key).sort()).toEqual(dimensionColumns.sort())
  })

  it.each(LINE_DIMENSIONS.map((d) => [d.key, d] as const))('%s is a uuid column, named in the API as the engine names references', (_key, d) => {
    expect(columns[d.key].columnType).toBe('PgUUID')
    expect(d.name).toBe(apiName(d.key))
    expect(d.labelName).toBe(labelKey(d.key))
  })

  it('points each dimension at its resource', () => {
    const missing = dimensionTargets()
      .filter((d) => !d.target)
      .map((d) => d.resource)
    expect(missing).toEqual([])
    for (const d of dimensionTargets()) expect(d.target!.name).toBe(d.resource)
  })
})
