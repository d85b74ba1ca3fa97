import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { rentalApplicationForms } from './applications'
import { propertyGroups, rentalUnits } from './properties'

/*
 * Listings (issue 17 item 1): a vacant unit advertised to the public, with its photos (the shared
 * photos table, in their order). Drafted, then published (shown at /listings/{id}/ and on the
 * company's page) and unpublished again once the unit is let.
 */
export const rentalUnitListings = pgTable(
  'rental_unit_listings',
  {
    id: id(),
    companyId: companyId(),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id),
    /** "Bright two-bedroom near the canal": sorts naturally (collation `natural`). */
    title: text().notNull(),
    description: text(),
    /** Cents a month. */
    rent: cents().notNull(),
    /** Cents: the deposit asked (last month's rent in Ontario). */
    deposit: cents(),
    availableOn: date({ mode: 'string' }),
    /** Fixed term of a year, month to month…: how long a lease it offers. */
    leaseTerm: text(),
    /** One amenity a line: in-suite laundry, balcony, dishwasher. */
    amenities: text(),
    /** NONE, CATS, DOGS, CATS_AND_DOGS or ASK. */
    petPolicy: text(),
    petTerms: text(),
    /** What parking goes with it, and at what price. */
    parking: text(),
    /** Included in the rent: heat, water, hydro… */
    utilitiesIncluded: text(),
    contactEmail: text(),
    contactPhone: text(),
    /** The application form its Apply link opens; null: applicants write to the contact address. */
    applicationFormId: uuid().references(() => rentalApplicationForms.id, { onDelete: 'set null' }),
    /** DRAFT, PUBLISHED or UNPUBLISHED. */
    status: text().notNull(),
    /** The company's day it was last published. */
    publishedOn: date({ mode: 'string' }),
    /** "Bright two-bedroom near the canal · 102 · Bronson Court": its name everywhere, kept by its rules. */
    label: text().notNull().default(''),
    searchText: searchColumn('title', 'label', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rental_unit_listings_company_unit_idx').on(t.companyId, t.rentalUnitId),
    index('rental_unit_listings_published_idx').on(t.companyId, t.availableOn).where(sql`${t.status} = 'PUBLISHED'`),
    searchIndex('rental_unit_listings', t.searchText),
    check('rental_unit_listings_rent_positive', sql`${t.rent} > 0`),
    check('rental_unit_listings_deposit_positive', sql`${t.deposit} is null or ${t.deposit} >= 0`),
  ],
)

/**
 * The waitlist (issue 17 item 5): people who asked to hear of a home, from the company's public
 * waitlist page or entered by staff, with what they look for and their consent to be e-mailed.
 */
export const waitlistSubscribers = pgTable(
  'waitlist_subscribers',
  {
    id: id(),
    companyId: companyId(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text(),
    /** The fewest bedrooms they need (0: a studio will do). */
    bedrooms: integer(),
    /** Cents a month: the most they will pay. */
    maxRent: cents(),
    moveInDate: date({ mode: 'string' }),
    /** The property they want; null: any of the company's. */
    propertyGroupId: uuid().references(() => propertyGroups.id),
    notes: text(),
    /** They agreed to be e-mailed about homes: Canada's anti-spam law asks for express consent, and its record. */
    consented: boolean().notNull().default(false),
    /** When they agreed: the record the law asks to keep. */
    consentedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** PUBLIC (the waitlist page) or STAFF. */
    source: text().notNull().default('STAFF'),
    /** "Ada Lovelace · ada@example.com": sorts naturally. */
    label: text().notNull().default(''),
    searchText: searchColumn('label', 'phone', 'notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('waitlist_subscribers_company_created_idx').on(t.companyId, t.createdAt), searchIndex('waitlist_subscribers', t.searchText)],
)

/** Each listing a subscriber was e-mailed about, once. */
export const waitlistNotifications = pgTable(
  'waitlist_notifications',
  {
    id: id(),
    companyId: companyId(),
    listingId: uuid()
      .notNull()
      .references(() => rentalUnitListings.id, { onDelete: 'cascade' }),
    subscriberId: uuid()
      .notNull()
      .references(() => waitlistSubscribers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_notifications_listing_subscriber_key').on(t.listingId, t.subscriberId)],
)
