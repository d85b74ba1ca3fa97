import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { cents, companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'

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
  },
  (t) => [index('rental_application_questions_form_idx').on(t.formId, t.position)],
)
