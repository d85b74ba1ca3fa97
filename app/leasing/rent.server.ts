import { and, asc, eq, inArray, isNotNull, max, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { accounts, companies, defaultGlAccounts, ledgerSettings, leases, rentCharges, rentPaymentScheduleLines, rentPaymentSchedules, stateChanges } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { ACCOUNT_SUBTYPES } from '~/domain/ledger/chart'
import { glAccountErrors } from '~/ledger/chart.server'
import { HOLDS_UNIT } from '~/domain/leasing/leases'
import { chargeDraft, chargeMemo, chargesDue, incomeRoleOf, type DueCharge, type ScheduleLine } from '~/domain/leasing/rent'
import { formatDecimal } from '~/domain/money'
import { postEntries } from '~/ledger/posting.server'
import { lateFeeLawErrors, nsfFeeLawErrors } from '~/domain/leasing/provinces'
import { lateFeesDue, provinceOfUnit } from './late-fees.server'
import { applyCredits } from './payments.server'
import { applyNoticedIncreases, rentIncreasesInEffect } from './rent-increases.server'

/*
 * The rent run (issue: leases and rent): every active schedule of a lease in force charges each of
 * its lines once per period that has begun, in its company's time zone. A company's charges are
 * made in one transaction, set-based: one statement inserts the charges (the unique key on line
 * and period lets a racing run insert none of the same), the posting function posts the entries
 * of the charges this run inserted, and their first state is recorded. Killed halfway, the
 * transaction leaves nothing; run twice or in two processes, a period is charged once.
 */

/** The resource name a charge's history is kept under (its definition's). */
export const CHARGES_RESOURCE = 'rent-receivables'

type ScheduleRow = typeof rentPaymentSchedules.$inferSelect & { lines: (ScheduleLine & { accountId: string | null })[]; moveOutDate: string | null }

export type RentRunResult = { charged: number; failed: number }

/**
 * Charges what has come due, for every company (the scheduler, reading across companies) or for
 * one company and some of its schedules (saving a schedule, activating a lease), up to today in
 * each company's time zone (or `now`).
 */
export async function runRent(db: Executor, options: { now?: Date; companyId?: string; scheduleIds?: string[]; userId?: string | null } = {}): Promise<RentRunResult> {
  // The whole run first applies the increases whose day has come, so the schedules read below charge their new rent.
  if (!options.scheduleIds) await applyNoticedIncreases(db, { now: options.now, companyId: options.companyId })
  const found = await db
    .select({ schedule: rentPaymentSchedules, moveOutDate: leases.moveOutDate, timeZone: companies.timeZone })
    .from(rentPaymentSchedules)
    .innerJoin(leases, eq(leases.id, rentPaymentSchedules.leaseId))
    .innerJoin(companies, eq(companies.id, rentPaymentSchedules.companyId))
    .where(
      and(
        inArray(leases.status, [...HOLDS_UNIT]),
        options.companyId ? eq(rentPaymentSchedules.companyId, options.companyId) : undefined,
        options.scheduleIds ? inArray(rentPaymentSchedules.id, options.scheduleIds) : undefined,
      ),
    )
  const result: RentRunResult = { charged: 0, failed: 0 }
  if (!found.length) return result
  const byCompany = new Map<string, { timeZone: string; schedules: ScheduleRow[] }>()
  const lines = await linesOf(
    db,
    found.map((f) => f.schedule.id),
  )
  for (const f of found) {
    const company = byCompany.get(f.schedule.companyId) ?? { timeZone: f.timeZone, schedules: [] }
    company.schedules.push({ ...f.schedule, moveOutDate: f.moveOutDate, lines: lines.get(f.schedule.id) ?? [] })
    byCompany.set(f.schedule.companyId, company)
  }
  for (const [companyId, { timeZone, schedules }] of byCompany) {
    const today = todayIn(timeZone, options.now)
    const outcome = await db.transaction(async (tx) => {
      // Leases whose applied rent increase has taken effect say their new rent from today.
      await rentIncreasesInEffect(tx, companyId, today)
      // Late fees are the whole run's: saving one schedule charges what it has due, nothing else.
      return chargeCompany(tx, companyId, schedules, today, options.userId ?? null, !options.scheduleIds)
    })
    result.charged += outcome.charged
    result.failed += outcome.failed
  }
  return result
}

/** Schedules' lines, in order, by schedule id (one query). */
async function linesOf(db: Executor, ids: string[]) {
  const out = new Map<string, ScheduleRow['lines']>()
  for (const chunk of chunks(ids, 5000)) {
    const rows = await db
      .select()
      .from(rentPaymentScheduleLines)
      .where(inArray(rentPaymentScheduleLines.scheduleId, chunk))
      .orderBy(asc(rentPaymentScheduleLines.scheduleId), asc(rentPaymentScheduleLines.position))
    for (const line of rows) {
      const list = out.get(line.scheduleId) ?? []
      list.push({ id: line.id, chargeType: line.chargeType, description: line.description, amount: line.amount, effectiveFrom: line.effectiveFrom, effectiveTo: line.effectiveTo, accountId: line.accountId })
      out.set(line.scheduleId, list)
    }
  }
  return out
}

function* chunks<T>(items: T[], size: number) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size)
}

