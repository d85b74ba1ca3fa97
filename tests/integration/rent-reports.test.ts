import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany, runRentAt, type Body } from '../factories/leasing'

/*
 * The rent reports as an API client reads them: the rent roll, aged receivables and rent
 * delinquency, as of any day. On random months of charges, partial, late, early, over- and
 * returned payments, the tie-outs of ../shared/domain/reports.md hold on every day asked: the aged
 * receivables total is the receivable account's balance, each lease's is its rent account's, and
 * the rent roll's balance column is the current leases' aged total.
 */

const cents = (money: string | null | undefined) => Math.round(Number(money ?? 0) * 100)

/** A small seeded random source, so a failing run can be run again as it was. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const day = (month: number, d: number) => `2031-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`

describe('rent reports', () => {
  it('tie out on random months of charges and payments, on every day asked', async () => {
    const seed = Number(process.env.RENT_REPORT_SEED ?? Date.now() % 100_000)
    const rand = random(seed)
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]
    const { token, companyId, post, lease } = await leasingCompany()
    const leases: Body[] = []
    for (const [start, rent] of [
      ['2031-01-01', '1550.00'],
      ['2031-01-15', '980.50'],
      ['2031-02-01', '2100.00'],
      ['2031-03-10', '1325.25'],
      ['2031-01-01', '1200.00'],
    ] as const)
      leases.push(await lease({ start_date: start, rent }))
    const payments: Body[] = []
    for (let month = 1; month <= 6; month++) {
      await runRentAt(companyId, `${day(month, 2)}T16:00:00Z`)
      for (const { id } of leases) {
        const owed = cents((await get(token, `leases/${id}/`)).balance as string)
        const habit = pick(['none', 'full', 'partial', 'over', 'full'] as const)
        if (habit === 'none' || (owed <= 0 && habit !== 'over')) continue
        const amount = habit === 'full' ? owed : habit === 'partial' ? Math.max(100, Math.floor(owed * rand())) : Math.max(owed, 0) + 10_000
        payments.push(await post('rent-payments/', { lease_id: id, date: day(month, 3 + Math.floor(rand() * 25)), amount: (amount / 100).toFixed(2), method: pick(['CHEQUE', 'E_TRANSFER', 'EFT']) }))
      }
      if (month === 4 && payments.length) {
        const returned = await api('POST', `rent-payments/${pick(payments).id}/record-return/`, { token, body: { returned_date: day(5, 6), nsf_fee: '20.00' } })
        expect(returned.status, JSON.stringify(returned.body)).toBe(200)
      }
      if (month === 5) {
        const oneOff = await post('rent-charges/', { lease_id: leases[1].id, date: day(5, 12), charge_type: 'OTHER', description: 'Key replacement', amount: '75.00' })
        // Voided on a lease with no credit to pay it on its making.
        const balances = await Promise.all(leases.map(async ({ id }) => ({ id, owed: cents((await get(token, `leases/${id}/`)).balance as string) })))
        const owing = balances.sort((a, b) => b.owed - a.owed)[0]
        if (owing.owed <= 0) await post('rent-charges/', { lease_id: owing.id, date: day(5, 1), charge_type: 'OTHER', description: 'Cleaning', amount: (-owing.owed / 100 + 10).toFixed(2) })
        const mistaken = await post('rent-charges/', { lease_id: owing.id, date: day(5, 12), charge_type: 'OTHER', description: 'Mistaken', amount: '60.00' })
        expect((await api('POST', `rent-charges/${mistaken.id}/void/`, { token, body: {} })).status).toBe(200)
        expect(oneOff.status).toBe('POSTED')
      }
    }
    // One lease ends in June: its balance stays on aged receivables, not on the rent roll.
    expect((await api('POST', `leases/${leases[4].id}/end/`, { token, body: { move_out_date: day(6, 15) } })).status).toBe(200)

    for (const asOf of [day(1, 20), day(3, 31), day(5, 6), day(5, 10), day(6, 30), '2031-12-31']) {
      const context = `seed ${seed}, as of ${asOf}`
      const aged = await get(token, `reporting/aged-receivables/?as_of=${asOf}`)
      const trial = await get(token, `reporting/trial-balance/?as_of=${asOf}`)
      const receivable = (trial.rows as Record<string, string | null>[]).find((r) => r.number === '1200')
      const control = cents(receivable?.debit) - cents(receivable?.credit)
      expect(cents(aged.totals.total), context).toBe(control)
      expect(cents(aged.receivables_account_balance), context).toBe(control)
      expect(aged.other_receivables, context).toBe('0.00')
      const buckets = ['days_0_30', 'days_31_60', 'days_61_90', 'days_91_plus', 'credits'].reduce((sum, k) => sum + cents(aged.totals[k]), 0)
      expect(buckets, context).toBe(cents(aged.totals.total))

      // Each lease's aged total is its rent account's balance through the day.
      const byLease = new Map((aged.rows as Record<string, string>[]).map((r) => [r.lease_id, cents(r.total)]))
      for (const { id } of leases) {
        const account = await get(token, `leases/${id}/rent-account/`)
        const through = (account.lines as { date: string; charge: string | null; payment: string | null }[]).filter((l) => l.date <= asOf).reduce((sum, l) => sum + cents(l.charge) - cents(l.payment), 0)
        expect(byLease.get(id) ?? 0, `${context}, lease ${id}`).toBe(through)
      }

      // The rent roll's balances are the aged totals of the leases holding their units that day.
      const roll = await get(token, `reporting/rent-roll/?as_of=${asOf}`)
      const rolled = (roll.rows as Record<string, string | null>[]).filter((r) => r.lease_id)
      expect(cents(roll.totals.balance), context).toBe(rolled.reduce((sum, r) => sum + (byLease.get(r.lease_id!) ?? 0), 0))
      const current = await get(token, `reporting/aged-receivables/?as_of=${asOf}&lease_status=current`)
      if (asOf >= day(6, 30)) expect(rolled.map((r) => r.lease_id)).not.toContain(leases[4].id)

      // Delinquency: the leases that owe, and only those.
      const delinquent = await get(token, `reporting/rent-delinquency/?as_of=${asOf}&include_past=true`)
      const owing = [...byLease.values()].filter((v) => v > 0)
      expect(delinquent.lease_count, context).toBe(owing.length)
      expect(cents(delinquent.totals.total), context).toBe(owing.reduce((a, b) => a + b, 0))
      expect(cents(current.all_leases_total)).toBe(cents(aged.totals.total))
    }
  })

  it('age open charges by days since they fell due, keep credits apart, and read the past as it stood', async () => {
    const { token, companyId, post, lease } = await leasingCompany()
    const late = await lease({ start_date: '2031-01-01', rent: '1000.00' })
    const early = await lease({ start_date: '2031-04-01', rent: '800.00' })
    await runRentAt(companyId, '2031-04-02T16:00:00Z')
    // The late payer pays January on April 10; the other pays ahead, in March.
    await post('rent-payments/', { lease_id: late.id, date: '2031-04-10', amount: '1000.00', method: 'CHEQUE' })
    await post('rent-payments/', { lease_id: early.id, date: '2031-03-25', amount: '1000.00', method: 'E_TRANSFER' })

    const onApril5 = await get(token, 'reporting/aged-receivables/?as_of=2031-04-05')
    const row = (id: string, report: Body) => (report.rows as Record<string, string>[]).find((r) => r.lease_id === id)
    // January (94 days), February (63), March (35), April (4): the January payment had not come yet.
    expect(row(late.id, onApril5)).toMatchObject({ days_0_30: '1000.00', days_31_60: '1000.00', days_61_90: '1000.00', days_91_plus: '1000.00', credits: '0.00', total: '4000.00', oldest_due_date: '2031-01-01' })
    expect(row(early.id, onApril5)).toMatchObject({ days_0_30: '0.00', credits: '-200.00', total: '-200.00' })
    const onApril30 = await get(token, 'reporting/aged-receivables/?as_of=2031-04-30')
    expect(row(late.id, onApril30)).toMatchObject({ days_91_plus: '0.00', total: '3000.00', oldest_due_date: '2031-02-01' })
    // Before April's rent, the whole payment was a credit; before its date, it was not there.
    expect(row(early.id, await get(token, 'reporting/aged-receivables/?as_of=2031-03-31'))).toMatchObject({ credits: '-1000.00', total: '-1000.00' })
    expect(row(early.id, await get(token, 'reporting/aged-receivables/?as_of=2031-03-24'))).toBeUndefined()

    // Filters: owing at least 3,500.00; current leases only.
    const big = await get(token, 'reporting/aged-receivables/?as_of=2031-04-05&min_balance=3500.00')
    expect((big.rows as Body[]).map((r) => r.lease_id)).toEqual([late.id])
    expect(big.totals.total).toBe('4000.00')

    const delinquent = await get(token, 'reporting/rent-delinquency/?as_of=2031-04-30')
    expect(delinquent.rows).toEqual([
      expect.objectContaining({ lease_id: late.id, total: '3000.00', rent: '1000.00', last_payment_date: '2031-04-10', last_payment_amount: '1000.00', days_late: 88, residents: 'Ada Tenant' }),
    ])

    // The bank returns the March payment on April 20: each day before reads it as it stood then.
    const march = ((await get(token, `rent-payments/?lease_id=${early.id}`)).results as Body[])[0]
    expect((await api('POST', `rent-payments/${march.id}/record-return/`, { token, body: { returned_date: '2031-04-20' } })).status).toBe(200)
    expect(row(early.id, await get(token, 'reporting/aged-receivables/?as_of=2031-03-31'))).toMatchObject({ credits: '-1000.00', total: '-1000.00' })
    expect(row(early.id, await get(token, 'reporting/aged-receivables/?as_of=2031-04-05'))).toMatchObject({ days_0_30: '0.00', credits: '-200.00', total: '-200.00' })
    expect(row(early.id, await get(token, 'reporting/aged-receivables/?as_of=2031-04-25'))).toMatchObject({ days_0_30: '800.00', credits: '0.00', total: '800.00' })

    // Bad filters name their field and answer 400.
    for (const [query, field] of [
      ['as_of=2031-02-30', 'as_of'],
      ['min_balance=12,50', 'min_balance'],
      ['lease_status=gone', 'lease_status'],
      ['property_group_id=00000000-0000-4000-8000-000000000000', 'property_group_id'],
      ['format=xls', 'format'],
    ]) {
      const bad = await api('GET', `reporting/aged-receivables/?${query}`, { token })
      expect(bad.status, query).toBe(400)
      expect(Object.keys(bad.body.errors ?? {}), query).toEqual([field])
    }
  })

  it('roll every unit with the lease that held it that day, its rents per month, and the occupancy', async () => {
    const { token, companyId, post, lease, home } = await leasingCompany()
    const let1 = await lease({ start_date: '2031-01-01', rent: '1500.00' })
    const moving = await lease({ start_date: '2031-01-01', rent: '1200.00' })
    const { unit_number, building_id, unit_type, status } = let1.unit
    expect((await api('PUT', `rental-units/${let1.unit.id}/`, { token, body: { unit_number, building_id, unit_type, status, market_rent: '1600.00', area_sq_ft: 700 } })).status).toBe(200)
    // Parking from March on the first lease's schedule.
    const schedules = await get(token, `rent-payment-schedules/?lease_id=${let1.id}`)
    const schedule = await get(token, `rent-payment-schedules/${schedules.results[0].id}/`)
    const put = await api('PUT', `rent-payment-schedules/${schedule.id}/`, {
      token,
      body: {
        lease_id: schedule.lease_id,
        frequency: schedule.frequency,
        due_day: schedule.due_day,
        start_date: schedule.start_date,
        lines: [
          ...(schedule.lines as Body[]).map(({ id, charge_type, amount }) => ({ id, charge_type, amount })),
          { charge_type: 'PARKING', description: 'Stall 4', amount: '75.00', effective_from: '2031-03-01' },
        ],
      },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    // The second gives notice on April 10 to leave May 31; a third unit stands empty.
    expect((await api('POST', `leases/${moving.id}/give-notice/`, { token, body: { notice_date: '2031-04-10', move_out_date: '2031-05-31' } })).status).toBe(200)
    const building = (await get(token, `buildings/?property_group_id=${home.id}`)).results[0]
    await post('rental-units/', { unit_number: '901', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', market_rent: '1400.00', area_sq_ft: 500 })
    await runRentAt(companyId, '2031-02-02T16:00:00Z')

    const unit = (report: Body, label: string) => (report.rows as Record<string, unknown>[]).find((r) => String(r.unit_label).startsWith(label))
    const feb = await get(token, 'reporting/rent-roll/?as_of=2031-02-15')
    expect(unit(feb, '101')).toMatchObject({ status: 'OCCUPIED', residents: 'Ada Tenant', market_rent: '1600.00', actual_rent: '1500.00', other_charges: '0.00', balance: '3000.00', move_in_date: '2031-01-01' })
    expect(unit(feb, '102')).toMatchObject({ status: 'OCCUPIED', actual_rent: '1200.00', balance: '2400.00' })
    expect(unit(feb, '901')).toMatchObject({ status: 'VACANT', lease_id: null, residents: '', actual_rent: '0.00', balance: '0.00' })
    expect(feb.summary).toMatchObject({ units: 3, occupied: 2, vacant: 1, occupancy_percent: '66.7', gross_potential_rent: '3000.00', actual_rent: '2700.00', vacancy_loss: '1400.00' })

    const april = await get(token, 'reporting/rent-roll/?as_of=2031-04-15')
    expect(unit(april, '101')).toMatchObject({ other_charges: '75.00' })
    expect(unit(april, '102')).toMatchObject({ status: 'NOTICE', notice_date: '2031-04-10', move_out_date: '2031-05-31' })
    expect(april.summary).toMatchObject({ occupied: 2, on_notice: 1 })
    const june = await get(token, 'reporting/rent-roll/?as_of=2031-06-01')
    expect(unit(june, '102')).toMatchObject({ status: 'VACANT', lease_id: null })
    const vacant = await get(token, 'reporting/rent-roll/?as_of=2031-06-01&status=VACANT')
    expect((vacant.rows as Body[]).map((r) => String(r.unit_label).split(' ')[0])).toEqual(['102', '901'])
    expect(vacant.summary.units).toBe(3)

    // The same report as CSV and PDF.
    const csv = await api('GET', 'reporting/rent-roll/?as_of=2031-02-15&format=csv', { token })
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toMatch(/^Property,Unit,Type,Beds,Sq ft,Status,Residents/)
    expect(String(csv.body)).toMatch(/Total,.*3000\.00,2700\.00,0\.00,0\.00,5400\.00/)
    const pdf = await api('GET', 'reporting/aged-receivables/?as_of=2031-02-15&format=pdf', { token })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect((await api('GET', 'reporting/rent-roll/?status=LET', { token })).body.errors).toHaveProperty('status')
  })

  it('give the dashboard its rent cards, each the figure of the report it links to', async () => {
    const { token, companyId, post, lease } = await leasingCompany()
    const today = (await get(token, 'reporting/trial-balance/')).as_of as string
    const month = `${today.slice(0, 8)}01`
    const twoMonthsAgo = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 3, 1)).toISOString().slice(0, 10)
    const behind = await lease({ start_date: twoMonthsAgo, rent: '1000.00' })
    const paid = await lease({ start_date: month, rent: '1200.00' })
    const leaving = await lease({ start_date: month, rent: '900.00' })
    await runRentAt(companyId, new Date().toISOString())
    await post('rent-payments/', { lease_id: behind.id, date: today, amount: '400.00', method: 'CHEQUE' })
    await post('rent-payments/', { lease_id: paid.id, date: today, amount: '1200.00', method: 'PAD' })
    const moveOut = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) + 1, 0)).toISOString().slice(0, 10)
    expect((await api('POST', `leases/${leaving.id}/give-notice/`, { token, body: { notice_date: today, move_out_date: moveOut } })).status).toBe(200)

    const { rent } = await get(token, 'dashboard/')
    const delinquency = await get(token, 'reporting/rent-delinquency/')
    const roll = await get(token, 'reporting/rent-roll/')
    expect(rent).toMatchObject({ as_of: today, month_start: month, units: 3, occupied: 3, occupancy_percent: '100.0', charged_this_month: '3100.00', collected_this_month: '1600.00', on_notice: 1 })
    expect(rent.delinquent_balance).toBe(delinquency.totals.total)
    expect(rent.delinquent_leases).toBe(delinquency.lease_count)
    expect(delinquency.lease_count).toBe(2)
    expect(cents(rent.delinquent_balance)).toBe(300_000 - 40_000 + 90_000)
    expect(roll.summary).toMatchObject({ units: rent.units, occupied: rent.occupied, occupancy_percent: rent.occupancy_percent })
  })
})
