import { and, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Database, Executor } from '~/db/client.server'
import { leases, rentCharges, rentPaymentSchedules } from '~/db/schema'
import { addDays } from '~/domain/leasing/rent'
import { HOLDS_UNIT } from '~/domain/leasing/leases'
import { carryDepositsToRenewal } from './deposits.server'
import { followLease, leaseOf } from './leases.server'
import { moveOpenIncreases, renewalRentCheck } from './rent-increases.server'
import { followTurnover, leaseTerms } from '~/maintenance/make-ready.server'
import type { FieldErrors } from '~/domain/errors'

/*
 * What happens as leases begin. A lease signed ahead moves its residents in on its first day; a
 * renewal takes over from the lease it renews on its own first day, that lease running (and being
 * charged) until the day before. Called as a lease is activated and, for the days that come
 * later, by the scheduler.
 */

type LeaseRow = typeof leases.$inferSelect

/**
 * A lease's checks as a renewal (its definition's `validate`; values by field key): it lets the
 * same unit as the lease it renews and starts after it, and a higher rent is a rent increase under
 * the province's law. A renewal moves no one in: its move-in is the tenancy's, filled in from the
 * lease it renews when left empty, and only a renewal's comes before its start.
 */
export async function renewalErrors(tx: Executor, companyId: string, id: string | undefined, values: Record<string, unknown>): Promise<FieldErrors | undefined> {
  const start = String(values.startDate)
  const moveIn = (values.moveInDate as string | null | undefined) ?? null
  if (!values.renewsLeaseId) return moveIn && moveIn < start ? { move_in_date: ['Move-in date cannot be before the start date.'] } : undefined
  if (values.renewsLeaseId === id) return { renews_lease_id: ['A lease cannot renew itself.'] }
  const renewed = await leaseOf(tx, companyId, String(values.renewsLeaseId))
  if (renewed.rentalUnitId !== values.rentalUnitId)
    return { rental_unit_id: [`The unit of the lease it renews, ${renewed.label}: a move to another unit is a move-out and a new lease.`] }
  if (start <= renewed.startDate) return { start_date: [`After ${renewed.startDate}, the start of the lease it renews.`] }
  const rent = await renewalRentCheck(tx, companyId, renewed.id, Number(values.rent), start)
  if (rent.length) return { rent }
  if (!moveIn) values.moveInDate = renewed.moveInDate ?? renewed.startDate
  return undefined
}

/**
 * Activating a renewal: the lease it renews ends its term the day before the renewal starts (its
 * rent schedules charge up to then), and the renewal takes over now when that day has come (or that
 * lease has ended already), else on the day (`followBegunLeases`).
 */
export async function handOverToRenewal(tx: Executor, companyId: string, userId: string | null, renewal: LeaseRow, today: string) {
  if (!renewal.renewsLeaseId) return
  const dayBefore = addDays(renewal.startDate, -1)
  const runsPast = (column: typeof leases.endDate | typeof rentPaymentSchedules.endDate) => or(isNull(column), gt(column, dayBefore))
  await tx
    .update(leases)
    .set({ endDate: dayBefore, updatedAt: new Date() })
    .where(and(eq(leases.companyId, companyId), eq(leases.id, renewal.renewsLeaseId), inArray(leases.status, [...HOLDS_UNIT]), runsPast(leases.endDate)))
  await tx
    .update(rentPaymentSchedules)
    .set({ endDate: dayBefore, updatedAt: new Date() })
    .where(and(eq(rentPaymentSchedules.companyId, companyId), eq(rentPaymentSchedules.leaseId, renewal.renewsLeaseId), runsPast(rentPaymentSchedules.endDate)))
  // A lease renewed that has ended already has nothing to run on to: the renewal takes over what it held now.
  const [renewed] = await tx.select({ status: leases.status }).from(leases).where(and(eq(leases.companyId, companyId), eq(leases.id, renewal.renewsLeaseId)))
  if (renewal.startDate <= today || renewed?.status === 'ENDED') await takeOverRenewedLease(tx, companyId, userId, renewal)
}

/**
 * The day a lease's rent is first charged from: its start, or for a renewal signed after its start
 * the day after the last period the lease it renews was already charged for (the tenancy's rent for
 * those days is charged once, by that lease).
 */