/** One company's charges due, in the caller's transaction. */
async function chargeCompany(tx: Executor, companyId: string, schedules: ScheduleRow[], today: string, userId: string | null, withLateFees: boolean): Promise<RentRunResult> {
  const [roles, settings, latest, activeAccounts] = await Promise.all([
    tx.select({ role: defaultGlAccounts.role, accountId: defaultGlAccounts.accountId }).from(defaultGlAccounts).where(eq(defaultGlAccounts.companyId, companyId)),
    tx.select({ lockDate: ledgerSettings.lockDate }).from(ledgerSettings).where(eq(ledgerSettings.companyId, companyId)),
    // Each line's latest period charged: the run charges the periods after it.
    tx
      .select({ scheduleId: rentCharges.scheduleId, lineId: rentCharges.scheduleLineId, periodStart: max(rentCharges.periodStart) })
      .from(rentCharges)
      .where(and(eq(rentCharges.companyId, companyId), isNotNull(rentCharges.scheduleLineId), schedules.length <= 5000 ? inArray(rentCharges.scheduleId, schedules.map((s) => s.id)) : undefined))
      .groupBy(rentCharges.scheduleId, rentCharges.scheduleLineId),
    tx.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.companyId, companyId), eq(accounts.isActive, true))),
  ])
  const role = new Map(roles.map((r) => [r.role, r.accountId]))
  const active = new Set(activeAccounts.map((a) => a.id))
  const after = new Map(latest.map((l) => [l.lineId, l.periodStart]))
  // A line added to a schedule that has charged starts after the schedule's latest period: what was
  // charged before it came is not charged again (a forgotten period is a one-off charge).
  const scheduleAfter = new Map<string, string>()
  for (const l of latest) if (l.scheduleId && l.periodStart && l.periodStart > (scheduleAfter.get(l.scheduleId) ?? '')) scheduleAfter.set(l.scheduleId, l.periodStart)
  const lockDate = settings[0]?.lockDate ?? null
  const receivable = role.get('ACCOUNTS_RECEIVABLE')
  const errors = new Map<string, string | null>(schedules.map((s) => [s.id, null]))
  const charges: NewCharge[] = []
  let failed = 0
  for (const schedule of schedules) {
    // Periods are read from the earliest of its lines' latest charged ones: a run's work is what is new.
    const latestOf = (lineId: string) => after.get(lineId) ?? scheduleAfter.get(schedule.id)
    const lastCharged = schedule.lines.map((l) => latestOf(l.id) ?? '').sort()[0] || null
    const lines = new Map(schedule.lines.map((l) => [l.id, l]))
    const due = chargesDue(schedule, schedule.lines, today, schedule.moveOutDate, { after: lastCharged }).filter((c) => {
      const last = latestOf(c.lineId)
      return !last || c.periodStart > last
    })
    for (const charge of due) {
      const line = lines.get(charge.lineId)!
      const accountId = line.accountId ?? role.get(incomeRoleOf(line.chargeType))
      const problem = !receivable
        ? 'The company has no accounts receivable account: say which account plays that role under Default GL Accounts.'
        : !accountId || !active.has(accountId)
          ? `${charge.description} has no active income account: choose one on the schedule, or reactivate it.`
          : !active.has(receivable)
            ? 'The accounts receivable account is inactive: reactivate it.'
            : lockDate && charge.date <= lockDate
              ? `Not charged for ${charge.date}: the books are closed through ${lockDate}.`
              : null
      if (problem) {
        failed++
        errors.set(schedule.id, problem)
        continue
      }
      charges.push({ ...charge, scheduleId: schedule.id, leaseId: schedule.leaseId, accountId: accountId! })
    }
  }
  let charged = await makeCharges(tx, companyId, charges, receivable!, userId)
  // Then late fees, by the company's policy, for rent still owing after its grace days (within the
  // province's law), the rent just charged and paid from credits included.
  const lateFeeAccount = role.get(incomeRoleOf('LATE_FEE'))
  if (withLateFees && receivable && lateFeeAccount && active.has(receivable) && active.has(lateFeeAccount)) {
    const fees = (await lateFeesDue(tx, companyId, today))
      .filter((fee) => !lockDate || fee.date > lockDate)
      .map((fee) => ({ leaseId: fee.leaseId, date: fee.date, chargeType: 'LATE_FEE', description: fee.description, amount: fee.amount, accountId: lateFeeAccount, forChargeId: fee.chargeId }))
    charged += await makeCharges(tx, companyId, fees, receivable, userId)
  }
  const changed = schedules.filter((s) => s.lastError !== errors.get(s.id))
  for (const schedule of changed) {
    const lastError = errors.get(schedule.id) ?? null
    await tx
      .update(rentPaymentSchedules)
      .set({ lastError, lastErrorAt: lastError ? new Date() : null })
      .where(and(eq(rentPaymentSchedules.companyId, companyId), eq(rentPaymentSchedules.id, schedule.id)))
  }
  return { charged, failed }
}

