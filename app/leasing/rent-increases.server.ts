import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm'
import { companyToday } from '~/db/clock.server'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { bulkRentIncreaseNoticeLeases, bulkRentIncreaseNotices, companies, leases, rentCharges, rentIncreases, rentPaymentScheduleLines, rentPaymentSchedules } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { conflict, invalidFields, type FieldErrors } from '~/domain/errors'
import { HOLDS_UNIT, LEASE_STATUSES } from '~/domain/leasing/leases'
import { guidelineFor, rentIncreaseRulesOf, rulesOf } from '~/domain/leasing/provinces'
import { addDays } from '~/domain/leasing/rent'
import { allowedRent, catchUpCharges, earliestEffective, eligibleFrom, increaseErrors, increasePercent, renewalRentErrors, maximumRent, noticeLetter, noticePeriodOf, OPEN_INCREASE, RENT_INCREASE_STATUSES } from '~/domain/leasing/rent-increases'
import { letterText } from '~/domain/letter'
import { formatMoney, formatPercent, parseMoney } from '~/domain/money'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { sendEmail } from '~/utils/mailer.server'
import { addressees, letterhead } from './letters.server'
import { runRent } from './rent.server'

/*
 * Rent increases (issue: leases and rent, item 7), called by their definitions
 * (~/resources/rent-increases) and by the rent run: which leases may have their rent raised and by
 * how much, the checks an increase must pass, applying one to its lease's rent schedule, the
 * letters of notice (one page per lease) and e-mailing them. The rules themselves are pure
 * (~/domain/leasing/rent-increases).
 */

type LeaseTerms = {
  id: string
  label: string
  status: string
  rent: number
  rentFrequency: string
  moveInDate: string
  province: string | null
  propertyGroupId: string | null
  /** The effective date of its latest applied increase. */
  lastIncreaseDate: string | null
  /** An increase still on its way (a draft, or notice given), other than the one being checked. */
  openIncrease: string | null
}

/** What the increases of these leases are checked against, in one query: the lease, where it is, its province, its last increase and any under way. */
async function leaseTerms(tx: Executor, companyId: string, where: { leaseIds?: string[]; except?: string; eligibleBy?: string; propertyGroupId?: string; limit?: number; offset?: number }) {
  // The increase being checked is not another one of its lease's.
  const except = where.except ? sql`and r.id <> ${where.except}` : sql``
  const rows = await tx.execute<{
    id: string
    label: string
    status: string
    rent: string
    rent_frequency: string
    move_in_date: string
    province: string | null
    property_group_id: string | null
    last_increase_date: string | null
    open_increase: string | null
    total: string
  }>(sql`
    select l.id, l.label, l.status,
      -- The rent the next increase raises: an applied one still to take effect has set it already.
      case when last.date > (now() at time zone c.time_zone)::date then last.new_rent else l.rent end as rent, l.rent_frequency, coalesce(l.move_in_date, l.start_date)::text as move_in_date,
      coalesce(pg.address ->> 'province', c.province) as province, b.property_group_id,
      last.date::text as last_increase_date, open.id as open_increase, count(*) over () as total
    from leases l
    join companies c on c.id = l.company_id
    join rental_units u on u.id = l.rental_unit_id
    join buildings b on b.id = u.building_id
    left join property_groups pg on pg.id = b.property_group_id
    -- Its last increase is the tenancy's: one applied to it or to the lease it renews, or the renewal itself at a higher rent.
    left join lateral (
      select x.date, x.new_rent from (
        select r.effective_date as date, r.new_rent from rent_increases r
        where r.company_id = l.company_id and r.lease_id in (l.id, l.renews_lease_id) and r.status = 'APPLIED' ${except}
        union all
        select l.start_date, l.rent from leases o where o.company_id = l.company_id and o.id = l.renews_lease_id and l.rent > o.rent
      ) x order by x.date desc limit 1) last on true
    left join lateral (select r.id from rent_increases r where r.company_id = l.company_id and r.lease_id = l.id and r.status in ('DRAFT', 'NOTICE_SENT') ${except} limit 1) open on true
    where l.company_id = ${companyId}
      ${where.leaseIds ? sql`and l.id in (select jsonb_array_elements_text(${JSON.stringify(where.leaseIds)}::jsonb)::uuid)` : sql``}
      ${where.eligibleBy ? sql`and l.status = 'ACTIVE' and open.id is null and (greatest(coalesce(last.date, l.move_in_date, l.start_date), coalesce(l.move_in_date, l.start_date)) + interval '12 months')::date <= ${where.eligibleBy}` : sql``}
      ${where.propertyGroupId ? sql`and b.property_group_id = ${where.propertyGroupId}` : sql``}
    order by (greatest(coalesce(last.date, l.move_in_date, l.start_date), coalesce(l.move_in_date, l.start_date)) + interval '12 months'), l.label, l.id
    ${where.limit !== undefined ? sql`limit ${where.limit} offset ${where.offset ?? 0}` : sql``}`)
  const terms: LeaseTerms[] = [...rows].map((r) => ({
    id: r.id,
    label: r.label,
    status: r.status,
    rent: Number(r.rent),
    rentFrequency: r.rent_frequency,
    moveInDate: r.move_in_date,
    province: r.province,
    propertyGroupId: r.property_group_id,
    lastIncreaseDate: r.last_increase_date,
    openIncrease: r.open_increase,
  }))
  return { terms, total: rows.length ? Number(rows[0].total) : 0 }
}

