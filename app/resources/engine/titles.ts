import { getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AnyResource } from './define'

/*
 * How a record is named wherever it appears (API labels, pickers, the palette, journal lines'
 * dimensions): by its stored label, or else its title fields joined by spaces.
 */

type Columns = Record<string, PgColumn>

/** The fields that name a record wherever it appears: its label, or else its title. */
export const nameKeys = (resource: AnyResource) => (resource.label ? [resource.label] : resource.title)

/** The SQL naming a record wherever it appears (its label, or its title fields joined by spaces); `own` = its title among its siblings. */
export function titleSql(resource: AnyResource, table: PgTable = resource.table, own = false): SQL<string> {
  const columns = getTableColumns(table) as Columns
  // The stored label as it is: its collation (a unit's natural order) and its index apply.
  if (resource.label && !own) return sql<string>`${columns[resource.label]}`
  const parts = (own ? resource.title : nameKeys(resource)).map((key) => sql`${columns[key]}`)
  if (!parts.length) return sql<string>`''`
  return sql<string>`concat_ws(' ', ${sql.join(parts, sql`, `)})`
}

/** The name a record goes by, from its row (the same rule as titleSql). */
export function titleOf(resource: AnyResource, row: Record<string, unknown>) {
  return nameKeys(resource)
    .map((key) => row[key])
    .filter((v) => v !== null && v !== undefined && v !== '')
    .join(' ')
}
