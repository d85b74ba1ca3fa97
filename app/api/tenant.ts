import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import { getDb } from '~/db/client.server'
import { companies } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import type { AppEnv } from './context'

/**
 * The one way a handler reaches tenant-owned rows: every condition it builds
 * starts with this company's id, so another company's row is simply not found.
 */
export function tenant(c: Context<AppEnv>) {
  const { companyId } = c.var.principal
  return {
    db: getDb(),
    companyId,
    principal: c.var.principal,
    where(table: { companyId: AnyPgColumn }, ...conditions: (SQL | undefined)[]) {
      return and(eq(table.companyId, companyId), ...conditions)!
    },
    /** Today in the company's time zone: what "as of today" means to its books. */
    async today() {
      const [company] = await getDb().select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
      return todayIn(company?.timeZone ?? 'UTC')
    },
  }
}
