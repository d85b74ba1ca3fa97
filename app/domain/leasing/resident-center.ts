import { chargeTypeLabel } from './rent'

/*
 * The resident center as pure rules: where a resident stands with it (not invited, invited, using
 * it), why one is not invited, what "invite all" says it did, and what a rent receipt holds (the
 * contents Ontario's Residential Tenancies Act, s. 109, asks of one). The services
 * (~/leasing/resident-invitations.server, ~/leasing/resident-center.server) read the rows and
 * apply these.
 */

export const RESIDENT_CENTER_STATUSES = [
  { value: 'NOT_INVITED', label: 'Not invited' },
  { value: 'INVITED', label: 'Invited, not accepted yet' },
  { value: 'ACTIVE', label: 'Uses the resident center' },
] as const
export type ResidentCenterStatus = (typeof RESIDENT_CENTER_STATUSES)[number]['value']

/** Where a resident stands: no account yet, an account whose invitation is not accepted (no password), or one in use. */
export function residentCenterStatusOf(user: { passwordHash: string | null } | null | undefined): ResidentCenterStatus {
  if (!user) return 'NOT_INVITED'
  return user.passwordHash ? 'ACTIVE' : 'INVITED'
}

/** Why a resident is not invited. */
export const SKIP_REASONS = [
  { value: 'NO_EMAIL', label: 'No e-mail' },
  { value: 'ALREADY_ACTIVE', label: 'Uses the resident center already' },
  { value: 'EMAIL_TAKEN', label: 'Their e-mail signs in to another Lintel account' },
] as const
export type SkipReason = (typeof SKIP_REASONS)[number]['value']

/** What is said of one resident not invited, by name. */
export function skipMessage(reason: SkipReason, name: string) {
  switch (reason) {
    case 'NO_EMAIL':
      return `${name} has no e-mail: add one to invite them to the resident center.`
    case 'ALREADY_ACTIVE':
      return `${name} uses the resident center already.`
    case 'EMAIL_TAKEN':
      return `${name}’s e-mail signs in to another Lintel account: give them an e-mail of their own to invite them.`
  }
}

const residents = (n: number) => `${n} resident${n === 1 ? '' : 's'}`

/** What inviting every current resident did, in one sentence: how many were invited, and how many were not and why. */
export function inviteAllSummary(invited: number, skipped: readonly { reason: SkipReason }[]) {
  const head = invited ? `Invited ${residents(invited)} to the resident center.` : 'Nobody new was invited to the resident center.'
  if (!skipped.length) return head
  const counts = SKIP_REASONS.map((r) => ({ label: `${r.label.charAt(0).toLowerCase()}${r.label.slice(1)}`, n: skipped.filter((s) => s.reason === r.value).length })).filter((c) => c.n)
  return `${head} Not invited: ${counts.map((c) => `${residents(c.n)} (${c.label})`).join(', ')}.`
}

/** A charge a receipt's payment paid (part of). */
export type PaidCharge = { chargeType: string; description: string; periodStart: string | null; periodEnd: string | null; date: string; amount: number }

/** What a receipt says the payment was for: each charge it paid, by kind and the days it covers, and what it paid of it. */
export function paidFor(charges: readonly PaidCharge[]) {
  return charges.map((c) => ({
    description: c.description || chargeTypeLabel(c.chargeType),
    period: c.periodStart && c.periodEnd ? `${c.date > c.periodStart ? c.date : c.periodStart} to ${c.periodEnd}` : c.date,
    amount: c.amount,
  }))
}

/**
 * A receipt's number: the number of the journal entry its payment posted (purpose RECEIPT). The
 * ledger numbers entries once each and never again, so a receipt's number is its own, in the
 * order payments were recorded, and staff find the entry behind it by that number.
 */
export const receiptNumberOf = (entryNumber: number) => `R-${String(entryNumber).padStart(6, '0')}`

/** The records whose documents a resident reads in the resident center: their own (`residents`) and their leases' (those of the lease attachments shared with them). */
export const SHARED_WITH_RESIDENTS = ['residents', 'leases'] as const

/** A postal address as the portfolio keeps it (a building's or a property's). */
export type PostalAddress = { street: string; street2?: string | null; city: string; province: string; postal_code: string }

/** A unit's address on one line, as a receipt and a letter give it: "Unit 102, 455 Bronson Avenue, Ottawa, ON K1R 6J7". */
export function unitAddressOf(unitNumber: string, address: PostalAddress | null | undefined) {
  const unit = `Unit ${unitNumber}`
  if (!address) return unit
  return [unit, address.street, address.street2, address.city, `${address.province} ${address.postal_code}`.trim()].filter(Boolean).join(', ')
}

/** The tenants a receipt names: the primary tenant and co-tenants (occupants and guarantors pay no rent of their own); everyone on the lease when it names none. */
export function tenantsOf(people: readonly { name: string; role: string }[]) {
  const tenants = people.filter((p) => p.role === 'PRIMARY' || p.role === 'CO_TENANT')
  return (tenants.length ? tenants : people).map((p) => p.name)
}
