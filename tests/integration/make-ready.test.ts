import { describe, expect, it } from 'vitest'
import { api, registerCompany } from '../factories/api'
import { get, leasingCompany, moveInsAt, type Body } from '../factories/leasing'

/*
 * Make-ready (issue 15 item 7): notice given on a lease puts its unit on the board with a turn from
 * the move-out, the default tasks by category and a ready-by day; the next lease signed sets the
 * move-in it must be ready for; the repairs are opened as work orders; the turn is ready once every
 * task is done or skipped. Notice withdrawn takes the unit off the board, the next lease moving in
 * ends the turn, and a unit has one turn open at a time.
 */

async function setUp() {
  const company = await leasingCompany()
  const lease = await company.lease({ start_date: '2026-01-01' })
  const act = (path: string, body: Record<string, unknown> = {}) => api('POST', path, { token: company.token, body })
  const notice = async (id: string, moveOut = '2031-06-30') => {
    const given = await act(`leases/${id}/give-notice/`, { notice_date: '2031-04-01', move_out_date: moveOut })
    expect(given.status, JSON.stringify(given.body)).toBe(200)
  }
  const turnOf = async (unitId: string) => ((await get(company.token, `leasing/make-readies/?rental_unit_id=${unitId}&open=true`)).results as Body[])[0]
  const read = (id: string) => get(company.token, `leasing/make-readies/${id}/`) as Promise<Body>
  return { ...company, lease, act, notice, turnOf, read }
}

describe('make-ready task categories', () => {
  it('are there for a new company, the repairs among those done through work orders', async () => {
    const { token } = await registerCompany()
    const categories = (await get(token, 'make-ready-task-categories/')).results as Body[]
    expect(categories.map((c) => c.name)).toEqual(['Admin', 'Cleaning', 'Cosmetic', 'Inspection', 'Marketing', 'Repair', 'Safety'])
    expect(categories.filter((c) => c.opens_work_orders).map((c) => c.name)).toEqual(['Cosmetic', 'Repair', 'Safety'])
  })
})

describe('a unit’s turn', () => {
  it('opens when notice is given, ready by the day before the next move-in, and is on the board', async () => {
    const { lease, notice, turnOf, token, post } = await setUp()
    await notice(lease.id)
    const turn = await turnOf(lease.unit.id)
    expect(turn).toMatchObject({ status: 'UPCOMING', move_out_lease_id: lease.id, move_out_date: '2031-06-30', ready_by_date: '2031-07-07', next_lease_id: null, days_until_move_in: null, tasks: '0 of 7' })
    expect(turn.label).toBe(`Turn of ${lease.unit.label} from 2031-06-30`)

    // The next lease, signed: the turn must be ready the day before it moves in.
    const resident = await post('residents/', { first_name: 'Ben', last_name: 'Next', resident_type: 'APPLICANT' })
    const next = await post('leases/', { rental_unit_id: lease.unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2031-07-10', rent: '1600.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: resident.id, role: 'PRIMARY' }] })
    const followed = await turnOf(lease.unit.id)
    expect(followed).toMatchObject({ next_lease_id: next.id, next_move_in_date: '2031-07-10', ready_by_date: '2031-07-09' })
    expect(followed.days_until_move_in).toBeGreaterThan(1000)

    const board = await get(token, 'leases/make-ready-board/')
    expect(board.results).toEqual([expect.objectContaining({ id: turn.id, unit: lease.unit.label, next_move_in_date: '2031-07-10', tasks_total: 7, status_label: 'Upcoming' })])
  })

  it('is one at a time per unit', async () => {
    const { lease, notice, turnOf, token } = await setUp()
    await notice(lease.id)
    const open = await turnOf(lease.unit.id)
    const second = await api('POST', 'leasing/make-readies/', { token, body: { rental_unit_id: lease.unit.id, move_out_date: '2031-06-30' } })
    expect(second.status).toBe(409)
    expect(second.body.detail).toContain(String(open.label))
  })

  it('opens work orders for its repairs, and is ready only once every task is done or skipped', async () => {
    const { lease, notice, turnOf, read, act, token } = await setUp()
    await notice(lease.id)
    const turn = await turnOf(lease.unit.id)
    const opened = await act(`leasing/make-readies/${turn.id}/open-work-orders/`)
    expect(opened.status, JSON.stringify(opened.body)).toBe(200)
    const tasks = opened.body.lines as Body[]
    const withOrders = tasks.filter((t) => t.work_order_id)
    expect(withOrders.map((t) => t.description)).toEqual(['Repairs from the move-out inspection', 'Touch-up paint', 'Test smoke and CO alarms'])
    expect(withOrders.every((t) => t.status === 'IN_PROGRESS')).toBe(true)
    const order = await get(token, `work-orders/${withOrders[0].work_order_id}/`)
    expect(order).toMatchObject({ subject: 'Repairs from the move-out inspection', rental_unit_id: lease.unit.id, stage: 'NEW' })
    expect((await act(`leasing/make-readies/${turn.id}/open-work-orders/`)).status).toBe(409)

    const early = await act(`leasing/make-readies/${turn.id}/complete/`)
    expect(early.status).toBe(400)
    expect(early.body.detail).toMatch(/Some tasks are still to do: Move-out inspection/)
    // Every task done, the marketing one skipped (the next residents are signed).
    const settled = tasks.map(({ id, category_id, description, due_date, work_order_id }) => ({ id, category_id, description, due_date, work_order_id, status: description === 'Photos for the listing' ? 'SKIPPED' : 'DONE' }))
    const saved = await api('PUT', `leasing/make-readies/${turn.id}/`, { token, body: { lines: settled } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.tasks).toBe('7 of 7')
    const done = await act(`leasing/make-readies/${turn.id}/complete/`)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body).toMatchObject({ status: 'DONE', ready_date: '2031-06-30' })
    expect((await read(turn.id)).open).toBe(false)
    expect((await get(token, 'leases/make-ready-board/')).count).toBe(0)
  })

  it('is taken off the board when notice is withdrawn, and ends when the next lease moves in', async () => {
    const { lease, notice, turnOf, act, read, post, companyId } = await setUp()
    await notice(lease.id)
    const turn = await turnOf(lease.unit.id)
    expect((await act(`leases/${lease.id}/withdraw-notice/`)).status).toBe(200)
    expect(await read(String(turn.id))).toMatchObject({ status: 'CANCELED' })
    expect(await turnOf(lease.unit.id)).toBeUndefined()

    // Notice again, the lease ends, and the next lease moves in: the turn is over.
    await notice(lease.id)
    const again = await turnOf(lease.unit.id)
    expect((await act(`leases/${lease.id}/end/`, { move_out_date: '2031-06-30' })).status).toBe(200)
    const resident = await post('residents/', { first_name: 'Ben', last_name: 'Next', resident_type: 'APPLICANT' })
    const next = await post('leases/', { rental_unit_id: lease.unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2031-07-05', rent: '1600.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: resident.id, role: 'PRIMARY' }] })
    const activated = await act(`leases/${next.id}/activate/`)
    expect(activated.status, JSON.stringify(activated.body)).toBe(200)
    // Signed ahead, it is the turn's next move-in; the turn ends the day it begins.
    expect(await read(String(again.id))).toMatchObject({ status: 'UPCOMING', next_lease_id: next.id, next_move_in_date: '2031-07-05' })
    await moveInsAt(companyId, '2031-07-05T12:00:00Z')
    expect(await read(String(again.id))).toMatchObject({ status: 'DONE', ready_date: '2031-07-04' })
  })
})