const leaseStatusLabel = (status: string) => LEASE_STATUSES.find((s) => s.value === status)?.label.toLowerCase() ?? status
const increaseStatusLabel = (status: string) => RENT_INCREASE_STATUSES.find((s) => s.value === status)?.label.toLowerCase() ?? status

/** Why a lease cannot have an increase made now, whatever its terms: it is not active, or one is under way already. */
function leaseRefusal(lease: LeaseTerms) {
  if (lease.status !== 'ACTIVE') return `${lease.label} is ${leaseStatusLabel(lease.status)}: only an active lease’s rent is raised.`
  if (lease.openIncrease) return `${lease.label} has a rent increase under way already: change or cancel it instead.`
  return null
}

/** What the law on increases says of a renewal of `renewedId` starting on `startDate` at `rent` (cents): messages for its rent, none when it does not raise it. */
export async function renewalRentCheck(tx: Executor, companyId: string, renewedId: string, rent: number, startDate: string) {
  const [lease] = (await leaseTerms(tx, companyId, { leaseIds: [renewedId] })).terms
  if (!lease) return []
  // An increase on its way already raises the tenancy's rent, on its date: the renewal takes it over.
  if (lease.openIncrease && rent > lease.rent)
    return [`${lease.label} has a rent increase on its way, which goes over to the renewal and raises the rent on its date: renew at the ${formatMoney(lease.rent)} paid now.`]
  return renewalRentErrors({ province: lease.province, currentRent: lease.rent, newRent: rent, startDate, eligibleFrom: eligibleFrom(lease) })
}

/**
 * A renewal takes over the increases still to come of the lease it renews: they raise the
 * tenancy's rent. A draft or one with notice given goes over as it is; one applied to that lease's
 * schedule for a day the renewal covers goes back to notice given, for the rent run to apply to the
 * renewal's schedule on its date (the lease renewed no longer charges then).
 */
export async function moveOpenIncreases(tx: Executor, companyId: string, userId: string | null, from: { id: string }, to: { id: string; label: string; startDate: string }) {
  await tx
    .update(rentIncreases)
    .set({ leaseId: to.id, updatedAt: new Date() })
    .where(and(eq(rentIncreases.companyId, companyId), eq(rentIncreases.leaseId, from.id), inArray(rentIncreases.status, [...OPEN_INCREASE])))
  const ahead = await tx
    .update(rentIncreases)
    .set({ leaseId: to.id, status: 'NOTICE_SENT', leaseRentUpdated: false, updatedAt: new Date() })
    .where(and(eq(rentIncreases.companyId, companyId), eq(rentIncreases.leaseId, from.id), eq(rentIncreases.status, 'APPLIED'), gte(rentIncreases.effectiveDate, to.startDate)))
    .returning({ id: rentIncreases.id })
  if (!ahead.length) return
  // Loaded here: the definitions load this module.
  const [{ recordStateChange }, { rentIncreasesResource }] = await Promise.all([import('~/resources/engine/actions.server'), import('~/resources/rent-increases')])
  for (const increase of ahead)
    await recordStateChange(tx, { companyId, resource: rentIncreasesResource, recordId: increase.id, action: null, from: 'APPLIED', to: 'NOTICE_SENT', note: `Taken over by the renewal ${to.label}: applied to its rent schedule on its date`, userId })
}

