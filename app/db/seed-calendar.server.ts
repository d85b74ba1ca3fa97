import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from './client.server'
import { companies, propertyGroups } from './schema'
import { todayIn } from '~/domain/dates'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { calendarEventsResource } from '~/resources/calendar-events'

/** The demo's calendar events: the manager's owner meeting and a viewing this week, and the fire department's inspection next week. */
export async function seedDemoCalendar(tx: Executor, companyId: string, userId: string) {
  const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  const inDays = (days: number) => todayIn(company.timeZone, new Date(Date.now() + days * 86_400_000))
  const [property] = await tx.select({ id: propertyGroups.id }).from(propertyGroups).where(and(eq(propertyGroups.companyId, companyId))).orderBy(asc(propertyGroups.name)).limit(1)
  const events = [
    { title: 'Owner meeting: next year’s budget', start_date: inDays(2), start_time: '10:00', end_time: '11:30', location: 'Head office' },
    { title: 'Viewing with a waitlisted family', start_date: inDays(4), start_time: '17:30', end_time: '18:00', property_group_id: property?.id ?? null },
    { title: 'Fire department inspection', start_date: inDays(9), description: 'Annual fire code inspection: alarms, extinguishers and exits.', property_group_id: property?.id ?? null },
  ]
  for (const event of events) await createRecord(tx, companyId, calendarEventsResource, parseInput(calendarEventsResource, event, 'create'), { userId })
}
