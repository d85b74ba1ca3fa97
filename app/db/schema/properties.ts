import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { Address } from '~/resources/engine/fields'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { users } from './platform'

/*
 * The Properties group (issue 3): the portfolio a company manages. Select
 * values are stored as text and checked by the resource definitions
 * (app/resources/), so a new choice needs no migration.
 */

const address = () => jsonb().$type<Address>()

/** How the company charges an owner for managing a property. */
export const feeSchedules = pgTable(
  'fee_schedules',
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    feeType: text().notNull(),
    /** Hundredths of a percent of collected income (850 = 8.5%). */
    percentage: integer(),
    flatAmount: cents(),
    minimumAmount: cents(),
    leasingFeePercentage: integer(),
    renewalFeeAmount: cents(),
    description: text(),
    isActive: boolean().notNull().default(true),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('fee_schedules_company_name_key').on(t.companyId, sql`lower(${t.name})`), searchIndex('fee_schedules', t.searchText)],
)

export const propertyOwners = pgTable(
  'property_owners',
  {
    id: id(),
    companyId: companyId(),
    ownerType: text().notNull(),
    firstName: text(),
    lastName: text(),
    companyName: text(),
    email: text(),
    phone: text(),
    alternatePhone: text(),
    mailingAddress: address(),
    /** Encrypted at rest (AES-GCM with the instance secret); only its last four characters are ever shown. */
    taxId: text(),
    taxForm: text(),
    paymentMethod: text(),
    /** Cash the owner wants left in the property's account before a distribution. */
    reserveAmount: cents(),
    isActive: boolean().notNull().default(true),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('company_name', 'first_name', 'last_name', 'email', 'phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('property_owners_company_name_idx').on(t.companyId, t.lastName, t.companyName),
    searchIndex('property_owners', t.searchText),
  ],
)

/** A property: one or more buildings managed together for one set of owners. */
export const propertyGroups = pgTable(
  'property_groups',
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    propertyType: text().notNull(),
    address: address(),
    feeScheduleId: uuid().references(() => feeSchedules.id),
    yearBuilt: integer(),
    reserveAmount: cents(),
    description: text(),
    isActive: boolean().notNull().default(true),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('property_groups_company_name_key').on(t.companyId, sql`lower(${t.name})`), searchIndex('property_groups', t.searchText)],
)

/** Who owns a property, and how much of it. */
export const propertyOwnerships = pgTable(
  'property_ownerships',
  {
    id: id(),
    companyId: companyId(),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id, { onDelete: 'cascade' }),
    propertyOwnerId: uuid()
      .notNull()
      .references(() => propertyOwners.id),
    /** Hundredths of a percent; a property's owners never add up to more than 100%. */
    percentage: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('property_ownerships_owner_key').on(t.companyId, t.propertyGroupId, t.propertyOwnerId)],
)

