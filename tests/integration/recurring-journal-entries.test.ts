import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { companies, journalEntries, ledgerSettings } from '~/db/schema'
import { nthDate } from '~/domain/ledger/entries'
import { todayIn } from '~/domain/dates'
import { postDueRecurringEntries } from '~/ledger/recurring.server'
import { startScheduler } from '~/ledger/scheduler.server'
import { api, registerCompany, signedInMember } from '../factories/api'

type Account = { id: string; number: string }

async function books() {
  const company = await registerCompany()
  const list = await api('GET', 'accounting/accounts/?page_size=200', { token: company.token })
  const byNumber = Object.fromEntries((list.body.results as Account[]).map((a) => [a.number, a.id]))
  const [row] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.name, company.company_name))
  return { token: company.token, companyId: row.id, account: (number: string) => byNumber[number] as string }
}

const depreciation = (account: (n: string) => string, extra: Record<string, unknown> = {}) => ({
  name: 'Building depreciation',
  memo: 'Monthly depreciation',
  frequency: 'MONTHLY',
  start_date: '2026-01-31',
  lines: [
    { account_id: account('6100'), debit: '1000.00' },
    { account_id: account('1510'), credit: '1000.00' },
  ],
  ...extra,
})

/** The company's entries posted by recurring schedules, oldest first. */
async function recurringEntries(companyId: string) {
  return crossCompany(() =>
    getDb()
      .select({ number: journalEntries.number, date: journalEntries.date, sourceId: journalEntries.sourceId })
      .from(journalEntries)
      .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.sourceType, 'RECURRING_JOURNAL_ENTRY')))
      .orderBy(journalEntries.number),
  )
}

/** The dates of the entries a schedule posted, newest first, as its page lists them. */
async function postedDates(token: string, id: string) {
  const journal = await api('GET', `accounting/journal/?source_id=${id}&ordering=-date`, { token })
  return (journal.body.results as { date: string }[]).map((e) => e.date)
}

/** The scheduled job's run, which reads across companies as the scheduler does. */
const postDue = (options: Parameters<typeof postDueRecurringEntries>[1]) => crossCompany(() => postDueRecurringEntries(getDb(), options))

const today = todayIn('America/Toronto')
const monthsAgo = (n: number) => {
  const [y, m] = today.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 10)
}

