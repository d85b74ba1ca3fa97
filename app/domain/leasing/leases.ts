import { addDays } from './rent'
import { addMonths } from './rent-increases'

/*
 * A lease's terms and life, as pure rules: the kinds of lease and roles on one, the days a lease
 * holds its unit, and what a unit's status and a resident's type are given the leases they are on.
 * The services (~/leasing/leases.server) read the rows and apply these.
 */

export const LEASE_TYPES = [
  { value: 'FIXED', label: 'Fixed term' },
  { value: 'MONTH_TO_MONTH', label: 'Month-to-month' },
  { value: 'PERIODIC', label: 'Periodic (weekly or other)' },
] as const

export const LEASE_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'NOTICE', label: 'On notice' },
  { value: 'ENDED', label: 'Ended' },
] as const
export type LeaseStatus = (typeof LEASE_STATUSES)[number]['value']

export const RESIDENT_ROLES = [
  { value: 'PRIMARY', label: 'Primary tenant' },
  { value: 'CO_TENANT', label: 'Co-tenant' },
  { value: 'OCCUPANT', label: 'Occupant' },
  { value: 'GUARANTOR', label: 'Guarantor' },
] as const

/** A lease in force holds its unit: active, or active with notice given. */
export const HOLDS_UNIT: readonly LeaseStatus[] = ['ACTIVE', 'NOTICE']

/** The days a lease holds its unit: from its start to its move-out, else its term's end; open (null) when neither is known. */
export type Term = { startDate: string; endDate: string | null; moveOutDate: string | null }
export const lastDayOf = (term: Term) => term.moveOutDate ?? term.endDate

/** Whether two leases' terms share a day (ISO dates compare as text). */
export function termsOverlap(a: Term, b: Term) {
  const aEnd = lastDayOf(a)
  const bEnd = lastDayOf(b)
  return (bEnd === null || a.startDate <= bEnd) && (aEnd === null || b.startDate <= aEnd)
}

type UnitStatus = 'VACANT' | 'OCCUPIED' | 'NOTICE' | 'DOWN'

/** What these rules read of a lease: its status and its first day. */
export type LeaseLife = { status: string; startDate: string }

/**
 * Whether a lease holds its unit on `day`: in force and begun. A lease signed ahead holds it from
 * its start (a renewal too: the lease it renews holds the unit until then).
 */
export const holdsUnitOn = (lease: LeaseLife, day: string) => HOLDS_UNIT.includes(lease.status as LeaseStatus) && lease.startDate <= day

/** Whether a lease is signed and in force but has not begun on `day`: its residents are still to move in. */
export const signedAheadOn = (lease: LeaseLife, day: string) => HOLDS_UNIT.includes(lease.status as LeaseStatus) && !holdsUnitOn(lease, day)

/**
 * A unit's status on `today` given its leases: occupied while a begun lease is active without
 * notice, on notice while the only begun leases have notice given, and vacant while none holds it
 * (a lease signed to start later leaves it vacant until then; one taken out of service stays down).
 */
export function unitStatusFor(current: string, leasesOnUnit: readonly LeaseLife[], today: string): UnitStatus {
  const holding = leasesOnUnit.filter((l) => holdsUnitOn(l, today))
  if (holding.some((l) => l.status === 'ACTIVE')) return 'OCCUPIED'
  if (holding.some((l) => l.status === 'NOTICE')) return 'NOTICE'
  return current === 'DOWN' ? 'DOWN' : 'VACANT'
}

type ResidentType = 'CURRENT_RESIDENT' | 'FUTURE_RESIDENT' | 'FORMER_RESIDENT' | 'APPLICANT'

/**
 * A resident's type on `today` given the leases they are on: current while one holds its unit,
 * future while one is signed to start later, former once every lease they were on has ended, and
 * otherwise as it was (a draft lease changes nothing).
 */
export function residentTypeFor(current: string, theirLeases: readonly LeaseLife[], today: string): ResidentType {
  if (theirLeases.some((l) => holdsUnitOn(l, today))) return 'CURRENT_RESIDENT'
  if (theirLeases.some((l) => signedAheadOn(l, today))) return 'FUTURE_RESIDENT'
  if (theirLeases.length && theirLeases.every((l) => l.status === 'ENDED')) return 'FORMER_RESIDENT'
  return current as ResidentType
}

/**
 * A renewal's terms as its form starts them, from the lease it renews as the API answers it: the
 * same unit, residents in their roles, rent and deposits, starting the day after the lease's end
 * (a fixed term for another year, ending the day before its anniversary). Only the start and end
 * are new; the person changes what the renewal changes.
 */
export function renewalTerms(lease: Record<string, unknown>): Record<string, unknown> {
  const end = typeof lease.end_date === 'string' ? lease.end_date : null
  const start = end ? addDays(end, 1) : null
  const lines = Array.isArray(lease.lines) ? (lease.lines as Record<string, unknown>[]) : []
  return {
    rental_unit_id: lease.rental_unit_id,
    lease_type: lease.lease_type,
    ...(start ? { start_date: start } : {}),
    ...(start && lease.lease_type === 'FIXED' ? { end_date: addDays(addMonths(start, 12), -1) } : {}),
    rent: lease.rent,
    rent_frequency: lease.rent_frequency,
    rent_due_day: lease.rent_due_day,
    security_deposit: lease.security_deposit,
    last_month_rent_deposit: lease.last_month_rent_deposit,
    key_deposit: lease.key_deposit,
    lines: lines.map(({ resident_id, resident_label, role }) => ({ resident_id, resident_label, role })),
  }
}
