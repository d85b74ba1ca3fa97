import { z } from '@hono/zod-openapi'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { companies, invitations, users, vendors } from '~/db/schema'

export const WorkspaceWarning = z
  .object({ slug: z.string(), name: z.string(), description: z.string(), action_url: z.string().nullable() })
  .openapi('WorkspaceWarning')
export type WorkspaceWarning = z.infer<typeof WorkspaceWarning>

/** Which outside services this installation is wired to (DESIGN.md §9). */
export function integrations() {
  return {
    smtp: Boolean(process.env.SMTP_URL),
    ai: Boolean(process.env.AI_BASE_URL && process.env.AI_MODEL),
    sms: Boolean(process.env.TWILIO_ACCOUNT_SID && process.env.TWILIO_AUTH_TOKEN),
    payments: Boolean(process.env.STRIPE_SECRET_KEY),
    s3: Boolean(process.env.S3_BUCKET),
  }
}

/**
 * The counts the checks need besides the company row, as columns of a query
 * over `companies`: whoever reads the company row gets them in the same round
 * trip (GET workspace-warnings/, and GET auth/me/ for staff). Built with $count,
 * whose conditions keep their table names: a plain sql`…` column would lose
 * them in a single-table select, and "company_id" = "id" inside the subquery
 * would then compare the counted table with itself.
 */
export function warningCounts(db: Database) {
  return {
    technicians: db.$count(users, and(eq(users.companyId, companies.id), eq(users.userType, 'maintenance_technician'), eq(users.isActive, true))),
    expiredInvitations: db.$count(invitations, and(eq(invitations.companyId, companies.id), isNull(invitations.acceptedAt), lt(invitations.expiresAt, sql`now()`))),
    // Active vendors whose insurance or WCB clearance has run out: the earlier of the two is kept on each.
    lapsedVendors: db.$count(vendors, and(eq(vendors.companyId, companies.id), eq(vendors.isActive, true), lt(vendors.coverageExpiresOn, sql`current_date`))),
  }
}

type CompanyDetails = Pick<typeof companies.$inferSelect, 'email' | 'phone' | 'streetAddress' | 'city' | 'postalCode'>
const hasContact = (company: CompanyDetails) => Boolean(company.email && company.phone)
const hasAddress = (company: CompanyDetails) => Boolean(company.streetAddress && company.city && company.postalCode)
/** What notices and statements print about the company is all there. */
export const companyDetailsComplete = (company: CompanyDetails) => hasContact(company) && hasAddress(company)

/** Problems in a company's setup, each with a link to fix it. */
export function workspaceWarnings(company: typeof companies.$inferSelect, counts: { technicians: number; expiredInvitations: number; lapsedVendors: number }): WorkspaceWarning[] {
  const wired = integrations()
  const items: WorkspaceWarning[] = []
  if (!hasContact(company)) {
    items.push({
      slug: 'company-contact-missing',
      name: 'Company contact details are incomplete',
      description: 'Residents, applicants and owners see your e-mail and phone number on notices and statements. Add both.',
      action_url: '/app/management-company/',
    })
  }
  if (!hasAddress(company)) {
    items.push({
      slug: 'company-address-missing',
      name: 'Company address is missing',
      description: 'Leases, notices and owner statements print your mailing address. Add it to your company details.',
      action_url: '/app/management-company/',
    })
  }
  if (!wired.smtp) {
    items.push({
      slug: 'email-not-delivered',
      name: 'Outgoing e-mail is not being delivered',
      description: 'No SMTP server is configured (SMTP_URL), so nothing is sent: messages are kept under Emails, without the private links of invitations and password resets, which only reach the server’s log.',
      action_url: '/app/email-messages/',
    })
  }
  if (company.hasAiEnabled && !wired.ai) {
    items.push({
      slug: 'ai-not-configured',
      name: 'The AI assistant is on but has no model',
      description: 'Set AI_BASE_URL and AI_MODEL for this installation, or turn the assistant off in Settings.',
      action_url: '/app/user-settings/',
    })
  }
  if (company.smsEnabled && !wired.sms) {
    items.push({
      slug: 'sms-not-configured',
      name: 'SMS is on but no provider is configured',
      description: 'Messages will be stored but not sent until Twilio credentials are set. Turn SMS off in Settings if you do not need it.',
      action_url: '/app/user-settings/',
    })
  }
  if (counts.technicians === 0) {
    items.push({
      slug: 'no-maintenance-technicians',
      name: 'No maintenance technicians yet',
      description: 'Invite your technicians so work orders can be assigned to them and tracked from their phones.',
      action_url: '/app/maintenance-technicians/invite/',
    })
  }
  if (counts.expiredInvitations > 0) {
    items.push({
      slug: 'invitations-expired',
      name: `${counts.expiredInvitations} invitation${counts.expiredInvitations === 1 ? ' has' : 's have'} expired`,
      description: 'Some people never accepted their invitation. Send it again from their page.',
      action_url: '/app/maintenance-technicians/',
    })
  }
  if (counts.lapsedVendors > 0) {
    items.push({
      slug: 'vendor-coverage-lapsed',
      name: `${counts.lapsedVendors} vendor${counts.lapsedVendors === 1 ? '’s' : 's’'} insurance or WCB coverage has lapsed`,
      description: 'A contractor without current liability insurance or WCB clearance leaves you exposed to their claims. Ask for new certificates and enter their expiry dates.',
      action_url: '/app/vendors/?ordering=coverage_expires_on',
    })
  }
  return items
}
