import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { crossCompany, getDb } from '~/db/client.server'
import { tasks } from '~/db/schema'
import { occurrences, parseRule } from '~/domain/maintenance/recurrence'
import { todayIn } from '~/domain/dates'
import { makeDueTasks } from '~/maintenance/tasks.server'
import { api, unique } from '../factories/api'
import { get, leasingCompany, type Body } from '../factories/leasing'

/*
 * Tasks (issue 15 item 5): a task with a checklist moves open → in progress → completed (or
 * canceled) by its actions; a recurring task makes its tasks a set number of days before they fall
 * due on its RRULE, once per day of the series even when two runs race, each from the series as it
 * is then, so editing a series changes the tasks still to come only.
 */

const TZ = 'America/Toronto'
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

async function company() {
  const c = await leasingCompany()
  const lived = await c.lease()
  const invited = await api('POST', 'invite-maintenance-technician/', { token: c.token, body: { email: `${unique('tech')}@example.test`, first_name: 'Jordan', last_name: 'Roy' } })
  return { ...c, lived, jordan: invited.body.id as string }
}

describe('a task', () => {
  it('keeps its checklist and moves through its actions, the list opening on the open ones', async () => {
    const { token, post, home, lived, jordan } = await company()
    const task = await post('tasks/', {
      subject: 'Change the furnace filters',
      priority: 'HIGH',
      due_date: '2026-12-01',
      assigned_user_id: jordan,
      property_group_id: home.id,
      rental_unit_id: lived.unit.id,
      lines: [{ description: 'Buy filters' }, { description: 'Replace in each unit', done: false }],
    })
    expect(task).toMatchObject({ status: 'OPEN', open: true, assigned_user_label: 'Jordan Roy', checklist: '0 of 2 done' })
    const items = task.lines as Body[]
    const ticked = await api('PUT', `tasks/${task.id}/`, { token, body: { lines: [{ id: items[0].id, description: 'Buy filters', done: true }, { id: items[1].id, description: 'Replace in each unit' }] } })
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200)
    expect(ticked.body.checklist).toBe('1 of 2 done')

    const act = (name: string) => api('POST', `tasks/${task.id}/${name}/`, { token, body: {} })
    expect((await act('start')).body).toMatchObject({ status: 'IN_PROGRESS', open: true })
    expect((await act('complete')).body).toMatchObject({ status: 'COMPLETED', open: false })
    const again = await act('complete')
    expect(again.status).toBe(409)
    expect(again.body.detail).toMatch(/Completed/)
    expect((await get(token, 'tasks/?open=true')).results.map((t: Body) => t.id)).not.toContain(task.id)
    expect((await act('reopen')).body).toMatchObject({ status: 'OPEN' })
    expect((await get(token, 'tasks/?open=true')).results.map((t: Body) => t.id)).toContain(task.id)
    expect((await act('cancel')).body).toMatchObject({ status: 'CANCELED', open: false })
  })

  it('refuses a unit of another property and an assignee who is not on the team, naming the field', async () => {
    const { token, post, home, property } = await company()
    const other = await property('Elgin Place')
    const building = await post('buildings/', { name: 'Elgin', property_group_id: other.id })
    const unit = await post('rental-units/', { unit_number: '9', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    const wrongUnit = await api('POST', 'tasks/', { token, body: { subject: 'Paint', priority: 'LOW', property_group_id: home.id, rental_unit_id: unit.id } })
    expect(wrongUnit.status).toBe(400)
    expect(wrongUnit.body.errors).toEqual({ rental_unit_id: ['Choose a unit of the task’s property, or leave it empty.'] })
    const residentId = (await get(token, 'residents/?page_size=1')).results[0].id
    const nobody = await api('POST', 'tasks/', { token, body: { subject: 'Paint', priority: 'LOW', assigned_user_id: residentId } })
    expect(nobody.status).toBe(400)
    expect(Object.keys(nobody.body.errors)).toEqual(['assigned_user_id'])
    expect((await get(token, 'tasks/')).count).toBe(0)
  })
})

describe('a recurring task', () => {
  it('makes its tasks lead days ahead, once each, with the checklist; edits reach only those still to come', async () => {
    const { token, post, home, companyId } = await company()
    const today = todayIn(TZ)
    const series = await post('recurring-tasks/', {
      subject: 'Test the fire alarms',
      priority: 'NORMAL',
      property_group_id: home.id,
      rule: 'FREQ=WEEKLY;BYDAY=MO',
      start_date: today,
      lead_days: 14,
      lines: [{ description: 'Press each test button' }, { description: 'Log the result' }],
    })
    const expected = occurrences((parseRule('FREQ=WEEKLY;BYDAY=MO') as { rule: never }).rule, today, today, addDays(today, 14))
    expect(expected.length).toBeGreaterThanOrEqual(2)
    const made = async () => ((await get(token, `tasks/?recurring_task_id=${series.id}&page_size=100&ordering=due_date`)).results as Body[])
    const first = await made()
    expect(first.map((t) => t.due_date)).toEqual(expected)
    expect(first[0]).toMatchObject({ subject: 'Test the fire alarms', checklist: '0 of 2 done', occurrence_date: expected[0], recurring_task_label: 'Test the fire alarms' })
    expect(series).toMatchObject({ schedule: 'Every week on Monday', made_count: expected.length })

    // Two runs at once, later: each new day is made once.
    const later = new Date(Date.now() + 21 * 86_400_000)
    const runs = await crossCompany(() => Promise.all([makeDueTasks(getDb(), { now: later, companyId }), makeDueTasks(getDb(), { now: later, companyId })]))
    expect(runs[0].made + runs[1].made).toBe(3)
    const afterRuns = await made()
    expect(new Set(afterRuns.map((t) => t.due_date)).size).toBe(afterRuns.length)

    // Renamed: the tasks made keep their subject; the next ones take the new one.
    const renamed = await api('PUT', `recurring-tasks/${series.id}/`, { token, body: { subject: 'Test the fire alarms and CO detectors' } })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    await crossCompany(() => makeDueTasks(getDb(), { now: new Date(Date.now() + 28 * 86_400_000), companyId }))
    const all = await made()
    expect(all.slice(0, afterRuns.length).every((t) => t.subject === 'Test the fire alarms')).toBe(true)
    expect(all[all.length - 1].subject).toBe('Test the fire alarms and CO detectors')

    // Stopped, it makes nothing more.
    expect((await api('DELETE', `recurring-tasks/${series.id}/`, { token })).status).toBe(204)
    const result = await crossCompany(() => makeDueTasks(getDb(), { now: new Date(Date.now() + 60 * 86_400_000), companyId }))
    expect(result.made).toBe(0)
  })

  it('refuses a rule it cannot read, saying why at the field', async () => {
    const { token } = await company()
    const bad = await api('POST', 'recurring-tasks/', { token, body: { subject: 'Sweep', priority: 'LOW', rule: 'FREQ=HOURLY', start_date: '2026-12-01', lead_days: 3 } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ rule: ['Say how often it repeats: FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.'] })
    expect((await get(token, 'recurring-tasks/')).count).toBe(0)
  })
})

describe('the task reports', () => {
  it('list the open and the closed, and measure each person’s days and share on time', async () => {
    const { token, post, jordan } = await company()
    const today = todayIn(TZ)
    const made = async (subject: string, due: string, ago: number, doneAfter: number | null, who: string | null = jordan) => {
      const task = await post('tasks/', { subject, priority: 'NORMAL', due_date: due, assigned_user_id: who })
      if (doneAfter !== null) expect((await api('POST', `tasks/${task.id}/complete/`, { token, body: {} })).status).toBe(200)
      const created = Date.now() - ago * 86_400_000
      await crossCompany(() =>
        getDb()
          .update(tasks)
          .set({ createdAt: new Date(created), completedAt: doneAfter === null ? null : new Date(created + doneAfter * 86_400_000) })
          .where(eq(tasks.id, task.id)),
      )
      return task
    }
    await made('Book the chimney sweep', addDays(today, -2), 10, null) // open, overdue
    await made('Order mulch', addDays(today, 5), 1, null, null) // open, not yet due, nobody's
    await made('Renew the elevator permit', addDays(today, -20), 30, 4) // done in 4 days, on time
    await made('Paint the railings', addDays(today, -15), 30, 20) // done in 20 days, late

    const open = await get(token, 'reporting/open-tasks/')
    expect(open.rows.map((r: Body) => [r.subject, r.overdue])).toEqual([
      ['Book the chimney sweep', true],
      ['Order mulch', false],
    ])
    expect(open.by_assignee).toEqual([
      { assignee: 'Jordan Roy', open: 1, overdue: 1 },
      { assignee: 'Unassigned', open: 1, overdue: 0 },
    ])
    const from = addDays(today, -60)
    const closed = await get(token, `reporting/closed-tasks/?date_from=${from}`)
    expect(closed.rows.map((r: Body) => [r.subject, r.days, r.on_time])).toEqual([
      ['Renew the elevator permit', 4, true],
      ['Paint the railings', 20, false],
    ])
    expect(closed.on_time_percent).toBe(50)
    const performance = await get(token, `reporting/task-performance/?date_from=${from}`)
    expect(performance.rows).toEqual([
      { group: 'Jordan Roy', created: 3, completed: 2, mean_days: 12, median_days: 12, on_time_percent: 50, open_overdue: 1 },
      { group: 'Unassigned', created: 1, completed: 0, mean_days: null, median_days: null, on_time_percent: null, open_overdue: 0 },
    ])
  })
})
