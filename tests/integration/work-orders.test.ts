import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { api, registerCompany, unique } from '../factories/api'
import { get, leasingCompany, type Body } from '../factories/leasing'
import { receivedMail } from '../setup/smtp'

/*
 * Work orders (ADR 022): a company starts with default categories and one status per stage; a work
 * order starts New with response and completion targets from its priority; choosing a status moves
 * it to that status's stage through an allowed transition, kept in the history under the status's
 * name, and a move not allowed is refused with 409 naming where it is; a visit to a lived-in unit
 * takes 24 hours' notice between 8 a.m. and 8 p.m. (company time), unless an emergency or the
 * resident consents; a duplicate copies what and where, and starts afresh.
 */

const HOUR = 3_600_000
const TZ = 'America/Toronto'

/** A day and time on Toronto's clock, as the form sends them. */
function torontoClock(at: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}`, hour: Number(part('hour')) }
}
/** A day from now, in Toronto. */
const inDays = (days: number) => torontoClock(new Date(Date.now() + days * 24 * HOUR)).date

async function setUp() {
  const company = await leasingCompany()
  const lived = await company.lease()
  const statuses = (await get(company.token, 'work-orders/statuses/?page_size=100')).results as Body[]
  const status = (name: string) => statuses.find((s) => s.name === name)!.id
  const workOrder = (body: Record<string, unknown> = {}) =>
    company.post('work-orders/', { subject: 'Leaking kitchen tap', property_group_id: company.home.id, rental_unit_id: lived.unit.id, priority: 'ROUTINE', ...body })
  const move = (id: string, statusId: string) => api('POST', `work-orders/${id}/change-status/`, { token: company.token, body: { status_id: statusId } })
  return { ...company, lived, status, workOrder, move }
}

describe('a company’s categories and statuses', () => {
  it('start with the defaults: the common trades, and one status per stage named as the stage', async () => {
    const { token } = await registerCompany()
    const categories = (await get(token, 'work-orders/categories/?page_size=100')).results as Body[]
    expect(categories.map((c) => c.name)).toEqual(['Appliance', 'Electrical', 'General', 'HVAC', 'Locks and keys', 'Pest control', 'Plumbing'])
    const statuses = (await get(token, 'work-orders/statuses/?page_size=100')).results as Body[]
    expect(statuses).toHaveLength(12)
    expect(statuses.find((s) => s.stage === 'AWAITING_ESTIMATE')).toMatchObject({ name: 'Awaiting estimate' })
  })
})

describe('a work order', () => {
  it('starts New with targets from its priority', async () => {
    const { workOrder, home } = await setUp()
    for (const [priority, response, completion] of [
      ['EMERGENCY', 1, 24],
      ['URGENT', 24, 72],
      ['ROUTINE', 72, 168],
    ] as const) {
      const made = await workOrder({ priority, rental_unit_id: null, location: 'Lobby' })
      expect(made).toMatchObject({ stage: 'NEW', status_label: 'New', property_group_id: home.id, location: 'Lobby' })
      const created = Date.parse(String(made.created_at))
      expect(Date.parse(String(made.response_due_at)) - created).toBeGreaterThan(response * HOUR - 60_000)
      expect(Date.parse(String(made.response_due_at)) - created).toBeLessThan(response * HOUR + 60_000)
      expect(Date.parse(String(made.completion_due_at)) - Date.parse(String(made.response_due_at))).toBe((completion - response) * HOUR)
      expect(made.response_due).toMatch(/\d{4}/)
    }
  })

  it('moves to a status’s stage, keeping each change in its history with who, when and the status', async () => {
    const { token, post, workOrder, move, status } = await setUp()
    const waitingParts = await post('work-orders/statuses/', { name: 'Waiting on parts', stage: 'ON_HOLD' })
    const waitingResident = await post('work-orders/statuses/', { name: 'Waiting on resident', stage: 'ON_HOLD' })
    const made = await workOrder()
    const triaged = await move(made.id, status('Triage'))
    expect(triaged.status, JSON.stringify(triaged.body)).toBe(200)
    expect(triaged.body).toMatchObject({ stage: 'TRIAGE', status_label: 'Triage' })
    expect((await move(made.id, waitingParts.id)).body).toMatchObject({ stage: 'ON_HOLD', status_label: 'Waiting on parts' })
    // Another status on the same stage: the stage stays, the history keeps the change.
    expect((await move(made.id, waitingResident.id)).body).toMatchObject({ stage: 'ON_HOLD', status_label: 'Waiting on resident' })
    const again = await move(made.id, waitingResident.id)
    expect(again.status).toBe(409)
    expect(again.body.detail).toMatch(/already Waiting on resident/)

    const history = (await get(token, `work-orders/${made.id}/history/`)) as Record<string, unknown>[]
    const entries = Array.isArray(history) ? history : ((history as { results: Record<string, unknown>[] }).results ?? [])
    expect(entries.map((h) => [h.from_label, h.to_label])).toEqual([
      [null, 'New'],
      ['New', 'Triage'],
      ['Triage', 'Waiting on parts'],
      ['Waiting on parts', 'Waiting on resident'],
    ])
    expect(entries.slice(1).every((h) => h.action === 'change-status' && typeof h.user_name === 'string' && h.user_name && h.created_at)).toBe(true)

    // A status with work orders on it keeps its stage.
    const restaged = await api('PUT', `work-orders/statuses/${waitingResident.id}/`, { token, body: { name: 'Waiting on resident', stage: 'TRIAGE' } })
    expect(restaged.status).toBe(400)
    expect(Object.keys(restaged.body.errors)).toEqual(['stage'])
    const filtered = await get(token, `work-orders/?status_id=${waitingResident.id}`)
    expect(filtered.count).toBe(1)
    expect((await get(token, 'work-orders/?stage=ON_HOLD')).count).toBe(1)
  })

  it('refuses a move its stage does not allow, with 409 naming its stage', async () => {
    const { token, workOrder, move, status } = await setUp()
    const made = await workOrder()
    const closed = await move(made.id, status('Closed'))
    expect(closed.status).toBe(409)
    expect(closed.body.detail).toBe('This work order is New; it cannot move from there to Closed.')
    expect(closed.body.errors).toHaveProperty('stage')
    // Scheduled needs a visit first.
    const scheduled = await move(made.id, status('Scheduled'))
    expect(scheduled.status).toBe(409)
    expect(scheduled.body.detail).toMatch(/Schedule the visit first/)
    expect((await get(token, `work-orders/${made.id}/`)).stage).toBe('NEW')
    // Canceled is the end: no more moves or changes.
    expect((await move(made.id, status('Canceled'))).status).toBe(200)
    const reopened = await move(made.id, status('New'))
    expect(reopened.status).toBe(409)
    expect(reopened.body.detail).toMatch(/This work order is Canceled; Change status needs it to be/)
    const edited = await api('PUT', `work-orders/${made.id}/`, { token, body: { subject: 'Another', property_group_id: made.property_group_id, priority: 'ROUTINE' } })
    expect(edited.status).toBe(409)
  })

  it('keeps its unit to its property', async () => {
    const { token, property, workOrder, lived } = await setUp()
    const other = await property('Elgin Place')
    const refused = await api('POST', 'work-orders/', { token, body: { subject: 'Tap', property_group_id: other.id, rental_unit_id: lived.unit.id, priority: 'ROUTINE' } })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.errors)).toEqual(['rental_unit_id'])
    expect((await workOrder()).rental_unit_label).toBeTruthy()
  })
})

describe('entering a lived-in unit', () => {
  it('takes 24 hours’ notice and falls between 8 a.m. and 8 p.m., company time', async () => {
    const { token, workOrder } = await setUp()
    // A time within the next day, inside the window: too little notice.
    let soon = new Date(Math.ceil((Date.now() + HOUR) / (15 * 60_000)) * 15 * 60_000)
    while (torontoClock(soon).hour < 9 || torontoClock(soon).hour >= 19) soon = new Date(soon.getTime() + 15 * 60_000)
    const tooSoon = await api('POST', 'work-orders/', {
      token,
      body: {
        subject: 'Tap',
        property_group_id: (await workOrder()).property_group_id,
        rental_unit_id: (await workOrder()).rental_unit_id,
        priority: 'ROUTINE',
        scheduled_date: torontoClock(soon).date,
        scheduled_time: torontoClock(soon).time,
      },
    })
    expect(tooSoon.status).toBe(400)
    expect(tooSoon.body.errors.scheduled_date[0]).toMatch(/24 hours’ written notice/)

    const made = await workOrder()
    const early = await api('PUT', `work-orders/${made.id}/`, { token, body: { ...editable(made), scheduled_date: inDays(3), scheduled_time: '07:30' } })
    expect(early.status).toBe(400)
    expect(early.body.errors.scheduled_date[0]).toMatch(/between 8 a.m. and 8 p.m./)
    const late = await api('PUT', `work-orders/${made.id}/`, { token, body: { ...editable(made), scheduled_date: inDays(3), scheduled_time: '20:15' } })
    expect(late.status).toBe(400)

    const fine = await api('PUT', `work-orders/${made.id}/`, { token, body: { ...editable(made), scheduled_date: inDays(3), scheduled_time: '10:00' } })
    expect(fine.status, JSON.stringify(fine.body)).toBe(200)
    expect(torontoClock(new Date(fine.body.scheduled_at))).toMatchObject({ date: inDays(3), time: '10:00' })
    expect(Math.abs(Date.parse(fine.body.entry_notice_at) - Date.now())).toBeLessThan(60_000)
    // Changing something else leaves the notice as it was given.
    const renamed = await api('PUT', `work-orders/${made.id}/`, { token, body: { ...editable(fine.body), subject: 'Leaking tap, kitchen' } })
    expect(renamed.body.entry_notice_at).toBe(fine.body.entry_notice_at)
  })

  it('asks no notice of an emergency, a resident who consents, or a common area', async () => {
    const { workOrder, home } = await setUp()
    const early = { scheduled_date: inDays(0), scheduled_time: '00:15' }
    expect(await workOrder({ priority: 'EMERGENCY', ...early })).toMatchObject({ scheduled_time: '00:15', entry_notice_at: null })
    expect(await workOrder({ resident_consent: true, ...early })).toMatchObject({ resident_consent: true, entry_notice_at: null })
    expect(await workOrder({ rental_unit_id: null, location: 'Parking garage', ...early })).toMatchObject({ property_group_id: home.id })
  })
})

describe('duplicating a work order', () => {
  it('makes a new one with what and where, without its dates or status', async () => {
    const { token, workOrder, move, status } = await setUp()
    const categories = (await get(token, 'work-orders/categories/?search=plumbing')).results as Body[]
    const made = await workOrder({ category_id: categories[0].id, priority: 'URGENT', entry_notes: 'Key at the desk', pets_on_premises: true, scheduled_date: inDays(3), scheduled_time: '10:00' })
    await move(made.id, status('Scheduled'))
    const duplicated = await api('POST', `work-orders/${made.id}/duplicate/`, { token, body: {} })
    expect(duplicated.status, JSON.stringify(duplicated.body)).toBe(200)
    expect(duplicated.body).toMatchObject({ id: made.id, stage: 'SCHEDULED' })
    const copies = await get(token, `work-orders/?duplicated_from_id=${made.id}`)
    expect(copies.count).toBe(1)
    expect(copies.results[0]).toMatchObject({
      subject: made.subject,
      property_group_id: made.property_group_id,
      rental_unit_id: made.rental_unit_id,
      category_id: categories[0].id,
      priority: 'URGENT',
      entry_notes: 'Key at the desk',
      pets_on_premises: true,
      stage: 'NEW',
      status_label: 'New',
      scheduled_date: null,
      scheduled_at: null,
      duplicated_from_id: made.id,
    })
  })
})

/** Someone invited into the company as a technician or a property manager: their user's id. */
async function invite(token: string, kind: 'maintenance-technician' | 'property-manager', first_name: string, last_name: string) {
  const invited = await api('POST', `invite-${kind}/`, { token, body: { email: `${unique(kind)}@example.test`, first_name, last_name } })
  expect(invited.status, JSON.stringify(invited.body)).toBe(201)
  return invited.body.id as string
}

describe('assigning a work order to a technician', () => {
  it('names the company’s technician beside the id, lists and filters by them (or by nobody), and leaves the stage alone', async () => {
    const { token, workOrder } = await setUp()
    const jordan = await invite(token, 'maintenance-technician', 'Jordan', 'Roy')
    const sam = await invite(token, 'maintenance-technician', 'Sam', 'Lee')

    const assigned = await workOrder({ assigned_user_id: jordan })
    expect(assigned).toMatchObject({ assigned_user_id: jordan, assigned_user_label: 'Jordan Roy', stage: 'NEW', status_label: 'New' })
    const other = await workOrder({ subject: 'Squeaky door' })
    expect(other).toMatchObject({ assigned_user_id: null, assigned_user_label: null })

    const reassigned = await api('PUT', `work-orders/${other.id}/`, { token, body: { ...editable(other), assigned_user_id: sam } })
    expect(reassigned.status, JSON.stringify(reassigned.body)).toBe(200)
    expect(reassigned.body).toMatchObject({ assigned_user_label: 'Sam Lee', stage: 'NEW' })

    const jordans = await get(token, `work-orders/?assigned_user_id=${jordan}`)
    expect(jordans.results.map((w: Body) => w.id)).toEqual([assigned.id])
    expect((await get(token, `work-orders/?ordering=assigned_user_id`)).results.map((w: Body) => w.assigned_user_label)).toEqual(['Jordan Roy', 'Sam Lee'])

    // The pickers offer the company's technicians by name.
    const names = await get(token, 'work-orders/technicians/names/')
    expect(names.results.map((n: { name: string }) => n.name).sort()).toEqual(['Jordan Roy', 'Sam Lee'])

    const unassigned = await api('PUT', `work-orders/${assigned.id}/`, { token, body: { ...editable(assigned), assigned_user_id: null } })
    expect(unassigned.body).toMatchObject({ assigned_user_id: null, assigned_user_label: null })
    // `none`: the work orders assigned to nobody.
    expect((await get(token, 'work-orders/?assigned_user_id=none')).results.map((w: Body) => w.id)).toEqual([assigned.id])
    expect((await api('GET', 'work-orders/?assigned_user_id=nobody', { token })).body.errors.assigned_user_id).toEqual(['Assigned to must be an id or none.'])
  })

  it('goes to a vendor whose coverage is current, listed on its page and filtered by it; its bills are on the work order’s page', async () => {
    const { token, post, workOrder } = await setUp()
    const covered = await post('vendors/', { name: 'Rapid Plumbing', payment_terms: 'NET_30', insurance_expires_on: inDays(90), wcb_expires_on: inDays(30) })
    const lapsed = await post('vendors/', { name: 'Capital Electric', payment_terms: 'NET_30', insurance_expires_on: '2026-01-31' })
    const given = await workOrder({ vendor_id: covered.id })
    expect(given).toMatchObject({ vendor_id: covered.id, vendor_label: 'Rapid Plumbing' })
    await workOrder()
    expect((await get(token, `work-orders/?vendor_id=${covered.id}`)).results.map((w: Body) => w.id)).toEqual([given.id])
    const refused = await api('PUT', `work-orders/${given.id}/`, { token, body: { vendor_id: lapsed.id } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ vendor_id: ['Capital Electric’s insurance or WCB coverage lapsed on 2026-01-31: enter its renewed certificate’s expiry on the vendor first.'] })
    expect((await get(token, `work-orders/${given.id}/`)).vendor_id).toBe(covered.id)
    // A bill for the work names the work order.
    const chart = (await get(token, 'accounting/accounts/?page_size=200')).results as Body[]
    const bill = await post('accounting/bills/', { vendor_id: covered.id, work_order_id: given.id, date: '2031-03-02', lines: [{ account_id: chart.find((a) => a.number === '5000')!.id, amount: '180.00' }] })
    expect((await get(token, `accounting/bills/?work_order_id=${given.id}`)).results.map((b: Body) => b.id)).toEqual([bill.id])
  })

  it('refuses at the field anyone but an active technician of the company', async () => {
    const { token, workOrder, lived } = await setUp()
    const stranger = await registerCompany()
    const theirs = await invite(stranger.token, 'maintenance-technician', 'Other', 'Company')
    const manager = await invite(token, 'property-manager', 'Pat', 'Manager')
    const gone = await invite(token, 'maintenance-technician', 'Gone', 'Away')
    expect((await api('PUT', `maintenance-technicians/${gone}/`, { token, body: { first_name: 'Gone', last_name: 'Away', is_active: false } })).status).toBe(200)
    const email = `${unique('resident')}@example.test`
    const residentId = (await get(token, `leases/${lived.id}/`)).lines[0].resident_id as string
    expect((await api('PUT', `residents/${residentId}/`, { token, body: { email } })).status).toBe(200)
    expect((await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token, body: {} })).status).toBe(200)
    const [resident] = await crossCompany(() => getDb().select({ id: users.id, userType: users.userType }).from(users).where(eq(users.email, email)))
    expect(resident.userType).toBe('resident')

    const made = await workOrder()
    for (const [who, id] of [
      ['another company’s technician', theirs],
      ['a property manager', manager],
      ['a resident', resident.id],
      ['a deactivated technician', gone],
    ] as const) {
      const created = await api('POST', 'work-orders/', { token, body: { ...editable(made), assigned_user_id: id } })
      expect(created.status, who).toBe(400)
      expect(created.body.errors.assigned_user_id, who).toEqual(['Assigned to: no such technician in your company.'])
      const updated = await api('PUT', `work-orders/${made.id}/`, { token, body: { ...editable(made), assigned_user_id: id } })
      expect(updated.status, who).toBe(400)
      expect(Object.keys(updated.body.errors), who).toEqual(['assigned_user_id'])
    }
    // Nor are they offered: the company's technicians list holds none of them.
    expect((await get(token, 'work-orders/technicians/?page_size=100')).results).toEqual([])
    expect((await api('GET', `work-orders/technicians/${gone}/`, { token })).status).toBe(404)
    expect((await get(token, `work-orders/${made.id}/`)).assigned_user_id).toBeNull()
  })
})

describe('the resident who reported it', () => {
  it('is e-mailed each change of status once it is made, and nothing for a change refused', async () => {
    const { token, workOrder, move, status, lived } = await setUp()
    const residentId = (await get(token, `leases/${lived.id}/`)).lines[0].resident_id as string
    const email = `${unique('reporter')}@example.test`
    expect((await api('PUT', `residents/${residentId}/`, { token, body: { email } })).status).toBe(200)
    const made = await workOrder({ reported_by_resident_id: residentId })
    const toThem = () => receivedMail().filter((m) => m.to.includes(email))
    expect((await move(made.id, status('Triage'))).status).toBe(200)
    expect(toThem().map((m) => m.subject)).toEqual(['Your work order is now Triage: Leaking kitchen tap'])
    expect(toThem()[0].text).toContain('resident center')
    // Refused (no visit scheduled yet): nothing changed, so nothing is said.
    expect((await move(made.id, status('Scheduled'))).status).toBe(409)
    expect(toThem()).toHaveLength(1)
    // Nobody to tell: a work order no resident reported.
    const internal = await workOrder({ subject: 'Check the boiler' })
    const before = receivedMail().length
    expect((await move(internal.id, status('Triage'))).status).toBe(200)
    expect(receivedMail()).toHaveLength(before)
  })
})

describe('work logs', () => {
  it('price the labour at its rate and the materials at their unit costs, and refuse bad lines by line', async () => {
    const { token, post, workOrder } = await setUp()
    const tech = await invite(token, 'maintenance-technician', 'Jordan', 'Roy')
    const made = await workOrder({ assigned_user_id: tech })
    const log = await post('work-logs/', {
      work_order_id: made.id,
      user_id: tech,
      work_date: inDays(0),
      hours: '1.5',
      hourly_rate: '85.00',
      description: 'Replaced the cartridge',
      lines: [
        { description: 'Cartridge', quantity: '1', unit_cost: '18.40' },
        { description: 'Plumber’s tape', quantity: '0.5', unit_cost: '3.99' },
      ],
    })
    expect(log).toMatchObject({ work_order_label: 'Leaking kitchen tap', user_label: 'Jordan Roy', hours: 1.5, labour_amount: '127.50', materials_amount: '20.40' })
    expect((log.lines as Body[]).map((l) => [l.description, l.quantity, l.unit_cost, l.amount])).toEqual([
      ['Cartridge', 1, '18.40', '18.40'],
      ['Plumber’s tape', 0.5, '3.99', '2.00'],
    ])
    expect((await get(token, `work-logs/?work_order_id=${made.id}`)).results.map((l: Body) => l.id)).toEqual([log.id])

    const bad = await api('POST', 'work-logs/', {
      token,
      body: { work_order_id: made.id, work_date: inDays(0), hours: '1', hourly_rate: '85.00', lines: [{ description: 'Washer', quantity: '0', unit_cost: '1.00' }, { quantity: '2', unit_cost: 'abc' }] },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['lines[0].quantity', 'lines[1].description', 'lines[1].unit_cost'])
    const future = await api('POST', 'work-logs/', { token, body: { work_order_id: made.id, work_date: inDays(3), hours: '1' } })
    expect(future.status).toBe(400)
    expect(Object.keys(future.body.errors)).toEqual(['work_date'])
    expect((await get(token, `work-logs/?work_order_id=${made.id}`)).count).toBe(1)
  })
})

describe('comments', () => {
  it('are signed by their author, shown to the resident or kept internal, and closed with the work order', async () => {
    const { token, post, workOrder, move, status } = await setUp()
    const made = await workOrder()
    const shared = await post('comments/', { work_order_id: made.id, body: 'We will come Tuesday morning.', visible_to_resident: true })
    expect(shared).toMatchObject({ work_order_label: 'Leaking kitchen tap', visible_to_resident: true, author_name: 'Ada Manager' })
    expect(shared.written).toMatch(/\d{4}/)
    await post('comments/', { work_order_id: made.id, body: 'Check the shut-off valve too.' })
    expect((await get(token, `comments/?work_order_id=${made.id}&visible_to_resident=true`)).results.map((c: Body) => c.body)).toEqual(['We will come Tuesday morning.'])
    // Kept as written: there is no update.
    expect((await api('PUT', `comments/${shared.id}/`, { token, body: { body: 'changed' } })).status).toBe(404)
    expect((await move(made.id, status('Canceled'))).status).toBe(200)
    const closed = await api('POST', 'comments/', { token, body: { work_order_id: made.id, body: 'Too late' } })
    expect(closed.status).toBe(409)
    expect(closed.body.detail).toMatch(/Canceled; comments are closed/)
  })
})

describe('charging a resident for the work', () => {
  it('charges the lease in force for labour, marked-up materials and at least the minimum, posts it, and closes the work order once', async () => {
    const { token, post, workOrder, move, status, lived } = await setUp()
    const made = await workOrder()
    await post('work-logs/', { work_order_id: made.id, work_date: inDays(0), hours: '1.5', hourly_rate: '85.00', lines: [{ description: 'Cartridge', quantity: '2', unit_cost: '12.00' }] })
    await post('work-logs/', { work_order_id: made.id, work_date: inDays(0), hours: '0.5', hourly_rate: '85.00' })

    // Not before the work is done.
    const early = await api('POST', `work-orders/${made.id}/generate-invoice/`, { token, body: {} })
    expect(early.status).toBe(409)
    expect(early.body.detail).toMatch(/New/)
    expect((await move(made.id, status('Work done'))).status).toBe(200)
    // Ready to charge: its logs' labour and materials, and the lease it would be charged to.
    const ready = await get(token, 'invoiceable-work-orders/')
    expect(ready.results).toEqual([expect.objectContaining({ id: made.id, hours: 2, labour: '170.00', materials: '24.00', work_total: '194.00', lease_id: lived.id })])

    const charged = await api('POST', `work-orders/${made.id}/generate-invoice/`, { token, body: { markup_percent: '15', minimum_charge: '75.00' } })
    expect(charged.status, JSON.stringify(charged.body)).toBe(200)
    expect(charged.body).toMatchObject({ stage: 'CLOSED', status_label: 'Closed' })
    // 2 h × $85.00 + $24.00 of materials + 15 % of them ($3.60).
    const listed = await get(token, `rent-receivables/?work_order_id=${made.id}`)
    const charges = listed.results as Body[]
    expect(charges, JSON.stringify(listed)).toBeDefined()
    expect(charges.map((c) => [c.lease_id, c.charge_type, c.amount, c.description, c.work_order_label])).toEqual([[lived.id, 'MAINTENANCE', '197.60', 'Repair: Leaking kitchen tap', 'Leaking kitchen tap']])
    const account = await get(token, `leases/${lived.id}/rent-account/`)
    expect(account.balance).toBe('197.60')
    const [posted] = (await get(token, `accounting/journal/?source_type=RENT_CHARGE&source_id=${charges[0].id}`)).results as Body[]
    const entry = await get(token, `accounting/journal/${posted.id}/`)
    expect(entry.lines.map((l: Body) => [l.account_label, l.debit, l.credit])).toEqual([
      [expect.stringContaining('Accounts Receivable'), '197.60', null],
      [expect.stringContaining('Maintenance Charged to Residents'), null, '197.60'],
    ])
    expect((await get(token, 'invoiceable-work-orders/')).count).toBe(0)
    // Charged once: it is closed now, and its logs no longer change.
    expect((await api('POST', `work-orders/${made.id}/generate-invoice/`, { token, body: {} })).status).toBe(409)
    const logs = (await get(token, `work-logs/?work_order_id=${made.id}`)).results as Body[]
    const edit = await api('PUT', `work-logs/${logs[0].id}/`, { token, body: { hours: '9' } })
    expect(edit.status).toBe(409)
  })

  it('asks for the lease where the unit has none, refuses a lease of another unit, and charges the minimum for a short visit', async () => {
    const { token, workOrder, move, status, lease, home, post } = await setUp()
    const common = await workOrder({ rental_unit_id: null, location: 'Lobby' })
    expect((await move(common.id, status('Ready to bill'))).status).toBe(200)
    const none = await api('POST', `work-orders/${common.id}/generate-invoice/`, { token, body: { minimum_charge: '75.00' } })
    expect(none.status).toBe(409)
    expect(none.body.errors).toEqual({ lease_id: ['Choose the lease to charge.'] })
    const other = await lease({}, home)
    const ok = await api('POST', `work-orders/${common.id}/generate-invoice/`, { token, body: { lease_id: other.id, minimum_charge: '75.00', description: 'Lobby door damage' } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect((await get(token, `leases/${other.id}/rent-account/`)).balance).toBe('75.00')

    const inUnit = await workOrder()
    await post('work-logs/', { work_order_id: inUnit.id, work_date: inDays(0), hours: '0.25', hourly_rate: '80.00' })
    expect((await move(inUnit.id, status('Work done'))).status).toBe(200)
    const wrong = await api('POST', `work-orders/${inUnit.id}/generate-invoice/`, { token, body: { lease_id: other.id } })
    expect(wrong.status).toBe(409)
    expect(Object.keys(wrong.body.errors)).toEqual(['lease_id'])
    const nothing = await api('POST', `work-orders/${inUnit.id}/generate-invoice/`, { token, body: { minimum_charge: '0' } })
    expect(nothing.status).toBe(200)
    expect((await get(token, `rent-receivables/?work_order_id=${inUnit.id}`)).results[0].amount).toBe('20.00')
  })
})

/** A work order's writable fields as its answer gives them, for a PUT. */
function editable(body: Record<string, unknown>) {
  const keys = [
    'subject',
    'description',
    'property_group_id',
    'rental_unit_id',
    'location',
    'category_id',
    'priority',
    'reported_by_resident_id',
    'assigned_user_id',
    'permission_to_enter',
    'entry_notes',
    'pets_on_premises',
    'resident_consent',
    'scheduled_date',
    'scheduled_time',
    'due_date',
  ]
  return Object.fromEntries(keys.map((k) => [k, body[k]]))
}