/** Inserts charges, posts the ones this call inserted, records their first state and has the leases' credits pay them: how many it made. */
async function makeCharges(tx: Executor, companyId: string, charges: NewCharge[], receivable: string, userId: string | null) {
  if (!charges.length) return 0
  const inserted = await insertCharges(tx, companyId, charges)
  const posted = await postEntries(
    tx,
    companyId,
    inserted.map((c) => chargeDraft(c, receivable)),
    { userId },
  )
  await recordPosted(
    tx,
    companyId,
    inserted.map((c) => c.id),
    userId,
  )
  // Leases holding a credit (an overpayment, a payment made early) have it pay their new charges.
  await applyCredits(tx, companyId, [...new Set(inserted.map((c) => c.leaseId))])
  return posted
}

type InsertedCharge = { id: string; leaseId: string; date: string; amount: number; memo: string; accountId: string; rentalUnitId: string | null; propertyGroupId: string | null }

/** A charge the run makes: a schedule line's period, or a late fee for a rent charge. */
type NewCharge = Pick<DueCharge, 'date' | 'chargeType' | 'description' | 'amount'> &
  Partial<Pick<DueCharge, 'lineId' | 'periodStart' | 'periodEnd'>> & { leaseId: string; accountId: string; scheduleId?: string; forChargeId?: string }

/**
 * Inserts the charges and answers the ones this call inserted: a line's period, or a charge's late
 * fee, already charged (by this run's rival too) is left as it is, by the table's unique keys.
 */
