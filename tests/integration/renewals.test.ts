import { describe, expect, it } from 'vitest'
import { todayIn } from '~/domain/dates'
import { api } from '../factories/api'
import { get, leasingCompany, moveInsAt, runRentAt, type Body } from '../factories/leasing'

/*
 * A renewal as a property manager makes one: a new lease of the same unit, for the same residents,
 * starting the day after the lease it renews. That lease runs (and is charged) until then; on the
 * renewal's first day it ends, and the tenancy's deposits and rent increases still to come go over
 * to the renewal. A renewal at a higher rent is a rent increase under the province's law.
 */

const address = { street: '1 Main Street', city: 'Ottawa', province: 'ON', postal_code: 'K1R 5C9', country: 'CA' }
const today = todayIn('America/Toronto')
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
/** The first day of the month after today's: a renewal signed ahead starts then. */
const nextMonth = (() => {
  const [year, month] = today.split('-').map(Number)
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
})()

describe('renewals', () => {
  it('take over on their first day: the lease renewed runs until then, then ends and hands over its deposits and increases to come', async () => {
    const company = await leasingCompany()
    const { token, post, companyId } = company
    const ottawa = await company.property('Centretown', address)
    const movedIn = shift(today, -400)
    const lease = await company.lease({ start_date: movedIn, rent: '1500.00', last_month_rent_deposit: '1500.00' }, ottawa)
    const residents = ((lease as Body).lines as Body[]).map(({ resident_id, role }) => ({ resident_id, role }))
    await post('security-deposits/', { lease_id: lease.id, deposit_type: 'LAST_MONTH_RENT', date: movedIn, amount: '1500.00', method: 'CHEQUE' })
    const increase = await post('rent-increases/', { lease_id: lease.id, new_rent: '1525.00', effective_date: shift(today, 120) })
    const terms = { rental_unit_id: lease.unit.id, lease_type: 'FIXED', start_date: nextMonth, end_date: shift(`${Number(nextMonth.slice(0, 4)) + 1}${nextMonth.slice(4)}`, -1), rent: '1500.00', rent_frequency: 'MONTHLY', renews_lease_id: lease.id, lines: residents }

    // Another unit is no renewal; a raise past Ontario's guideline (2.1 %) is refused at the rent.
    const elsewhere = await post('rental-units/', { unit_number: '901', building_id: lease.unit.building_id, unit_type: 'APARTMENT', status: 'VACANT' })
    const moved = await api('POST', 'leases/', { token, body: { ...terms, rental_unit_id: elsewhere.id } })
    expect(moved.status).toBe(400)
    expect(Object.keys(moved.body.errors)).toEqual(['rental_unit_id'])
    const raised = await api('POST', 'leases/', { token, body: { ...terms, rent: '1545.00' } })
    expect(raised.status).toBe(400)
    expect(raised.body.errors.rent[0]).toMatch(/has a rent increase on its way/)

    // Signed ahead: the lease renewed goes on to the day before, and is charged to then only.
    const renewal = await post('leases/', terms)
    expect(renewal.move_in_date).toBe(movedIn)
    expect((await api('POST', `leases/${renewal.id}/activate/`, { token, body: {} })).status).toBe(200)
    const dayBefore = shift(nextMonth, -1)
    expect(await get(token, `leases/${lease.id}/`)).toMatchObject({ status: 'ACTIVE', end_date: dayBefore })
    expect((await get(token, `rent-payment-schedules/?lease_id=${lease.id}`)).results.map((s: Body) => s.end_date)).toEqual([dayBefore])
    expect(await get(token, `rental-units/${lease.unit.id}/`)).toMatchObject({ status: 'OCCUPIED' })
    expect((await get(token, `security-deposits/?lease_id=${lease.id}`)).count).toBe(1)

    // Its first day: the lease renewed ends, saying why, and the renewal holds what the tenancy held.
    expect(await moveInsAt(companyId, `${nextMonth}T03:00:00Z`)).toEqual({ followed: 0 })
    expect(await moveInsAt(companyId, `${nextMonth}T12:00:00Z`)).toEqual({ followed: 1 })
    expect(await moveInsAt(companyId, `${nextMonth}T13:00:00Z`)).toEqual({ followed: 0 })
    expect(await get(token, `leases/${lease.id}/`)).toMatchObject({ status: 'ENDED' })
    const history = (await get(token, `leases/${lease.id}/history/`)) as Body[]
    expect(history.at(-1)).toMatchObject({ from_state: 'ACTIVE', to_state: 'ENDED', note: `Renewed by ${renewal.label}` })
    for (const resident of residents) expect(await get(token, `residents/${resident.resident_id}/`)).toMatchObject({ resident_type: 'CURRENT_RESIDENT', move_in_date: movedIn })
    expect(await get(token, `rental-units/${lease.unit.id}/`)).toMatchObject({ status: 'OCCUPIED' })
    expect((await get(token, `security-deposits/?lease_id=${lease.id}`)).count).toBe(0)
    expect((await get(token, `security-deposits/?lease_id=${renewal.id}`)).results).toEqual([expect.objectContaining({ amount: '1500.00', status: 'HELD', label: `Last month’s rent deposit · ${renewal.label}` })])
    expect((await get(token, `rent-increases/?lease_id=${renewal.id}`)).results.map((i: Body) => i.id)).toEqual([increase.id])

    // The rent run charges the renewal from its first day, and the lease renewed nothing past its last.
    await runRentAt(companyId, `${nextMonth}T16:00:00Z`)
    const charged = (id: string) => get(token, `rent-receivables/?lease_id=${id}&ordering=-date&page_size=1`)
    expect((await charged(lease.id)).results[0].date < nextMonth).toBe(true)
    expect((await charged(renewal.id)).results[0]).toMatchObject({ date: nextMonth, amount: '1500.00' })
    // The books: the deposit is held for the renewal, and the liability is the deposit still.
    const roll = await get(token, `reporting/rent-roll/?as_of=${nextMonth}`)
    expect((roll.rows as Body[]).find((r) => r.lease_id === renewal.id)).toMatchObject({ deposit_held: '1500.00' })
    const trial = await get(token, `reporting/trial-balance/?as_of=${nextMonth}`)
    expect(trial.balanced).toBe(true)
    expect((trial.rows as Body[]).find((r) => r.number === '2100')).toMatchObject({ credit: '1500.00' })
  })

  it('of a lease ended already take over what it still held as they are activated', async () => {
    const company = await leasingCompany()
    const { token, post } = company
    const ottawa = await company.property('Centretown', address)
    const lease = await company.lease({ start_date: shift(today, -400), rent: '1400.00', last_month_rent_deposit: '1400.00' }, ottawa)
    await post('security-deposits/', { lease_id: lease.id, deposit_type: 'LAST_MONTH_RENT', date: shift(today, -400), amount: '1400.00', method: 'CHEQUE' })
    expect((await api('POST', `leases/${lease.id}/end/`, { token, body: { move_out_date: shift(today, -1) } })).status).toBe(200)
    const terms = { rental_unit_id: lease.unit.id, lease_type: 'MONTH_TO_MONTH', start_date: nextMonth, rent: '1400.00', rent_frequency: 'MONTHLY', renews_lease_id: lease.id, lines: ((lease as Body).lines as Body[]).map(({ resident_id, role }) => ({ resident_id, role })) }
    // A raise past Ontario's guideline (2.1 %) is refused at the rent.
    const raised = await api('POST', 'leases/', { token, body: { ...terms, rent: '1440.00' } })
    expect(raised.status).toBe(400)
    expect(raised.body.errors.rent[0]).toMatch(/^At most 1429\.40: Ontario’s guideline/)
    const renewal = await post('leases/', terms)
    expect((await api('POST', `leases/${renewal.id}/activate/`, { token, body: {} })).status).toBe(200)
    expect((await get(token, `security-deposits/?lease_id=${renewal.id}`)).results).toEqual([expect.objectContaining({ amount: '1400.00', status: 'HELD' })])
    // On the day it begins, the residents move in again; nothing is moved twice.
    expect(await moveInsAt(company.companyId, `${nextMonth}T12:00:00Z`)).toEqual({ followed: 1 })
    const trial = await get(token, `reporting/trial-balance/?as_of=${nextMonth}`)
    expect((trial.rows as Body[]).find((r) => r.number === '2100')).toMatchObject({ credit: '1400.00' })
  })

  it('take over at once when signed after their first day, charging only what the lease renewed did not', async () => {
    const company = await leasingCompany()
    const { token, post } = company
    const lease = await company.lease({ start_date: shift(today, -500), rent: '1200.00' })
    const started = shift(today, -20)
    const renewal = await post('leases/', { rental_unit_id: lease.unit.id, lease_type: 'MONTH_TO_MONTH', start_date: started, rent: '1200.00', rent_frequency: 'MONTHLY', renews_lease_id: lease.id, lines: ((lease as Body).lines as Body[]).map(({ resident_id, role }) => ({ resident_id, role })) })
    expect((await api('POST', `leases/${renewal.id}/activate/`, { token, body: {} })).status).toBe(200)
    expect(await get(token, `leases/${lease.id}/`)).toMatchObject({ status: 'ENDED', end_date: shift(started, -1) })
    expect(await get(token, `rental-units/${lease.unit.id}/current-lease/`)).toMatchObject({ id: renewal.id })
    // This month was charged by the lease renewed: the renewal charges from the next one, never a period twice.
    expect((await get(token, `rent-payment-schedules/?lease_id=${renewal.id}`)).results.map((s: Body) => s.start_date)).toEqual([nextMonth])
    expect((await get(token, `rent-receivables/?lease_id=${renewal.id}`)).count).toBe(0)
    expect((await get(token, `leases/${renewal.id}/`)).balance).toBe('0.00')
  })

  it('carry an increase applied for a day they cover over to their own schedule, and refuse a raise before its twelve months', async () => {
    const company = await leasingCompany()
    const { token, post, companyId } = company
    const ottawa = await company.property('Centretown', address)
    const lease = await company.lease({ start_date: shift(today, -400), rent: '1500.00' }, ottawa)
    const later = (() => {
      const [year, month] = shift(today, 100).split('-').map(Number)
      return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
    })()
    const increase = await post('rent-increases/', { lease_id: lease.id, new_rent: '1530.00', effective_date: later })
    for (const action of ['give-notice', 'apply']) expect((await api('POST', `rent-increases/${increase.id}/${action}/`, { token, body: {} })).status).toBe(200)
    const terms = { rental_unit_id: lease.unit.id, lease_type: 'MONTH_TO_MONTH', start_date: nextMonth, rent_frequency: 'MONTHLY', renews_lease_id: lease.id, lines: ((lease as Body).lines as Body[]).map(({ resident_id, role }) => ({ resident_id, role })) }
    // The increase raised the rent already: another raise waits twelve months from it.
    const raised = await api('POST', 'leases/', { token, body: { ...terms, rent: '1545.00' } })
    expect(raised.status).toBe(400)
    expect(raised.body.errors.rent[0]).toMatch(/which may rise from/)
    const renewal = await post('leases/', { ...terms, rent: '1500.00' })
    expect((await api('POST', `leases/${renewal.id}/activate/`, { token, body: {} })).status).toBe(200)
    await moveInsAt(companyId, `${nextMonth}T12:00:00Z`)
    // Taken over, it waits for its date on the renewal; the rent run applies it to the renewal's schedule then.
    expect(await get(token, `rent-increases/${increase.id}/`)).toMatchObject({ lease_id: renewal.id, status: 'NOTICE_SENT' })
    await runRentAt(companyId, `${later}T16:00:00Z`)
    expect(await get(token, `rent-increases/${increase.id}/`)).toMatchObject({ status: 'APPLIED' })
    const charges = await get(token, `rent-receivables/?lease_id=${renewal.id}&ordering=-date&page_size=1`)
    expect(charges.results[0]).toMatchObject({ date: later, amount: '1530.00' })
  })
})
