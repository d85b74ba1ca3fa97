import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { stateChanges, timeTrackingEntries, users, workOrders } from '~/db/schema'
import { api, unique } from '../factories/api'
import { get, leasingCompany, type Body } from '../factories/leasing'

/*
 * The work order reports (domain/reports.md §4) read each work order's history: when it first left
 * New (its response), when its work was done, when it was closed. Three work orders are made and
 * moved through the API, then their moments are set back in time in the database, as if made days
 * ago, so the days and targets come out as a manager would count them.
 */

const HOUR = 3_600_000

async function company() {
  const c = await leasingCompany()
  const lived = await c.lease()
  const invited = await api('POST', 'invite-maintenance-technician/', { token: c.token, body: { email: `${unique('tech')}@example.test`, first_name: 'Jordan', last_name: 'Roy' } })
  const jordan = invited.body.id as string
  const statuses = (await get(c.token, 'work-orders/statuses/?page_size=100')).results as Body[]
  const status = (stage: string) => statuses.find((s) => s.stage === stage)!.id
  const move = async (id: string, stage: string) => expect((await api('POST', `work-orders/${id}/change-status/`, { token: c.token, body: { status_id: status(stage) } })).status).toBe(200)
  /** A work order made `ago` hours back, answered (left New) and done at those hours after it was made. */
  const made = async (body: Record<string, unknown>, ago: number, moments: { triage?: number; done?: number; closed?: number }) => {
    const order = await c.post('work-orders/', { property_group_id: c.home.id, rental_unit_id: lived.unit.id, ...body })
    if (moments.triage !== undefined) await move(order.id, 'TRIAGE')
    if (moments.done !== undefined) await move(order.id, 'WORK_DONE')
    if (moments.closed !== undefined) await move(order.id, 'CLOSED')
    const created = Date.now() - ago * HOUR
    const hours = { URGENT: [24, 72], ROUTINE: [72, 168], EMERGENCY: [1, 24] }[String(body.priority) as 'URGENT']
    await crossCompany(async () => {
      const db = getDb()
      await db.update(workOrders).set({ createdAt: new Date(created), responseDueAt: new Date(created + hours[0] * HOUR), completionDueAt: new Date(created + hours[1] * HOUR) }).where(eq(workOrders.id, order.id))
      const at = (stage: string, after: number) => db.update(stateChanges).set({ createdAt: new Date(created + after * HOUR) }).where(and(eq(stateChanges.recordId, order.id), eq(stateChanges.toState, stage)))
      await at('NEW', 0)
      if (moments.triage !== undefined) await at('TRIAGE', moments.triage)
      if (moments.done !== undefined) await at('WORK_DONE', moments.done)
      if (moments.closed !== undefined) await at('CLOSED', moments.closed)
    })
    return order
  }
  return { ...c, lived, jordan, made }
}

/** Today on the test company's clock (Toronto): the report's range ends on it, and the UTC day is already tomorrow in the evening. */
const companyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())

