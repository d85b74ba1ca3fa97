import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { residents, users } from '~/db/schema'
import { conflict, invalid, notFound } from '~/domain/errors'
import { inviteAllSummary, residentCenterStatusOf, skipMessage, type SkipReason } from '~/domain/leasing/resident-center'
import { emailHasAccount, sendInvitation } from '~/utils/invitations.server'

/*
 * Residents are invited to the resident center by the one invitation mechanism (a link mailed to
 * them, with which they choose a password), as staff are. A resident's account is a user of type
 * resident, linked from their record (`residents.user_id`): inviting again re-sends the link to
 * that user and never makes a second one, and a second record of the same person (the same
 * e-mail) is linked to the same user.
 */

/** Who sends an invitation, and where its link points (the site's address). */
export type Inviter = { invitedById: string; origin: string }

type ResidentRow = typeof residents.$inferSelect
type UserRow = typeof users.$inferSelect

const nameOf = (resident: Pick<ResidentRow, 'firstName' | 'lastName'>) => `${resident.firstName} ${resident.lastName}`.trim()

/**
 * The user an invitation goes to for a resident (the one linked already, one of the company's with
 * the same e-mail, or a new one, linked in the same transaction), or why none: no e-mail, the
 * account is in use already, or the e-mail signs in to another Lintel account. The resident's row
 * must be locked by the caller, so two invitations of one resident cannot both make a user.
 */
async function accountFor(tx: Executor, companyId: string, resident: ResidentRow): Promise<{ user: UserRow } | { skip: SkipReason }> {
  const email = resident.email?.trim().toLowerCase()
  if (!email) return { skip: 'NO_EMAIL' }
  const [linked] = resident.userId
    ? await tx
        .select()
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, resident.userId)))
    : []
  if (linked) {
    if (residentCenterStatusOf(linked) === 'ACTIVE') return { skip: 'ALREADY_ACTIVE' }
    if (linked.email.toLowerCase() === email) return { user: linked }
    // Not accepted yet, and the record's e-mail has changed since: the new invitation goes to the new address.
    if (await emailHasAccount(email)) return { skip: 'EMAIL_TAKEN' }
    const [moved] = await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, linked.id)).returning()
    return { user: moved }
  }
  // The same person on a second record: the company's resident user with this e-mail is theirs.
  const [same] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = ${email}`))
  if (same && same.userType !== 'resident') return { skip: 'EMAIL_TAKEN' }
  let user = same
  if (!user) {
    // An e-mail is one account in all of Lintel (a unique index, which sees every company's): taken, by anyone, even at the same moment, nothing is made.
    ;[user] = await tx
      .insert(users)
      .values({ companyId, email, firstName: resident.firstName, lastName: resident.lastName, phone: resident.phone, userType: 'resident' })
      .onConflictDoNothing()
      .returning()
    if (!user) return { skip: 'EMAIL_TAKEN' }
  }
  await tx
    .update(residents)
    .set({ userId: user.id, updatedAt: new Date() })
    .where(and(eq(residents.companyId, companyId), eq(residents.id, resident.id)))
  return residentCenterStatusOf(user) === 'ACTIVE' ? { skip: 'ALREADY_ACTIVE' } : { user }
}

/**
 * Invites one resident to the resident center (again: the earlier link stops working). A resident
 * without an e-mail, or whose e-mail signs in elsewhere, is refused at `email`; one who uses the
 * resident center already, with a conflict.
 */
export async function inviteResident(tx: Executor, companyId: string, residentId: string, inviter: Inviter) {
  if (!isUuid(residentId)) throw notFound('No such resident.')
  const [resident] = await tx
    .select()
    .from(residents)
    .where(and(eq(residents.companyId, companyId), eq(residents.id, residentId)))
    .for('update')
  if (!resident) throw notFound('No such resident.')
  const account = await accountFor(tx, companyId, resident)
  if ('skip' in account) {
    const message = skipMessage(account.skip, nameOf(resident))
    if (account.skip === 'ALREADY_ACTIVE') throw conflict(message)
    throw invalid(message, { email: [message] })
  }
  await sendInvitation(tx, account.user, inviter)
  return account.user
}

/**
 * Invites every current and future resident (one signed to move in sees their lease and pays ahead) who has an e-mail and does not use the resident center yet (those
 * invited before get a new link), in one transaction: what was done, and each resident not invited
 * with the reason.
 */
export async function inviteAllResidents(tx: Executor, companyId: string, inviter: Inviter) {
  // Locked together, in one order, so two runs at once take turns instead of both inviting.
  const current = await tx
    .select()
    .from(residents)
    .where(and(eq(residents.companyId, companyId), inArray(residents.residentType, ['CURRENT_RESIDENT', 'FUTURE_RESIDENT'])))
    .orderBy(asc(residents.id))
    .for('update')
  const skipped: { resident_id: string; name: string; reason: SkipReason; message: string }[] = []
  const invitees = new Map<string, UserRow>()
  for (const resident of current) {
    const account = await accountFor(tx, companyId, resident)
    if ('skip' in account) skipped.push({ resident_id: resident.id, name: nameOf(resident), reason: account.skip, message: skipMessage(account.skip, nameOf(resident)) })
    // Two records of one person get one invitation.
    else invitees.set(account.user.id, account.user)
  }
  for (const user of invitees.values()) await sendInvitation(tx, user, inviter)
  return { detail: inviteAllSummary(invitees.size, skipped), invited: invitees.size, skipped }
}

/** Where each of these residents stands with the resident center, by resident id. */
export async function residentCenterStatuses(tx: Executor, companyId: string, residentIds: string[]) {
  const rows = await tx
    .select({ id: residents.id, passwordHash: users.passwordHash, userId: users.id })
    .from(residents)
    .leftJoin(users, eq(users.id, residents.userId))
    .where(and(eq(residents.companyId, companyId), inArray(residents.id, residentIds)))
  return new Map(rows.map((r) => [r.id, residentCenterStatusOf(r.userId ? r : null)]))
}
