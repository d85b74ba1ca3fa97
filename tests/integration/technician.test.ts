import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { api, signedInMember } from '../factories/api'
import { download, upload } from '../factories/uploads'
import { get, leasingCompany, type Body } from '../factories/leasing'

/*
 * A technician at /mt (issue 15 item 4, ADR 024): they see and change only the work orders assigned
 * to them (their company's others are 403, another company's 404), choose only the statuses of the
 * work itself, log work priced at their own rate, add photos that are images, and clock in and out
 * at the rate of the day they clocked in.
 */

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'))

async function technicianOf(company: { token: string }, rateCents: number | null = 8500) {
  const member = await signedInMember(company, 'technician')
  const [user] = await crossCompany(() => getDb().select({ id: users.id }).from(users).where(eq(users.email, member.email)))
  await crossCompany(() => getDb().update(users).set({ hourlyRate: rateCents }).where(eq(users.id, user.id)))
  return { ...member, id: user.id }
}

async function setUp() {
  const company = await leasingCompany()
  const lived = await company.lease()
  const tech = await technicianOf(company)
  const other = await technicianOf(company)
  const statuses = (await get(company.token, 'work-orders/statuses/?page_size=100')).results as Body[]
  const status = (name: string) => statuses.find((s) => s.name === name)!.id as string
  const today = todayIn('America/Toronto')
  const workOrder = (body: Record<string, unknown> = {}) =>
    company.post('work-orders/', { subject: 'Leaking kitchen tap', property_group_id: company.home.id, rental_unit_id: lived.unit.id, priority: 'ROUTINE', ...body })
  const as = (token: string) => ({
    get: (path: string) => api('GET', `technician/${path}`, { token }),
    post: (path: string, body: unknown) => api('POST', `technician/${path}`, { token, body }),
  })
  return { ...company, lived, tech, other, status, today, workOrder, as }
}

describe('a technician’s work orders', () => {
  it('are those assigned to them: the company’s others are 403, another company’s 404', async () => {
    const { tech, other, workOrder, as, status, today } = await setUp()
    const mine = await workOrder({ assigned_user_id: tech.id, due_date: today })
    const later = await workOrder({ subject: 'Squeaky door', assigned_user_id: tech.id })
    const theirs = await workOrder({ subject: 'Not mine', assigned_user_id: other.id })
    const nobodys = await workOrder({ subject: 'Unassigned' })
    const me = as(tech.token)

    const open = await me.get('work-orders/')
    expect(open.status).toBe(200)
    expect(open.body.results.map((w: Body) => w.id).sort()).toEqual([mine.id, later.id].sort())
    const todays = await me.get('work-orders/?when=today')
    expect(todays.body.results.map((w: Body) => w.id)).toEqual([mine.id])
    expect(todays.body.results[0]).toMatchObject({ subject: 'Leaking kitchen tap', stage: 'NEW', today: true })
    expect((await me.get('work-orders/?stage=CLOSED')).body.count).toBe(0)
    expect((await me.get('work-orders/?when=someday')).status).toBe(400)

    const detail = await me.get(`work-orders/${mine.id}/`)
    expect(detail.status).toBe(200)
    expect(detail.body.work_order).toMatchObject({ id: mine.id, subject: 'Leaking kitchen tap' })

    for (const id of [theirs.id, nobodys.id]) {
      const read = await me.get(`work-orders/${id}/`)
      expect(read.status).toBe(403)
      expect(read.body.detail).toBe('This work order is assigned to someone else.')
      expect((await me.post(`work-orders/${id}/comments/`, { body: 'Hi' })).status).toBe(403)
      expect((await me.post(`work-orders/${id}/change-status/`, { status_id: status('In progress') })).status).toBe(403)
      expect((await me.post(`work-orders/${id}/work-logs/`, { work_date: today, hours: '1' })).status).toBe(403)
    }

    const elsewhere = await setUp()
    const foreign = await elsewhere.workOrder({ assigned_user_id: elsewhere.tech.id })
    expect((await me.get(`work-orders/${foreign.id}/`)).status).toBe(404)
    expect((await me.post(`work-orders/${foreign.id}/comments/`, { body: 'Hi' })).status).toBe(404)
    expect((await me.get('work-orders/not-an-id/')).status).toBe(404)
    // Staff operations stay closed to them.
    expect((await api('GET', 'work-orders/', { token: tech.token })).status).toBe(403)
  })

  it('are added assigned to themselves, through the definition', async () => {
    const { tech, as, home } = await setUp()
    const made = await as(tech.token).post('work-orders/', { subject: 'Broken step', property_group_id: home.id, location: 'Back stairs', priority: 'URGENT' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ assigned_user_id: tech.id, stage: 'NEW', status_label: 'New' })
    expect(made.body.response_due_at).toBeTruthy()
    const bad = await as(tech.token).post('work-orders/', { subject: '', property_group_id: home.id, priority: 'ROUTINE' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['subject'])
  })
})

describe('changing a status', () => {
  it('is limited to the stages of the work: scheduled, in progress, on hold, work done', async () => {
    const { tech, as, workOrder, status, token } = await setUp()
    const mine = await workOrder({ assigned_user_id: tech.id })
    const me = as(tech.token)
    const detail = await me.get(`work-orders/${mine.id}/`)
    expect(detail.body.statuses.map((s: Body) => s.stage)).toEqual(expect.arrayContaining(['IN_PROGRESS']))
    expect(detail.body.statuses.every((s: Body) => ['SCHEDULED', 'IN_PROGRESS', 'ON_HOLD', 'WORK_DONE'].includes(String(s.stage)))).toBe(true)

    const closing = await me.post(`work-orders/${mine.id}/change-status/`, { status_id: status('Closed') })
    expect(closing.status).toBe(400)
    expect(Object.keys(closing.body.errors)).toEqual(['status_id'])
    expect((await me.post(`work-orders/${mine.id}/change-status/`, { status_id: 'nonsense' })).status).toBe(400)

    const started = await me.post(`work-orders/${mine.id}/change-status/`, { status_id: status('In progress') })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body).toMatchObject({ stage: 'IN_PROGRESS', status_label: 'In progress' })
    const history = await get(token, `work-orders/${mine.id}/history/`)
    const entries = (Array.isArray(history) ? history : history.results) as Body[]
    expect(entries.at(-1)).toMatchObject({ to_label: 'In progress', action: 'change-status', user_name: 'Member technician' })
    const done = await me.post(`work-orders/${mine.id}/change-status/`, { status_id: status('Work done') })
    expect(done.body).toMatchObject({ stage: 'WORK_DONE' })
  })
})

