import { sql, type SQL } from 'drizzle-orm'
import { bigint, index, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { companies } from './platform'

/** The columns every tenant-owned table shares, written once. */

export const id = () => uuid().primaryKey().defaultRandom()
/** The tenant; it leads the unique keys and main indexes (DESIGN.md §3). */
export const companyId = () =>
  uuid()
    .notNull()
    .references(() => companies.id)
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow()
/** Money: integer cents (DESIGN.md §3). */
export const cents = () => bigint({ mode: 'number' })

/**
 * What a list's search matches: its search columns joined by newlines. A search term is one
 * line, so it cannot match across two fields. The engine's search and the table's searchIndex
 * both use this expression, so PostgreSQL answers the search from the index.
 */
export function searchText(columns: AnyPgColumn[]): SQL<string> {
  return sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || E'\\n' || `,
  ) as SQL<string>
}

/**
 * A trigram index over a table's searchText, named `{table}_search_idx`: a substring search
 * (ILIKE '%term%') of three letters or more reads the index instead of every row.
 * A test checks that each resource's search uses it.
 */
export const searchIndex = (table: string, columns: AnyPgColumn[]) => index(`${table}_search_idx`).using('gin', sql`(${searchText(columns)}) gin_trgm_ops`)