export const buildings = pgTable(
  'buildings',
  {
    id: id(),
    companyId: companyId(),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    name: text().notNull(),
    address: address(),
    yearBuilt: integer(),
    floors: integer(),
    description: text(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('buildings_company_property_idx').on(t.companyId, t.propertyGroupId),
    index('buildings_company_name_idx').on(t.companyId, t.name),
    searchIndex('buildings', t.searchText),
  ],
)

export const rentalUnits = pgTable(
  'rental_units',
  {
    id: id(),
    companyId: companyId(),
    buildingId: uuid()
      .notNull()
      .references(() => buildings.id),
    /** Sorts naturally (1, 2, 10, 100, 10A): the column's collation is `natural` (migration 0014). */
    unitNumber: text().notNull(),
    /**
     * The unit's name everywhere it appears: "102 · Bronson Court". The database keeps it (a trigger
     * on this table and on buildings, migration 0014), so a renamed building renames its units too.
     */
    label: text().notNull().default(''),
    unitType: text().notNull(),
    status: text().notNull(),
    bedrooms: integer(),
    bathrooms: numeric({ precision: 3, scale: 1 }),
    areaSqFt: integer(),
    marketRent: cents(),
    description: text(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('label', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rental_units_building_number_key').on(t.companyId, t.buildingId, sql`lower(${t.unitNumber})`),
    index('rental_units_company_number_idx').on(t.companyId, t.unitNumber),
    // Lists and pickers walk units by their name in natural order.
    index('rental_units_company_label_idx').on(t.companyId, t.label),
    index('rental_units_company_status_idx').on(t.companyId, t.status),
    searchIndex('rental_units', t.searchText),
  ],
)

export const residents = pgTable(
  'residents',
  {
    id: id(),
    companyId: companyId(),
    residentType: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text(),
    alternatePhone: text(),
    dateOfBirth: date({ mode: 'string' }),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    moveInDate: date({ mode: 'string' }),
    moveOutDate: date({ mode: 'string' }),
    emergencyContactName: text(),
    emergencyContactPhone: text(),
    emergencyContactRelationship: text(),
    forwardingAddress: address(),
    /** The resident center account, once invited. */
    userId: uuid().references(() => users.id),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('first_name', 'last_name', 'email', 'phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('residents_company_name_idx').on(t.companyId, t.lastName, t.firstName),
    index('residents_company_type_idx').on(t.companyId, t.residentType),
    index('residents_company_unit_idx').on(t.companyId, t.rentalUnitId),
    // A signed-in resident is found by their account on every page of the resident center.
    index('residents_company_user_idx').on(t.companyId, t.userId).where(sql`${t.userId} is not null`),
    searchIndex('residents', t.searchText),
  ],
)

export const residentPets = pgTable(
  'resident_pets',
  {
    id: id(),
    companyId: companyId(),
    residentId: uuid()
      .notNull()
      .references(() => residents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    petType: text().notNull(),
    breed: text(),
    color: text(),
    weightLbs: integer(),
    isServiceAnimal: boolean().notNull().default(false),
    isVaccinated: boolean().notNull().default(false),
    licenseNumber: text(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('name', 'breed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('resident_pets_company_resident_idx').on(t.companyId, t.residentId), searchIndex('resident_pets', t.searchText)],
)

export const parkingSpaces = pgTable(
  'parking_spaces',
  {
    id: id(),
    companyId: companyId(),
    propertyGroupId: uuid()
      .notNull()
      .references(() => propertyGroups.id),
    spaceNumber: text().notNull(),
    parkingSpaceType: text().notNull(),
    monthlyRent: cents(),
    rentalUnitId: uuid().references(() => rentalUnits.id),
    description: text(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('space_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('parking_spaces_number_key').on(t.companyId, t.propertyGroupId, sql`lower(${t.spaceNumber})`), searchIndex('parking_spaces', t.searchText)],
)

export const residentVehicles = pgTable(
  'resident_vehicles',
  {
    id: id(),
    companyId: companyId(),
    residentId: uuid()
      .notNull()
      .references(() => residents.id, { onDelete: 'cascade' }),
    make: text().notNull(),
    model: text().notNull(),
    year: integer(),
    color: text(),
    licensePlate: text().notNull(),
    plateRegion: text(),
    parkingSpaceId: uuid().references(() => parkingSpaces.id),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('license_plate', 'make', 'model'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('resident_vehicles_company_resident_idx').on(t.companyId, t.residentId),
    index('resident_vehicles_company_plate_idx').on(t.companyId, t.licensePlate),
    searchIndex('resident_vehicles', t.searchText),
  ],
)

export const appliances = pgTable(
  'appliances',
  {
    id: id(),
    companyId: companyId(),
    rentalUnitId: uuid()
      .notNull()
      .references(() => rentalUnits.id),
    applianceType: text().notNull(),
    brand: text(),
    modelNumber: text(),
    serialNumber: text(),
    installedOn: date({ mode: 'string' }),
    warrantyExpiresOn: date({ mode: 'string' }),
    description: text(),
    /** What its list's search reads (see searchColumn). */
    searchText: searchColumn('brand', 'model_number', 'serial_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('appliances_company_unit_idx').on(t.companyId, t.rentalUnitId), searchIndex('appliances', t.searchText)],
)

/**
 * The command palette's index: every record's name, kept by the resource engine
 * in the same transaction as the record, with a trigram index so a substring
 * search stays fast at hundreds of thousands of records.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    companyId: companyId(),
    resource: text().notNull(),
    recordId: uuid().notNull(),
    name: text().notNull(),
    /** Found by but not shown: a person's e-mail and phone (also as bare digits), one per line. */
    keywords: text().notNull().default(''),
    /** What the palette's search reads (see searchColumn). */
    searchText: searchColumn('name', 'keywords'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.resource, t.recordId] }),
    // Three letters or more: the trigram index finds a name, an e-mail or a phone anywhere.
    searchIndex('search_entries', t.searchText),
    // One or two letters (no trigram to look up): the palette walks names in order and stops at its limit.
    index('search_entries_company_name_idx').on(t.companyId, t.name),
  ],
)
