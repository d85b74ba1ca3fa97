import { sql } from 'drizzle-orm'
import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { users } from './platform'
import { propertyGroups, rentalUnits } from './properties'

/**
 * A calendar event (SPEC.md §7 calendar-events/): something on someone's calendar that no other record
 * holds (a meeting with an owner, a viewing, a council inspection), on a day, at a time or all day.
 * The calendar shows them beside the work orders, inspections, tasks and lease dates.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally: the column's collation is `natural`. */
    title: text().notNull(),
    description: text(),
    startDate: date({ mode: 'string' }).notNull(),
    /** A quarter hour on the company's clock (HH:MM); none: all day. */
    startTime: text(),
    endDate: date({ mode: 'string' }),
    endTime: text(),
    location: text(),
    /** Whose calendar it is on (its maker's, unless told). */
    userId: uuid().references(() => users.id),
    propertyGroupId: uuid().references(() => propertyGroups.id),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    allDay: boolean().generatedAlwaysAs(sql`start_time is null`),
    searchText: searchColumn('title', 'description', 'location'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('calendar_events_company_start_idx').on(t.companyId, t.startDate), index('calendar_events_company_user_idx').on(t.companyId, t.userId), searchIndex('calendar_events', t.searchText)],
)