/**
 * A rent increase's own checks, as it is made or changed (its definition's `validate`): only a
 * draft changes; its lease is active with no other increase under way (the lease is locked, so two
 * made at once cannot both pass); and its terms are lawful in the lease's province.
 */
export async function checkIncrease(tx: Executor, companyId: string, id: string | undefined, values: Record<string, unknown>): Promise<FieldErrors | undefined> {
  if (id) {
    const [current] = await tx
      .select({ status: rentIncreases.status })
      .from(rentIncreases)
      .where(and(eq(rentIncreases.companyId, companyId), eq(rentIncreases.id, id)))
    if (current && current.status !== 'DRAFT') throw conflict(`This rent increase is ${increaseStatusLabel(current.status)}: only a draft changes. Cancel it and make another.`)
  }
  const leaseId = String(values.leaseId)
  await tx
    .select({ id: leases.id })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
    .for('update')
  const [lease] = (await leaseTerms(tx, companyId, { leaseIds: [leaseId], except: id })).terms
  if (!lease) return { lease_id: ['No such lease in your company.'] }
  const refusal = leaseRefusal(lease)
  if (refusal) return { lease_id: [refusal] }
  const errors = increaseErrors({
    province: lease.province,
    currentRent: lease.rent,
    newRent: Number(values.newRent),
    effectiveDate: String(values.effectiveDate),
    noticeDate: (values.noticeDate as string | null | undefined) ?? null,
    exempt: values.exempt === true,
    exemptionReason: (values.exemptionReason as string | null | undefined) ?? null,
    eligibleFrom: eligibleFrom(lease),
    today: await companyToday(tx, companyId),
  })
  return Object.keys(errors).length ? errors : undefined
}

/**
 * Giving notice (its `give-notice` action): on `noticeDate`, else the date the increase planned,
 * else today; refused, naming the field, where that notice is too late (or, in Québec, too early)
 * for the increase's date under its province's law.
 */
export async function giveNotice(tx: Executor, companyId: string, record: Record<string, unknown>, noticeDate: string | null) {
  const on = noticeDate ?? (record.noticeDate as string | null) ?? (await companyToday(tx, companyId))
  const errors = await checkIncrease(tx, companyId, String(record.id), { ...record, noticeDate: on })
  if (errors) throw invalidFields(errors, 'This notice is not lawful for the increase.')
  await tx
    .update(rentIncreases)
    .set({ noticeDate: on, updatedAt: new Date() })
    .where(and(eq(rentIncreases.companyId, companyId), eq(rentIncreases.id, String(record.id))))
}

/**
 * Applying an increase (its `apply` action) changes its lease's rent schedule: the rent line in
 * effect on its date ends the day before, and a line of the new rent (keeping the old one's
 * account and description) runs from its date, so the rent run charges the new rent from then on
 * and never a period twice (each line charges a period once). Periods already charged at the old
 * rent that the increase reaches owe the difference, charged now. The lease's rent says the new
 * rent from its date: now if it has come, else when the rent run reaches it.
 */
