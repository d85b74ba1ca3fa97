import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { Executor } from './client.server'
import { companies, makeReadies, makeReadyTasks } from './schema'
import { todayIn } from '~/domain/dates'
import { addDays } from '~/domain/ledger/reports'
import { runAction } from '~/resources/engine/actions.server'
import { makeReadiesResource } from '~/resources/make-ready'
import { setReadyDate } from '~/maintenance/make-ready.server'

/**
 * The demo's make-readies: notice given on its leases put their units on the board already (the
 * leases' rules open a turn). The unit vacated two months ago was made ready in nine days; the first
 * unit still on notice is under way, its repairs sent out as work orders and its inspection done.
 */
export async function seedDemoMakeReadies(tx: Executor, companyId: string, userId: string) {
  const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  const today = todayIn(company.timeZone)
  const open = and(eq(makeReadies.companyId, companyId), eq(makeReadies.status, 'UPCOMING'))
  const vacated = await tx.select({ id: makeReadies.id, moveOut: makeReadies.moveOutDate }).from(makeReadies).where(and(open, lte(makeReadies.moveOutDate, today)))
  for (const turn of vacated) {
    await tx.update(makeReadyTasks).set({ status: 'DONE' }).where(and(eq(makeReadyTasks.companyId, companyId), eq(makeReadyTasks.makeReadyId, turn.id)))
    await runAction(tx, companyId, userId, makeReadiesResource, turn.id, 'start', {})
    await runAction(tx, companyId, userId, makeReadiesResource, turn.id, 'complete', {})
    const ready = addDays(turn.moveOut!, 9)
    await setReadyDate(tx, companyId, turn.id, ready < today ? ready : today)
  }
  const [first] = await tx.select({ id: makeReadies.id }).from(makeReadies).where(and(open, gt(makeReadies.moveOutDate, today))).orderBy(asc(makeReadies.moveOutDate)).limit(1)
  if (!first) return
  await runAction(tx, companyId, userId, makeReadiesResource, first.id, 'start', {})
  await runAction(tx, companyId, userId, makeReadiesResource, first.id, 'open-work-orders', {})
  await tx.update(makeReadyTasks).set({ status: 'DONE' }).where(and(eq(makeReadyTasks.companyId, companyId), eq(makeReadyTasks.makeReadyId, first.id), eq(makeReadyTasks.position, 0)))
}
