import { createRoute, z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import { HONEYPOT_FIELD } from '~/components/honeypot'
import { getDb, withCompany } from '~/db/client.server'
import { companies, waitlistSubscribers } from '~/db/schema'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { waitlistSubscribersResource } from '~/resources/listings'
import { clientIp, rateLimiter } from '../middleware/rate-limit'
import { jsonBody } from '../openapi'
import { Detail } from '../platform/schemas'
import type { PublicListing } from '~/domain/leasing/listings'
import { formatMoney } from '~/domain/money'
import { publishedListing, publishedListingPhoto } from '~/leasing/listings.server'
import { binaryResponse, sendStored } from '../attachments/uploads'
import { createRouter } from '../create-app'
import { notFound } from '../errors'
import { errorResponses, jsonResponse } from '../openapi'
import { IdParam } from '../platform/schemas'

/*
 * What anyone may read of a company's published listings, without signing in (SPEC.md §7: public
 * access to listings): a listing as its public page shows it, and its photos. A draft or
 * unpublished listing, and its photos, answer 404 as if they did not exist.
 */

const tags = ['Leasing']

/** A listing as a company's public page lists it. */
export const ListingSummary = z
  .object({
    id: z.uuid(),
    title: z.string(),
    rent: z.string().openapi({ description: 'A month' }),
    available_on: z.string().nullable(),
    bedrooms: z.number().int().nullable(),
    bathrooms: z.string().nullable(),
    city: z.string().nullable(),
    photo_url: z.string().nullable().openapi({ description: 'Its first photo' }),
  })
  .openapi('PublicListingSummary')

/** What a company's public page lists of a published listing. */
export const listingSummary = (listing: PublicListing) => ({
  id: listing.id,
  title: listing.title,
  rent: formatMoney(listing.rent),
  available_on: listing.availableOn,
  bedrooms: listing.bedrooms,
  bathrooms: listing.bathrooms,
  city: listing.city,
  photo_url: listing.photos[0] ? photoUrl(listing.photos[0].id) : null,
})

export const PublicListingOutput = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    rent: z.string().openapi({ description: 'A month' }),
    deposit: z.string().nullable(),
    available_on: z.string().nullable(),
    lease_term: z.string().nullable(),
    amenities: z.array(z.string()),
    pet_policy: z.string().nullable(),
    pet_terms: z.string().nullable(),
    parking: z.string().nullable(),
    utilities_included: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    unit_type: z.string(),
    bedrooms: z.number().int().nullable(),
    bathrooms: z.string().nullable(),
    area_sq_ft: z.number().int().nullable(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    postal_code: z.string().nullable(),
    photos: z.array(z.object({ id: z.uuid(), caption: z.string().nullable(), url: z.string() })),
    apply_url: z.string().nullable().openapi({ description: 'Its online application (/apply/{form}/?listing={id}); null: apply by e-mail or phone' }),
    company: z.object({ name: z.string(), slug: z.string(), currency: z.string() }),
  })
  .openapi('PublicListing')

export const photoUrl = (id: string) => `/api/rental-unit-listing-photos/${id}/`

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/listings/{id}',
    tags,
    summary: 'A published listing as the public sees it (no sign-in needed)',
    request: { params: IdParam },
    responses: { 200: jsonResponse(PublicListingOutput, 'The listing'), ...errorResponses(404) },
  }),
  async (c) => {
    const listing = await publishedListing(c.req.valid('param').id)
    if (!listing) throw notFound('No such listing. It may have been let already.')
    return c.json(
      {
        id: listing.id,
        title: listing.title,
        description: listing.description,
        rent: formatMoney(listing.rent),
        deposit: listing.deposit === null ? null : formatMoney(listing.deposit),
        available_on: listing.availableOn,
        lease_term: listing.leaseTerm,
        amenities: listing.amenities,
        pet_policy: listing.petPolicy,
        pet_terms: listing.petTerms,
        parking: listing.parking,
        utilities_included: listing.utilitiesIncluded,
        contact_email: listing.contactEmail,
        contact_phone: listing.contactPhone,
        unit_type: listing.unitType,
        bedrooms: listing.bedrooms,
        bathrooms: listing.bathrooms,
        area_sq_ft: listing.areaSqFt,
        street: listing.street,
        city: listing.city,
        province: listing.province,
        postal_code: listing.postalCode,
        photos: listing.photos.map((p) => ({ id: p.id, caption: p.caption, url: photoUrl(p.id) })),
        apply_url: listing.applicationSlug ? `/apply/${listing.applicationSlug}/?listing=${listing.id}` : null,
        company: { name: listing.company.name, slug: listing.company.slug, currency: listing.company.currency },
      },
      200,
    )
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/rental-unit-listing-photos/{id}',
    tags,
    summary: 'A photo of a published listing (no sign-in needed)',
    request: { params: IdParam },
    responses: { 200: binaryResponse('The image, with its stored content type'), ...errorResponses(404) },
  }),
  async (c) => {
    const photo = await publishedListingPhoto(c.req.valid('param').id)
    if (!photo) throw notFound('No such photo.')
    const response = await sendStored(c, photo, 'inline')
    // Public, and unchanged once uploaded (a new photo is a new id): shared caches may keep it.
    response.headers.set('cache-control', 'public, max-age=86400')
    return response
  },
)

