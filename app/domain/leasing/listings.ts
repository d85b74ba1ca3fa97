import type { Choice } from '../reference-data'

/*
 * Listings as pure rules (issue 17 item 1): their states, what a listing needs before the public
 * sees it, its name, and how search engines read it (schema.org structured data).
 */

export const LISTING_STATUSES = [
  { value: 'DRAFT', label: 'Draft' },
  { value: 'PUBLISHED', label: 'Published' },
  { value: 'UNPUBLISHED', label: 'Unpublished' },
] as const satisfies readonly Choice[]

export const PET_POLICIES = [
  { value: 'NONE', label: 'No pets' },
  { value: 'CATS', label: 'Cats allowed' },
  { value: 'DOGS', label: 'Dogs allowed' },
  { value: 'CATS_AND_DOGS', label: 'Cats and dogs allowed' },
  { value: 'ASK', label: 'Ask about pets' },
] as const satisfies readonly Choice[]

/** "Bright two-bedroom near the canal · 102 · Bronson Court". */
export const listingLabel = (title: string, unitLabel: string) => `${title} · ${unitLabel}`

/** What a listing lacks before it can be published, by API field: the public page needs a description and a day it is available. */
export function publishErrors(listing: { description?: string | null; availableOn?: string | null }): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  if (!listing.description?.trim()) errors.description = ['Describe the unit before publishing it: the public page shows it.']
  if (!listing.availableOn) errors.available_on = ['Say when the unit is available before publishing it.']
  return errors
}

/** A published listing as its public page and the company's page show it (amounts in cents). */
export type PublicListing = {
  id: string
  title: string
  description: string | null
  rent: number
  deposit: number | null
  availableOn: string | null
  leaseTerm: string | null
  amenities: string[]
  petPolicy: string | null
  petTerms: string | null
  parking: string | null
  utilitiesIncluded: string | null
  contactEmail: string | null
  contactPhone: string | null
  unitLabel: string
  unitType: string
  bedrooms: number | null
  bathrooms: string | null
  areaSqFt: number | null
  street: string | null
  city: string | null
  province: string | null
  postalCode: string | null
  photos: { id: string; caption: string | null }[]
  /** The public address of the application form its Apply opens; null: apply by e-mail. */
  applicationSlug: string | null
  company: { name: string; slug: string; email: string | null; phone: string | null; currency: string }
}

/** Its amenities, one a line (blank lines and stray spaces dropped). */
export const amenitiesOf = (text: string | null | undefined) =>
  (text ?? '')
    .split(/\r?\n|;/)
    .map((a) => a.trim())
    .filter(Boolean)

const HOUSES: readonly string[] = ['SINGLE_FAMILY_HOUSE', 'SEMI_DETACHED_HOUSE', 'TOWNHOUSE']

/** A published listing as search engines are told of it: its public page's figures (money as a decimal string). */
export type ListedHome = {
  url: string
  title: string
  description: string | null
  rent: string
  currency: string
  availableOn: string | null
  unitType: string
  bedrooms: number | null
  bathrooms: string | null
  areaSqFt: number | null
  petPolicy: string | null
  street: string | null
  city: string | null
  province: string | null
  postalCode: string | null
  photoUrls: string[]
  companyName: string
}

/**
 * The listing as schema.org structured data (JSON-LD): an apartment (or a house) with its address,
 * rooms and floor size, offered for rent by the company at its monthly rent. Search engines read it
 * to show the listing's price and details.
 */
export function listingStructuredData(home: ListedHome) {
  return {
    '@context': 'https://schema.org',
    '@type': HOUSES.includes(home.unitType) ? 'SingleFamilyResidence' : 'Apartment',
    name: home.title,
    description: home.description ?? undefined,
    url: home.url,
    image: home.photoUrls,
    numberOfRooms: home.bedrooms ?? undefined,
    numberOfBedrooms: home.bedrooms ?? undefined,
    numberOfBathroomsTotal: home.bathrooms ?? undefined,
    floorSize: home.areaSqFt ? { '@type': 'QuantitativeValue', value: home.areaSqFt, unitCode: 'FTK' } : undefined,
    petsAllowed: home.petPolicy ? home.petPolicy !== 'NONE' : undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: home.street ?? undefined,
      addressLocality: home.city ?? undefined,
      addressRegion: home.province ?? undefined,
      postalCode: home.postalCode ?? undefined,
      addressCountry: 'CA',
    },
    offers: {
      '@type': 'Offer',
      price: home.rent,
      priceCurrency: home.currency,
      availability: 'https://schema.org/InStock',
      availabilityStarts: home.availableOn ?? undefined,
      seller: { '@type': 'RealEstateAgent', name: home.companyName },
    },
  }
}

/** What a waitlist subscriber looks for (cents; nulls: any). */
export type WaitlistWish = { bedrooms: number | null; maxRent: number | null; moveInDate: string | null; propertyGroupId: string | null }
/** A listing as the waitlist is matched against it. */
export type ListingOffer = { bedrooms: number | null; rent: number; availableOn: string | null; propertyGroupId: string }

/** How long after the day a subscriber wants to move in a home may still come free and suit them. */
export const MOVE_IN_SLACK_DAYS = 14

/**
 * Whether a listing suits what a subscriber asked for: at least the bedrooms they need, at most the
 * rent they will pay, free by their move-in day (or within two weeks of it), and at the property they
 * want. What either leaves unsaid does not stand in the way.
 */
export function suits(wish: WaitlistWish, offer: ListingOffer) {
  if (wish.bedrooms !== null && offer.bedrooms !== null && offer.bedrooms < wish.bedrooms) return false
  if (wish.maxRent !== null && offer.rent > wish.maxRent) return false
  if (wish.propertyGroupId && wish.propertyGroupId !== offer.propertyGroupId) return false
  if (wish.moveInDate && offer.availableOn) {
    const latest = new Date(Date.parse(`${wish.moveInDate}T00:00:00Z`) + MOVE_IN_SLACK_DAYS * 86_400_000).toISOString().slice(0, 10)
    if (offer.availableOn > latest) return false
  }
  return true
}

/** "Ada Lovelace · ada@example.com". */
export const subscriberLabel = (first: string, last: string, email: string) => `${first} ${last} · ${email}`
