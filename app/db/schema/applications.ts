import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { leases } from './leasing'
import { rentalUnitListings } from './listings'
import { rentalUnits, residents } from './properties'

/*
 * Rental application forms (issue 17 item 2): what a company asks of applicants, in sections of
 * questions, at a public address (/apply/{slug}/) that a listing links to.
 */
export const rentalApplicationForms = pgTable(
  'rental_application_forms',
  {
    id: id(),
    companyId: companyId(),
    /** Sorts naturally (collation `natural`). */
    name: text().notNull(),
    /** Its public address, unique across companies: /apply/{slug}/. Always set by its rules (made from the names when left empty): nullable so a form may leave it empty. */
    slug: text(),
    /** What applicants read first. */
    introduction: text(),
    /** Cents: the fee it says applicants pay (nothing is charged online). */
    applicationFee: cents(),
    /** Applicants consent to a credit check (Ontario and most provinces ask for written consent). */
    asksCreditCheckConsent: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    searchText: searchColumn('name', 'slug'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('rental_application_forms_slug_key').on(t.slug), searchIndex('rental_application_forms', t.searchText)],
)

/** A form's questions, in order, each in a section. */
export const rentalApplicationQuestions = pgTable(
  'rental_application_questions',
  {
    id: id(),
    companyId: companyId(),
    formId: uuid()
      .notNull()
      .references(() => rentalApplicationForms.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** "About you", "Where you live now", "Income"… */
    section: text().notNull(),
    label: text().notNull(),
    /** TEXT, LONG_TEXT, CHOICE, DATE, MONEY, FILE or YES_NO. */
    kind: text().notNull(),
    required: boolean().notNull().default(false),
    /** A CHOICE's choices, one a line. */
    choices: text(),
    help: text(),
    searchText: searchColumn('label', 'section'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('rental_application_questions_form_idx').on(t.formId, t.position), searchIndex('rental_application_questions', t.searchText)],
)

/**
 * A rental application (issue 17 items 3–4): who applied for which home on which form, with their
 * answers as they were asked. Submitted by applicants on the public form (or entered by staff),
 * then approved (its applicants become future residents on a draft lease of the unit) or declined
 * with a reason that is e-mailed to them.
 */
export const rentalApplicationSubmissions = pgTable(
  'rental_application_submissions',
  {
    id: id(),
    companyId: companyId(),
    formId: uuid()
      .notNull()
      .references(() => rentalApplicationForms.id),
    /** The listing applied for; null: the form was sent on its own (any home of the company's). */
    listingId: uuid().references(() => rentalUnitListings.id),
    /** The unit applied for: the listing's, or chosen by staff. */
    rentalUnitId: uuid().references(() => rentalUnits.id),
    /** SUBMITTED, APPROVED or DECLINED. */
    status: text().notNull(),
    desiredMoveInDate: date({ mode: 'string' }),
    /** The applicants agreed to a credit check (with when and from where, in `submittedAt` and `ipAddress`). */
    creditCheckConsent: boolean().notNull().default(false),
    /** The answers as asked: `[{ question_id, section, question, kind, answer, document_id }]`, kept as they were when the form changes later. */
    answers: jsonb().notNull().default([]),
    /** PUBLIC: sent on the public form; STAFF: entered by staff. */
    source: text().notNull().default('STAFF'),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Where a public application came from (the consent's record, and the rate limit's). */
    ipAddress: text(),
    declineReason: text(),
    /** The company's day it was approved or declined. */
    decidedOn: date({ mode: 'string' }),
    /** The draft lease its approval made. */
    leaseId: uuid().references(() => leases.id),
    /** "Ada Lovelace · 102 · Bronson Court": its name everywhere, kept by its rules. Sorts naturally (collation `natural`). */
    label: text().notNull().default(''),
    searchText: searchColumn('label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rental_application_submissions_company_status_idx').on(t.companyId, t.status, t.submittedAt),
    index('rental_application_submissions_listing_idx').on(t.companyId, t.listingId),
    searchIndex('rental_application_submissions', t.searchText),
  ],
)

/** The people of an application, each a resident of type APPLICANT until it is decided, in a role, with what they earn. */
export const rentalApplicants = pgTable(
  'rental_applicants',
  {
    id: id(),
    companyId: companyId(),
    submissionId: uuid()
      .notNull()
      .references(() => rentalApplicationSubmissions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    residentId: uuid()
      .notNull()
      .references(() => residents.id),
    /** APPLICANT, CO_APPLICANT, GUARANTOR or OCCUPANT. */
    role: text().notNull(),
    /** Cents a month, before tax. */
    monthlyIncome: cents(),
    employer: text(),
  },
  (t) => [index('rental_applicants_submission_idx').on(t.submissionId, t.position), index('rental_applicants_resident_idx').on(t.companyId, t.residentId)],
)

/**
 * A file sent with a public application that was refused for something else: kept so the applicant
 * need not choose it again (a browser cannot be given a chosen file back), claimed by the secret
 * token the page carries, once, when the application is kept; forgotten after a day.
 */
export const applicationUploads = pgTable(
  'application_uploads',
  {
    id: id(),
    companyId: companyId(),
    formId: uuid()
      .notNull()
      .references(() => rentalApplicationForms.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token the applicant's page holds: the token itself is never stored. */
    tokenHash: text().notNull(),
    name: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('application_uploads_token_key').on(t.tokenHash), index('application_uploads_created_idx').on(t.createdAt)],
)