// A person joins once; a few more from one household's or office's address is plausible, dozens is a script.
const joinsPerIp = rateLimiter('waitlist-ip', 10, 60 * 60)

export const WAITLIST_JOINED = 'You are on the waitlist: we will e-mail you when a home that suits you comes up.'

const CONSENT = 'Tick the box to agree to be e-mailed: the waitlist only writes to those who asked.'

/** What the public waitlist page sends: who they are, what they look for, and their consent. */
export const WaitlistJoin = z
  .object({
    first_name: z.string({ error: 'Enter your first name.' }).trim().min(1, 'Enter your first name.').max(100, 'First name: at most 100 characters.'),
    last_name: z.string({ error: 'Enter your last name.' }).trim().min(1, 'Enter your last name.').max(100, 'Last name: at most 100 characters.'),
    email: z.string({ error: 'Enter your e-mail address.' }).trim().email('Enter a valid e-mail address.').max(254),
    phone: z.string().trim().max(40, 'Phone: at most 40 characters.').optional(),
    bedrooms: z.coerce.number({ error: 'Bedrooms must be a whole number.' }).int('Bedrooms must be a whole number.').min(0, 'Bedrooms cannot be negative.').max(10, 'At most 10 bedrooms.').optional(),
    max_rent: z.string().trim().regex(/^\d+(\.\d{1,2})?$/, 'Most rent: an amount like 2150.00.').optional(),
    move_in_date: z.iso.date({ error: 'Move-in date: a date like 2031-05-01.' }).optional(),
    notes: z.string().trim().max(2000, 'Notes: at most 2000 characters.').optional(),
    consented: z.boolean({ error: CONSENT }).refine((agreed) => agreed, CONSENT),
    [HONEYPOT_FIELD]: z.string().optional().openapi({ description: 'Leave out or empty. Forms hide it from people; a request that fills it is answered as usual and not kept.' }),
  })
  .openapi('WaitlistJoin')

router.openapi(
  createRoute({
    method: 'post',
    path: '/{slug}/waitlist-subscribers',
    tags,
    summary: 'Join a company’s waitlist (no sign-in needed)',
    description: 'Limited to 10 a hour from one address. Joining again with the same e-mail is answered the same way and keeps the first.',
    request: { params: z.object({ slug: z.string() }), ...jsonBody(WaitlistJoin) },
    responses: { 201: jsonResponse(Detail, 'Joined'), ...errorResponses(400, 404, 429) },
  }),
  async (c) => {
    await joinsPerIp.count(clientIp(c))
    const [company] = await getDb().select({ id: companies.id }).from(companies).where(eq(companies.slug, c.req.valid('param').slug.toLowerCase()))
    if (!company) throw notFound('No company has this address.')
    const { [HONEYPOT_FIELD]: trap, ...body } = c.req.valid('json')
    if (trap) return c.json({ detail: WAITLIST_JOINED }, 201)
    await withCompany(company.id, async () => {
      const db = getDb()
      const [known] = await db.select({ id: waitlistSubscribers.id }).from(waitlistSubscribers).where(and(eq(waitlistSubscribers.companyId, company.id), eq(waitlistSubscribers.email, body.email.toLowerCase())))
      if (known) return
      const made = await createRecord(db, company.id, waitlistSubscribersResource, parseInput(waitlistSubscribersResource, body, 'create'))
      await db.update(waitlistSubscribers).set({ source: 'PUBLIC' }).where(and(eq(waitlistSubscribers.companyId, company.id), eq(waitlistSubscribers.id, String(made.id))))
    })
    return c.json({ detail: WAITLIST_JOINED }, 201)
  },
)
