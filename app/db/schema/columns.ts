import { sql } from 'drizzle-orm'
import { bigint, index, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
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
 * What a list's search matches, kept in the row: its search columns (database names) joined by
 * newlines, in lower case. A search term is one line, so it cannot match across two fields; the
 * search compares it in lower case with LIKE, which PostgreSQL checks against the stored text
 * faster than ILIKE against the columns joined afresh for every candidate row. The resource's
 * `search` names the same fields (a test checks that they agree).
 */
export const searchColumn = (...columns: string[]) =>
  text().generatedAlwaysAs(sql.raw(`lower(${columns.map((column) => `coalesce("${column}", '')`).join(` || E'\\n' || `)})`))

/**
 * A trigram index over a table's search column, named `{table}_search_idx`: a substring search
 * (LIKE '%term%') of three letters or more reads the index instead of every row.
 * A test checks that each resource's search uses it.
 */
export const searchIndex = (table: string, column: AnyPgColumn) => index(`${table}_search_idx`).using('gin', sql`${column} gin_trgm_ops`)