describe('recurring journal entries', () => {
  it('posts every period already due on save, shows the next date, and lists what it posted', async () => {
    const { token, account } = await books()
    const start = monthsAgo(2)
    const created = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { start_date: start }) })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Building depreciation', frequency: 'MONTHLY', is_active: true, total: '1000.00', posted_count: 3, last_error: null, next_date: nthDate(start, 'MONTHLY', 3) })
    expect(created.body.lines[0]).toMatchObject({ account_label: expect.stringMatching(/^6100 Depreciation/), debit: '1000.00', credit: null })
    expect(await postedDates(token, created.body.id)).toEqual([nthDate(start, 'MONTHLY', 2), nthDate(start, 'MONTHLY', 1), start])

    const journal = await api('GET', 'accounting/journal/?source_type=RECURRING_JOURNAL_ENTRY', { token })
    expect(journal.body.count).toBe(3)
    expect(journal.body.results[0]).toMatchObject({ memo: 'Monthly depreciation', source_label: 'Recurring journal entry', total: '1000.00' })

    // The same collection at the API's root (SPEC.md §7).
    const root = await api('GET', 'recurring-journal-entries/', { token })
    expect(root.status).toBe(200)
    expect(root.body.results.map((r: { id: string }) => r.id)).toEqual([created.body.id])
    expect((await api('GET', `recurring-journal-entries/${created.body.id}/`, { token })).body.posted_count).toBe(3)
  })

  it('checks the lines as a journal entry and saves nothing on bad input', async () => {
    const { token, account } = await books()
    const unbalanced = await api('POST', 'accounting/recurring-journal-entries/', {
      token,
      body: depreciation(account, { lines: [{ account_id: account('6100'), debit: '10.00' }, { account_id: account('1510'), credit: '9.99' }] }),
    })
    expect(unbalanced.status).toBe(400)
    expect(unbalanced.body.errors.lines[0]).toMatch(/differ by 0.01/)
    const both = await api('POST', 'accounting/recurring-journal-entries/', {
      token,
      body: depreciation(account, { lines: [{ account_id: account('6100'), debit: '10.00', credit: '10.00' }, { account_id: account('1510'), credit: '10.00' }, { account_id: account('1510') }] }),
    })
    expect(both.body.errors['lines[0].debit'][0]).toMatch(/both a debit and a credit/)
    expect(both.body.errors['lines[2].debit'][0]).toMatch(/needs a debit or a credit/)
    await api('DELETE', `accounting/accounts/${account('6100')}/`, { token })
    const inactive = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account) })
    expect(inactive.status).toBe(400)
    expect(inactive.body.errors['lines[0].account_id'][0]).toMatch(/inactive/)
    const other = await books()
    const foreign = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { lines: [{ account_id: other.account('5000'), debit: '1.00' }, { account_id: account('1010'), credit: '1.00' }] }) })
    expect(foreign.body.errors['lines[0].account_id'][0]).toMatch(/no such account/)
    const ends = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { end_date: '2025-12-31' }) })
    expect(ends.status).toBe(400)
    expect(ends.body.errors.end_date).toEqual(['Last posting by cannot be before the first posting.'])
    const frequency = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { frequency: 'DAILY' }) })
    expect(frequency.body.errors.frequency[0]).toMatch(/Weekly, Monthly/)
    expect((await api('GET', 'accounting/recurring-journal-entries/', { token })).body.count).toBe(0)
    expect((await api('GET', 'accounting/journal/', { token })).body.count).toBe(0)
  })

  it('posts each period once when two runs race, numbered without gaps, in the company time zone', async () => {
    const { token, account, companyId } = await books()
    const future = '2031-01-31'
    const monthly = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { start_date: future }) })
    const weekly = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { name: 'Weekly cleaning', frequency: 'WEEKLY', start_date: '2031-03-01' }) })
    expect(monthly.body.posted_count).toBe(0)
    expect(monthly.body.next_date).toBe(future)

    // 02:00 UTC on 1 April is still 31 March in Toronto: March's weekly periods are due, April's are not.
    const now = new Date('2031-04-01T02:00:00Z')
    const runs = await Promise.all([postDue({ now, companyId }), postDue({ now, companyId })])
    const entries = await recurringEntries(companyId)
    const monthlyDates = entries.filter((e) => e.sourceId === monthly.body.id).map((e) => e.date)
    const weeklyDates = entries.filter((e) => e.sourceId === weekly.body.id).map((e) => e.date)
    expect(monthlyDates.sort()).toEqual(['2031-01-31', '2031-02-28', '2031-03-31'])
    expect(weeklyDates.sort()).toEqual(['2031-03-01', '2031-03-08', '2031-03-15', '2031-03-22', '2031-03-29'])
    expect(runs[0].posted + runs[1].posted).toBe(8)
    expect(entries.map((e) => e.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    const [lines] = await crossCompany(() =>
      getDb().execute<{ n: number; total: string }>(
        sql`select count(*)::int as n, sum(l.amount)::text as total from journal_lines l join journal_entries e on e.id = l.entry_id where e.company_id = ${companyId}`,
      ),
    )
    expect(lines).toEqual({ n: 16, total: '0' })

    // Running again posts nothing.
    expect(await postDue({ now, companyId })).toEqual({ posted: 0, failed: 0 })
    const detail = await api('GET', `accounting/recurring-journal-entries/${monthly.body.id}/`, { token })
    expect(detail.body).toMatchObject({ posted_count: 3, next_date: '2031-04-30' })
  })

  it('skips a locked period, says why on the schedule, and posts the open ones', async () => {
    const { token, account, companyId } = await books()
    // The run below pretends it is 2031; the API refuses a lock date after the real today, so the books are closed directly.
    await crossCompany(() => getDb().insert(ledgerSettings).values({ companyId, lockDate: '2031-02-15' }).onConflictDoUpdate({ target: ledgerSettings.companyId, set: { lockDate: '2031-02-15' } }))
    const created = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { start_date: '2031-01-31' }) })
    const run = await postDue({ now: new Date('2031-03-31T12:00:00Z'), companyId })
    expect(run).toEqual({ posted: 2, failed: 1 })
    const detail = await api('GET', `accounting/recurring-journal-entries/${created.body.id}/`, { token })
    expect(await postedDates(token, created.body.id)).toEqual(['2031-03-31', '2031-02-28'])
    expect(detail.body.last_error).toMatch(/^Not posted for 2031-01-31: The books are closed through 2031-02-15/)
    expect(detail.body.last_error_at).not.toBeNull()
    expect(detail.body.next_date).toBe('2031-04-30')

    // Reopening the period lets the next run post it, and clears the error.
    await api('PUT', 'accounting/ledger-settings/', { token, body: { lock_date: null } })
    expect(await postDue({ now: new Date('2031-03-31T12:00:00Z'), companyId })).toEqual({ posted: 1, failed: 0 })
    const after = await api('GET', `accounting/recurring-journal-entries/${created.body.id}/`, { token })
    expect(after.body).toMatchObject({ posted_count: 3, last_error: null })
  })

  it('PUT changes later postings; DELETE stops the schedule and keeps what it posted; reactivate/ restarts it', async () => {
    const { token, account, companyId } = await books()
    const created = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { start_date: '2031-01-31' }) })
    await postDue({ now: new Date('2031-01-31T12:00:00Z'), companyId })
    const changed = await api('PUT', `accounting/recurring-journal-entries/${created.body.id}/`, {
      token,
      body: depreciation(account, { name: 'Depreciation (revised)', start_date: '2031-01-31', lines: [{ account_id: account('6100'), debit: '1200.00' }, { account_id: account('1510'), credit: '1200.00' }] }),
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ name: 'Depreciation (revised)', total: '1200.00', posted_count: 1, next_date: '2031-02-28' })
    await postDue({ now: new Date('2031-02-28T12:00:00Z'), companyId })
    const journal = await api('GET', 'accounting/journal/?ordering=date', { token })
    expect(journal.body.results.map((e: { total: string }) => e.total)).toEqual(['1000.00', '1200.00'])

    const stopped = await api('DELETE', `accounting/recurring-journal-entries/${created.body.id}/`, { token })
    expect(stopped.status).toBe(204)
    expect((await api('GET', `accounting/recurring-journal-entries/${created.body.id}/`, { token })).body).toMatchObject({ is_active: false, next_date: null, posted_count: 2 })
    expect(await postDue({ now: new Date('2031-12-31T12:00:00Z'), companyId })).toEqual({ posted: 0, failed: 0 })
    expect((await api('GET', 'accounting/recurring-journal-entries/?is_active=true', { token })).body.count).toBe(0)
    const restarted = await api('POST', `accounting/recurring-journal-entries/${created.body.id}/reactivate/`, { token })
    expect(restarted.body).toMatchObject({ is_active: true, next_date: '2031-03-31' })
  })

  it('never posts a period twice when its dates change: what the old dates posted counts for the period it falls in', async () => {
    const { token, account, companyId } = await books()
    const created = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { start_date: '2031-01-31' }) })
    await postDue({ now: new Date('2031-04-30T17:00:00Z'), companyId })
    expect(await postedDates(token, created.body.id)).toEqual(['2031-04-30', '2031-03-31', '2031-02-28', '2031-01-31'])
    // Moved to the 15th: January to April are posted already; May is the next period.
    const moved = await api('PUT', `accounting/recurring-journal-entries/${created.body.id}/`, { token, body: depreciation(account, { start_date: '2031-01-15' }) })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ posted_count: 4, next_date: '2031-05-15' })
    expect(await postDue({ now: new Date('2031-05-20T17:00:00Z'), companyId })).toEqual({ posted: 1, failed: 0 })
    expect(await postedDates(token, created.body.id)).toEqual(['2031-05-15', '2031-04-30', '2031-03-31', '2031-02-28', '2031-01-31'])
    // Moved back to month ends: May is posted (on the 15th); June posts on the 30th.
    await api('PUT', `accounting/recurring-journal-entries/${created.body.id}/`, { token, body: depreciation(account, { start_date: '2031-01-31' }) })
    await postDue({ now: new Date('2031-06-30T17:00:00Z'), companyId })
    expect(await postedDates(token, created.body.id)).toEqual(['2031-06-30', '2031-05-15', '2031-04-30', '2031-03-31', '2031-02-28', '2031-01-31'])
  })

  it("is the accounting permission's, and another company's schedules are not found", async () => {
    const company = await books()
    const created = await api('POST', 'accounting/recurring-journal-entries/', { token: company.token, body: depreciation(company.account) })
    const other = await books()
    expect((await api('GET', `accounting/recurring-journal-entries/${created.body.id}/`, { token: other.token })).status).toBe(404)
    expect((await api('DELETE', `accounting/recurring-journal-entries/${created.body.id}/`, { token: other.token })).status).toBe(404)
    const member = await signedInMember({ token: company.token }, 'manager', { has_operations_permissions: true })
    expect((await api('GET', 'accounting/recurring-journal-entries/', { token: member.token })).status).toBe(403)
    expect((await api('GET', 'recurring-journal-entries/', { token: member.token })).status).toBe(403)
  })

  it('keeps its lines in the order given, with their properties, and replaces them whole on a change', async () => {
    const { token, account } = await books()
    const property = await api('POST', 'property-groups/', { token, body: { name: 'Maple Court', property_type: 'RESIDENTIAL' } })
    const lines = [
      { account_id: account('6100'), debit: '600.00', property_group_id: property.body.id, memo: 'Maple Court' },
      { account_id: account('6100'), debit: '400.00', memo: 'The rest' },
      { account_id: account('1510'), credit: '1000.00' },
    ]
    const created = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { start_date: '2040-01-31', lines }) })
    expect(created.status).toBe(201)
    expect(created.body.lines.map((l: { memo: string | null; debit: string | null }) => [l.memo, l.debit])).toEqual([
      ['Maple Court', '600.00'],
      ['The rest', '400.00'],
      [null, null],
    ])
    expect((await api('GET', `accounting/recurring-journal-entries/${created.body.id}/`, { token })).body.lines[0].property_group_label).toBe('Maple Court')
    const changed = await api('PUT', `accounting/recurring-journal-entries/${created.body.id}/`, { token, body: depreciation(account, { start_date: '2040-01-31' }) })
    expect(changed.body.lines.map((l: { debit: string | null; credit: string | null }) => l.debit ?? `-${l.credit}`)).toEqual(['1000.00', '-1000.00'])
    expect((await api('GET', `accounting/recurring-journal-entries/${created.body.id}/`, { token })).body.lines).toHaveLength(2)
  })

  it('the scheduler starts with pg-boss, runs once at start, and stops cleanly', async () => {
    const { token, account, companyId } = await books()
    // Created with its periods due but not posted, as if the app had been down.
    const created = await api('POST', 'accounting/recurring-journal-entries/', { token, body: depreciation(account, { start_date: '2031-01-31' }) })
    await crossCompany(() => getDb().execute(sql`update recurring_journal_entries set start_date = ${monthsAgo(1)} where id = ${created.body.id}`))
    const started = Date.now()
    const scheduler = await startScheduler(process.env.DATABASE_URL!)
    try {
      await expect.poll(async () => (await recurringEntries(companyId)).length, { timeout: 15_000, interval: 250 }).toBe(2)
    } finally {
      await scheduler.stop()
    }
    expect(Date.now() - started).toBeLessThan(15_000)
  }, 30_000)
})