describe('work order reports', () => {
  it('measure performance against the priorities’ targets, by technician', async () => {
    const { token, jordan, made } = await company()
    // Urgent, answered in 2 hours and done in 2 days: within its 72-hour target.
    const quick = await made({ subject: 'Broken lock', priority: 'URGENT', assigned_user_id: jordan }, 72, { triage: 2, done: 48 })
    // Routine, answered after 80 hours (target 72) and done in 9 days (target 7).
    await made({ subject: 'Loose tiles', priority: 'ROUTINE', assigned_user_id: jordan }, 250, { triage: 80, done: 216 })
    // An emergency nobody has taken, two days old: open and past its 24 hours.
    await made({ subject: 'Water in the ceiling', priority: 'EMERGENCY' }, 48, {})
    await api('POST', 'work-logs/', { token, body: { work_order_id: quick.id, work_date: companyToday(), hours: '2', hourly_rate: '80.00', lines: [{ description: 'Deadbolt', quantity: '1', unit_cost: '40.00' }] } })

    const from = new Date(Date.now() - 30 * 24 * HOUR).toISOString().slice(0, 10)
    const report = await get(token, `reporting/work-order-performance/?date_from=${from}&group_by=assignee`)
    expect(report.rows).toEqual([
      expect.objectContaining({ group: 'Jordan Roy', completed: 2, mean_days: 5.5, median_days: 5.5, within_24_hours_percent: 0, on_time_percent: 50, mean_response_hours: 41, responded_on_time_percent: 50, labour_hours: '2.00', open_overdue: 0 }),
      expect.objectContaining({ group: 'Unassigned', completed: 0, mean_days: null, open_overdue: 1 }),
    ])
    expect(report.total).toMatchObject({ group: 'All work orders', completed: 2, open_overdue: 1 })

    const summary = await get(token, `reporting/work-order-summary/?date_from=${from}&group_by=priority`)
    expect(summary.rows.map((r: Body) => [r.group, r.opened, r.finished, r.open_at_end, r.cost])).toEqual([
      ['Emergency', 1, 0, 1, '0.00'],
      ['Routine', 1, 0, 1, '0.00'],
      ['Urgent', 1, 0, 1, '200.00'],
    ])
    const byProperty = await get(token, `reporting/work-order-summary/?date_from=${from}`)
    // Work done is still open until it is closed; one unit, three open: saturation 300 %.
    expect(byProperty.rows).toEqual([expect.objectContaining({ group: 'Bronson Court', open_at_end: 3, units: 1, saturation_percent: 300, cost_per_unit: '200.00' })])

    const open = await get(token, 'reporting/open-work-orders/')
    // Work done is not overdue, even past its target: it waits to be billed or closed.
    expect(open.rows.map((r: Body) => [r.subject, r.status, r.overdue])).toEqual([
      ['Loose tiles', 'Work done', false],
      ['Broken lock', 'Work done', false],
      ['Water in the ceiling', 'New', true],
    ])
    expect(open).toMatchObject({ count: 3, overdue: 1 })

    const closed = await get(token, `reporting/closed-work-orders/?date_from=${from}`)
    expect(closed.rows.map((r: Body) => [r.subject, r.days, r.on_time, r.labour, r.materials, r.cost])).toEqual([
      ['Loose tiles', 9, false, '0.00', '0.00', '0.00'],
      ['Broken lock', 2, true, '160.00', '40.00', '200.00'],
    ])
    // The dashboard counts the same: open by priority, past target with the work not done, unassigned.
    expect((await get(token, 'dashboard/')).work_orders).toEqual({ open: 3, emergency: 1, urgent: 1, routine: 1, overdue: 1, unassigned: 1 })

    const csv = await api('GET', `reporting/closed-work-orders/?date_from=${from}&format=csv`, { token })
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('Broken lock')
  })

  it('count each technician’s hours to the quarter, on work orders or not, at the rate kept, with utilisation', async () => {
    const { token, jordan, made } = await company()
    const order = await made({ subject: 'Dripping tap', priority: 'ROUTINE', assigned_user_id: jordan }, 5, {})
    await crossCompany(() => getDb().update(users).set({ hourlyRate: 4000 }).where(eq(users.id, jordan)))
    /** Jordan clocked in by the office, `minutes` ago, and out now. */
    const clocked = async (minutes: number, workOrderId: string | null) => {
      const entry = await api('POST', 'time-tracking-entries/', { token, body: { user_id: jordan, ...(workOrderId ? { work_order_id: workOrderId } : {}) } })
      expect(entry.status, JSON.stringify(entry.body)).toBe(201)
      await crossCompany(() =>
        getDb()
          .update(timeTrackingEntries)
          .set({ startedAt: new Date(Date.now() - minutes * 60_000) })
          .where(eq(timeTrackingEntries.id, entry.body.id)),
      )
      expect((await api('POST', `time-tracking-entries/${entry.body.id}/clock-out/`, { token, body: {} })).status).toBe(200)
    }
    await clocked(130, order.id)
    await clocked(50, null)

    const from = new Date(Date.now() - 7 * 24 * HOUR).toISOString().slice(0, 10)
    const report = await get(token, `reporting/service-tech-hours/?date_from=${from}`)
    expect(report.rows.map((r: Body) => [r.technician, r.work_order, r.hours, r.rate_type, r.rate, r.cost, r.billable])).toEqual([
      ['Jordan Roy', 'Dripping tap', '2.25', 'REGULAR', '40.00', '90.00', true],
      ['Jordan Roy', null, '0.75', 'REGULAR', '40.00', '30.00', false],
    ])
    expect(report.by_technician).toEqual([{ technician: 'Jordan Roy', hours: '3.00', billable_hours: '2.25', overtime_hours: '0.00', cost: '120.00', utilisation_percent: 75 }])
    const billable = await get(token, `reporting/service-tech-hours/?date_from=${from}&billable=billable&user_id=${jordan}`)
    expect(billable.rows).toHaveLength(1)
    expect(billable.filters).toMatchObject({ user_id: jordan, technician: 'Jordan Roy', billable: 'billable' })

    // Someone who is not one of the company's technicians is refused at the field.
    const stranger = await api('GET', `reporting/service-tech-hours/?user_id=${crypto.randomUUID()}`, { token })
    expect(stranger.status).toBe(400)
    expect(stranger.body.errors.user_id).toEqual(['Choose a technician of your company.'])
    const csv = await api('GET', `reporting/service-tech-hours/?date_from=${from}&format=csv`, { token })
    expect(String(csv.body)).toContain('Dripping tap')
  })

  it('refuse a bad grouping or range, naming the field', async () => {
    const { token } = await company()
    const bad = await api('GET', 'reporting/work-order-performance/?group_by=vendor', { token })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['group_by'])
    const backwards = await api('GET', 'reporting/work-order-summary/?date_from=2026-05-01&date_to=2026-04-01', { token })
    expect(backwards.status).toBe(400)
    expect(Object.keys(backwards.body.errors)).toEqual(['date_from'])
  })
})
