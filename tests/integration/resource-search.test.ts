import { getTableName, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { RESOURCES } from '~/resources'
import { searchCondition } from '~/resources/engine/api.server'
import { api, registerCompany } from '../factories/api'

/**
 * A list's search must stay fast on a large portfolio, so each searchable resource's
 * search is answered from its table's trigram index (searchIndex in app/db/schema/columns.ts).
 * A resource whose `search` names other columns than its index does would scan every row:
 * this walks every registered resource, present and future, and fails for that one.
 */
describe('list search reads the trigram index', () => {
  const searchable = RESOURCES.filter((r) => r.search.length > 0)

  it.each(searchable.map((r) => [r.name, r] as const))('%s', async (_name, resource) => {
    const table = getTableName(resource.table)
    // The plan of the search condition itself, as the tables' owner (no company policy added to it).
    const plan = await crossCompany(() => getDb().transaction(async (tx) => {
      // Only a bitmap scan is left to the planner, and a bitmap scan needs an index that can answer the ILIKE.
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_indexscan = off`)
      await tx.execute(sql`set local enable_indexonlyscan = off`)
      const rows = await tx.execute(sql`explain select 1 from ${resource.table} where ${searchCondition(resource, '%maple%')}`)
      return rows.map((row) => String(row['QUERY PLAN'])).join('\n')
    }))
    expect(plan).toContain(`Bitmap Index Scan on ${table}_search_idx`)
  })

  it.each(searchable.map((r) => [r.name, r] as const))('%s: the stored search column holds exactly its search fields', async (_name, resource) => {
    const table = getTableName(resource.table)
    const [row] = await getDb().execute<{ expression: string }>(
      sql`select pg_get_expr(d.adbin, d.adrelid) as expression from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum where d.adrelid = ${table}::regclass and a.attname = 'search_text'`,
    )
    const named = [...String(row?.expression ?? '').matchAll(/COALESCE\(("?)(\w+)\1,/gi)].map((m) => m[2])
    expect(named).toEqual(resource.search.map((key) => String(key).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)))
  })
})

describe('list search', () => {
  it('matches within one field, never across two', async () => {
    const company = await registerCompany()
    const created = await api('POST', 'residents/', { token: company.token, body: { resident_type: 'CURRENT_RESIDENT', first_name: 'Annabel', last_name: 'Smithers', email: 'annabel@example.com' } })
    expect(created.status).toBe(201)
    const find = async (term: string) => {
      const response = await api('GET', `residents/?search=${encodeURIComponent(term)}`, { token: company.token })
      expect(response.status).toBe(200)
      return (response.body as { count: number }).count
    }
    expect(await find('nabe')).toBe(1)
    expect(await find('SMITH')).toBe(1)
    expect(await find('bel@exa')).toBe(1)
    expect(await find('bel Smi')).toBe(0)
    // Past the last page the count still says how many match.
    const beyond = await api('GET', 'residents/?search=nabe&page=3&page_size=1', { token: company.token })
    expect(beyond.status).toBe(200)
    expect(beyond.body).toMatchObject({ count: 1, results: [] })
  })
})