async function insertCharges(tx: Executor, companyId: string, charges: NewCharge[]): Promise<InsertedCharge[]> {
  const rows = charges.map((c) => ({
    lease_id: c.leaseId,
    date: c.date,
    charge_type: c.chargeType,
    description: c.description,
    amount: c.amount,
    account_id: c.accountId,
    schedule_id: c.scheduleId ?? null,
    schedule_line_id: c.lineId ?? null,
    for_charge_id: c.forChargeId ?? null,
    period_start: c.periodStart ?? null,
    period_end: c.periodEnd ?? null,
  }))
  const inserted = await tx.execute<{ id: string; lease_id: string; date: string; amount: string; description: string; account_id: string; rental_unit_id: string | null; property_group_id: string | null; period_start: string | null; period_end: string | null }>(sql`
    insert into ${rentCharges} (company_id, lease_id, date, charge_type, description, amount, account_id, status, schedule_id, schedule_line_id, for_charge_id, period_start, period_end)
    select ${companyId}, lease_id, date, charge_type, description, amount, account_id, 'POSTED', schedule_id, schedule_line_id, for_charge_id, period_start, period_end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(lease_id uuid, date date, charge_type text, description text, amount bigint, account_id uuid, schedule_id uuid, schedule_line_id uuid, for_charge_id uuid, period_start date, period_end date)
    on conflict do nothing
    returning id, lease_id, date::text, amount, description, account_id, rental_unit_id, property_group_id, period_start::text, period_end::text`)
  return [...inserted].map((r) => ({
    id: r.id,
    leaseId: r.lease_id,
    date: r.date,
    amount: Number(r.amount),
    memo: chargeMemo({ description: r.description, date: r.date, periodStart: r.period_start, periodEnd: r.period_end }),
    accountId: r.account_id,
    rentalUnitId: r.rental_unit_id,
    propertyGroupId: r.property_group_id,
  }))
}

/** Charges made by the run start posted, as one made by hand does: their history says so. */
async function recordPosted(tx: Executor, companyId: string, ids: string[], userId: string | null) {
  if (!ids.length) return
  await tx.execute(sql`
    insert into ${stateChanges} (company_id, resource, record_id, action, from_state, to_state, note, user_id)
    select ${companyId}, ${CHARGES_RESOURCE}, x.id::uuid, null, null, 'POSTED', 'Charged by the rent run', ${userId}::uuid
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as x(id)`)
}

/*
 * A schedule's and a charge's own rules, called by their definitions.
 */

/** A schedule belongs to a lease that is not over, and its lines name income accounts. */
export async function checkSchedule(tx: Executor, companyId: string, leaseId: string, lines: { accountId?: unknown }[]): Promise<Record<string, string[]> | undefined> {
  const [lease] = await tx
    .select({ status: leases.status })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
  if (lease?.status === 'ENDED') return { lease_id: ['This lease has ended: it is charged nothing more.'] }
  return incomeAccountErrors(
    tx,
    companyId,
    lines.map((l) => (typeof l.accountId === 'string' ? l.accountId : null)),
    (i) => `lines[${i}].account_id`,
  )
}

/**
 * A charge's field errors from its lease and its province's law: a draft lease owes nothing yet
 * (it is charged once activated), and a late fee is charged only where the province allows one,
 * within its cap (the late-fee policy is held to the same law). A lease signed ahead of its start
 * may be charged before it (a work order's repair, what is due at signing).
 */
export async function chargeErrors(tx: Executor, companyId: string, values: Record<string, unknown>): Promise<Record<string, string[]> | undefined> {
  const [lease] = await tx
    .select({ status: leases.status, label: leases.label, rentalUnitId: leases.rentalUnitId })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, String(values.leaseId))))
  if (!lease) return undefined
  if (lease.status === 'DRAFT') return { lease_id: [`${lease.label} is a draft: activate it before charging it.`] }
  if (values.chargeType === 'NSF_FEE') return nsfFeeLawErrors(await provinceOfUnit(tx, companyId, lease.rentalUnitId), Number(values.amount), 'amount')
  if (values.chargeType !== 'LATE_FEE') return undefined
  return lateFeeLawErrors(await provinceOfUnit(tx, companyId, lease.rentalUnitId), Number(values.amount), { kind: 'charge_type', amount: 'amount' })
}

/** Charges go to income accounts: each named account must be an active income account of this company. */
export const incomeAccountErrors = (tx: Executor, companyId: string, ids: (string | null)[], field: (i: number) => string) =>
  glAccountErrors(tx, companyId, ids, INCOME_SUBTYPES, field, { kind: 'an income', active: true })

