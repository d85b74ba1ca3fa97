import { createRoute, z } from '@hono/zod-openapi'
import { ENTRY_KINDS, MAX_RANGE_DAYS } from '~/domain/calendar'
import { daysBetween } from '~/domain/ledger/reports'
import { calendarEntries } from '~/maintenance/calendar.server'
import { createRouter } from '../create-app'
import { fieldError } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { tenant } from '../tenant'
import { dateInput } from '../values'

/*
 * The calendar's entries (issue 15 item 8) between two days: what /app/calendar/ draws as a month,
 * a week or an agenda. Each kind is there for whom may see its records: work orders, inspections,
 * tasks and make-readies with the Operations permission, move-ins and move-outs with Leasing, and
 * everyone's calendar events. `mine` keeps, of what is someone's, the caller's own.
 */

const KINDS = ENTRY_KINDS.map((k) => k.value) as [string, ...string[]]

export const CalendarEntry = z
  .object({
    kind: z.enum(KINDS).openapi({ description: 'What it is: a work order’s visit (or due day), an inspection, a task, a lease’s move-in or move-out, a make-ready’s ready-by day, or a calendar event' }),
    id: z.uuid().openapi({ description: 'The record it comes from' }),
    title: z.string(),
    date: z.string(),
    time: z.string().nullable().openapi({ description: 'HH:MM on the company’s clock; null: all day' }),
    detail: z.string().nullable().openapi({ description: 'Where: the unit and property, or the event’s place' }),
    user_id: z.uuid().nullable().openapi({ description: 'Whose it is (assigned, inspecting, on whose calendar); null: the company’s' }),
    href: z.string().openapi({ description: 'The record’s page' }),
  })
  .openapi('CalendarEntry')

export const Calendar = z
  .object({ from: z.string(), to: z.string(), mine: z.boolean(), entries: z.array(CalendarEntry) })
  .openapi('Calendar')

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/calendar',
    tags: ['Operations'],
    summary: `What is on the calendar from one day to another (at most ${MAX_RANGE_DAYS} days), in order: work orders, inspections, tasks, lease moves, make-readies and calendar events`,
    ...signedIn(requireStaff()),
    request: {
      query: z.object({
        from: dateInput('From'),
        to: dateInput('To'),
        mine: z
          .enum(['true', 'false'], { error: 'Mine must be true or false.' })
          .default('false')
          .openapi({ description: 'true: of what is someone’s, only the caller’s (the company’s lease moves and make-readies stay)' }),
      }),
    },
    responses: { 200: jsonResponse(Calendar, 'The entries, by day and time'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    if (query.to < query.from) throw fieldError('to', 'To cannot come before From.')
    if (daysBetween(query.from, query.to) >= MAX_RANGE_DAYS) throw fieldError('to', `Ask for at most ${MAX_RANGE_DAYS} days at a time.`)
    const t = tenant(c)
    const { permissions, userId } = t.principal
    const mine = query.mine === 'true'
    const entries = await calendarEntries(t.db, t.companyId, {
      from: query.from,
      to: query.to,
      userId: mine ? userId : null,
      operations: permissions.hasOperationsPermissions,
      leasing: permissions.hasLeasingPermissions,
    })
    return c.json({ from: query.from, to: query.to, mine, entries: entries.map(({ userId: user, ...e }) => ({ ...e, user_id: user })) }, 200)
  },
)