describe('a work log', () => {
  it('is theirs, its labour priced at their rate and its materials at their cost', async () => {
    const { tech, as, workOrder, today, token } = await setUp()
    const mine = await workOrder({ assigned_user_id: tech.id })
    const me = as(tech.token)
    const logged = await me.post(`work-orders/${mine.id}/work-logs/`, {
      work_date: today,
      hours: '1.5',
      hourly_rate: '1.00',
      description: 'Replaced the cartridge',
      materials: [{ description: 'Cartridge', quantity: '2', unit_cost: '18.40' }],
    })
    // The rate is not theirs to choose.
    expect(logged.status).toBe(400)
    const made = await me.post(`work-orders/${mine.id}/work-logs/`, {
      work_date: today,
      hours: '1.5',
      description: 'Replaced the cartridge',
      materials: [{ description: 'Cartridge', quantity: '2', unit_cost: '18.40' }],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ user_id: tech.id, work_order_id: mine.id, hourly_rate: '85.00', labour_amount: '127.50', materials_amount: '36.80' })
    const detail = await me.get(`work-orders/${mine.id}/`)
    expect(detail.body.work_logs[0]).toMatchObject({ hours: '1.50', labour_amount: '127.50', materials: [{ description: 'Cartridge', amount: '36.80' }] })
    // The office sees it as any other log.
    expect((await get(token, `work-logs/?work_order_id=${mine.id}`)).count).toBe(1)

    const bad = await me.post(`work-orders/${mine.id}/work-logs/`, { work_date: today, hours: '1', materials: [{ description: '', quantity: '1', unit_cost: 'abc' }] })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['materials[0].description', 'materials[0].unit_cost'])
  })
})

