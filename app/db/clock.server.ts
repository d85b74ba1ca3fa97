import { eq } from 'drizzle-orm'
import type { Executor } from './client.server'
import { companies } from './schema'
import { todayIn } from '~/domain/dates'

/*
 * The company's clock: its days (a due date, the day something was signed, published or sent) are
 * read in its time zone, not the server's.
 */

/** The company's time zone. */
export async function timeZoneOf(tx: Executor, companyId: string) {
  const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  return company?.timeZone ?? 'America/Toronto'
}

/** Today, on the company's clock. */
export const companyToday = async (tx: Executor, companyId: string) => todayIn(await timeZoneOf(tx, companyId))
