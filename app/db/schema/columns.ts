import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core'
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
