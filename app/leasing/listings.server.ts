import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { crossCompany, getDb, withCompany, type Executor } from '~/db/client.server'
import { buildings, companies, photos, propertyGroups, rentalApplicationForms, rentalUnitListings, rentalUnits, waitlistNotifications, waitlistSubscribers } from '~/db/schema'
import { companyToday } from '~/db/clock.server'
import { conflict, invalid } from '~/domain/errors'
import { amenitiesOf, listingLabel, publishErrors, subscriberLabel, suits, type PublicListing } from '~/domain/leasing/listings'
import { formatDecimal } from '~/domain/money'
import { keptLookups } from '~/utils/kept-lookups.server'
import { sendEmail } from '~/utils/mailer.server'

/*
 * Listings' services (issue 17 item 1): what the definition of ~/resources/listings runs in its
 * record's transaction, and what the public pages read of a published listing. The public reads
 * find the listing's company first (as the tables' owner, one row by id), then read as that company.
 */

type Row = Record<string, unknown>

/** A listing as it will be stored: named for its title and unit. */
export async function checkListing(tx: Executor, companyId: string, values: Row) {
  const [unit] = await tx
    .select({ label: rentalUnits.label })
    .from(rentalUnits)
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, String(values.rentalUnitId))))
  if (!unit) return { rental_unit_id: ['Choose one of your units.'] }
  values.label = listingLabel(String(values.title ?? '').trim(), unit.label)
  return undefined
}

/** Publishing: refused by field while the listing lacks what its public page shows; kept as the company's day it was published. */
export async function publishListing(tx: Executor, companyId: string, record: Row) {
  const errors = publishErrors({ description: record.description as string | null, availableOn: record.availableOn as string | null })
  if (Object.keys(errors).length) throw invalid(Object.values(errors)[0]![0]!, errors)
  await tx
    .update(rentalUnitListings)
    .set({ publishedOn: await companyToday(tx, companyId) })
    .where(and(eq(rentalUnitListings.companyId, companyId), eq(rentalUnitListings.id, String(record.id))))
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A listing's company never changes: kept a minute, the public pages of a listing being looked at
 * ask for it once. Whether it is still published is asked again each time, as the company.
 */
const listingCompanies = keptLookups<string>(60_000)

/** The company of a published listing, or undefined when there is none (not published, or no such id). */
async function companyOfPublished(listingId: string) {
  if (!UUID.test(listingId)) return undefined
  const companyId = await listingCompanies.get(listingId, async () => {
    const [row] = await crossCompany(() =>
      getDb()
        .select({ companyId: rentalUnitListings.companyId })
        .from(rentalUnitListings)
        .where(and(eq(rentalUnitListings.id, listingId), eq(rentalUnitListings.status, 'PUBLISHED'))),
    )
    return row?.companyId ?? null
  })
  return companyId ?? undefined
}

const LISTING_RECORD = 'rental-unit-listings'

/** The published listings of a company (the one `listingId` names, else all), with their unit, address, photos in order and company: what the public sees. */
async function readPublished(companyId: string, listingId?: string): Promise<PublicListing[]> {
  const db = getDb()
  const where = listingId ? eq(rentalUnitListings.id, listingId) : undefined
  const photosOf = (ids: string[]) =>
    db
      .select({ id: photos.id, recordId: photos.recordId, caption: photos.caption })
      .from(photos)
      .where(and(eq(photos.recordType, LISTING_RECORD), inArray(photos.recordId, ids)))
      .orderBy(asc(photos.sortOrder), asc(photos.createdAt))
  const address = sql<Record<string, string | null> | null>`coalesce(${buildings.address}, ${propertyGroups.address})`
  const [rows, [company], early] = await Promise.all([
    db
      .select({
        listing: rentalUnitListings,
        unit: { label: rentalUnits.label, unitType: rentalUnits.unitType, bedrooms: rentalUnits.bedrooms, bathrooms: rentalUnits.bathrooms, areaSqFt: rentalUnits.areaSqFt },
        address,
        // The form its Apply opens, while the form takes applications.
        applicationSlug: sql<string | null>`case when ${rentalApplicationForms.isActive} then ${rentalApplicationForms.slug} end`,
      })
      .from(rentalUnitListings)
      .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitListings.rentalUnitId))
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .leftJoin(propertyGroups, eq(propertyGroups.id, buildings.propertyGroupId))
      .leftJoin(rentalApplicationForms, eq(rentalApplicationForms.id, rentalUnitListings.applicationFormId))
      .where(and(eq(rentalUnitListings.status, 'PUBLISHED'), where))
      .orderBy(asc(rentalUnitListings.availableOn), asc(rentalUnitListings.title)),
    db.select({ name: companies.name, slug: companies.slug, email: companies.email, phone: companies.phone, currency: companies.currency }).from(companies).where(eq(companies.id, companyId)),
    // One listing's photos are asked beside it, in the same round trip.
    listingId ? photosOf([listingId]) : undefined,
  ])
  if (!rows.length || !company) return []
  const pictures = early ?? (await photosOf(rows.map((r) => r.listing.id)))
  return rows.map(({ listing, unit, address: place, applicationSlug }) => ({
    id: listing.id,
    title: listing.title,
    description: listing.description,
    rent: listing.rent,
    deposit: listing.deposit,
    availableOn: listing.availableOn,
    leaseTerm: listing.leaseTerm,
    amenities: amenitiesOf(listing.amenities),
    petPolicy: listing.petPolicy,
    petTerms: listing.petTerms,
    parking: listing.parking,
    utilitiesIncluded: listing.utilitiesIncluded,
    contactEmail: listing.contactEmail ?? company.email,
    contactPhone: listing.contactPhone ?? company.phone,
    unitLabel: unit.label,
    unitType: unit.unitType,
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    areaSqFt: unit.areaSqFt,
    street: place?.street ?? null,
    city: place?.city ?? null,
    province: place?.province ?? null,
    postalCode: place?.postal_code ?? null,
    photos: pictures.filter((p) => p.recordId === listing.id).map((p) => ({ id: p.id, caption: p.caption })),
    applicationSlug,
    company,
  }))
}

