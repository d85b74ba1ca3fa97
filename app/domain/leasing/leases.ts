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

/**
 * A unit's status given the statuses of its leases: occupied while a lease is active without
 * notice, on notice while the only leases in force have notice given, and vacant once none is in
 * force (a unit taken out of service stays down).
 */
export function unitStatusFor(current: string, leaseStatuses: readonly string[]): UnitStatus {
  if (leaseStatuses.includes('ACTIVE')) return 'OCCUPIED'
  if (leaseStatuses.includes('NOTICE')) return 'NOTICE'
  return current === 'DOWN' ? 'DOWN' : 'VACANT'
}

type ResidentType = 'CURRENT_RESIDENT' | 'FUTURE_RESIDENT' | 'FORMER_RESIDENT' | 'APPLICANT'

/**
 * A resident's type given the leases they are on: current while one is in force, former once
 * every lease they were on has ended, and otherwise as it was (a draft lease changes nothing).
 */
export function residentTypeFor(current: string, leaseStatuses: readonly string[]): ResidentType {
  if (leaseStatuses.some((s) => HOLDS_UNIT.includes(s as LeaseStatus))) return 'CURRENT_RESIDENT'
  if (leaseStatuses.length && leaseStatuses.every((s) => s === 'ENDED')) return 'FORMER_RESIDENT'
  return current as ResidentType
}