describe('comments and photos', () => {
  it('comments are signed, shown to the resident or internal', async () => {
    const { tech, as, workOrder } = await setUp()
    const mine = await workOrder({ assigned_user_id: tech.id })
    const me = as(tech.token)
    expect((await me.post(`work-orders/${mine.id}/comments/`, { body: 'On my way', visible_to_resident: true })).status).toBe(201)
    expect((await me.post(`work-orders/${mine.id}/comments/`, { body: 'Needs a new valve' })).status).toBe(201)
    const detail = await me.get(`work-orders/${mine.id}/`)
    expect(detail.body.comments.map((c: Body) => [c.body, c.visible_to_resident, c.author_name])).toEqual([
      ['On my way', true, 'Member technician'],
      ['Needs a new valve', false, 'Member technician'],
    ])
    expect((await me.post(`work-orders/${mine.id}/comments/`, { body: '' })).status).toBe(400)
  })

  it('a photo must be an image; it is kept on the work order and downloaded within their scope', async () => {
    const { tech, other, as, workOrder, token } = await setUp()
    const mine = await workOrder({ assigned_user_id: tech.id })
    const send = (token: string, file: File) => upload(`technician/work-orders/${mine.id}/photos/`, token, { file })
    const text = await send(tech.token, new File(['not an image'], 'leak.jpg', { type: 'image/jpeg' }))
    expect(text.status).toBe(400)
    expect(Object.keys(text.body.errors)).toEqual(['file'])
    const photo = await send(tech.token, new File([PNG], 'leak.png', { type: 'image/png' }))
    expect(photo.status, JSON.stringify(photo.body)).toBe(201)
    // Before and after the work: said by the technician, read by the office with the photo.
    const wrongPhase = await upload(`technician/work-orders/${mine.id}/photos/`, tech.token, { file: new File([PNG], 'done.png', { type: 'image/png' }), phase: 'DURING' })
    expect(wrongPhase.status).toBe(400)
    expect(wrongPhase.body.errors.phase).toEqual(['Phase must be one of: BEFORE, AFTER.'])
    const after = await upload(`technician/work-orders/${mine.id}/photos/`, tech.token, { file: new File([PNG], 'done.png', { type: 'image/png' }), phase: 'AFTER', caption: 'New valve' })
    expect(after.body).toMatchObject({ phase: 'AFTER', caption: 'New valve' })
    const detail = await as(tech.token).get(`work-orders/${mine.id}/`)
    expect(detail.body.photos.map((p: Body) => p.phase)).toEqual([null, 'AFTER'])
    const office = await api('GET', `photos/?record_type=work-orders&record_id=${mine.id}`, { token })
    expect(office.body.results.map((p: Body) => [p.caption, p.phase])).toEqual([
      [null, null],
      ['New valve', 'AFTER'],
    ])
    const shown = await download(detail.body.photos[0].download_url.replace(/^\/api\//, ''), tech.token)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')
    expect((await api('GET', detail.body.photos[0].download_url.replace(/^\/api\//, ''), { token: other.token })).status).toBe(403)
    expect((await send(other.token, new File([PNG], 'leak.png', { type: 'image/png' }))).status).toBe(403)
  })
})

describe('time tracking', () => {
  it('clocks in and out, keeping the rate of the day it started', async () => {
    const { tech, as, workOrder, token } = await setUp()
    const mine = await workOrder({ assigned_user_id: tech.id })
    const me = as(tech.token)
    const started = new Date(Date.now() - 90 * 60_000)
    const clockedIn = await me.post('time-tracking-entries/', { work_order_id: mine.id, started_at: started.toISOString() })
    expect(clockedIn.status, JSON.stringify(clockedIn.body)).toBe(201)
    expect(clockedIn.body).toMatchObject({ state: 'OPEN', hourly_rate: '85.00', work_order: 'Leaking kitchen tap' })
    expect((await me.post('time-tracking-entries/', {})).status).toBe(400)
    // A raise after clock-in changes nothing of this entry.
    await crossCompany(() => getDb().update(users).set({ hourlyRate: 9900 }).where(eq(users.id, tech.id)))
    const before = await me.post(`time-tracking-entries/${clockedIn.body.id}/clock-out/`, { ended_at: new Date(started.getTime() - 60_000).toISOString() })
    expect(before.status).toBe(400)
    expect(Object.keys(before.body.errors)).toEqual(['ended_at'])
    expect((await me.get(`time-tracking-entries/${clockedIn.body.id}/`)).body.state).toBe('OPEN')
    const out = await me.post(`time-tracking-entries/${clockedIn.body.id}/clock-out/`, { ended_at: new Date(started.getTime() + 90 * 60_000).toISOString() })
    expect(out.status, JSON.stringify(out.body)).toBe(200)
    expect(out.body).toMatchObject({ state: 'CLOSED', hourly_rate: '85.00', minutes: 90, amount: '127.50' })
    expect((await me.post(`time-tracking-entries/${clockedIn.body.id}/clock-out/`, {})).status).toBe(409)
    const list = await me.get('time-tracking-entries/')
    expect(list.body).toMatchObject({ count: 1, open: null })
    // The office reads every technician's entries, at the rate each kept.
    const office = await get(token, `time-tracking-entries/?user_id=${tech.id}`)
    expect(office.results).toHaveLength(1)
    expect(office.results[0]).toMatchObject({ state: 'CLOSED', hourly_rate: '85.00', minutes: 90, amount: '127.50', work_order_id: mine.id })
    const history = await get(token, `time-tracking-entries/${clockedIn.body.id}/history/`)
    expect(((Array.isArray(history) ? history : history.results) as Body[]).map((h) => h.to_state)).toEqual(['OPEN', 'CLOSED'])
    // Staff clock out an entry left open; there is no update.
    const left = await me.post('time-tracking-entries/', {})
    expect((await api('POST', `time-tracking-entries/${left.body.id}/clock-out/`, { token, body: {} })).status).toBe(200)
    expect((await api('PUT', `time-tracking-entries/${left.body.id}/`, { token, body: { notes: 'x' } })).status).toBe(404)
    // The office clocks a technician in now, at their rate of today (raised since); not twice.
    const byOffice = await api('POST', 'time-tracking-entries/', { token, body: { user_id: tech.id, work_order_id: mine.id, notes: 'Called in from the site' } })
    expect(byOffice.status, JSON.stringify(byOffice.body)).toBe(201)
    expect(byOffice.body).toMatchObject({ state: 'OPEN', hourly_rate: '99.00', user_id: tech.id, notes: 'Called in from the site' })
    expect(Math.abs(Date.parse(byOffice.body.started_at) - Date.now())).toBeLessThan(60_000)
    const twice = await api('POST', 'time-tracking-entries/', { token, body: { user_id: tech.id } })
    expect(twice.status).toBe(400)
    expect(twice.body.errors).toEqual({ user_id: ['This technician is clocked in already: clock them out first.'] })
  })

  it('refuses an entry that ends before it starts, and another technician’s entry', async () => {
    const { tech, other, as } = await setUp()
    const backwards = await as(tech.token).post('time-tracking-entries/', { started_at: '2026-03-02T10:00:00Z', ended_at: '2026-03-02T09:00:00Z' })
    expect(backwards.status).toBe(400)
    expect(Object.keys(backwards.body.errors)).toEqual(['ended_at'])
    // Three days in one entry is a typing mistake: a day at most.
    const long = await as(tech.token).post('time-tracking-entries/', { started_at: '2026-03-10T08:00:00Z', ended_at: '2026-03-13T08:00:00Z' })
    expect(long.body.errors).toEqual({ ended_at: ['An entry is at most 24 hours: enter each day’s work as an entry of its own.'] })
    expect((await as(tech.token).get('time-tracking-entries/')).body.count).toBe(0)
    // Time worked once is not entered twice: an overlap, or the same entry again, is refused; the next hours are not.
    expect((await as(tech.token).post('time-tracking-entries/', { started_at: '2026-03-02T13:00:00Z', ended_at: '2026-03-02T15:30:00Z' })).status).toBe(201)
    for (const [from, to] of [['2026-03-02T14:00:00Z', '2026-03-02T16:00:00Z'], ['2026-03-02T13:00:00Z', '2026-03-02T15:30:00Z'], ['2026-03-02T12:00:00Z', '2026-03-02T18:00:00Z']]) {
      const overlap = await as(tech.token).post('time-tracking-entries/', { started_at: from, ended_at: to })
      expect(overlap.status).toBe(400)
      expect(overlap.body.errors.started_at[0]).toMatch(/^This time overlaps your entry of Mar 2, 2026/)
    }
    expect((await as(tech.token).post('time-tracking-entries/', { started_at: '2026-03-02T15:30:00Z', ended_at: '2026-03-02T17:00:00Z' })).status).toBe(201)
    expect((await as(tech.token).get('time-tracking-entries/')).body.count).toBe(2)
    const mine = await as(tech.token).post('time-tracking-entries/', {})
    // Clocked in, earlier time is still entered; time since the clock-in is not.
    expect((await as(tech.token).post('time-tracking-entries/', { started_at: new Date(Date.now() - 30 * 60_000).toISOString(), ended_at: new Date(Date.now() + 60_000).toISOString() })).status).toBe(400)
    expect((await as(other.token).get(`time-tracking-entries/${mine.body.id}/`)).status).toBe(403)
    expect((await as(other.token).post(`time-tracking-entries/${mine.body.id}/clock-out/`, {})).status).toBe(403)
  })
})
