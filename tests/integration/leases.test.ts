import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { companies } from '~/db/schema'
import { api, registerCompany } from '../factories/api'
import { moveInsAt } from '../factories/leasing'

/*
 * Leases as an API client meets them: a draft lease puts residents on a unit, activating it lets
 * the unit (occupied, current residents; a lease signed ahead, future residents until its first day), a second lease over the same days is refused naming the
 * first, notice and ending move the unit and the residents along, residents come and go through
 * their own endpoints, and the rent account reads the lease's receivable lines with a running
 * balance.
 */

type Token = string

async function setUp() {
  const registered = await registerCompany()
  const [{ id: companyId }] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.name, registered.company_name))
  const company = { ...registered, companyId }
  const token: Token = company.token
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await api('POST', path, { token, body })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return response.body as { id: string } & Record<string, unknown>
  }
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await post('rental-units/', { unit_number: '102', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const resident = (first_name: string) => post('residents/', { first_name, last_name: 'Tenant', resident_type: 'APPLICANT' })
  return { company, token, post, property, unit, resident }
}

const get = async (token: Token, path: string) => (await api('GET', path, { token })).body

describe('leases', () => {
  it('let a unit to its residents from activation to the end, one lease at a time', async () => {
    const { company, token, post, unit, resident } = await setUp()
    const ada = await resident('Ada')
    const ben = await resident('Ben')
    const lease = await post('leases/', {
      rental_unit_id: unit.id,
      lease_type: 'FIXED',
      start_date: '2026-07-01',
      end_date: '2027-06-30',
      rent: '1850.00',
      rent_frequency: 'MONTHLY',
      rent_due_day: 1,
      last_month_rent_deposit: '1850.00',
      lines: [
        { resident_id: ada.id, role: 'PRIMARY' },
        { resident_id: ben.id, role: 'CO_TENANT' },
      ],
    })
    expect(lease).toMatchObject({ status: 'DRAFT', label: '102 · Bronson Court from 2026-07-01', rent: '1850.00', resident_names: 'Ada Tenant, Ben Tenant', balance: '0.00' })
    // A draft lets nothing yet.
    expect(await get(token, `rental-units/${unit.id}/`)).toMatchObject({ status: 'VACANT' })
    expect((await api('GET', `rental-units/${unit.id}/current-lease/`, { token })).status).toBe(404)

    const activated = await api('POST', `leases/${lease.id}/activate/`, { token, body: {} })
    expect(activated.status).toBe(200)
    expect(activated.body.status).toBe('ACTIVE')
    expect(await get(token, `rental-units/${unit.id}/`)).toMatchObject({ status: 'OCCUPIED' })
    for (const person of [ada, ben]) expect(await get(token, `residents/${person.id}/`)).toMatchObject({ resident_type: 'CURRENT_RESIDENT', rental_unit_id: unit.id, move_in_date: '2026-07-01' })
    expect(await get(token, `rental-units/${unit.id}/current-lease/`)).toMatchObject({ id: lease.id, status: 'ACTIVE' })

    // Another lease over the same days: refused when activated, naming the lease in the way.
    const cara = await resident('Cara')
    const second = await post('leases/', { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2027-01-01', rent: '1900.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: cara.id, role: 'PRIMARY' }] })
    const clash = await api('POST', `leases/${second.id}/activate/`, { token, body: {} })
    expect(clash.status).toBe(409)
    expect(clash.body.detail).toBe('The unit is let for those dates under the lease 102 · Bronson Court from 2026-07-01 (active, until 2027-06-30).')
    expect(await get(token, `leases/${second.id}/`)).toMatchObject({ status: 'DRAFT' })
    expect(await get(token, `residents/${cara.id}/`)).toMatchObject({ resident_type: 'APPLICANT' })

    // A move-out before the lease began is no move-out: refused at the field, nothing moved.
    const early = await api('POST', `leases/${lease.id}/give-notice/`, { token, body: { notice_date: '2026-05-01', move_out_date: '2026-06-30' } })
    expect(early.status).toBe(409)
    expect(early.body.errors.move_out_date).toEqual(['On or after 2026-07-01.'])
    expect(await get(token, `leases/${lease.id}/`)).toMatchObject({ status: 'ACTIVE', move_out_date: null })

    // Notice: the unit is on notice; the residents still live there.
    const notice = await api('POST', `leases/${lease.id}/give-notice/`, { token, body: { notice_date: '2027-03-01', move_out_date: '2027-04-30' } })
    expect(notice.status).toBe(200)
    expect(notice.body).toMatchObject({ status: 'NOTICE', notice_date: '2027-03-01', move_out_date: '2027-04-30' })
    expect(await get(token, `rental-units/${unit.id}/`)).toMatchObject({ status: 'NOTICE' })
    // The next lease starting after the move-out may now be activated, not one before it.
    expect((await api('POST', `leases/${second.id}/activate/`, { token, body: {} })).status).toBe(409)
    expect((await api('PUT', `leases/${second.id}/`, { token, body: { start_date: '2027-05-01' } })).status).toBe(200)
    expect((await api('POST', `leases/${second.id}/activate/`, { token, body: {} })).status).toBe(200)
    // Withdrawing the notice now would let the unit twice: refused.
    const withdraw = await api('POST', `leases/${lease.id}/withdraw-notice/`, { token, body: {} })
    expect(withdraw.status).toBe(409)
    expect(withdraw.body.detail).toMatch(/under the lease 102 · Bronson Court from 2027-05-01 \(active/)

    // Signed ahead: Cara is to move in on its first day; the unit is not hers yet.
    expect(await get(token, `residents/${cara.id}/`)).toMatchObject({ resident_type: 'FUTURE_RESIDENT', rental_unit_id: unit.id, move_in_date: '2027-05-01' })
    expect(await get(token, `rental-units/${unit.id}/current-lease/`)).toMatchObject({ id: lease.id })

    // Ending the first: its residents are former residents; the unit stands vacant until the second begins.
    const ended = await api('POST', `leases/${lease.id}/end/`, { token, body: { move_out_date: '2027-04-30' } })
    expect(ended.status).toBe(200)
    expect(ended.body.status).toBe('ENDED')
    expect(await get(token, `rental-units/${unit.id}/`)).toMatchObject({ status: 'VACANT' })
    expect(await get(token, `residents/${ada.id}/`)).toMatchObject({ resident_type: 'FORMER_RESIDENT', move_out_date: '2027-04-30' })
    expect(await get(token, `residents/${cara.id}/`)).toMatchObject({ resident_type: 'FUTURE_RESIDENT' })
    expect((await api('GET', `rental-units/${unit.id}/current-lease/`, { token })).status).toBe(404)
    // The day before it begins nothing moves; on its first day Cara moves in.
    expect(await moveInsAt(company.companyId, '2027-05-01T03:00:00Z')).toEqual({ followed: 0 })
    expect(await moveInsAt(company.companyId, '2027-05-01T12:00:00Z')).toEqual({ followed: 1 })
    expect(await get(token, `rental-units/${unit.id}/`)).toMatchObject({ status: 'OCCUPIED' })
    expect(await get(token, `residents/${cara.id}/`)).toMatchObject({ resident_type: 'CURRENT_RESIDENT', rental_unit_id: unit.id, move_in_date: '2027-05-01' })
    // Run again, as a second process would: nothing left to move in.
    expect(await moveInsAt(company.companyId, '2027-05-02T12:00:00Z')).toEqual({ followed: 0 })
    expect((await api('PUT', `leases/${lease.id}/`, { token, body: { rent: '1.00' } })).status).toBe(409)
    expect((await api('DELETE', `leases/${lease.id}/`, { token })).status).toBe(409)

    const history = (await get(token, `leases/${lease.id}/history/`)) as { to_state: string }[]
    expect(history.map((h) => h.to_state)).toEqual(['DRAFT', 'ACTIVE', 'NOTICE', 'ENDED'])

    // The second ends too: the unit is vacant again.
    expect((await api('POST', `leases/${second.id}/end/`, { token, body: { move_out_date: '2027-08-31' } })).status).toBe(200)
    expect(await get(token, `rental-units/${unit.id}/`)).toMatchObject({ status: 'VACANT' })
  })

  it('take residents on and off through their endpoints, and refuse what makes no sense with the field named', async () => {
    const { token, post, unit, resident } = await setUp()
    const ada = await resident('Ada')
    const ben = await resident('Ben')
    const base = { rental_unit_id: unit.id, lease_type: 'FIXED', start_date: '2026-09-01', end_date: '2027-08-31', rent: '1500.00', rent_frequency: 'MONTHLY' }

    const noEnd = await api('POST', 'leases/', { token, body: { ...base, end_date: null, lines: [{ resident_id: ada.id, role: 'PRIMARY' }] } })
    expect(noEnd.status).toBe(400)
    expect(noEnd.body.errors.end_date).toEqual(['A fixed-term lease needs its end date.'])
    const twoPrimaries = await api('POST', 'leases/', { token, body: { ...base, lines: [{ resident_id: ada.id, role: 'PRIMARY' }, { resident_id: ben.id, role: 'PRIMARY' }] } })
    expect(twoPrimaries.status).toBe(400)
    expect(Object.keys(twoPrimaries.body.errors)).toEqual(['lines[1].role'])
    const nobody = await api('POST', 'leases/', { token, body: { ...base, lines: [] } })
    expect(nobody.status).toBe(400)
    const backwards = await api('POST', 'leases/', { token, body: { ...base, end_date: '2026-08-01', lines: [{ resident_id: ada.id, role: 'PRIMARY' }] } })
    expect(backwards.status).toBe(400)
    expect(backwards.body.errors.end_date).toBeDefined()
    expect((await get(token, 'leases/')).count).toBe(0)

    const lease = await post('leases/', { ...base, lines: [{ resident_id: ada.id, role: 'PRIMARY' }] })
    await api('POST', `leases/${lease.id}/activate/`, { token, body: {} })

    const added = await api('POST', `leases/${lease.id}/add-resident-to-lease/`, { token, body: { resident_id: ben.id, role: 'CO_TENANT' } })
    expect(added.status).toBe(200)
    expect(added.body.lines).toEqual([expect.objectContaining({ resident_id: ada.id, role: 'PRIMARY' }), expect.objectContaining({ resident_id: ben.id, role: 'CO_TENANT', resident_label: 'Ben Tenant' })])
    expect(await get(token, `residents/${ben.id}/`)).toMatchObject({ resident_type: 'CURRENT_RESIDENT', rental_unit_id: unit.id })
    expect((await api('POST', `leases/${lease.id}/add-resident-to-lease/`, { token, body: { resident_id: ben.id, role: 'OCCUPANT' } })).status).toBe(409)
    const missingRole = await api('POST', `leases/${lease.id}/add-resident-to-lease/`, { token, body: { resident_id: ben.id } })
    expect(missingRole.status).toBe(400)
    expect(missingRole.body.errors.role).toBeDefined()

    // Who can be taken off: the residents on this lease, and no one else (what the Remove resident form offers).
    const cara = await resident('Cara')
    const onLease = await get(token, `residents/?lease_id=${lease.id}&resident_type=ALL&ordering=first_name`)
    expect(onLease.results.map((r: { id: string }) => r.id)).toEqual([ada.id, ben.id])
    expect((await get(token, `residents/names/?lease_id=${lease.id}`)).results.map((r: { id: string }) => r.id)).not.toContain(cara.id)
    expect((await api('GET', 'residents/?lease_id=nope', { token })).status).toBe(400)

    const removed = await api('POST', `leases/${lease.id}/remove-resident-from-lease/`, { token, body: { resident_id: ben.id } })
    expect(removed.status).toBe(200)
    expect(removed.body.resident_names).toBe('Ada Tenant')
    // Off the only lease they lived under, which goes on for the others: they have moved out.
    expect((await get(token, `residents/${ben.id}/`)).resident_type).toBe('FORMER_RESIDENT')
    const last = await api('POST', `leases/${lease.id}/remove-resident-from-lease/`, { token, body: { resident_id: ada.id } })
    expect(last.status).toBe(409)
    expect(last.body.detail).toMatch(/only resident on this lease/)

    // Another company's resident is no resident of ours.
    const other = await registerCompany()
    const theirs = await api('POST', 'residents/', { token: other.token, body: { first_name: 'Zed', last_name: 'Else', resident_type: 'APPLICANT' } })
    const foreign = await api('POST', `leases/${lease.id}/add-resident-to-lease/`, { token, body: { resident_id: theirs.body.id, role: 'OCCUPANT' } })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors.resident_id).toEqual(['Resident: no such resident in your company.'])
    // And their token sees none of our leases.
    expect((await api('GET', `leases/${lease.id}/`, { token: other.token })).status).toBe(404)
    expect((await api('GET', `leases/${lease.id}/rent-account/`, { token: other.token })).status).toBe(404)
    expect((await api('GET', `rental-units/${unit.id}/current-lease/`, { token: other.token })).status).toBe(404)
  })

  it('are listed for each resident on them (a resident’s page), through their lines, with rent and balance', async () => {
    const { token, post, unit, resident } = await setUp()
    const ada = await resident('Ada')
    const ben = await resident('Ben')
    const carl = await resident('Carl')
    const terms = { rental_unit_id: unit.id, lease_type: 'FIXED', rent: '1500.00', rent_frequency: 'MONTHLY' }
    const first = await post('leases/', { ...terms, start_date: '2026-09-01', end_date: '2027-08-31', lines: [{ resident_id: ada.id, role: 'PRIMARY' }] })
    const second = await post('leases/', {
      ...terms,
      start_date: '2027-09-01',
      end_date: '2028-08-31',
      lines: [
        { resident_id: ben.id, role: 'PRIMARY' },
        { resident_id: ada.id, role: 'CO_TENANT' },
      ],
    })
    const leasesOf = async (id: string) => ((await get(token, `leases/?resident_id=${id}&ordering=start_date`)).results as Record<string, unknown>[]).map((l) => l.id)
    expect(await leasesOf(ada.id)).toEqual([first.id, second.id])
    expect(await leasesOf(ben.id)).toEqual([second.id])
    expect(await leasesOf(carl.id)).toEqual([])
    const row = (await get(token, `leases/?resident_id=${ben.id}`)).results[0]
    expect(row).toMatchObject({ status: 'DRAFT', rent: '1500.00', balance: '0.00', start_date: '2027-09-01', resident_names: 'Ben Tenant, Ada Tenant' })
    // With the other filters, and refused at its name when not an id.
    expect(await leasesOf(`${ada.id}&status=ACTIVE`)).toEqual([])
    const bad = await api('GET', 'leases/?resident_id=someone', { token })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(['resident_id'])
  })

  it('renew: activating the renewal ends the lease it renews, and the residents stay current', async () => {
    const { token, post, unit, resident } = await setUp()
    const ada = await resident('Ada')
    const first = await post('leases/', { rental_unit_id: unit.id, lease_type: 'FIXED', start_date: '2025-09-01', end_date: '2026-08-31', rent: '1500.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: ada.id, role: 'PRIMARY' }] })
    await api('POST', `leases/${first.id}/activate/`, { token, body: {} })
    const renewal = await post('leases/', {
      rental_unit_id: unit.id,
      lease_type: 'MONTH_TO_MONTH',
      start_date: '2026-09-01',
      rent: '1530.00',
      rent_frequency: 'MONTHLY',
      renews_lease_id: first.id,
      lines: [{ resident_id: ada.id, role: 'PRIMARY' }],
    })
    expect((await api('POST', `leases/${renewal.id}/activate/`, { token, body: {} })).status).toBe(200)
    expect(await get(token, `leases/${first.id}/`)).toMatchObject({ status: 'ENDED' })
    expect(await get(token, `residents/${ada.id}/`)).toMatchObject({ resident_type: 'CURRENT_RESIDENT' })
    expect(await get(token, `rental-units/${unit.id}/`)).toMatchObject({ status: 'OCCUPIED' })
    // The lease renewed lists its renewal, and only it.
    expect((await get(token, `leases/?renews_lease_id=${first.id}`)).results.map((l: { id: string }) => l.id)).toEqual([renewal.id])
  })

  it('keep a rent account: the lease’s receivable lines, oldest first, with the balance after each', async () => {
    const { token, post, unit, resident } = await setUp()
    const ada = await resident('Ada')
    const lease = await post('leases/', { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2026-01-01', rent: '1200.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: ada.id, role: 'PRIMARY' }] })
    const accounts = (await get(token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
    const account = (number: string) => accounts.find((a) => a.number === number)!.id
    const entry = async (date: string, lines: Record<string, unknown>[]) => expect((await api('POST', 'accounting/journal-entries/', { token, body: { date, lines } })).status).toBe(201)
    await entry('2026-01-01', [
      { account_id: account('1200'), debit: '1200.00', lease_id: lease.id },
      { account_id: account('4000'), credit: '1200.00', lease_id: lease.id },
    ])
    await entry('2026-01-05', [
      { account_id: account('1100'), debit: '700.00' },
      { account_id: account('1200'), credit: '700.00', lease_id: lease.id },
    ])
    const statement = await get(token, `leases/${lease.id}/rent-account/`)
    expect(statement).toMatchObject({ lease_id: lease.id, balance: '500.00' })
    expect(statement.lines.map((l: { date: string; charge: string | null; payment: string | null; balance: string }) => [l.date, l.charge, l.payment, l.balance])).toEqual([
      ['2026-01-01', '1200.00', null, '1200.00'],
      ['2026-01-05', null, '700.00', '500.00'],
    ])
    expect(await get(token, `leases/${lease.id}/`)).toMatchObject({ balance: '500.00' })
    // A lease id of another company on a journal line is refused, naming the line.
    const other = await registerCompany()
    const theirAccounts = (await get(other.token, 'accounting/accounts/?page_size=200')).results as { id: string; number: string }[]
    const theirAccount = (number: string) => theirAccounts.find((a) => a.number === number)!.id
    const theirs = await api('POST', 'accounting/journal-entries/', {
      token: other.token,
      body: { date: '2026-01-01', lines: [{ account_id: theirAccount('1200'), debit: '1.00', lease_id: lease.id }, { account_id: theirAccount('4000'), credit: '1.00' }] },
    })
    expect(theirs.status).toBe(400)
    expect(Object.keys(theirs.body.errors)).toEqual(['lines[0].lease_id'])
  })
})