export async function applyIncrease(tx: Executor, companyId: string, userId: string, record: Record<string, unknown>) {
  const id = String(record.id)
  const leaseId = String(record.leaseId)
  const [held] = await tx
    .select({ label: leases.label, status: leases.status, moveOutDate: leases.moveOutDate })
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
  if (held && !HOLDS_UNIT.includes(held.status as never)) throw conflict(`${held.label} is ${leaseStatusLabel(held.status)}: only the rent of a lease in force is raised. Cancel this increase.`)
  const effective = String(record.effectiveDate)
  const newRent = Number(record.newRent)
  const schedules = await tx
    .select()
    .from(rentPaymentSchedules)
    .where(and(eq(rentPaymentSchedules.companyId, companyId), eq(rentPaymentSchedules.leaseId, leaseId)))
  const lines = schedules.length
    ? await tx
        .select()
        .from(rentPaymentScheduleLines)
        .where(
          and(
            eq(rentPaymentScheduleLines.companyId, companyId),
            inArray(
              rentPaymentScheduleLines.scheduleId,
              schedules.map((s) => s.id),
            ),
            eq(rentPaymentScheduleLines.chargeType, 'RENT'),
          ),
        )
    : []
  const later = lines.find((l) => l.effectiveFrom && l.effectiveFrom > effective)
  if (later) throw conflict(`The lease’s rent schedule already charges a rent from ${later.effectiveFrom}: an increase before it would be charged beside it. Change the schedule first.`)
  const startOf = (line: (typeof lines)[number]) => line.effectiveFrom ?? schedules.find((s) => s.id === line.scheduleId)!.startDate
  const running = lines.filter((l) => startOf(l) <= effective && (!l.effectiveTo || l.effectiveTo >= effective))
  if (running.length !== 1) {
    throw conflict(
      running.length
        ? `The lease’s rent schedule has ${running.length} rent lines on ${effective}: leave one, then apply the increase.`
        : `The lease’s rent schedule charges no rent on ${effective}: add its rent to the schedule, then apply the increase.`,
    )
  }
  const [line] = running
  if (startOf(line) >= effective) throw conflict(`The lease’s rent line starts on ${effective} itself: change its amount on the schedule instead.`)
  const schedule = schedules.find((s) => s.id === line.scheduleId)!
  const dayBefore = addDays(effective, -1)
  await tx
    .update(rentPaymentScheduleLines)
    .set({ effectiveTo: dayBefore })
    .where(and(eq(rentPaymentScheduleLines.companyId, companyId), eq(rentPaymentScheduleLines.id, line.id)))
  // The new rent goes right after the line it follows, the schedule's other lines after it.
  await tx
    .update(rentPaymentScheduleLines)
    .set({ position: sql`${rentPaymentScheduleLines.position} + 1` })
    .where(and(eq(rentPaymentScheduleLines.companyId, companyId), eq(rentPaymentScheduleLines.scheduleId, schedule.id), gt(rentPaymentScheduleLines.position, line.position)))
  const [added] = await tx
    .insert(rentPaymentScheduleLines)
    .values({ companyId, scheduleId: schedule.id, position: line.position + 1, chargeType: 'RENT', description: line.description, amount: newRent, accountId: line.accountId, effectiveFrom: effective, effectiveTo: line.effectiveTo })
    .returning()

  const charged = await tx
    .select({ periodStart: rentCharges.periodStart, periodEnd: rentCharges.periodEnd, amount: rentCharges.amount })
    .from(rentCharges)
    .where(and(eq(rentCharges.companyId, companyId), eq(rentCharges.scheduleLineId, line.id), eq(rentCharges.status, 'POSTED'), gte(rentCharges.periodEnd, effective)))
  const owed = catchUpCharges(
    schedule,
    {
      ended: { ...line, effectiveTo: dayBefore },
      added: { id: added.id, chargeType: 'RENT', description: added.description, amount: newRent, effectiveFrom: effective, effectiveTo: added.effectiveTo },
    },
    charged.map((c) => ({ periodStart: String(c.periodStart), periodEnd: String(c.periodEnd), amount: c.amount })),
    held?.moveOutDate ?? null,
  )
  if (owed.length) {
    // Loaded here: the definitions are read by pages and tests that never load the API.
    const [{ createRecord, parseInput }, { rentChargesResource }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources/rent')])
    for (const charge of owed) {
      const body = { lease_id: leaseId, date: charge.date, charge_type: 'RENT', description: `Rent increase from ${effective}, ${charge.date} to ${charge.periodEnd}`, amount: formatMoney(charge.amount), account_id: line.accountId }
      await createRecord(tx, companyId, rentChargesResource, parseInput(rentChargesResource, body, 'create'), { userId })
    }
  }
  const today = await companyToday(tx, companyId)
  const inEffect = effective <= today
  if (inEffect) await tx.update(leases).set({ rent: newRent, updatedAt: new Date() }).where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
  await tx
    .update(rentIncreases)
    .set({ scheduleLineId: added.id, leaseRentUpdated: inEffect, updatedAt: new Date() })
    .where(and(eq(rentIncreases.companyId, companyId), eq(rentIncreases.id, id)))
  // What the new line has due already, as saving the schedule would charge it.
  await runRent(tx, { companyId, userId, scheduleIds: [schedule.id] })
}

/**
 * The rent run's part: each lease whose applied increase has taken effect by `today` says its new
 * rent (the latest, where several have). One statement, whatever the number of leases.
 */
export async function rentIncreasesInEffect(tx: Executor, companyId: string, today: string) {
  await tx.execute(sql`
    with due as (
      update ${rentIncreases} set lease_rent_updated = true, updated_at = now()
      where company_id = ${companyId} and status = 'APPLIED' and not lease_rent_updated and effective_date <= ${today}
      returning lease_id, new_rent, effective_date)
    update ${leases} l set rent = d.new_rent, updated_at = now()
    from (select distinct on (lease_id) lease_id, new_rent from due order by lease_id, effective_date desc) d
    where l.company_id = ${companyId} and l.id = d.lease_id`)
}

/**
 * Increases whose notice was given and whose day has come are applied by the rent run before it
 * reads the schedules, so the new rent is charged from its date without anyone having to remember:
 * each through its own `apply` action, in its own transaction, as the person who gave the notice
 * (its history says so). One that cannot be applied (its schedule was changed meanwhile) waits for
 * a person, who is told why on its page when they apply it.
 */
export async function applyNoticedIncreases(db: Executor, options: { now?: Date; companyId?: string } = {}) {
  const now = (options.now ?? new Date()).toISOString()
  const due = await db.execute<{ company_id: string; id: string; user_id: string | null }>(sql`
    select r.company_id, r.id,
      (select h.user_id from state_changes h where h.company_id = r.company_id and h.resource = 'rent-increases' and h.record_id = r.id and h.to_state = 'NOTICE_SENT' and h.user_id is not null order by h.created_at desc limit 1) as user_id
    from rent_increases r
    join leases l on l.id = r.lease_id
    join companies c on c.id = r.company_id
    where r.status = 'NOTICE_SENT' and l.status in ('ACTIVE', 'NOTICE') and r.effective_date <= (${now}::timestamptz at time zone c.time_zone)::date
      ${options.companyId ? sql`and r.company_id = ${options.companyId}` : sql``}
    order by r.effective_date, r.id`)
  // Loaded here: the definitions load this module.
  const [{ runAction }, { rentIncreasesResource }] = await Promise.all([import('~/resources/engine/actions.server'), import('~/resources/rent-increases')])
  let applied = 0
  for (const increase of due) {
    if (!increase.user_id) continue
    const userId = increase.user_id
    try {
      await db.transaction((tx) => runAction(tx, increase.company_id, userId, rentIncreasesResource, increase.id, 'apply', { note: 'Applied by the rent run on its date' }))
      applied++
    } catch (error) {
      console.error(`[lintel] rent run: the rent increase ${increase.id} was not applied:`, error instanceof Error ? error.message : error)
    }
  }
  return applied
}

/** A lease that may have its rent raised, with what an increase on `effective` may be. */
export type EligibleLease = {
  leaseId: string
  leaseLabel: string
  propertyGroupId: string | null
  residentNames: string
  province: string | null
  rentFrequency: string
  currentRent: number
  moveInDate: string
  lastIncreaseDate: string | null
  eligibleFrom: string
  /** The first day on or after the date asked that an increase may take effect, with notice given today. */
  earliestEffectiveDate: string
  guidelinePercent: number | null
  guidelineYear: number | null
  maximumRent: number | null
  noticePeriod: string | null
}

/**
 * The active leases with no increase under way whose twelve months are up by `asOf` (today when not
 * given), soonest first, each with the first day an increase may take effect on or after `asOf`
 * (notice given today) and the most its rent may become then.
 */
export async function eligibleLeases(tx: Executor, companyId: string, options: { asOf?: string; propertyGroupId?: string; limit?: number; offset?: number } = {}) {
  const today = await companyToday(tx, companyId)
  const asOf = options.asOf ?? today
  const { terms, total } = await leaseTerms(tx, companyId, { eligibleBy: asOf, propertyGroupId: options.propertyGroupId, limit: options.limit, offset: options.offset })
  const to = await addressees(
    tx,
    companyId,
    terms.map((t) => t.id),
  )
  const results: EligibleLease[] = terms.map((lease) => {
    const rules = rentIncreaseRulesOf(lease.province)
    const from = eligibleFrom(lease)
    const effective = [from, asOf, rules ? earliestEffective(rules, today) : today].sort().at(-1)!
    const allowed = allowedRent(lease.province, lease.rent, effective)
    return {
      leaseId: lease.id,
      leaseLabel: lease.label,
      propertyGroupId: lease.propertyGroupId,
      residentNames: to.get(lease.id)?.tenants.join(', ') ?? '',
      province: lease.province,
      rentFrequency: lease.rentFrequency,
      currentRent: lease.rent,
      moveInDate: lease.moveInDate,
      lastIncreaseDate: lease.lastIncreaseDate,
      eligibleFrom: from,
      earliestEffectiveDate: effective,
      guidelinePercent: allowed?.percent ?? null,
      guidelineYear: allowed?.year ?? null,
      maximumRent: allowed?.maximum ?? null,
      noticePeriod: noticePeriodOf(lease.province),
    }
  })
  return { results, total }
}

/** How far ahead a bulk notice's form looks for leases: a notice given now reaches its 90 days, or three months, with room to spare. */
const BULK_WINDOW_DAYS = 120

/** The leases a new bulk notice's form offers: those whose rent may rise within four months, of one property or all. */
export async function bulkCandidates(tx: Executor, companyId: string, propertyGroupId: string | undefined) {
  const asOf = addDays(await companyToday(tx, companyId), BULK_WINDOW_DAYS)
  const { results } = await eligibleLeases(tx, companyId, { asOf, propertyGroupId })
  return results.map(candidateLine)
}

/** A picked lease as a bulk notice's line shows it (by column key, amounts in cents). */
const candidateLine = (lease: EligibleLease) => ({
  leaseId: lease.leaseId,
  lease_label: lease.leaseLabel,
  residentNames: lease.residentNames,
  currentRent: lease.currentRent,
  lastIncreaseDate: lease.lastIncreaseDate,
  eligibleFrom: lease.eligibleFrom,
  maximumRent: lease.maximumRent,
})

/** Picked leases as a bulk notice's lines show them, by lease id: those of this company only. */
export async function pickedLeases(tx: Executor, companyId: string, ids: string[]) {
  const known = ids.filter(isUuid)
  const { terms } = known.length ? await leaseTerms(tx, companyId, { leaseIds: known }) : { terms: [] }
  const names = await addressees(
    tx,
    companyId,
    terms.map((t) => t.id),
  )
  const today = await companyToday(tx, companyId)
  return new Map(
    terms.map((lease) => {
      const from = eligibleFrom(lease)
      const allowed = allowedRent(lease.province, lease.rent, from > today ? from : today)
      return [
        lease.id,
        {
          lease_label: lease.label,
          residentNames: names.get(lease.id)?.tenants.join(', ') ?? '',
          currentRent: lease.rent,
          lastIncreaseDate: lease.lastIncreaseDate,
          eligibleFrom: from,
          maximumRent: allowed?.maximum ?? null,
        },
      ]
    }),
  )
}

/**
 * A bulk notice's checks as it is made (its definition's `validate`): each lease picked is this
 * company's, active, with no increase under way, and the increase (the percent given, else its
 * province's guideline) is lawful on the notice's dates. A lease's problem is named at the field to
 * correct, beginning with the lease. Made once, it keeps its leases and dates (they are written on
 * create only): a change, its memo's, has nothing to check.
 */
export async function checkBulkNotice(tx: Executor, companyId: string, id: string | undefined, values: Record<string, unknown>, picked: Record<string, unknown>[] | undefined): Promise<FieldErrors | undefined> {
  if (id) return undefined
  const ids = (picked ?? []).map((line) => String(line.leaseId))
  const { terms } = await leaseTerms(tx, companyId, { leaseIds: ids.filter(isUuid) })
  const byId = new Map(terms.map((t) => [t.id, t]))
  const errors: FieldErrors = {}
  const add = (field: string, message: string) => (errors[field] = [...(errors[field] ?? []), message])
  const foreign = ids.filter((leaseId) => !byId.has(leaseId))
  if (foreign.length) add('lease_ids', `${foreign.length === 1 ? 'One lease is' : `${foreign.length} leases are`} not your company’s.`)
  const today = await companyToday(tx, companyId)
  const percent = values.increasePercent === null || values.increasePercent === undefined ? null : Number(values.increasePercent)
  const effective = String(values.effectiveDate)
  for (const leaseId of ids) {
    const lease = byId.get(leaseId)
    if (!lease) continue
    const refusal = leaseRefusal(lease) ?? (values.propertyGroupId && lease.propertyGroupId !== values.propertyGroupId ? `${lease.label} is not a lease of the property chosen.` : null)
    if (refusal) {
      add('lease_ids', refusal)
      continue
    }
    const guideline = guidelineFor(lease.province, Number(effective.slice(0, 4)))
    if (percent === null && !guideline) {
      add('increase_percent', `${lease.label}: ${rulesOf(lease.province)?.name ?? 'its province'} sets no guideline, so give the increase.`)
      continue
    }
    const terms = increaseErrors({
      province: lease.province,
      currentRent: lease.rent,
      newRent: maximumRent(lease.rent, percent ?? guideline!.percent),
      effectiveDate: effective,
      noticeDate: String(values.noticeDate),
      exempt: false,
      exemptionReason: null,
      eligibleFrom: eligibleFrom(lease),
      today,
    })
    for (const [field, messages] of Object.entries(terms)) add(field === 'new_rent' ? 'increase_percent' : field, `${lease.label}: ${messages[0]}`)
  }
  return Object.keys(errors).length ? errors : undefined
}

/**
 * What making a bulk notice does (its definition's `created`): a rent increase for each lease
 * picked, at the percent given (else its province's guideline), its notice given on the notice's
 * date, through the rent increase's own definition and action; then its letters are e-mailed when
 * it asks.
 */
export async function issueBulkNotice(tx: Executor, companyId: string, userId: string, record: Record<string, unknown>) {
  const noticeId = String(record.id)
  const picked = await tx
    .select({ leaseId: bulkRentIncreaseNoticeLeases.leaseId })
    .from(bulkRentIncreaseNoticeLeases)
    .where(and(eq(bulkRentIncreaseNoticeLeases.companyId, companyId), eq(bulkRentIncreaseNoticeLeases.noticeId, noticeId)))
  const { terms } = await leaseTerms(tx, companyId, {
    leaseIds: picked.map((p) => p.leaseId),
  })
  const effective = String(record.effectiveDate)
  const percent = record.increasePercent === null ? null : Number(record.increasePercent)
  const [{ createRecord, parseInput }, { runAction }, { rentIncreasesResource }] = await Promise.all([
    import('~/resources/engine/api.server'),
    import('~/resources/engine/actions.server'),
    import('~/resources/rent-increases'),
  ])
  for (const lease of terms) {
    const newRent = maximumRent(lease.rent, percent ?? guidelineFor(lease.province, Number(effective.slice(0, 4)))!.percent)
    const body = { lease_id: lease.id, new_rent: formatMoney(newRent), effective_date: effective, notice_date: String(record.noticeDate) }
    const increase = await createRecord(tx, companyId, rentIncreasesResource, parseInput(rentIncreasesResource, body, 'create'), { userId })
    await tx
      .update(rentIncreases)
      .set({ bulkNoticeId: noticeId })
      .where(and(eq(rentIncreases.companyId, companyId), eq(rentIncreases.id, String(increase.id))))
    await runAction(tx, companyId, userId, rentIncreasesResource, String(increase.id), 'give-notice', { note: `Given with the notices of ${String(record.noticeDate)}` })
  }
  if (record.emailResidents === true) await emailBulkNotice(tx, companyId, noticeId)
}

/** The letters of these increases (a bulk notice's, or one's), ordered by lease, each with who it goes to. */
async function noticeLetters(tx: Executor, companyId: string, which: { bulkNoticeId: string } | { id: string }) {
  const found = await tx
    .select()
    .from(rentIncreases)
    .where(
      and(
        eq(rentIncreases.companyId, companyId),
        'id' in which ? eq(rentIncreases.id, which.id) : eq(rentIncreases.bulkNoticeId, which.bulkNoticeId),
        sql`${rentIncreases.status} <> 'CANCELED'`,
      ),
    )
    .orderBy(asc(rentIncreases.label))
  if (!found.length) return []
  const leaseIds = [...new Set(found.map((r) => r.leaseId))]
  const [{ terms }, to, company, today] = await Promise.all([leaseTerms(tx, companyId, { leaseIds }), addressees(tx, companyId, leaseIds), letterhead(tx, companyId), companyToday(tx, companyId)])
  const byLease = new Map(terms.map((t) => [t.id, t]))
  return found.map((increase) => {
    const lease = byLease.get(increase.leaseId)!
    const addressee = to.get(increase.leaseId)!
    const letter = noticeLetter({
      company,
      tenants: addressee.tenants,
      unitAddress: addressee.unitAddress,
      province: lease.province,
      rentFrequency: lease.rentFrequency,
      currentRent: increase.currentRent,
      newRent: increase.newRent,
      effectiveDate: increase.effectiveDate,
      noticeDate: increase.noticeDate ?? today,
      exempt: increase.exempt,
      exemptionReason: increase.exemptionReason,
      currency: company.currency,
      numbers: company.numbers,
    })
    return { letter, unitAddress: addressee.unitAddress, recipients: addressee.recipients }
  })
}

/** One PDF of the notice letters of a bulk notice (a page per lease) or of one increase; refused when none is left to print. */
export async function noticesPdf(tx: Executor, companyId: string, which: { bulkNoticeId: string } | { id: string }) {
  const letters = await noticeLetters(tx, companyId, which)
  if (!letters.length) throw conflict('Its rent increases are all canceled: there is no notice left to print.')
  return lettersPdf(
    letters.map((l) => l.letter),
    'Notice of Rent Increase',
  )
}

/**
 * E-mails each lease's letter of a bulk notice to its tenants who have an e-mail address, the
 * letter in the message and as a PDF attached, through the one mail mechanism (delivered by SMTP,
 * or kept under Emails where none is set up); then notes when.
 */
export async function emailBulkNotice(tx: Executor, companyId: string, noticeId: string) {
  const letters = await noticeLetters(tx, companyId, { bulkNoticeId: noticeId })
  for (const { letter, unitAddress, recipients } of letters) {
    if (!recipients.length) continue
    const pdf = await lettersPdf([letter], letter.title)
    for (const person of recipients) {
      await sendEmail({
        companyId,
        to: person.email,
        subject: `${letter.title}: ${unitAddress}`,
        category: 'rent_increase_notice',
        text: `Hello ${person.name},\n\n${letterText(letter)}\n\nThe notice is attached as a PDF.`,
        attachments: [{ filename: 'notice-of-rent-increase.pdf', contentType: 'application/pdf', content: pdf }],
      })
    }
  }
  await tx
    .update(bulkRentIncreaseNotices)
    .set({ emailedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bulkRentIncreaseNotices.companyId, companyId), eq(bulkRentIncreaseNotices.id, noticeId)))
}

