import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { companies, journalEntries, ledgerSettings, recurringJournalEntries, recurringJournalEntryLines, type RecurringLine } from '~/db/schema'
import { datesToPost, nthDate, periodOf, recurringDraft, type Frequency } from '~/domain/ledger/entries'
import { formatDecimal } from '~/domain/money'
import { todayIn } from '~/domain/dates'
import { DomainError } from '~/domain/errors'
import { postEntry } from './posting.server'

/*
 * The recurring journal entries' scheduler body: every active schedule posts each
 * period that is due up to today in its company's time zone. Each period posts in
 * its own transaction through postEntry with source (schedule, PERIOD:date), so two
 * app processes running this at once post each period exactly once, and a period
 * that cannot post (a locked date, an inactive account) is recorded on the schedule
 * without stopping the others.
 */

type RecurringRow = typeof recurringJournalEntries.$inferSelect & { lines: RecurringLine[] }

/** Schedules with their lines, in order (one query for all of them). */
async function withLines(db: Executor, schedules: (typeof recurringJournalEntries.$inferSelect)[]): Promise<RecurringRow[]> {
  const byId = new Map<string, RecurringLine[]>(schedules.map((schedule) => [schedule.id, []]))
  if (byId.size) {
    const rows = await db
      .select()
      .from(recurringJournalEntryLines)
      .where(inArray(recurringJournalEntryLines.recurringJournalEntryId, [...byId.keys()]))
      .orderBy(asc(recurringJournalEntryLines.recurringJournalEntryId), asc(recurringJournalEntryLines.position))
    for (const line of rows) {
      byId.get(line.recurringJournalEntryId)!.push({ accountId: line.accountId, amount: line.amount, memo: line.memo, propertyGroupId: line.propertyGroupId, rentalUnitId: line.rentalUnitId })
    }
  }
  return schedules.map((schedule) => ({ ...schedule, lines: byId.get(schedule.id)! }))
}

const PERIOD = 'PERIOD:'

/** The period dates already posted for some schedules, by schedule id. */
async function postedPeriods(db: Executor, companyId: string | undefined, ids: string[]) {
  const out = new Map<string, Set<string>>()
  if (!ids.length) return out
  const rows = await db
    .select({
      sourceId: journalEntries.sourceId,
      purpose: journalEntries.purpose,
    })
    .from(journalEntries)
    .where(
      and(
        companyId ? eq(journalEntries.companyId, companyId) : undefined,
        eq(journalEntries.sourceType, 'RECURRING_JOURNAL_ENTRY'),
        inArray(journalEntries.sourceId, ids),
        sql`${journalEntries.purpose} like ${PERIOD + '%'}`,
      ),
    )
  for (const row of rows) {
    const set = out.get(row.sourceId) ?? new Set<string>()
    set.add(row.purpose.slice(PERIOD.length))
    out.set(row.sourceId, set)
  }
  return out
}

/**
 * The date the schedule posts next: its first date in a period not posted yet and not
 * inside the locked period (those are skipped), or null when the schedule has ended.
 */
function nextDateOf(schedule: Pick<RecurringRow, 'startDate' | 'endDate' | 'frequency' | 'isActive'>, posted: Set<string>, lockDate: string | null) {
  if (!schedule.isActive) return null
  const periods = new Set([...posted].map((date) => periodOf(date, schedule.frequency as Frequency)))
  for (let n = 0; n < 10_000; n++) {
    const date = nthDate(schedule.startDate, schedule.frequency as Frequency, n)
    if (schedule.endDate && date > schedule.endDate) return null
    if (periods.has(periodOf(date, schedule.frequency as Frequency)) || (lockDate && date <= lockDate)) continue
    return date
  }
  return null
}

export type RunResult = { posted: number; failed: number }

/**
 * Posts every due period of every active schedule (or of the ones named), up to today
 * in each company's time zone. Safe to run at any time and in several processes at once.
 */
