import { describe, expect, it } from 'vitest'
import { api, signedInMember } from '../factories/api'
import { get, leasingCompany, type Body } from '../factories/leasing'

/*
 * The calendar (issue 15 item 8): one call answers a span of days with the work orders (on their
 * visit or due day), inspections, tasks, lease move-ins and move-outs, make-readies and events, in
 * order; each kind only for who may see it; "mine" keeps of what is someone's only the caller's.
 * A calendar event is on its maker's calendar unless another's is named.
 */

async function setUp() {
  const company = await leasingCompany()
  const lease = await company.lease({ start_date: '2031-03-01' })
  await company.post('work-orders/', { subject: 'Replace the lobby light', property_group_id: company.home.id, location: 'Lobby', priority: 'ROUTINE', due_date: '2031-03-05' })
  await company.post('tasks/', { subject: 'Order salt for the walks', priority: 'NORMAL', due_date: '2031-03-03' })
  await company.post('inspection-reports/', { rental_unit_id: lease.unit.id, inspection_type: 'MOVE_IN', scheduled_date: '2031-03-01' })
  const event = await company.post('calendar-events/', { title: 'Owner meeting', start_date: '2031-03-04', start_time: '09:00', end_time: '10:00', location: 'Head office' })
  const calendar = async (token: string, query: string) => {
    const answer = await api('GET', `calendar/?${query}`, { token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.entries as Body[]
  }
  return { ...company, lease, event, calendar }
}

describe('the calendar', () => {
  it('answers a month of work orders, inspections, tasks, moves and events, in order', async () => {
    const { token, calendar, lease, event } = await setUp()
    const entries = await calendar(token, 'from=2031-03-01&to=2031-03-31')
    expect(entries.map((e) => [e.date, e.kind, e.title, e.time])).toEqual([
      ['2031-03-01', 'inspection', `Move-in inspection · ${lease.unit.label} · 2031-03-01`, null],
      ['2031-03-01', 'move-in', `${lease.unit.label} from 2031-03-01`, null],
      ['2031-03-03', 'task', 'Order salt for the walks', null],
      ['2031-03-04', 'event', 'Owner meeting', '09:00'],
      ['2031-03-05', 'work-order', 'Replace the lobby light', null],
    ])
    expect(entries.find((e) => e.kind === 'event')).toMatchObject({ href: `/app/calendar-events/${event.id}/`, detail: 'Head office' })
    // An event nobody was named for is its maker's.
    expect(event.user_id).toBeTruthy()
  })

  it('keeps, of what is someone’s, the caller’s own when asked for theirs', async () => {
    const { token, calendar } = await setUp()
    const other = await signedInMember({ token }, 'manager', { has_operations_permissions: true })
    const theirs = await api('POST', 'calendar-events/', { token: other.token, body: { title: 'Viewing at 12', start_date: '2031-03-06' } })
    expect(theirs.status).toBe(201)
    const mine = await calendar(token, 'from=2031-03-01&to=2031-03-31&mine=true')
    expect(mine.map((e) => e.kind)).toEqual(['move-in', 'event'])
    expect((await calendar(token, 'from=2031-03-01&to=2031-03-31')).map((e) => e.title)).toContain('Viewing at 12')
  })

  it('shows each kind only to who may see its records', async () => {
    const { token, calendar } = await setUp()
    const leasingOnly = await signedInMember({ token }, 'manager', { has_leasing_permissions: true })
    expect((await calendar(leasingOnly.token, 'from=2031-03-01&to=2031-03-31')).map((e) => e.kind)).toEqual(['move-in', 'event'])
    const nothing = await signedInMember({ token }, 'manager')
    expect((await calendar(nothing.token, 'from=2031-03-01&to=2031-03-31')).map((e) => e.kind)).toEqual(['event'])
  })

  it('refuses a span that ends before it starts, or is longer than two months, at `to`', async () => {
    const { token } = await setUp()
    const backwards = await api('GET', 'calendar/?from=2031-03-31&to=2031-03-01', { token })
    expect(backwards.status).toBe(400)
    expect(backwards.body.errors.to).toEqual(['To cannot come before From.'])
    const long = await api('GET', 'calendar/?from=2031-01-01&to=2031-06-30', { token })
    expect(long.status).toBe(400)
    expect(long.body.errors.to[0]).toMatch(/at most 62 days/)
    expect((await api('GET', 'calendar/?from=soon&to=2031-06-30', { token })).body.errors).toHaveProperty('from')
  })
})

describe('a calendar event', () => {
  it('ends after it starts, and a time to end needs one to start', async () => {
    const { token } = await setUp()
    const early = await api('POST', 'calendar-events/', { token, body: { title: 'Backwards', start_date: '2031-03-04', start_time: '10:00', end_time: '09:00' } })
    expect(early.status).toBe(400)
    expect(early.body.errors.end_time).toEqual(['It must end after it starts.'])
    const half = await api('POST', 'calendar-events/', { token, body: { title: 'Half', start_date: '2031-03-04', end_time: '09:00' } })
    expect(half.body.errors.end_time[0]).toMatch(/Give the time it starts/)
    const listed = await get(token, 'calendar-events/')
    expect((listed.results as Body[]).map((e) => e.title)).toEqual(['Owner meeting'])
  })
})
