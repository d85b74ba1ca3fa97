import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { companies, journalEntries, ledgerSettings, recurringJournalEntries, recurringJournalEntryLines, type RecurringLine } from '~/db/schema'
import { checkDraft, dueDates, linesFromInput, nthDate, recurringDraft, type Frequency, type LineInput } from '~/domain/ledger/entries'
import { todayIn } from '~/domain/dates'
import { DomainError, invalidFields, notFound } from '~/domain/errors'
import { checkLines, postEntry } from './posting.server'

/*
 * The recurring journal entries' scheduler body: every active schedule posts each
 * period that is due up to today in its company's time zone. Each period posts in
 * its own transaction through postEntry with source (schedule, PERIOD:date), so two
 * app processes running this at once post each period exactly once, and a period
 * that cannot post (a locked date, an inactive account) is recorded on the schedule
 * without stopping the others.
 */

export type RecurringRow = typeof recurringJournalEntries.$inferSelect & { lines: RecurringLine[] }

/** Schedules with their lines, in order (one query for all of them). */
export async function withLines(db: Executor, schedules: (typeof recurringJournalEntries.$inferSelect)[]): Promise<RecurringRow[]> {
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

/** Replaces a schedule's lines with `lines`, in their order. */
async function keepLines(db: Executor, companyId: string, scheduleId: string, lines: RecurringLine[]) {
  await db.delete(recurringJournalEntryLines).where(and(eq(recurringJournalEntryLines.companyId, companyId), eq(recurringJournalEntryLines.recurringJournalEntryId, scheduleId)))
  await db.insert(recurringJournalEntryLines).values(lines.map((line, position) => ({ ...line, companyId, recurringJournalEntryId: scheduleId, position })))
}

const PERIOD = 'PERIOD:'

/** The period dates already posted for some schedules, by schedule id. */
export async function postedPeriods(db: Executor, companyId: string | undefined, ids: string[]) {
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
 * The date the schedule posts next: its first period not posted yet and not inside
 * the locked period (those are skipped), or null when the schedule has ended.
 */
export function nextDateOf(schedule: Pick<RecurringRow, 'startDate' | 'endDate' | 'frequency' | 'isActive'>, posted: Set<string>, lockDate: string | null) {
  if (!schedule.isActive) return null
  for (let n = 0; n < 10_000; n++) {
    const date = nthDate(schedule.startDate, schedule.frequency as Frequency, n)
    if (schedule.endDate && date > schedule.endDate) return null
    if (posted.has(date) || (lockDate && date <= lockDate)) continue
    return date
  }
  return null
}

export type RunResult = { posted: number; failed: number }

/**
 * Posts every due period of every active schedule (or of the ones named), up to today
 * in each company's time zone. Safe to run at any time and in several processes at once.
 */
export async function postDueRecurringEntries(db: Database, options: { now?: Date; ids?: string[]; companyId?: string } = {}): Promise<RunResult> {
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
    const due = dueDates(
      {
        startDate: schedule.startDate,
        endDate: schedule.endDate,
        frequency: schedule.frequency as Frequency,
      },
      todayIn(timeZone, options.now),
    ).filter((d) => !done.has(d))
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
export async function lockDateOf(db: Executor, companyId: string) {
  const [row] = await db.select({ lockDate: ledgerSettings.lockDate }).from(ledgerSettings).where(eq(ledgerSettings.companyId, companyId))
  return row?.lockDate ?? null
}

/*
 * A schedule's own rules: its lines are checked as a journal entry's are (balanced,
 * active accounts and dimensions of this company); saving it posts the periods
 * already due at once, and the scheduler posts the later ones. Stopping it posts
 * nothing more; what it posted stays in the journal.
 */

export type RecurringInput = {
  name: string
  memo?: string | null
  frequency: Frequency
  startDate: string
  endDate?: string | null
  /** A recurring line names a property and unit at most; the rest of a line's dimensions belong to documents. */
  lines: Pick<LineInput, 'accountId' | 'debit' | 'credit' | 'memo' | 'propertyGroupId' | 'rentalUnitId'>[]
}

/** The schedule, or not found. */
export async function recurringEntryOf(db: Executor, companyId: string, id: string): Promise<RecurringRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(recurringJournalEntries)
        .where(and(eq(recurringJournalEntries.companyId, companyId), eq(recurringJournalEntries.id, id)))
    : []
  if (!row) throw notFound('No such recurring journal entry.')
  const [schedule] = await withLines(db, [row])
  return schedule
}

/** Creates a schedule and posts the periods already due; answers its id. */
export async function createRecurringEntry(db: Database, companyId: string, userId: string | null, input: RecurringInput): Promise<{ id: string }> {
  const lines = await recurringLines(db, companyId, input)
  const [row] = await db
    .insert(recurringJournalEntries)
    .values({ companyId, name: input.name, memo: input.memo || null, frequency: input.frequency, startDate: input.startDate, endDate: input.endDate ?? null, createdById: userId })
    .returning({ id: recurringJournalEntries.id })
  await keepLines(db, companyId, row.id, lines)
  await postDueRecurringEntries(db, { ids: [row.id], companyId })
  return { id: row.id }
}

/** Changes a schedule (later periods post the new lines; `isActive: true` restarts a stopped one) and posts what is due. */
export async function updateRecurringEntry(db: Database, companyId: string, id: string, input: RecurringInput & { isActive?: boolean }): Promise<{ id: string }> {
  const current = await recurringEntryOf(db, companyId, id)
  const lines = await recurringLines(db, companyId, input)
  await db
    .update(recurringJournalEntries)
    .set({
      name: input.name,
      memo: input.memo || null,
      frequency: input.frequency,
      startDate: input.startDate,
      endDate: input.endDate ?? null,
      isActive: input.isActive ?? current.isActive,
      lastError: null,
      lastErrorAt: null,
    })
    .where(and(eq(recurringJournalEntries.companyId, companyId), eq(recurringJournalEntries.id, current.id)))
  await keepLines(db, companyId, current.id, lines)
  await postDueRecurringEntries(db, { ids: [current.id], companyId })
  return { id: current.id }
}

/** Stops a schedule: nothing more posts. */
export async function stopRecurringEntry(db: Executor, companyId: string, id: string): Promise<{ id: string }> {
  const current = await recurringEntryOf(db, companyId, id)
  await db
    .update(recurringJournalEntries)
    .set({ isActive: false })
    .where(and(eq(recurringJournalEntries.companyId, companyId), eq(recurringJournalEntries.id, current.id)))
  return { id: current.id }
}

/** The schedule's lines in cents, checked as a journal entry's lines are. */
async function recurringLines(db: Executor, companyId: string, input: RecurringInput): Promise<RecurringRow['lines']> {
  const { lines, errors } = linesFromInput(input.lines)
  if (Object.keys(errors).length) throw invalidFields(errors, CANNOT_SCHEDULE)
  const draftErrors = checkDraft({ date: input.startDate, lines })
  if (Object.keys(draftErrors).length) throw invalidFields(draftErrors, CANNOT_SCHEDULE)
  await checkLines(db, companyId, { lines })
  return lines.map((l) => ({
    accountId: l.accountId,
    amount: l.amount,
    memo: l.memo ?? null,
    propertyGroupId: l.propertyGroupId ?? null,
    rentalUnitId: l.rentalUnitId ?? null,
  }))
}

const CANNOT_SCHEDULE = 'This recurring entry cannot be saved.'
