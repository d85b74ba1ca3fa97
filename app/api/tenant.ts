import { and, eq, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { crossCompany, getDb, withCompany } from '~/db/client.server'
import { companies } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { SAFE_METHODS } from './body'
import type { AppEnv } from './context'
import { companyChanged } from './kept-answers'

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

/** Thrown inside the request's transaction to roll it back once its refusal is answered. */
class Refused extends Error {}

/**
 * A signed-in request runs in one transaction scoped to the caller's company (row-level security,
 * ADR 014): a query that forgot `tenant(c).where` still sees only this company's rows. A 2xx
 * answer commits; any other rolls back, so a refused request changes nothing.
 */
export const companyScope = createMiddleware<AppEnv>(async (c, next) => {
  const { companyId } = c.var.principal
  // What changes nothing reads without a transaction (ADR 014).
  const read = SAFE_METHODS.has(c.req.method)
  try {
    await withCompany(
      companyId,
      async () => {
        await next()
        if (c.res.status < 200 || c.res.status >= 300) throw new Refused()
      },
      { read },
    )
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    return
  }
  if (!read) companyChanged(companyId)
})

/**
 * For the routes that find their company from what they are sent rather than from a signed-in
 * caller (sign-in, tokens, password reset, signup, invitations): their queries reach every
 * company's rows, so each must name the row it means by a secret or a unique key.
 */
export const acrossCompanies = createMiddleware<AppEnv>(async (c, next) => {
  await crossCompany(next)
  if (!SAFE_METHODS.has(c.req.method)) companyChanged()
})
