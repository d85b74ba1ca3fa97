import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
// columns.ts refers back to `companies` lazily (inside references()), so this cycle is safe.
import { cents, createdAt, updatedAt } from './columns'

/** A property-management company: the tenant every other row belongs to. */
export const companies = pgTable('companies', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  email: text(),
  phone: text(),
  website: text(),
  streetAddress: text(),
  city: text(),
  province: text(),
  postalCode: text(),
  country: text().notNull().default('CA'),
  currency: text().notNull().default('CAD'),
  timeZone: text().notNull().default('America/Toronto'),
  /** How the company writes numbers: 'en' (1,250.00) or 'fr' (1 250,00); forms read and show amounts this way. */
  numberFormat: text({ enum: ['en', 'fr'] }).notNull().default('en'),
  /** The company's own terms every lease it prints carries (the Ontario form's section 15, Additional Terms), one a paragraph. */
  leaseAdditionalTerms: text(),
  hasESignatureEnabled: boolean().notNull().default(false),
  hasAiEnabled: boolean().notNull().default(false),
  smsEnabled: boolean().notNull().default(false),
  /** A manager hid the dashboard's getting-started checklist before finishing it. */
  gettingStartedDismissedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const userTypes = ['property_manager', 'resident', 'maintenance_technician', 'property_owner'] as const
export type UserType = (typeof userTypes)[number]
export const userType = pgEnum('user_type', userTypes)

/**
 * Everyone who can sign in. An invited user exists before accepting, with no
 * password yet, so the people lists show pending invitations.
 */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text(),
    userType: userType().notNull(),
    isCompanyAdmin: boolean().notNull().default(false),
    // The eight permission groups of a property manager (see domain/permissions.ts).
    hasManagementCompanyPermissions: boolean().notNull().default(false),
    hasLeasingPermissions: boolean().notNull().default(false),
    hasOperationsPermissions: boolean().notNull().default(false),
    hasCommunicationsPermissions: boolean().notNull().default(false),
    hasStoragePermissions: boolean().notNull().default(false),
    hasAccountingPermissions: boolean().notNull().default(false),
    hasReportingPermissions: boolean().notNull().default(false),
    hasAiPermissions: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** A maintenance technician's hourly rate, in cents: what their work logs and time entries are priced at (each keeps the rate of its day). */
    hourlyRate: cents(),
    /**
     * A property manager's purchase order approval limit, in cents: the largest purchase order they
     * may approve. Null: no limit (company administrators approve any amount whatever it says).
     */
    purchaseOrderApprovalLimit: cents(),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** The deployed version this user's browser last reloaded onto. */
    clientVersionTimestamp: bigint({ mode: 'number' }),
    clientRefreshedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in is by e-mail alone, so an address identifies one user across companies.
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_type_idx').on(t.companyId, t.userType),
  ],
)

/** Rotating refresh tokens; a reused (already rotated) token revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    familyId: uuid().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
)

/** Browser sessions of the UI. The cookie carries only the id; its hash is the key. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text().notNull(),
    refreshToken: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    createdAt: createdAt(),
    lastSeenAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    invitedById: uuid().references(() => users.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_company_user_idx').on(t.companyId, t.userId)],
)

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text().primaryKey(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
})

/**
 * A sign-up waiting for its e-mail to be confirmed: the company and its first manager are
 * created only from the link mailed to that address, so nobody can claim someone else's e-mail.
 */
export const pendingRegistrations = pgTable('pending_registrations', {
  tokenHash: text().primaryKey(),
  email: text().notNull(),
  passwordHash: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  companyName: text().notNull(),
  companySlug: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
})

/** API keys act as the user who made them; only a hash and a display prefix are kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId, t.createdAt)],
)

export const emailStatuses = ['stored', 'sent', 'failed'] as const
export const emailStatus = pgEnum('email_status', emailStatuses)

/** Every outgoing message, sent or (without SMTP) kept here to be read in the app. */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    category: text().notNull(),
    /** The message carried a private link, removed from this copy (it went only to its recipient). */
    redacted: boolean().notNull().default(false),
    status: emailStatus().notNull(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_messages_company_created_idx').on(t.companyId, t.createdAt)],
)

/** Fixed-window counters shared by every app node. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().notNull(),
    windowStart: bigint({ mode: 'number' }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)

/** Instance-wide values: generated secrets, the deployed build and its update timestamp. */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
})

/**
 * The first answer to each `Idempotency-Key` of a signed-in user (scope: their
 * company and user id), so a repeated submission (a double click, a retry after
 * a dropped connection, with a refreshed token or an API key) gets that answer
 * again instead of acting twice. `requestHash` is of the method, path and body:
 * the same key on another request is refused. Written in the request's own
 * transaction, so a row exists exactly when the work committed. Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    requestHash: text().notNull(),
    status: integer(),
    contentType: text(),
    body: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)
