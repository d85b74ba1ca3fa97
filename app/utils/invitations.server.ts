import { and, eq, isNull, sql } from 'drizzle-orm'
import { crossCompany, getDb, type Executor } from '~/db/client.server'
import { companies, invitations, users, type UserType } from '~/db/schema'
import { randomToken, sha256 } from './crypto.server'
import { linkEmail, sendEmail } from './mailer.server'

/*
 * The one invitation mechanism: staff, technicians and residents are all invited by a link mailed
 * to them, with which they choose a password (POST accept-invitation/). Its callers differ only in
 * who they invite; the link, its lifetime and the mail are the same.
 */

export const INVITATION_DAYS = 14

export const EMAIL_HAS_ACCOUNT = 'Someone with this e-mail already has a Lintel account.'

/** Whether an e-mail signs in to an account already: it signs in to one in all of Lintel, so this is read across companies. */
export async function emailHasAccount(email: string) {
  const [existing] = await crossCompany(() =>
    getDb()
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`),
  )
  return !!existing
}

/** What each kind of person is invited to, in the mail's words. */
const INVITED_TO: Record<UserType, string> = {
  property_manager: 'Lintel as a property manager',
  maintenance_technician: 'Lintel as a maintenance technician',
  resident: 'its resident center, where you can see your lease, your balance, your receipts and your documents',
  property_owner: 'Lintel as a property owner',
}

/**
 * Creates a fresh invitation link for `user` (any earlier one stops working) and e-mails it. The
 * link is a secret: the copy kept under Emails has it removed (ADR 008). `origin` is where the link
 * points (the site's address); `invitedById` who sent it.
 */
export async function sendInvitation(db: Executor, user: typeof users.$inferSelect, from: { origin: string; invitedById: string }) {
  const token = randomToken()
  await db.transaction(async (tx) => {
    await tx.delete(invitations).where(and(eq(invitations.userId, user.id), isNull(invitations.acceptedAt)))
    await tx.insert(invitations).values({
      companyId: user.companyId,
      userId: user.id,
      tokenHash: sha256(token),
      invitedById: from.invitedById,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    })
  })
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId))
  await sendEmail({
    companyId: user.companyId,
    to: user.email,
    subject: `${company.name} invited you to Lintel`,
    category: 'invitation',
    ...linkEmail({
      greeting: `Hello ${user.firstName || user.email},`,
      paragraphs: [`${company.name} has invited you to ${INVITED_TO[user.userType]}. Choose a password to get started.`],
      action: 'Accept the invitation',
      url: `${from.origin}/accept-invitation/${token}/`,
      secret: true,
      footer: `The link works for ${INVITATION_DAYS} days.`,
    }),
  })
}
