import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/**
 * People who apply to the referral program from the public site. Lintel's own
 * leads, not a tenant's data: there is no company to scope them by.
 */
export const referralAffiliates = pgTable(
  'referral_affiliates',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Stored lowercased, as the API reads every e-mail. */
    email: text().notNull(),
    company: text(),
    referralPlan: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('referral_affiliates_email_key').on(t.email)],
)
