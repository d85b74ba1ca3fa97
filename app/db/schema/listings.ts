import { sql } from 'drizzle-orm'
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { rentalUnits } from './properties'

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
