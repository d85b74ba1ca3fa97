import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { calendarEvents } from '~/db/schema'
import { SCHEDULE_TIMES } from '~/domain/maintenance/work-orders'
import { CALENDAR_TABS } from '~/domain/navigation'
import { unitOfPropertyErrors } from '~/maintenance/work-orders.server'
import { defineResource } from './engine/define'
import { date, longText, reference, select, text } from './engine/fields'

/*
 * Calendar events (SPEC.md §7 calendar-events/, issue 15 item 8): what people put on their calendar
 * that no other record holds, beside the work orders, inspections, tasks and lease dates the calendar
 * (/app/calendar/) reads from their own records. Made and read, as SPEC.md §7 allows (no update).
 */
export const calendarEventsResource = defineResource({
  name: 'calendar-events',
  singular: 'Calendar Event',
  plural: 'Calendar Events',
  description: 'Meetings, viewings and visits on your team’s calendars, beside the work orders, inspections, tasks and lease dates the calendar shows.',
  group: 'Operations',
  table: calendarEvents,
  fields: {
    title: text('Title', { required: true, max: 200, help: 'e.g. Viewing with the Nguyens' }),
    startDate: date('Day', { required: true, startsToday: true }),
    startTime: select('Time', SCHEDULE_TIMES, { help: 'Empty: all day' }),
    endDate: date('Until', { notBefore: 'startDate', help: 'Empty: the same day' }),
    endTime: select('Until time', SCHEDULE_TIMES),
    location: text('Where', { max: 200 }),
    userId: reference('On the calendar of', 'task-assignees', { help: 'Empty: yours' }),
    propertyGroupId: reference('Property', 'property-groups'),
    rentalUnitId: reference('Unit', 'rental-units'),
    description: longText('Notes', { max: 5000 }),
  },
  title: ['title'],
  columns: ['startDate', 'startTime', 'title', 'location', 'userId', 'propertyGroupId'],
  search: ['title', 'description', 'location'],
  filters: ['userId', 'propertyGroupId', 'rentalUnitId'],
  ordering: '-start_date',
  methods: ['list', 'create', 'get'],
  tabs: CALENDAR_TABS,
  rules: {
    async validate({ tx, companyId, values }) {
      const errors: Record<string, string[]> = { ...(await unitOfPropertyErrors(tx as Executor, companyId, values, 'event')) }
      if (values.endTime && !values.startTime) errors.end_time = ['Give the time it starts too, or leave both empty for all day.']
      const sameDay = !values.endDate || values.endDate === values.startDate
      if (sameDay && values.endTime && values.startTime && String(values.endTime) <= String(values.startTime)) errors.end_time = ['It must end after it starts.']
      return Object.keys(errors).length ? errors : undefined
    },
    // An event nobody was named for is on its maker's calendar.
    async created({ tx, companyId, record, userId }) {
      if (record.userId || !userId) return
      await (tx as Executor)
        .update(calendarEvents)
        .set({ userId })
        .where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.id, String(record.id)), isNull(calendarEvents.userId)))
    },
  },
})