/** What a page of bulk notices shows beside their fields: how many increases each made, how many are applied, and the day (in the company's time zone) its letters were last e-mailed. */
export async function bulkNoticeSummaries(tx: Executor, companyId: string, ids: string[]) {
  const [notices, counts, [company]] = ids.length
    ? await Promise.all([
        tx
          .select({ id: bulkRentIncreaseNotices.id, emailedAt: bulkRentIncreaseNotices.emailedAt })
          .from(bulkRentIncreaseNotices)
          .where(and(eq(bulkRentIncreaseNotices.companyId, companyId), inArray(bulkRentIncreaseNotices.id, ids))),
        tx
          .select({ id: rentIncreases.bulkNoticeId, count: sql<number>`count(*)`.mapWith(Number), applied: sql<number>`count(*) filter (where ${rentIncreases.status} = 'APPLIED')`.mapWith(Number) })
          .from(rentIncreases)
          .where(and(eq(rentIncreases.companyId, companyId), inArray(rentIncreases.bulkNoticeId, ids)))
          .groupBy(rentIncreases.bulkNoticeId),
        tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)),
      ])
    : [[], [], []]
  const byId = new Map(counts.map((c) => [String(c.id), c]))
  return new Map(notices.map((n) => [n.id, { increase_count: byId.get(n.id)?.count ?? 0, applied_count: byId.get(n.id)?.applied ?? 0, emailed_on: n.emailedAt ? todayIn(company?.timeZone ?? 'UTC', n.emailedAt) : null }]))
}

/** What a page of rent increases shows beside their fields (records as the API answers them): the increase in percent, and the most the lease's province allows. */
export async function increaseSummaries(tx: Executor, companyId: string, records: Record<string, unknown>[]) {
  const leaseIds = [...new Set(records.map((r) => String(r.lease_id)))]
  const { terms } = leaseIds.length ? await leaseTerms(tx, companyId, { leaseIds }) : { terms: [] }
  const province = new Map(terms.map((t) => [t.id, t.province]))
  return new Map(
    records.map((r) => {
      const current = parseMoney(String(r.current_rent)) ?? 0
      const next = parseMoney(String(r.new_rent)) ?? 0
      const allowed = allowedRent(province.get(String(r.lease_id)) ?? null, current, String(r.effective_date))
      return [String(r.id), { increase_percent: formatPercent(increasePercent(current, next)), maximum_rent: allowed ? formatMoney(allowed.maximum) : null }]
    }),
  )
}