export async function rentChargedFrom(tx: Executor, companyId: string, lease: LeaseRow) {
  if (!lease.renewsLeaseId) return lease.startDate
  const [charged] = await tx
    .select({ through: sql<string | null>`max(${rentCharges.periodEnd})::text` })
    .from(rentCharges)
    .where(and(eq(rentCharges.companyId, companyId), eq(rentCharges.leaseId, lease.renewsLeaseId), eq(rentCharges.status, 'POSTED'), eq(rentCharges.chargeType, 'RENT'), gte(rentCharges.periodEnd, lease.startDate)))
  return charged?.through ? addDays(charged.through, 1) : lease.startDate
}

/**
 * A renewal that has begun takes over from the lease it renews: that lease ends, if it has not
 * already (its history says by which renewal; its residents stay, under the new terms), and what
 * the tenancy holds goes to the renewal: its deposits, and its rent increases still to come.
 * Taking over again moves nothing more.
 */
export async function takeOverRenewedLease(tx: Executor, companyId: string, userId: string | null, renewal: LeaseRow) {
  if (!renewal.renewsLeaseId) return
  const [renewed] = await tx
    .select()
    .from(leases)
    .where(and(eq(leases.companyId, companyId), eq(leases.id, renewal.renewsLeaseId)))
    .for('update')
  if (!renewed || renewed.status === 'DRAFT') return
  if (HOLDS_UNIT.includes(renewed.status as never)) {
    // No one moved out: a move-out given with notice the renewal overtook is no longer one.
    await tx
      .update(leases)
      .set({ status: 'ENDED', moveOutDate: null, updatedAt: new Date() })
      .where(and(eq(leases.companyId, companyId), eq(leases.id, renewed.id)))
    // Loaded here: the definitions load this module.
    const [{ recordStateChange }, { leasesResource }] = await Promise.all([import('~/resources/engine/actions.server'), import('~/resources/leases')])
    await recordStateChange(tx, { companyId, resource: leasesResource, recordId: renewed.id, action: null, from: renewed.status, to: 'ENDED', note: `Renewed by ${renewal.label}`, userId })
  }
  await carryDepositsToRenewal(tx, companyId, userId, renewal, renewed.id)
  await moveOpenIncreases(tx, companyId, userId, renewed, renewal)
  await followLease(tx, companyId, renewed.id)
}

/**
 * The leases that have begun since they were signed, in every company, each in its own
 * transaction: a lease in force whose first day has come on its company's clock while its unit
 * still reads vacant, one of its residents is still a future resident, or the lease it renews is
 * still in force. Run by the scheduler; following a lease again changes nothing, so two runs at
 * once are harmless (the renewed lease is locked, and taken over once).
 */
export async function followBegunLeases(db: Database, options: { now?: Date; companyId?: string } = {}) {
  const now = (options.now ?? new Date()).toISOString()
  const begun = await db.execute<{ company_id: string; id: string; today: string }>(sql`
    select l.company_id, l.id, (${now}::timestamptz at time zone c.time_zone)::date::text as today
    from leases l
    join companies c on c.id = l.company_id
    join rental_units u on u.id = l.rental_unit_id
    where l.status in ('ACTIVE', 'NOTICE') and l.start_date <= (${now}::timestamptz at time zone c.time_zone)::date
      ${options.companyId ? sql`and l.company_id = ${options.companyId}` : sql``}
      and (u.status = 'VACANT'
        or exists (select 1 from lease_residents lr join residents r on r.id = lr.resident_id
                   where lr.lease_id = l.id and r.resident_type = 'FUTURE_RESIDENT')
        or exists (select 1 from leases o where o.id = l.renews_lease_id and o.status in ('ACTIVE', 'NOTICE')))`)
  for (const begins of begun) {
    await db.transaction(async (tx) => {
      const lease = await leaseOf(tx, begins.company_id, begins.id)
      await takeOverRenewedLease(tx, begins.company_id, null, lease)
      await followLease(tx, begins.company_id, begins.id, { today: begins.today })
      // The unit's turn, if one is open, is over: it is lived in again.
      await followTurnover(tx, begins.company_id, null, leaseTerms(lease), undefined, { begun: true })
    })
  }
  return { followed: begun.length }
}
