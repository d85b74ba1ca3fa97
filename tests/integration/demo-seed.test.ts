import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { companies, propertyOwnerships, propertyOwners, recurringJournalEntries, searchEntries } from '~/db/schema'
import { seedDemoCompany } from '~/db/seed.server'
import { checkLedger } from '~/ledger/integrity.server'
import { todayIn } from '~/domain/dates'
import { ageLeases } from '~/domain/leasing/reports'
import { openItemsAndCredits } from '~/leasing/reports.server'
import { postDueRecurringEntries } from '~/ledger/recurring.server'
import { performanceReport, workOrderPerformance } from '~/domain/maintenance/work-order-reports'
import { performanceTallies, reportWorkOrders } from '~/maintenance/work-order-reports.server'
import { techHoursEntries } from '~/maintenance/time-tracking.server'
import { serviceTechHours } from '~/domain/maintenance/tech-hours'

const TABLES = ['fee_schedules', 'property_owners', 'property_groups', 'property_ownerships', 'buildings', 'rental_units', 'residents', 'resident_pets', 'resident_vehicles', 'parking_spaces', 'appliances', 'bank_accounts', 'leases', 'work_orders', 'tasks', 'recurring_tasks', 'inspection_reports', 'make_readies', 'calendar_events', 'vendors', 'purchase_orders', 'rental_unit_listings'] as const

async function counts() {
  const out: Record<string, number> = {}
  for (const table of TABLES) {
    const [row] = await getDb().execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))
    out[table] = row.n
  }
  return out
}

