import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { journalEntries, ledgerSettings } from '~/db/schema'
import { api } from '../factories/api'
import { get, leasingCompany, runRentAt, type Body } from '../factories/leasing'

/*
 * Rent as an API client and the rent run meet it: activating a lease makes its schedule from its
 * rent; the run charges each line once per period (the first and last prorated by their days),
 * even when two runs race, when it runs again or when it dies halfway; every charge posts Dr
 * receivables / Cr income for the lease; one-off charges and voids post and reverse; bad input is
 * refused at its field and changes nothing. The leases start in 2031, so that only the runs the
 * tests make (with their own `now`) charge them.
 */

async function setUp() {
  const company = await leasingCompany()
  const chart = (await api('GET', 'accounting/accounts/?page_size=200', { token: company.token })).body.results as { id: string; number: string }[]
  const account = (number: string) => chart.find((a) => a.number === number)!.id
  // From the 15th of March unless told: a partial first month.
  const lease = (terms: Record<string, unknown> = {}) => company.lease({ start_date: '2031-03-15', ...terms })
  return { ...company, account, lease, property: company.home }
}

const run = runRentAt
/** A lease's charges, by date and then description. */
const charges = async (token: string, leaseId: string) =>
  ((await get(token, `rent-receivables/?lease_id=${leaseId}&page_size=100`)).results as Record<string, string>[])
    .map((c) => [c.date, c.description, c.amount, c.status])
    .sort((a, b) => (a[0] + a[1]).localeCompare(b[0] + b[1]))

