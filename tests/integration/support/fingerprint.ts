import { sql } from 'drizzle-orm'
import { crossCompany, getDb } from '~/db/client.server'

export type CompanyTable = { table: string; updatedAt: boolean }

/** Every table holding companies' rows (those with a company_id), and whether it records changes (updated_at). */
export async function companyTables(): Promise<CompanyTable[]> {
  const rows = await crossCompany(() => getDb().execute<{ table: string; updated: boolean }>(sql`
    select c.table_name as table, exists (select 1 from information_schema.columns u where u.table_schema = 'public' and u.table_name = c.table_name and u.column_name = 'updated_at') as updated
    from information_schema.columns c join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'`))
  return [...rows].map((r) => ({ table: r.table, updatedAt: r.updated }))
}

/** Row counts and the latest change of every table holding these companies' rows, in one round trip. */
export async function fingerprint(companyIds: string | string[], tables: CompanyTable[]) {
  const ids = [companyIds].flat().map((id) => `'${id}'`).join(',')
  const parts = tables.map(
    ({ table, updatedAt }) => `select '${table}' as t, count(*)::text || '/' || ${updatedAt ? "coalesce(max(updated_at)::text, '')" : "''"} as f from "${table}" where company_id in (${ids})`,
  )
  // Every company named, past the company scope: these tests check what the API changed in each.
  const rows = await crossCompany(() => getDb().execute<{ t: string; f: string }>(sql.raw(parts.join(' union all '))))
  return Object.fromEntries([...rows].map((r) => [r.t, r.f]))
}

/** The tables whose fingerprint differs, with both. */
export function changes(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after)
    .filter((table) => after[table] !== before[table])
    .map((table) => `${table} (${before[table]} → ${after[table]})`)
}