describe('the demo company', () => {
  // The seed makes a company, so it and the counts of what it made are cross-company by nature.
  it('seeds a believable portfolio once, through the resource engine', () =>
    crossCompany(async () => {
      await seedDemoCompany(getDb())
      const db = getDb()
      const [company] = await db.select().from(companies)
      expect(company.name).toBe('Maple Street Properties')

      const seeded = await counts()
      expect(seeded).toMatchObject({ fee_schedules: 2, property_owners: 5, property_groups: 3, buildings: 5, rental_units: 62 })
      for (const table of ['residents', 'resident_pets', 'resident_vehicles', 'parking_spaces', 'appliances', 'work_orders', 'inspection_reports'] as const) expect(seeded[table], table).toBeGreaterThan(5)
      // Inspections: signed move-ins, a move-out under way beside its move-in, and the technician's inspection today.
      const inspections = await db.execute<{ inspection_type: string; status: string; compared: boolean; today: boolean; technician: boolean }>(
        sql`select r.inspection_type, r.status, r.move_in_report_id is not null as compared, r.scheduled_date = (now() at time zone c.time_zone)::date as today, u.user_type = 'maintenance_technician' as technician
            from inspection_reports r join companies c on c.id = r.company_id left join users u on u.id = r.inspector_user_id`,
      )
      expect(inspections.filter((r) => r.inspection_type === 'MOVE_IN' && r.status === 'FINALIZED').length).toBeGreaterThan(5)
      expect(inspections.find((r) => r.inspection_type === 'MOVE_OUT' && r.status === 'IN_PROGRESS')).toMatchObject({ compared: true })
      expect(inspections.find((r) => r.inspection_type === 'PERIODIC' && r.today)).toMatchObject({ technician: true, status: 'SCHEDULED' })

      const units = await db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from rental_units group by status`)
      const byStatus = Object.fromEntries(units.map((r) => [r.status, r.n]))
      expect(byStatus.OCCUPIED).toBeGreaterThan(45)
      for (const status of ['VACANT', 'NOTICE', 'DOWN']) expect(byStatus[status], status).toBeGreaterThan(0)
      // Make-readies: every unit on notice is on the board, one under way with its repairs sent out; the unit vacated lately was made ready.
      const turns = await db.execute<{ status: string; n: number; orders: number }>(
        sql`select m.status, count(*)::int as n, sum((select count(*) from make_ready_tasks t where t.make_ready_id = m.id and t.work_order_id is not null))::int as orders from make_readies m group by m.status`,
      )
      const byTurn = Object.fromEntries(turns.map((t) => [t.status, t]))
      expect(byTurn.IN_PROGRESS).toMatchObject({ n: 1, orders: 3 })
      expect((byTurn.UPCOMING?.n ?? 0) + 1).toBe(byStatus.NOTICE)
      expect(byTurn.DONE?.n).toBe(1)
      // A purchase order in every state, the fulfilled one with its bill.
      const orders = await db.execute<{ status: string; billed: boolean }>(sql`select status, bill_id is not null as billed from purchase_orders order by number`)
      expect(orders.map((o) => o.status).sort()).toEqual(['APPROVED', 'DRAFT', 'FULFILLED', 'PENDING_APPROVAL', 'REJECTED'])
      expect(orders.filter((o) => o.billed).map((o) => o.status)).toEqual(['FULFILLED'])
      // The vacant apartments advertised: one published, one being written.
      const listings = await db.execute<{ status: string }>(sql`select status from rental_unit_listings order by status`)
      expect(listings.map((l) => l.status)).toEqual(['DRAFT', 'PUBLISHED'])
      const types = await db.execute<{ resident_type: string }>(sql`select distinct resident_type from residents`)
      expect(types.map((r) => r.resident_type).sort()).toEqual(['APPLICANT', 'CURRENT_RESIDENT', 'FORMER_RESIDENT', 'FUTURE_RESIDENT'])
      // Every occupied unit has someone living in it.
      const empty = await db.execute(sql`select u.id from rental_units u where u.status in ('OCCUPIED', 'NOTICE') and not exists (select 1 from residents r where r.rental_unit_id = u.id and r.resident_type = 'CURRENT_RESIDENT')`)
      expect(empty.length).toBe(0)

      const shares = await db
        .select({ property: propertyOwnerships.propertyGroupId, total: sql<number>`sum(${propertyOwnerships.percentage})::int` })
        .from(propertyOwnerships)
        .groupBy(propertyOwnerships.propertyGroupId)
      expect(shares).toHaveLength(3)
      for (const share of shares) expect(share.total).toBe(10_000)

      // Tax ids are stored encrypted, and every palette resource is in the search index.
      const owners = await db.select({ taxId: propertyOwners.taxId }).from(propertyOwners)
      for (const owner of owners) expect(owner.taxId).not.toMatch(/^\d{3}-/)
      const [indexed] = await db.select({ n: sql<number>`count(*)::int` }).from(searchEntries).where(eq(searchEntries.companyId, company.id))
      expect(indexed.n).toBe(Object.values(seeded).reduce((a, b) => a + b, 0) - seeded.property_ownerships)

      // A year of books: balanced, whole, and every statement has something to show.
      const ledger = await checkLedger(db, company.id)
      expect(ledger.findings).toEqual([])
      expect(ledger.entries).toBeGreaterThan(200)
      const byType = await db.execute<{ account_type: string; total: string }>(
        sql`select a.account_type, sum(l.amount)::text as total from journal_lines l join accounts a on a.id = l.account_id where l.company_id = ${company.id} group by a.account_type`,
      )
      const total = Object.fromEntries(byType.map((r) => [r.account_type, BigInt(r.total)]))
      expect(total.INCOME).toBeLessThan(-50_000_000n) // over $500,000 of rent and other income (credits)
      expect(total.EXPENSE).toBeGreaterThan(10_000_000n)
      expect(total.ASSET).toBeGreaterThan(0n)
      const span = await db.execute<{ first: string; last: string }>(sql`select min(date)::text as first, max(date)::text as last from journal_entries where company_id = ${company.id}`)
      // A year of history up to today.
      const today = todayIn('America/Toronto')
      const daysBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)
      expect(span[0].first <= daysBefore(365)).toBe(true)
      expect(span[0].last <= today && span[0].last >= daysBefore(31)).toBe(true)
      const [banking] = await db.execute<{ banks: number; deposits: number; held: string; sources: string }>(sql`
        select (select count(*)::int from bank_accounts where company_id = ${company.id}) as banks,
               (select count(*)::int from bank_deposits where company_id = ${company.id}) as deposits,
               (select sum(l.amount)::text from journal_lines l join accounts a on a.id = l.account_id where a.number = '1010' and l.company_id = ${company.id}) as held,
               (select string_agg(distinct source_type, ',' order by source_type) from journal_entries where company_id = ${company.id}) as sources`)
      expect(banking).toMatchObject({ banks: 2, sources: 'BANK_DEPOSIT,BILL,BILL_PAYMENT,DEPOSIT_DISPOSITION,EXPENSE,INVOICE,INVOICE_PAYMENT,JOURNAL_ENTRY,OPENING_BALANCE,RECURRING_JOURNAL_ENTRY,RENT_CHARGE,RENT_PAYMENT,SECURITY_DEPOSIT,VENDOR_CREDIT' })
      expect(banking.deposits).toBeGreaterThan(30)
      expect(BigInt(banking.held)).toBeGreaterThan(0n) // the operating account never ends overdrawn
      // Every let unit has its lease, charged every month of the year by the rent run and paid by its residents: most on
      // time, a few late, a couple behind, one cheque returned NSF. The leases' balances are the receivables account's.
      const [rent] = await db.execute<{ leases: number; units_let: number; charges: number; payments: number; returned: number; owing: number; balances: string; control: string }>(sql`
        select (select count(*)::int from leases where company_id = ${company.id} and status in ('ACTIVE', 'NOTICE') and start_date <= ${today}) as leases,
               (select count(*)::int from rental_units where company_id = ${company.id} and status in ('OCCUPIED', 'NOTICE')) as units_let,
               (select count(*)::int from rent_charges where company_id = ${company.id}) as charges,
               (select count(*)::int from rent_payments where company_id = ${company.id}) as payments,
               (select count(*)::int from rent_payments where company_id = ${company.id} and status = 'RETURNED') as returned,
               (select count(distinct lease_id)::int from rent_charges where company_id = ${company.id} and owing) as owing,
               (select coalesce(sum(l.amount), 0)::text from journal_lines l join accounts a on a.id = l.account_id where a.subtype = 'ACCOUNTS_RECEIVABLE' and l.company_id = ${company.id} and l.lease_id is not null) as balances,
               (select coalesce(sum(l.amount), 0)::text from journal_lines l join accounts a on a.id = l.account_id where a.subtype = 'ACCOUNTS_RECEIVABLE' and l.company_id = ${company.id}) as control`)
      expect(rent.leases).toBe(rent.units_let)
      expect(rent.leases).toBeGreaterThan(45)
      expect(rent.charges).toBeGreaterThan(rent.leases * 11)
      expect(rent.payments).toBeGreaterThan(rent.leases * 10)
      expect(rent.returned).toBeGreaterThan(0)
      expect(rent.owing).toBeGreaterThan(0)
      expect(BigInt(rent.balances)).toBeGreaterThan(0n)
      // The receivables account holds the leases' balances and, beside them, what invoices still owe.
      const [invoiced] = await db.execute<{ open: string; count: number }>(sql`
        select coalesce(sum(amount - paid_amount), 0)::text as open, count(*)::int as count from invoices where company_id = ${company.id} and status = 'POSTED'`)
      expect(invoiced.count).toBeGreaterThan(2)
      expect(BigInt(invoiced.open)).toBeGreaterThan(0n)
      expect(BigInt(rent.control)).toBe(BigInt(rent.balances) + BigInt(invoiced.open))
      // And the documents say the same as the journal: the leases' open charges less their credits
      // (what the rent reports read) are the leases' share of the receivables account, the NSF return included.
      const scope = { asOf: todayIn(company.timeZone) }
      const { items, credits } = await openItemsAndCredits(db, company.id, scope)
      const agings = ageLeases(items, credits, scope.asOf)
      expect([...agings.values()].reduce((sum, a) => sum + a.total, 0)).toBe(Number(rent.balances))
      // The deposits held are the whole deposits liability, every line of it a lease's: the rent roll's deposits and the
      // trial balance agree.
      const [deposits] = await db.execute<{ held: string; liability: string; untied: number }>(sql`
        select (select coalesce(sum(amount), 0)::text from security_deposits where company_id = ${company.id} and status = 'HELD') as held,
               (select coalesce(-sum(l.amount), 0)::text from journal_lines l join accounts a on a.id = l.account_id where a.subtype = 'SECURITY_DEPOSITS' and l.company_id = ${company.id}) as liability,
               (select count(*)::int from journal_lines l join accounts a on a.id = l.account_id where a.subtype = 'SECURITY_DEPOSITS' and l.company_id = ${company.id} and l.lease_id is null) as untied`)
      expect(BigInt(deposits.held)).toBeGreaterThan(0n)
      expect(deposits.liability).toBe(deposits.held)
      expect(deposits.untied).toBe(0)
      // The year's moves: two leases began in the last months, one ended two months ago with its last month's rent
      // deposit applied to its last month (and Ontario's interest) by a completed disposition; residents of long
      // standing pay less than the market rent; three rent increases are on their way, two with notice given.
      const [moves] = await db.execute<{ arrived: number; ended: number; settled: number; interest: number; below: number; noticed: number; drafts: number }>(sql`
        select (select count(*)::int from leases where company_id = ${company.id} and start_date >= (current_date - interval '4 months') and start_date <= ${today} and renews_lease_id is null) as arrived,
               (select count(*)::int from leases where company_id = ${company.id} and status = 'ENDED' and move_out_date >= (current_date - interval '4 months')) as ended,
               (select count(*)::int from deposit_dispositions where company_id = ${company.id} and status = 'COMPLETED') as settled,
               (select coalesce(max(interest), 0)::int from deposit_dispositions where company_id = ${company.id}) as interest,
               (select count(*)::int from leases l join rental_units u on u.id = l.rental_unit_id where l.company_id = ${company.id} and l.status in ('ACTIVE', 'NOTICE') and l.rent < u.market_rent) as below,
               (select count(*)::int from rent_increases where company_id = ${company.id} and status = 'NOTICE_SENT') as noticed,
               (select count(*)::int from rent_increases where company_id = ${company.id} and status = 'DRAFT') as drafts`)
      expect(moves).toMatchObject({ arrived: 2, ended: 1, settled: 1, noticed: 2, drafts: 1 })
      // Future residents have signed leases that begin later: their units are not let yet, and they are to move in then.
      const ahead = await db.execute<{ resident_type: string; unit_status: string; move_in_date: string; start_date: string }>(sql`
        select r.resident_type, u.status as unit_status, r.move_in_date::text, l.start_date::text
        from leases l join lease_residents lr on lr.lease_id = l.id join residents r on r.id = lr.resident_id join rental_units u on u.id = l.rental_unit_id
        where l.company_id = ${company.id} and l.status = 'ACTIVE' and l.start_date > ${today}`)
      expect(ahead.length).toBeGreaterThan(0)
      for (const row of ahead) expect(row).toMatchObject({ resident_type: 'FUTURE_RESIDENT', unit_status: expect.stringMatching(/^(VACANT|NOTICE)$/), move_in_date: row.start_date })
      expect(moves.interest).toBeGreaterThan(0)
      expect(moves.below).toBeGreaterThan(10)
      // Depreciation is a recurring entry the scheduler carries on: nothing is due that was not posted.
      const [schedule] = await db.select().from(recurringJournalEntries).where(eq(recurringJournalEntries.companyId, company.id))
      expect(schedule.name).toBe('Building depreciation')
      expect(await postDueRecurringEntries(db, { companyId: company.id })).toEqual({ posted: 0, failed: 0 })

      // A year of maintenance: about six work orders a month, finished, most within their priority's target, some late;
      // the technician logged each; a few the residents caused were charged to them; some work is open now.
      const year = { start: Date.now() - 365 * 86_400_000, end: Date.now(), now: Date.now(), from: daysBefore(365), to: today }
      const performance = workOrderPerformance(await reportWorkOrders(db, company.id, year), year, 'priority')
      // The technician's clocked time: on the work orders and off them, costed at their rate.
      const hours = serviceTechHours(await techHoursEntries(db, company.id, { from: daysBefore(365), to: today, timeZone: company.timeZone }), { from: daysBefore(365), to: today })
      expect(Number(hours.total.hours)).toBeGreaterThan(100)
      expect(hours.total.utilisation_percent).toBeGreaterThan(80)
      expect(hours.total.utilisation_percent).toBeLessThan(100)
      expect(Number(hours.total.cost)).toBeGreaterThan(0)
      // The report tallies in the database only the work orders it counts, and gets the same figures as from all of them.
      for (const by of ['priority', 'assignee', 'category', 'property'] as const) {
        const { groups, all } = await performanceTallies(db, company.id, year, year.now, by)
        expect(performanceReport(groups, all, year, by)).toEqual(workOrderPerformance(await reportWorkOrders(db, company.id, year), year, by))
      }
      expect(performance.total.completed).toBeGreaterThan(50)
      expect(performance.total.on_time_percent).toBeGreaterThan(60)
      expect(performance.total.on_time_percent).toBeLessThan(100)
      expect(performance.rows.map((r) => r.group)).toEqual(['Emergency', 'Routine', 'Urgent'])
      const [work] = await db.execute<{ charged: number; logs: number; open: number }>(sql`
        select (select count(*)::int from rent_charges where company_id = ${company.id} and work_order_id is not null) as charged,
               (select count(*)::int from work_logs where company_id = ${company.id}) as logs,
               (select count(*)::int from work_orders where company_id = ${company.id} and stage not in ('CLOSED', 'CANCELED')) as open`)
      expect(work.charged).toBeGreaterThan(0)
      expect(work.logs).toBeGreaterThan(50)
      expect(work.open).toBeGreaterThan(3)

      // A restart seeds nothing more.
      await seedDemoCompany(getDb())
      expect(await counts()).toEqual(seeded)
      expect(await db.select({ id: companies.id }).from(companies)).toHaveLength(1)
    }), 60_000) // a year of books for 62 units, seeded twice: slow on a busy machine
})
