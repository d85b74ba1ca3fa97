import PgBoss from 'pg-boss'
import { crossCompany, getDb } from '~/db/client.server'
import { runRent } from '~/leasing/rent.server'
import { forgetExpiredUploads } from '~/leasing/applications.server'
import { followBegunLeases } from '~/leasing/lease-starts.server'
import { sendDueReminders } from '~/leasing/signatures.server'
import { makeDueTasks } from '~/maintenance/tasks.server'
import { postDueRecurringEntries } from './recurring.server'

/*
 * The scheduled work (recurring journal entries, the rent run, move-ins, recurring tasks, reminders to sign leases, forgetting refused applications' files), run by pg-boss in the app's own database (schema
 * `pgboss`). Every app process starts it; pg-boss hands each scheduled run to one
 * of them, and the postings themselves are idempotent per (schedule, period), so a
 * run that two processes both make still posts each period once.
 */

export const RECURRING_QUEUE = 'post-recurring-journal-entries'
/** The rent run: each lease's charges as their periods begin. */
export const RENT_QUEUE = 'charge-rent'
/** Move-ins: a lease signed ahead makes its unit occupied and its residents current on its first day. */
export const MOVE_IN_QUEUE = 'move-in-begun-leases'
/** Recurring tasks: each series' tasks as they come within their lead days. */
export const TASKS_QUEUE = 'make-recurring-tasks'
/** Leases out to sign: a signer who has not signed after the request's interval is sent the link again. */
export const SIGNING_REMINDERS_QUEUE = 'remind-lease-signers'
/** Files of refused applications no one came back for within the day are forgotten. */
export const KEPT_UPLOADS_QUEUE = 'forget-kept-application-files'
/** Every 15 minutes; a new period posts within a quarter hour of midnight in the company's time zone. */
const EVERY_QUARTER_HOUR = '*/15 * * * *'

export type Scheduler = { stop: () => Promise<void> }

export async function startScheduler(url: string, options: { log?: (message: string) => void } = {}): Promise<Scheduler> {
  const log = options.log ?? (() => {})
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 2, application_name: 'lintel-scheduler' })
  let stopped = false
  // A connection pg-boss still had open when it stopped may be cut as the database goes down: not news.
  boss.on('error', (error) => {
    if (!stopped) console.error('[lintel] scheduler:', error)
  })
  await boss.start()
  await boss.createQueue(RECURRING_QUEUE, { name: RECURRING_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 })
  await boss.work(RECURRING_QUEUE, async () => {
    // The job finds every company's due schedules itself, so it reads across companies.
    const result = await crossCompany(() => postDueRecurringEntries(getDb()))
    if (result.posted || result.failed) log(`recurring journal entries: ${result.posted} posted, ${result.failed} not posted`)
    return result
  })
  await boss.createQueue(RENT_QUEUE, { name: RENT_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 })
  await boss.work(RENT_QUEUE, async () => {
    // Every company's leases, so it reads across companies; each company's charges are one transaction.
    const result = await crossCompany(() => runRent(getDb()))
    if (result.charged || result.failed) log(`rent run: ${result.charged} charged, ${result.failed} not charged`)
    return result
  })
  await boss.createQueue(MOVE_IN_QUEUE, { name: MOVE_IN_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 })
  await boss.work(MOVE_IN_QUEUE, async () => {
    // Every company's leases; each lease moves in in its own transaction.
    const result = await crossCompany(() => followBegunLeases(getDb()))
    if (result.followed) log(`move-ins: ${result.followed} leases begun`)
    return result
  })
  await boss.createQueue(TASKS_QUEUE, { name: TASKS_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 })
  await boss.work(TASKS_QUEUE, async () => {
    // Every company's series; each series' tasks are one transaction, locked against another run.
    const result = await crossCompany(() => makeDueTasks(getDb()))
    if (result.made) log(`recurring tasks: ${result.made} made`)
    return result
  })
  await boss.createQueue(SIGNING_REMINDERS_QUEUE, { name: SIGNING_REMINDERS_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 })
  await boss.work(SIGNING_REMINDERS_QUEUE, async () => {
    // Every company's requests; each company's reminders are one transaction, its signers locked against another run.
    const result = await sendDueReminders()
    if (result.sent) log(`lease signing reminders: ${result.sent} sent`)
    return result
  })
  await boss.createQueue(KEPT_UPLOADS_QUEUE, { name: KEPT_UPLOADS_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 15 * 60 })
  await boss.work(KEPT_UPLOADS_QUEUE, async () => {
    const result = await forgetExpiredUploads()
    if (result.forgotten) log(`kept application files: ${result.forgotten} forgotten`)
    return result
  })
  const queues = [RECURRING_QUEUE, RENT_QUEUE, MOVE_IN_QUEUE, TASKS_QUEUE, SIGNING_REMINDERS_QUEUE, KEPT_UPLOADS_QUEUE]
  for (const queue of queues) await boss.schedule(queue, EVERY_QUARTER_HOUR)
  // And once now, for what came due while no process was running.
  for (const queue of queues) await boss.send(queue, {})
  return {
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
      stopped = true
    },
  }
}
