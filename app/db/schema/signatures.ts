import { sql } from 'drizzle-orm'
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { companyId, createdAt, id, searchColumn, searchIndex, updatedAt } from './columns'
import { leases } from './leasing'
import { residents } from './properties'
import { users } from './platform'

/** Bytes kept as they are (the lease's PDF as it was sent to sign). */
const bytes = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
})

/*
 * E-signature of leases (issue 17 item 7): a lease's PDF sent to be signed online by its residents
 * (and the company, last), one after another. The PDF is kept as it was sent, with its SHA-256, so
 * the completed copy is the very document they signed, and a certificate page says who signed it,
 * when, and from where.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: id(),
    companyId: companyId(),
    leaseId: uuid()
      .notNull()
      .references(() => leases.id),
    /** "Lease 102 · Bronson Court from 2031-03-01": sorts naturally (collation `natural`). */
    label: text().notNull().default(''),
    /** SENT, COMPLETED or CANCELED. */
    status: text().notNull(),
    /** Said to every signer in their e-mail. */
    message: text(),
    /** Days a signer is left before a reminder; at most three reminders each. */
    reminderIntervalDays: integer().notNull().default(3),
    /** The lease's PDF as it was sent to sign, and its SHA-256 (hex). */
    document: bytes().notNull(),
    documentSha256: text().notNull(),
    documentName: text().notNull(),
    /** Where its signing links point: APP_URL, else the address it was sent from (reminders are sent by a job, with no request to ask). */
    linkOrigin: text().notNull(),
    /** The staff member who sent it. */
    sentById: uuid().references(() => users.id),
    completedAt: timestamp({ withTimezone: true }),
    /** What came of activating the lease once everyone signed: why it could not be, when it could not. */
    outcome: text(),
    searchText: searchColumn('label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('signature_requests_company_lease_idx').on(t.companyId, t.leaseId),
    index('signature_requests_company_created_idx').on(t.companyId, t.createdAt),
    searchIndex('signature_requests', t.searchText),
    check('signature_requests_reminder_interval', sql`${t.reminderIntervalDays} between 1 and 30`),
  ],
)

/** Who signs a request, in their order: each resident who signs the lease, then the company's signer. */
export const signatureRequestSigners = pgTable(
  'signature_request_signers',
  {
    id: id(),
    companyId: companyId(),
    requestId: uuid()
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    /** 1, 2, 3…: the order they sign in. */
    position: integer().notNull(),
    residentId: uuid().references(() => residents.id),
    userId: uuid().references(() => users.id),
    /** "Ada Tenant": sorts naturally (collation `natural`). */
    name: text().notNull(),
    email: text().notNull(),
    /** PRIMARY, CO_TENANT, GUARANTOR (a resident's role on the lease) or COMPANY. */
    role: text().notNull(),
    /** WAITING, NOTIFIED or SIGNED. */
    status: text().notNull(),
    /** The SHA-256 of their link's token: the link itself is never kept. */
    tokenHash: text().notNull(),
    notifiedAt: timestamp({ withTimezone: true }),
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    signedIp: text(),
    signedUserAgent: text(),
    /** The full name they typed to sign. */
    typedName: text(),
    /** The signature they drew, as a PNG data URL; none without JavaScript (the typed name is then the signature). */
    drawnSignature: text(),
    /** "Ada Tenant · Lease 102 · Bronson Court from 2031-03-01": its name everywhere. Sorts naturally. */
    label: text().notNull().default(''),
    searchText: searchColumn('label', 'email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('signature_request_signers_company_request_idx').on(t.companyId, t.requestId, t.position),
    uniqueIndex('signature_request_signers_token_key').on(t.tokenHash),
    searchIndex('signature_request_signers', t.searchText),
  ],
)
