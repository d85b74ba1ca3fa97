import type { PermissionGroup } from '~/domain/permissions'
import { createRoute, z } from '@hono/zod-openapi'
import { companyListings } from '~/leasing/listings.server'
import { ListingSummary, listingSummary } from '../leasing/listings'
import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '~/db/client.server'
import { preparedStatement } from '~/db/prepared.server'
import { companies, users } from '~/db/schema'
import { COUNTRIES, isDivisionOf, isPostalCodeOf } from '~/domain/geo'
import { updateTimestamp } from '~/utils/instance.server'
import { createRouter } from '../create-app'
import { fieldError, notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { SlugSchema } from './auth'
import { numberFormatInput, webAddressInput } from '../values'
import { OptionalText, WorkspaceSettings, workspaceSettingsOf } from './schemas'
import { integrations, warningCounts, WorkspaceWarning, workspaceWarnings } from './workspace-warnings'

type CompanyRow = typeof companies.$inferSelect

export const Company = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    street_address: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string(),
    currency: z.enum(['CAD', 'USD']),
    time_zone: z.string(),
    number_format: z.enum(['en', 'fr']).openapi({ description: 'How forms read and show amounts: en = 1,250.00, fr = 1 250,00' }),
    lease_additional_terms: z.string().nullable().openapi({ description: 'The company’s own terms its leases print (Additional Terms; in Ontario, section 15 of the standard form), a paragraph a line' }),
    created_at: z.string(),
  })
  .openapi('PropertyManagementCompany')

export const PublicCompany = Company.pick({ name: true, slug: true, email: true, phone: true, website: true, city: true, province: true, country: true, currency: true })
  .extend({ listings: z.array(ListingSummary).openapi({ description: 'Its published listings, soonest available first' }) })
  .openapi('PublicPropertyManagementCompany')

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'))

export const CompanyBody = z
  .object({
    name: z.string({ error: 'Enter the company name.' }).trim().min(2, 'Enter the company name.').max(200, 'The company name must be at most 200 characters.'),
    slug: SlugSchema,
    email: z.string().trim().email('Enter a valid e-mail address.').max(254).optional().nullable().or(z.literal('').transform(() => null)),
    phone: OptionalText('Phone', 40),
    website: webAddressInput('Website').optional().nullable().or(z.literal('').transform(() => null)),
    street_address: OptionalText('Street address'),
    city: OptionalText('City', 100),
    province: OptionalText('Province or state', 10),
    postal_code: OptionalText('Postal code', 20),
    country: z.enum(COUNTRIES.map((c) => c.code) as ['CA', 'US'], { error: 'Choose Canada or the United States.' }),
    currency: z.enum(['CAD', 'USD'], { error: 'Choose CAD or USD.' }),
    time_zone: z.string().refine((tz) => TIME_ZONES.has(tz), 'Choose a time zone from the list.'),
    number_format: numberFormatInput()
      .optional()
      .openapi({ description: 'How forms read and show amounts: en = 1,250.00, fr = 1 250,00. Left out, it stays as it is.' }),
    lease_additional_terms: z
      .string()
      .trim()
      .max(10_000, 'Additional lease terms: at most 10,000 characters.')
      .optional()
      .nullable()
      .transform((v) => (v === undefined ? undefined : v || null))
      .openapi({ description: 'Left out, they stay as they are; empty, the leases say None.' }),
  })
  .superRefine((v, ctx) => {
    if (v.province && !isDivisionOf(v.country, v.province)) {
      ctx.addIssue({ code: 'custom', path: ['province'], message: `Choose a ${v.country === 'CA' ? 'province or territory' : 'state'} of the selected country.` })
    }
    if (v.postal_code && !isPostalCodeOf(v.country, v.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: v.country === 'CA' ? 'Enter a postal code like K1A 0B1.' : 'Enter a ZIP code like 12345.' })
    }
  })
  .openapi('PropertyManagementCompanyUpdate')

export function serializeCompany(row: CompanyRow): z.infer<typeof Company> {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    website: row.website,
    street_address: row.streetAddress,
    city: row.city,
    province: row.province,
    postal_code: row.postalCode,
    country: row.country,
    currency: row.currency as 'CAD' | 'USD',
    time_zone: row.timeZone,
    number_format: row.numberFormat,
    lease_additional_terms: row.leaseAdditionalTerms,
    created_at: row.createdAt.toISOString(),
  }
}

const Feature = z.object({ key: z.string(), name: z.string(), enabled: z.boolean(), description: z.string() }).openapi('Feature')

// The warnings endpoint: one prepared round trip for the company row and the counts the checks need.
const warningFacts = preparedStatement((db) =>
  db
    .select({ company: companies, ...warningCounts(db) })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId')))
    .prepare('workspace_warning_facts'),
)