export async function postDueRecurringEntries(db: Executor, options: { now?: Date; ids?: string[]; companyId?: string } = {}): Promise<RunResult> {
  const found = await db
    .select({ schedule: recurringJournalEntries, timeZone: companies.timeZone })
    .from(recurringJournalEntries)
    .innerJoin(companies, eq(companies.id, recurringJournalEntries.companyId))
    .where(
      and(eq(recurringJournalEntries.isActive, true), options.ids ? inArray(recurringJournalEntries.id, options.ids) : undefined, options.companyId ? eq(recurringJournalEntries.companyId, options.companyId) : undefined),
    )
  const result: RunResult = { posted: 0, failed: 0 }
  if (!found.length) return result
  const lined = await withLines(
    db,
    found.map((f) => f.schedule),
  )
  const schedules = found.map((f, i) => ({ schedule: lined[i], timeZone: f.timeZone }))
  const posted = await postedPeriods(
    db,
    options.companyId,
    schedules.map((s) => s.schedule.id),
  )
  for (const { schedule, timeZone } of schedules) {
    const done = posted.get(schedule.id) ?? new Set<string>()
    const due = datesToPost(
      {
        startDate: schedule.startDate,
        endDate: schedule.endDate,
        frequency: schedule.frequency as Frequency,
      },
      todayIn(timeZone, options.now),
      done,
    )
    const errors: string[] = []
    for (const date of due) {
      try {
        const { created } = await db.transaction((tx) =>
          postEntry(
            tx,
            schedule.companyId,
            recurringDraft(
              {
                id: schedule.id,
                name: schedule.name,
                memo: schedule.memo,
                lines: schedule.lines,
              },
              date,
            ),
            { userId: schedule.createdById },
          ),
        )
        if (created) result.posted++
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        result.failed++
        errors.push(`Not posted for ${date}: ${error.message}`)
        // A bad account fails every period alike; a locked date only its own.
        if (error.kind !== 'conflict') break
      }
    }
    const lastError = errors.length ? errors.at(-1)! : null
    if (lastError !== schedule.lastError) {
      await db
        .update(recurringJournalEntries)
        .set({ lastError, lastErrorAt: lastError ? new Date() : null })
        .where(eq(recurringJournalEntries.id, schedule.id))
    }
  }
  return result
}

/** The company's lock date, for next dates. */
async function lockDateOf(db: Executor, companyId: string) {
  const [row] = await db.select({ lockDate: ledgerSettings.lockDate }).from(ledgerSettings).where(eq(ledgerSettings.companyId, companyId))
  return row?.lockDate ?? null
}

/*
 * A schedule's own rules, called by its definition (~/resources/recurring-journal-entries): its
 * lines are checked as a journal entry's are (~/ledger/manual-entries); saving or restarting it
 * posts the periods already due at once, and the scheduler posts the later ones. Stopping it posts
 * nothing more; what it posted stays in the journal.
 */

/** After a save or a restart: the last run's error no longer stands, and the periods now due post. */
export async function postDueAfterChange(db: Executor, companyId: string, id: string) {
  await db.update(recurringJournalEntries).set({ lastError: null, lastErrorAt: null }).where(and(eq(recurringJournalEntries.companyId, companyId), eq(recurringJournalEntries.id, id)))
  await postDueRecurringEntries(db, { ids: [id], companyId })
}

/** What a page of schedules shows beside their fields: one posting's total, when each posts next, how many periods it posted, when its last run failed. */
export async function scheduleSummaries(db: Executor, companyId: string, ids: string[]) {
  const [rows, totals, posted, lockDate] = await Promise.all([
    db
      .select({ id: recurringJournalEntries.id, startDate: recurringJournalEntries.startDate, endDate: recurringJournalEntries.endDate, frequency: recurringJournalEntries.frequency, isActive: recurringJournalEntries.isActive, lastErrorAt: recurringJournalEntries.lastErrorAt })
      .from(recurringJournalEntries)
      .where(and(eq(recurringJournalEntries.companyId, companyId), inArray(recurringJournalEntries.id, ids))),
    db
      .select({ id: recurringJournalEntryLines.recurringJournalEntryId, debits: sql<string>`coalesce(sum(${recurringJournalEntryLines.amount}) filter (where ${recurringJournalEntryLines.amount} > 0), 0)` })
      .from(recurringJournalEntryLines)
      .where(and(eq(recurringJournalEntryLines.companyId, companyId), inArray(recurringJournalEntryLines.recurringJournalEntryId, ids)))
      .groupBy(recurringJournalEntryLines.recurringJournalEntryId),
    postedPeriods(db, companyId, ids),
    lockDateOf(db, companyId),
  ])
  const debits = new Map(totals.map((t) => [t.id, Number(t.debits)]))
  return new Map(
    rows.map((row) => {
      const done = posted.get(row.id) ?? new Set<string>()
      return [
        row.id,
        { total: formatDecimal(debits.get(row.id) ?? 0), next_date: nextDateOf(row, done, lockDate), posted_count: done.size, last_error_at: row.lastErrorAt?.toISOString() ?? null },
      ]
    }),
  )
}