describe('rent', () => {
  it('activating a lease makes its schedule from its rent, and the run charges each period once, the first prorated', async () => {
    const { token, companyId, lease, account } = await setUp()
    const { id } = await lease()
    const schedules = (await get(token, `rent-payment-schedules/?lease_id=${id}`)).results as Body[]
    expect(schedules).toHaveLength(1)
    expect(schedules[0]).toMatchObject({
      frequency: 'MONTHLY',
      start_date: '2031-03-15',
      period_total: '1550.00',
      charged_count: 0,
      next_charge_date: '2031-03-15',
    })

    // Two runs racing at noon on 2 May 2031 (Toronto): March from the 15th (17 of 31 days), April and May.
    const runs = await Promise.all([run(companyId, '2031-05-02T16:00:00Z'), run(companyId, '2031-05-02T16:00:00Z')])
    expect(runs[0].charged + runs[1].charged).toBe(3)
    expect(await charges(token, id)).toEqual([
      ['2031-03-15', 'Rent', '850.00', 'POSTED'],
      ['2031-04-01', 'Rent', '1550.00', 'POSTED'],
      ['2031-05-01', 'Rent', '1550.00', 'POSTED'],
    ])
    // Run again: nothing more.
    expect(await run(companyId, '2031-05-02T16:00:00Z')).toEqual({
      charged: 0,
      failed: 0,
    })
    const entries = await crossCompany(() => getDb().select({ number: journalEntries.number }).from(journalEntries).where(eq(journalEntries.companyId, companyId)).orderBy(journalEntries.number))
    expect(entries.map((e) => e.number)).toEqual([1, 2, 3])

    // Each charge posted Dr receivables / Cr rent income for the lease: the lease owes their sum.
    expect(await get(token, `leases/${id}/`)).toMatchObject({
      balance: '3950.00',
    })
    const ledger = await get(token, `leases/${id}/rent-account/`)
    expect(ledger.lines.map((l: Record<string, string>) => [l.date, l.memo, l.charge, l.balance])).toEqual([
      ['2031-03-15', 'Rent, 2031-03-15 to 2031-03-31', '850.00', '850.00'],
      ['2031-04-01', 'Rent, 2031-04-01 to 2031-04-30', '1550.00', '2400.00'],
      ['2031-05-01', 'Rent, 2031-05-01 to 2031-05-31', '1550.00', '3950.00'],
    ])
    const trial = await get(token, 'reporting/trial-balance/?as_of=2031-05-31')
    const row = (number: string) => (trial.rows as Record<string, string>[]).find((r) => r.number === number)
    expect(row('1200')).toMatchObject({ debit: '3950.00' })
    expect(row('4000')).toMatchObject({ credit: '3950.00' })
    expect(account('4000')).toBeTruthy()
    expect(await get(token, `rent-payment-schedules/${schedules[0].id}/`)).toMatchObject({ charged_count: 3, next_charge_date: '2031-06-01' })
  })

  it('prorates a partial last period to the move-out, and a line charges only within its dates; a line kept by its id is not charged again', async () => {
    const { token, companyId, lease } = await setUp()
    const { id } = await lease({ start_date: '2031-03-01' })
    const [schedule] = (await get(token, `rent-payment-schedules/?lease_id=${id}`)).results as Body[]
    const full = await get(token, `rent-payment-schedules/${schedule.id}/`)
    expect(await run(companyId, '2031-04-15T16:00:00Z')).toEqual({
      charged: 2,
      failed: 0,
    })

    // Parking from April 15 on, the rent line kept by its id with a new amount from May on.
    const [rentLine] = full.lines as Body[]
    const changed = await api('PUT', `rent-payment-schedules/${schedule.id}/`, {
      token,
      body: {
        lines: [
          {
            id: rentLine.id,
            charge_type: 'RENT',
            amount: '1550.00',
            effective_to: '2031-04-30',
          },
          {
            charge_type: 'RENT',
            amount: '1600.00',
            effective_from: '2031-05-01',
          },
          {
            charge_type: 'PARKING',
            description: 'Stall 12',
            amount: '60.00',
            effective_from: '2031-05-01',
          },
        ],
      },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect((changed.body.lines as Body[])[0].id).toBe(rentLine.id)
    // Notice, moving out on June 10: June is 10 of its 30 days.
    expect(
      (
        await api('POST', `leases/${id}/give-notice/`, {
          token,
          body: { notice_date: '2031-04-20', move_out_date: '2031-06-10' },
        })
      ).status,
    ).toBe(200)
    await run(companyId, '2031-09-01T16:00:00Z')
    expect(await charges(token, id)).toEqual([
      ['2031-03-01', 'Rent', '1550.00', 'POSTED'],
      ['2031-04-01', 'Rent', '1550.00', 'POSTED'],
      ['2031-05-01', 'Rent', '1600.00', 'POSTED'],
      ['2031-05-01', 'Stall 12', '60.00', 'POSTED'],
      ['2031-06-01', 'Rent', '533.33', 'POSTED'],
      ['2031-06-01', 'Stall 12', '20.00', 'POSTED'],
    ])
    expect(await get(token, `leases/${id}/`)).toMatchObject({
      balance: '5313.33',
    })
  })

  it('a run that dies halfway leaves nothing, and the next charges each period once', async () => {
    const { token, companyId, lease } = await setUp()
    const { id } = await lease()
    // The run fails as it writes its journal lines, after its charges went in.
    const fail = `fail_rent_${companyId.replaceAll('-', '')}`
    await crossCompany(async () => {
      await getDb().execute(
        sql.raw(`create function ${fail}() returns trigger language plpgsql as $$ begin if new.company_id = '${companyId}' then raise exception 'the run died'; end if; return new; end $$`),
      )
      await getDb().execute(sql.raw(`create trigger ${fail} before insert on journal_lines for each row execute function ${fail}()`))
    })
    try {
      const died = await run(companyId, '2031-05-02T16:00:00Z').catch((error: Error & { cause?: Error }) => error.cause?.message ?? error.message)
      expect(died).toBe('the run died')
    } finally {
      await crossCompany(async () => {
        await getDb().execute(sql.raw(`drop trigger ${fail} on journal_lines`))
        await getDb().execute(sql.raw(`drop function ${fail}()`))
      })
    }
    expect(await charges(token, id)).toEqual([])
    expect(await run(companyId, '2031-05-02T16:00:00Z')).toEqual({
      charged: 3,
      failed: 0,
    })
    expect(await get(token, `leases/${id}/`)).toMatchObject({
      balance: '3950.00',
    })
  })

  it('skips a period in the locked books, says why on the schedule, and charges the open ones', async () => {
    const { token, companyId, lease } = await setUp()
    const { id } = await lease({ start_date: '2031-03-01' })
    await crossCompany(() =>
      getDb()
        .insert(ledgerSettings)
        .values({ companyId, lockDate: '2031-03-31' })
        .onConflictDoUpdate({
          target: ledgerSettings.companyId,
          set: { lockDate: '2031-03-31' },
        }),
    )
    expect(await run(companyId, '2031-04-02T16:00:00Z')).toEqual({
      charged: 1,
      failed: 1,
    })
    expect(await charges(token, id)).toEqual([['2031-04-01', 'Rent', '1550.00', 'POSTED']])
    const [schedule] = (await get(token, `rent-payment-schedules/?lease_id=${id}`)).results as Body[]
    expect(schedule.last_error).toBe('Not charged for 2031-03-01: the books are closed through 2031-03-31.')
  })

  it('charges a lease only once it is in force', async () => {
    const { token, post, lease } = await setUp()
    const { id, unit } = await lease()
    const resident = await post('residents/', { first_name: 'Ben', last_name: 'Later', resident_type: 'APPLICANT' })
    const draft = await post('leases/', { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2032-01-01', rent: '1600.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: resident.id, role: 'PRIMARY' }] })
    const charge = (leaseId: string, date: string) => api('POST', 'rent-charges/', { token, body: { lease_id: leaseId, date, charge_type: 'OTHER', description: 'Key replacement', amount: '45.00' } })
    const onDraft = await charge(draft.id, '2032-01-05')
    expect(onDraft.status).toBe(400)
    expect(onDraft.body.errors).toEqual({ lease_id: [`${draft.label} is a draft: activate it before charging it.`] })
    expect((await get(token, `rent-receivables/?lease_id=${draft.id}`)).count).toBe(0)
    expect((await get(token, `leases/${id}/`)).balance).toBe('0.00')
    expect((await charge(id, '2031-03-20')).status).toBe(201)
  })

  it('makes one-off charges at rent-charges/, posts and voids them, and refuses bad input at its field', async () => {
    const { token, companyId, lease, account, post } = await setUp()
    const { id, unit, property } = await lease()
    const charge = await post('rent-charges/', {
      lease_id: id,
      date: '2031-03-20',
      charge_type: 'OTHER',
      description: 'Key replacement',
      amount: '45.00',
    })
    expect(charge).toMatchObject({
      status: 'POSTED',
      rental_unit_id: unit.id,
      property_group_id: property.id,
      account_id: null,
    })
    expect(await get(token, `leases/${id}/`)).toMatchObject({
      balance: '45.00',
    })
    const fee = await post('rent-charges/', {
      lease_id: id,
      date: '2031-03-21',
      charge_type: 'LATE_FEE',
      description: 'Late fee',
      amount: '25.00',
    })
    const journal = await get(token, `accounting/journal/?source_id=${fee.id}`)
    const entry = await get(token, `accounting/journal/${journal.results[0].id}/`)
    expect(entry.lines.map((l: Record<string, string>) => [l.account_id, l.debit, l.credit, l.lease_id])).toEqual([
      [account('1200'), '25.00', null, id],
      [account('4200'), null, '25.00', id],
    ])

    // Corrected: its posting is reversed and the new one posted.
    const corrected = await api('PUT', `rent-receivables/${charge.id}/`, {
      token,
      body: { amount: '50.00' },
    })
    expect(corrected.status).toBe(200)
    expect(await get(token, `leases/${id}/`)).toMatchObject({
      balance: '75.00',
    })
    // Voided: reversed, and it cannot change again.
    const voided = await api('POST', `rent-receivables/${charge.id}/void/`, {
      token,
      body: {},
    })
    expect(voided.status).toBe(200)
    expect(voided.body.status).toBe('VOID')
    expect(await get(token, `leases/${id}/`)).toMatchObject({
      balance: '25.00',
    })
    const again = await api('PUT', `rent-receivables/${charge.id}/`, {
      token,
      body: { amount: '10.00' },
    })
    expect(again.status).toBe(409)

    const count = async () => (await get(token, `rent-receivables/?lease_id=${id}`)).count
    const before = await count()
    const zero = await api('POST', 'rent-charges/', {
      token,
      body: {
        lease_id: id,
        date: '2031-03-20',
        charge_type: 'OTHER',
        description: 'Nothing',
        amount: '0.00',
      },
    })
    expect(zero.status).toBe(400)
    expect(zero.body.errors.amount).toBeDefined()
    const noAmount = await api('POST', 'rent-charges/', {
      token,
      body: {
        lease_id: id,
        date: '2031-03-20',
        charge_type: 'OTHER',
        description: 'Nothing',
      },
    })
    expect(noAmount.body.errors.amount).toEqual(['Amount is required.'])
    const expense = await api('POST', 'rent-charges/', {
      token,
      body: {
        lease_id: id,
        date: '2031-03-20',
        charge_type: 'OTHER',
        description: 'Wrong account',
        amount: '5.00',
        account_id: account('5000'),
      },
    })
    expect(expense.status).toBe(400)
    expect(expense.body.errors.account_id[0]).toMatch(/not an income account/)
    await crossCompany(() =>
      getDb()
        .insert(ledgerSettings)
        .values({ companyId, lockDate: '2031-03-31' })
        .onConflictDoUpdate({
          target: ledgerSettings.companyId,
          set: { lockDate: '2031-03-31' },
        }),
    )
    const locked = await api('POST', 'rent-charges/', {
      token,
      body: {
        lease_id: id,
        date: '2031-03-20',
        charge_type: 'OTHER',
        description: 'Locked',
        amount: '5.00',
      },
    })
    expect(locked.status).toBe(409)
    expect(locked.body.errors.date[0]).toMatch(/2031-03-31/)
    expect(await count()).toBe(before)
    const entries = await crossCompany(() =>
      getDb()
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.sourceType, 'RENT_CHARGE'))),
    )
    // Two charges, one correction (reversal and replacement) and one void.
    expect(entries).toHaveLength(5)
  })

  it('refuses a schedule’s bad lines at their fields', async () => {
    const { token, lease } = await setUp()
    const { id } = await lease()
    const bad = await api('POST', 'rent-payment-schedules/', {
      token,
      body: {
        lease_id: id,
        frequency: 'WEEKLY',
        due_day: 5,
        start_date: '2031-03-15',
        lines: [
          {
            charge_type: 'PARKING',
            amount: '60.00',
            effective_from: '2031-05-01',
            effective_to: '2031-04-01',
          },
          { charge_type: 'RENT' },
        ],
      },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['lines[1].amount']))
    const dates = await api('POST', 'rent-payment-schedules/', {
      token,
      body: {
        lease_id: id,
        frequency: 'WEEKLY',
        due_day: 5,
        start_date: '2031-03-15',
        lines: [
          {
            charge_type: 'PARKING',
            amount: '60.00',
            effective_from: '2031-05-01',
            effective_to: '2031-04-01',
          },
        ],
      },
    })
    expect(dates.body.errors).toEqual({
      due_day: [expect.stringMatching(/monthly/)],
      'lines[0].effective_to': ['Line 1: on or after its start, 2031-05-01.'],
    })
    expect((await get(token, `rent-payment-schedules/?lease_id=${id}`)).count).toBe(1)
  })
})