const INCOME_SUBTYPES = ACCOUNT_SUBTYPES.filter((s) => s.type === 'INCOME').map((s) => s.value)

/** What a page of schedules shows beside their fields: each period's total today, how many charges it made, when it charges next. */
export async function scheduleSummaries(tx: Executor, companyId: string, ids: string[]) {
  const found = await schedulesWithCharges(tx, companyId, inArray(rentPaymentSchedules.id, ids))
  return new Map(
    found.map(({ schedule, current, chargedCount, ahead }) => [
      schedule.id,
      {
        period_total: formatDecimal(current.reduce((sum, l) => sum + l.amount, 0)),
        charged_count: chargedCount,
        next_charge_date: ahead[0]?.date ?? null,
        last_error_at: schedule.lastErrorAt?.toISOString() ?? null,
      },
    ]),
  )
}

/**
 * What each lease's schedules charge next: the day of the first charge after what they have
 * charged already, and what they charge that day together (rent and parking, say). A lease that
 * has ended, or whose schedules have nothing more to charge, has none.
 */
export async function nextCharges(tx: Executor, companyId: string, leaseIds: string[]) {
  const next = new Map<string, { date: string; amount: number }>()
  if (!leaseIds.length) return next
  for (const { schedule, ahead } of await schedulesWithCharges(tx, companyId, inArray(rentPaymentSchedules.leaseId, leaseIds))) {
    const first = ahead[0]
    if (!first) continue
    // The first period's charges on its first day: a line starting later in the period is charged later.
    const day = ahead.filter((c) => c.periodStart === first.periodStart).reduce((earliest, c) => (c.date < earliest ? c.date : earliest), first.date)
    const amount = ahead.filter((c) => c.periodStart === first.periodStart && c.date === day).reduce((sum, c) => sum + c.amount, 0)
    const known = next.get(schedule.leaseId)
    if (!known || day < known.date) next.set(schedule.leaseId, { date: day, amount })
    else if (day === known.date) known.amount += amount
  }
  return next
}

/**
 * Schedules with what they charge: their lines, those in effect today (in the company's time
 * zone), how many charges they made, and the charges of the periods after the latest they charged,
 * looking a year past today (or their start); none once their lease has ended.
 */
async function schedulesWithCharges(tx: Executor, companyId: string, which: SQL) {
  const rows = await tx
    .select({ schedule: rentPaymentSchedules, moveOutDate: leases.moveOutDate, status: leases.status, timeZone: companies.timeZone })
    .from(rentPaymentSchedules)
    .innerJoin(leases, eq(leases.id, rentPaymentSchedules.leaseId))
    .innerJoin(companies, eq(companies.id, rentPaymentSchedules.companyId))
    .where(and(eq(rentPaymentSchedules.companyId, companyId), which))
  const ids = rows.map((r) => r.schedule.id)
  if (!ids.length) return []
  const [made, lines] = await Promise.all([
    tx
      .select({ id: rentCharges.scheduleId, count: sql<number>`count(*)`.mapWith(Number), last: max(rentCharges.periodStart) })
      .from(rentCharges)
      .where(and(eq(rentCharges.companyId, companyId), inArray(rentCharges.scheduleId, ids)))
      .groupBy(rentCharges.scheduleId),
    linesOf(tx, ids),
  ])
  const counts = new Map(made.map((m) => [m.id, m]))
  return rows.map(({ schedule, moveOutDate, status, timeZone }) => {
    const today = todayIn(timeZone)
    const own = lines.get(schedule.id) ?? []
    const last = counts.get(schedule.id)?.last ?? ''
    const horizon = addYear([today, schedule.startDate, last].sort().at(-1)!)
    const ahead = status !== 'ENDED' ? chargesDue(schedule, own, horizon, moveOutDate, { after: last || null }).filter((c) => c.periodStart > last) : []
    return {
      schedule,
      current: own.filter((l) => (!l.effectiveFrom || l.effectiveFrom <= today) && (!l.effectiveTo || l.effectiveTo >= today)),
      chargedCount: counts.get(schedule.id)?.count ?? 0,
      ahead,
    }
  })
}

const addYear = (iso: string) => `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`