/** Changing the company's details; their page checks the same. */
export const COMPANY_DETAILS_PERMISSION = 'management_company' satisfies PermissionGroup

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/property-management-company',
    tags: ['Workspace'],
    summary: 'Your company’s details',
    ...signedIn(requireStaff()),
    responses: { 200: jsonResponse(Company, 'The company'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const [row] = await getDb().select().from(companies).where(eq(companies.id, c.var.principal.companyId))
    return c.json(serializeCompany(row), 200)
  },
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/property-management-company',
    tags: ['Workspace'],
    summary: 'Update your company’s details',
    ...signedIn(requireStaff(COMPANY_DETAILS_PERMISSION)),
    request: jsonBody(CompanyBody),
    responses: { 200: jsonResponse(Company, 'The updated company'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const db = getDb()
    const companyId = c.var.principal.companyId
    const [taken] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.slug, body.slug), sql`${companies.id} <> ${companyId}`))
    if (taken) throw fieldError('slug', 'That address is already taken; choose another.')
    const [row] = await db
      .update(companies)
      .set({
        name: body.name,
        slug: body.slug,
        email: body.email ?? null,
        phone: body.phone,
        website: body.website ?? null,
        streetAddress: body.street_address,
        city: body.city,
        province: body.province,
        postalCode: body.postal_code?.toUpperCase() ?? null,
        country: body.country,
        currency: body.currency,
        timeZone: body.time_zone,
        numberFormat: body.number_format,
        leaseAdditionalTerms: body.lease_additional_terms,
        updatedAt: sql`now()`,
      })
      .where(eq(companies.id, companyId))
      .returning()
    return c.json(serializeCompany(row), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/property-management-company/{slug}',
    tags: ['Workspace'],
    summary: 'A company’s public details and published listings (no sign-in needed)',
    request: { params: z.object({ slug: z.string() }) },
    responses: { 200: jsonResponse(PublicCompany, 'Public company details'), ...errorResponses(404) },
  }),
  async (c) => {
    const [row] = await getDb().select().from(companies).where(eq(companies.slug, c.req.valid('param').slug.toLowerCase()))
    if (!row) throw notFound('No company has this address.')
    const { name, slug, email, phone, website, city, province, country, currency } = serializeCompany(row)
    const listings = (await companyListings(row.id)).map(listingSummary)
    return c.json({ name, slug, email, phone, website, city, province, country, currency, listings }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/user-settings',
    tags: ['Workspace'],
    summary: 'Workspace switches: e-signature, AI assistant, SMS',
    ...signedIn(requireStaff()),
    responses: { 200: jsonResponse(WorkspaceSettings, 'Settings'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const [row] = await getDb().select().from(companies).where(eq(companies.id, c.var.principal.companyId))
    return c.json(workspaceSettingsOf(row), 200)
  },
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/user_settings',
    tags: ['Workspace'],
    summary: 'Turn the workspace switches on or off',
    ...signedIn(requireStaff('management_company')),
    request: jsonBody(WorkspaceSettings),
    responses: { 200: jsonResponse(WorkspaceSettings, 'Settings'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const body = c.req.valid('json')
    const [row] = await getDb()
      .update(companies)
      .set({ hasESignatureEnabled: body.has_e_signature_enabled, hasAiEnabled: body.has_lintel_ai_enabled, smsEnabled: body.sms, updatedAt: sql`now()` })
      .where(eq(companies.id, c.var.principal.companyId))
      .returning()
    return c.json(workspaceSettingsOf(row), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/features',
    tags: ['Workspace'],
    summary: 'Which features are on for this workspace and installation',
    ...signedIn(),
    responses: { 200: jsonResponse(z.array(Feature), 'Features'), ...errorResponses(401) },
  }),
  async (c) => {
    const [row] = await getDb().select().from(companies).where(eq(companies.id, c.var.principal.companyId))
    const wired = integrations()
    return c.json(
      [
        { key: 'e_signature', name: 'Lease e-signature', enabled: row.hasESignatureEnabled, description: 'Send leases for electronic signature.' },
        { key: 'ai', name: 'Lintel AI assistant', enabled: row.hasAiEnabled && wired.ai, description: 'Ask questions about your portfolio in plain language.' },
        { key: 'sms', name: 'SMS messages', enabled: row.smsEnabled, description: 'Text residents and vendors; delivered when an SMS provider is configured.' },
        { key: 'email_delivery', name: 'E-mail delivery', enabled: wired.smtp, description: 'Outgoing e-mail is sent through SMTP; otherwise it is kept under Emails.' },
        { key: 'online_payments', name: 'Online payments', enabled: wired.payments, description: 'Card and bank payments through Stripe.' },
        { key: 'cloud_files', name: 'Cloud file storage', enabled: wired.s3, description: 'Documents are stored in S3-compatible storage instead of the local disk.' },
      ],
      200,
    )
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/workspace-warnings',
    tags: ['Workspace'],
    summary: 'Problems in this company’s setup, each with a link to fix it',
    ...signedIn(requireStaff()),
    responses: { 200: jsonResponse(z.object({ items: z.array(WorkspaceWarning) }).openapi('WorkspaceWarnings'), 'Warnings'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const companyId = c.var.principal.companyId
    const [found] = await warningFacts().execute({ companyId })
    const { company, ...counts } = found
    return c.json({ items: workspaceWarnings(company, counts) }, 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/update-timestamp',
    tags: ['Workspace'],
    summary: 'When the running version was deployed (ms since the epoch)',
    description: 'Open pages poll this every 60 s and reload when it changes.',
    responses: { 200: jsonResponse(z.object({ timestamp: z.number().int() }).openapi('UpdateTimestamp'), 'Timestamp') },
  }),
  async (c) => c.json({ timestamp: await updateTimestamp() }, 200),
)

export const FrontendCacheRefresh = z.object({ timestamp: z.number({ error: 'Send the version timestamp.' }).int() }).openapi('FrontendCacheRefresh')

router.openapi(
  createRoute({
    method: 'post',
    path: '/record-frontend-cache-refresh',
    tags: ['Workspace'],
    summary: 'Record that this user’s browser reloaded onto the current version',
    ...signedIn(),
    request: jsonBody(FrontendCacheRefresh),
    responses: { 204: { description: 'Recorded' }, ...errorResponses(400, 401) },
  }),
  async (c) => {
    await getDb()
      .update(users)
      .set({ clientVersionTimestamp: c.req.valid('json').timestamp, clientRefreshedAt: sql`now()` })
      .where(eq(users.id, c.var.principal.userId))
    return c.body(null, 204)
  },
)