/** A published listing as its public page shows it; undefined when it is not published (or there is no such listing). */
export async function publishedListing(listingId: string): Promise<PublicListing | undefined> {
  const companyId = await companyOfPublished(listingId)
  if (!companyId) return undefined
  return withCompany(companyId, async () => (await readPublished(companyId, listingId))[0], { read: true })
}

/** A company's published listings, soonest available first: what its public page lists. */
export function companyListings(companyId: string) {
  return withCompany(companyId, () => readPublished(companyId), { read: true })
}

/** A photo of a published listing, as stored, for anyone to see; undefined for any other photo. */
export async function publishedListingPhoto(photoId: string) {
  if (!UUID.test(photoId)) return undefined
  const [photo] = await crossCompany(() =>
    getDb()
      .select({ photo: photos })
      .from(photos)
      .innerJoin(rentalUnitListings, and(eq(rentalUnitListings.id, photos.recordId), eq(rentalUnitListings.companyId, photos.companyId)))
      .where(and(eq(photos.id, photoId), eq(photos.recordType, LISTING_RECORD), eq(rentalUnitListings.status, 'PUBLISHED'))),
  )
  return photo?.photo
}

/** Every published listing's page and its company's page, for the sitemap (as the tables' owner: they are public). */
export async function publishedListingPaths() {
  const rows = await crossCompany(() =>
    getDb()
      .select({ id: rentalUnitListings.id, slug: companies.slug, publishedOn: rentalUnitListings.publishedOn })
      .from(rentalUnitListings)
      .innerJoin(companies, eq(companies.id, rentalUnitListings.companyId))
      .where(eq(rentalUnitListings.status, 'PUBLISHED'))
      .limit(45_000),
  )
  const companyPaths = [...new Set(rows.map((r) => `/${r.slug}/`))].map((path) => ({ path, lastmod: null }))
  return [...companyPaths, ...rows.map((r) => ({ path: `/listings/${r.id}/`, lastmod: r.publishedOn }))]
}

/** A waitlist subscriber as stored: only with their consent to be e-mailed (its time kept by the column's default), named for their name and e-mail. */
export function checkSubscriber(values: Row) {
  if (values.consented !== true) return { consented: ['They must agree to be e-mailed about homes: the waitlist only writes to those who asked.'] }
  values.email = String(values.email).trim().toLowerCase()
  values.label = subscriberLabel(String(values.firstName).trim(), String(values.lastName).trim(), String(values.email))
  return undefined
}

/**
 * E-mails the waitlist subscribers a published listing suits (`suits`) and has not been sent to
 * yet, once the action commits, each with the listing's address; keeps who was sent it. Refused
 * (409) when no one is left to tell.
 */
export async function emailWaitlist(tx: Executor, companyId: string, record: Row, origin: string | undefined, afterCommit: (effect: () => Promise<void>) => void) {
  const [[place], subscribers, sent, [company]] = await Promise.all([
    tx
      .select({ bedrooms: rentalUnits.bedrooms, propertyGroupId: buildings.propertyGroupId })
      .from(rentalUnits)
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, String(record.rentalUnitId)))),
    tx.select().from(waitlistSubscribers).where(and(eq(waitlistSubscribers.companyId, companyId), eq(waitlistSubscribers.consented, true))),
    tx.select({ subscriberId: waitlistNotifications.subscriberId }).from(waitlistNotifications).where(and(eq(waitlistNotifications.companyId, companyId), eq(waitlistNotifications.listingId, String(record.id)))),
    tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
  ])
  const told = new Set(sent.map((s) => s.subscriberId))
  const offer = { bedrooms: place?.bedrooms ?? null, rent: Number(record.rent), availableOn: (record.availableOn as string | null) ?? null, propertyGroupId: place?.propertyGroupId ?? '' }
  const suited = subscribers.filter((s) => !told.has(s.id) && suits(s, offer))
  if (!suited.length) throw conflict('No one on the waitlist is left to tell: no subscriber it suits has not been e-mailed about it already.')
  await tx.insert(waitlistNotifications).values(suited.map((s) => ({ companyId, listingId: String(record.id), subscriberId: s.id })))
  const link = `${origin ?? ''}/listings/${String(record.id)}/`
  afterCommit(async () => {
    for (const subscriber of suited) {
      await sendEmail({
        companyId,
        to: subscriber.email,
        subject: `A home you asked about: ${String(record.title)}`,
        category: 'waitlist',
        text: `Hello ${subscriber.firstName},\n\nYou asked ${company?.name ?? 'us'} to tell you when a home came up. This one may suit you: ${String(record.title)}, ${formatDecimal(Number(record.rent))} a month${
          record.availableOn ? `, available ${String(record.availableOn)}` : ''
        }.\n\n${link}\n\nYou are on this list because you asked to be. To be taken off it, reply to this e-mail.`,
      })
    }
  })
}
