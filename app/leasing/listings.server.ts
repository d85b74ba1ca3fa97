import { and, asc, eq, sql } from 'drizzle-orm'
import { crossCompany, getDb, withCompany, type Executor } from '~/db/client.server'
import { buildings, companies, photos, propertyGroups, rentalUnitListings, rentalUnits } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { invalid } from '~/domain/errors'
import { amenitiesOf, listingLabel, publishErrors, type PublicListing } from '~/domain/leasing/listings'

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
  const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  await tx
    .update(rentalUnitListings)
    .set({ publishedOn: todayIn(company?.timeZone ?? 'America/Toronto') })
    .where(and(eq(rentalUnitListings.companyId, companyId), eq(rentalUnitListings.id, String(record.id))))
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The company of a published listing, or undefined when there is none (not published, or no such id). */
async function companyOfPublished(listingId: string) {
  if (!UUID.test(listingId)) return undefined
  const [row] = await crossCompany(() =>
    getDb()
      .select({ companyId: rentalUnitListings.companyId })
      .from(rentalUnitListings)
      .where(and(eq(rentalUnitListings.id, listingId), eq(rentalUnitListings.status, 'PUBLISHED'))),
  )
  return row?.companyId
}

const LISTING_RECORD = 'rental-unit-listings'

/** The published listings of a company (the one `where` narrows to, else all), with their unit, address, photos in order and company: what the public sees. */
async function readPublished(companyId: string, where?: ReturnType<typeof eq>): Promise<PublicListing[]> {
  const db = getDb()
  const address = sql<Record<string, string | null> | null>`coalesce(${buildings.address}, ${propertyGroups.address})`
  const [rows, [company]] = await Promise.all([
    db
      .select({ listing: rentalUnitListings, unit: { label: rentalUnits.label, unitType: rentalUnits.unitType, bedrooms: rentalUnits.bedrooms, bathrooms: rentalUnits.bathrooms, areaSqFt: rentalUnits.areaSqFt }, address })
      .from(rentalUnitListings)
      .innerJoin(rentalUnits, eq(rentalUnits.id, rentalUnitListings.rentalUnitId))
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .leftJoin(propertyGroups, eq(propertyGroups.id, buildings.propertyGroupId))
      .where(and(eq(rentalUnitListings.status, 'PUBLISHED'), where))
      .orderBy(asc(rentalUnitListings.availableOn), asc(rentalUnitListings.title)),
    db.select({ name: companies.name, slug: companies.slug, email: companies.email, phone: companies.phone, currency: companies.currency }).from(companies).where(eq(companies.id, companyId)),
  ])
  if (!rows.length || !company) return []
  const pictures = await db
    .select({ id: photos.id, recordId: photos.recordId, caption: photos.caption })
    .from(photos)
    .where(and(eq(photos.recordType, LISTING_RECORD), sql`${photos.recordId} in ${rows.map((r) => r.listing.id)}`))
    .orderBy(asc(photos.sortOrder), asc(photos.createdAt))
  return rows.map(({ listing, unit, address: place }) => ({
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
    company,
  }))
}

/** A published listing as its public page shows it; undefined when it is not published (or there is no such listing). */
export async function publishedListing(listingId: string): Promise<PublicListing | undefined> {
  const companyId = await companyOfPublished(listingId)
  if (!companyId) return undefined
  return withCompany(companyId, async () => (await readPublished(companyId, eq(rentalUnitListings.id, listingId)))[0], { read: true })
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
