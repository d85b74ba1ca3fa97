import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { companyId, createdAt, id, updatedAt } from './columns'
import { users } from './platform'

/*
 * Notes, documents and photos that attach to a record of any resource
 * (issue 3): `record_type` is the resource's name (`rental-units`) and
 * `record_id` its id, checked by the API against the resource's table. The
 * bytes of a file live in the file store (app/utils/file-store.server.ts);
 * a row keeps where, how big, what type (sniffed from the bytes) and its
 * SHA-256.
 */


/** The columns every stored file has. */
const storedFile = () => ({
  /** The type sniffed from the first bytes, never the one the client claimed. */
  contentType: text().notNull(),
  sizeBytes: integer().notNull(),
  /** `<company id>/<random>`: where the file store keeps the bytes. */
  storageKey: text().notNull(),
  /** Hex SHA-256 of the bytes, to show a download is what was uploaded. */
  sha256: text().notNull(),
  /** Null: sent by someone without an account (an applicant's ID on the public application form). */
  uploadedBy: uuid().references(() => users.id),
})

export const notes = pgTable(
  'notes',
  {
    id: id(),
    companyId: companyId(),
    recordType: text().notNull(),
    recordId: uuid().notNull(),
    body: text().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notes_record_idx').on(t.companyId, t.recordType, t.recordId)],
)

/** A file kept for the company; attached to a record, or standing alone (both record columns null). */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    companyId: companyId(),
    recordType: text(),
    recordId: uuid(),
    name: text().notNull(),
    documentType: text().notNull(),
    ...storedFile(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_record_idx').on(t.companyId, t.recordType, t.recordId),
    check('documents_record_check', sql`(${t.recordType} is null) = (${t.recordId} is null)`),
  ],
)

export const photos = pgTable(
  'photos',
  {
    id: id(),
    companyId: companyId(),
    recordType: text(),
    recordId: uuid(),
    name: text().notNull(),
    caption: text(),
    /** A work order's photo: taken BEFORE or AFTER the work (null: neither said). */
    phase: text(),
    /** The line of its record it shows, where a record's lines have photos of their own (an inspection report's item). */
    lineId: uuid(),
    sortOrder: integer().notNull().default(0),
    ...storedFile(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('photos_record_idx').on(t.companyId, t.recordType, t.recordId, t.sortOrder),
    check('photos_record_check', sql`(${t.recordType} is null) = (${t.recordId} is null)`),
    check('photos_phase_check', sql`${t.phase} in ('BEFORE', 'AFTER')`),
  ],
)
