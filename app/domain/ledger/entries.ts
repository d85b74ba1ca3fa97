import { formatMoney, parseMoney } from '../money'
import { DIMENSIONS, type Dimensions } from './dimensions'

/*
 * Journal drafts and the pure builders that turn a document into one
 * (DESIGN.md §6). The posting function (app/ledger/posting.server.ts) takes a
 * draft, checks it again with checkDraft, and writes it in the document's
 * transaction. Amounts are cents: a debit positive, a credit negative.
 */

export const BASES = ['BOTH', 'ACCRUAL', 'CASH'] as const
export type Basis = (typeof BASES)[number]

/** Who posted an entry, and why: posting the same (source, purpose) twice posts once. */
// A document of the engine posts under its resource's name (`bank-deposits`).
export type Source = { type: SourceType | (string & {}); id: string; purpose: string }

export const SOURCE_TYPES = [
  { value: 'JOURNAL_ENTRY', label: 'Journal entry' },
  { value: 'RECURRING_JOURNAL_ENTRY', label: 'Recurring journal entry' },
  { value: 'BANK_DEPOSIT', label: 'Bank deposit' },
  { value: 'RENT_CHARGE', label: 'Rent charge' },
  { value: 'RENT_PAYMENT', label: 'Rent payment' },
  { value: 'SECURITY_DEPOSIT', label: 'Security deposit' },
  { value: 'DEPOSIT_DISPOSITION', label: 'Deposit disposition' },
  { value: 'OPENING_BALANCE', label: 'Opening balance' },
  { value: 'BILL', label: 'Bill' },
  { value: 'BILL_PAYMENT', label: 'Bill payment' },
] as const
export type SourceType = (typeof SOURCE_TYPES)[number]['value']

export { DIMENSIONS, type Dimensions } from './dimensions'

export type DraftLine = Dimensions & { accountId: string; amount: number; memo?: string | null }

export type JournalDraft = {
  date: string
  memo?: string | null
  basis?: Basis
  source: Source
  lines: DraftLine[]
  reversesEntryId?: string | null
  replacesEntryId?: string | null
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The dates Lintel takes: wide enough for any lease or deed, narrow enough that a typo such as 0202 or 20266 is caught. */
export const FIRST_DATE = '1900-01-01'
export const LAST_DATE = '2200-12-31'

/** A real calendar date written YYYY-MM-DD, between FIRST_DATE and LAST_DATE. */
export function isIsoDate(value: string) {
  if (!DATE.test(value) || value < FIRST_DATE || value > LAST_DATE) return false
  const parsed = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value
}

/**
 * What makes a draft unpostable, by API field name (`lines`, `lines[2].amount`, `date`).
 * Empty when it is fine: at least two lines, each a whole non-zero number of cents,
 * summing to exactly zero.
 */
export function checkDraft(draft: Pick<JournalDraft, 'date' | 'lines'>): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  const add = (field: string, message: string) => (errors[field] ??= []).push(message)
  if (!isIsoDate(draft.date)) add('date', 'Date must be a date written YYYY-MM-DD.')
  if (draft.lines.length < 2) add('lines', 'A journal entry needs at least two lines.')
  let total = 0n
  draft.lines.forEach((line, i) => {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) add(`lines[${i}].amount`, `Line ${i + 1} needs an amount other than zero, in whole cents.`)
    else total += BigInt(line.amount)
  })
  if (draft.lines.length >= 2 && total !== 0n) {
    const debits = draft.lines.filter((l) => l.amount > 0).reduce((a, l) => a + BigInt(l.amount), 0n)
    const credits = -draft.lines.filter((l) => l.amount < 0).reduce((a, l) => a + BigInt(l.amount), 0n)
    add('lines', `Debits (${formatMoney(Number(debits))}) and credits (${formatMoney(Number(credits))}) must be equal; they differ by ${formatMoney(Number(total < 0n ? -total : total))}.`)
  }
  return errors
}

/** One line as the API takes it: a debit or a credit as "1250.00", never both. */
export type LineInput = Dimensions & { accountId: string; debit?: string | null; credit?: string | null; memo?: string | null }

/** API lines → draft lines, or field errors naming the line. */
export function linesFromInput(lines: LineInput[]): { lines: DraftLine[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {}
  const out: DraftLine[] = []
  lines.forEach((line, i) => {
    const debit = line.debit ? parseMoney(line.debit) : null
    const credit = line.credit ? parseMoney(line.credit) : null
    const at = `lines[${i}]`
    if (line.debit && debit === null) errors[`${at}.debit`] = [`Line ${i + 1}: debit must be an amount such as 1250.00.`]
    else if (line.credit && credit === null) errors[`${at}.credit`] = [`Line ${i + 1}: credit must be an amount such as 1250.00.`]
    else if ((debit ?? 0) < 0 || (credit ?? 0) < 0) errors[`${at}.amount`] = [`Line ${i + 1}: enter a positive debit or credit; a negative amount belongs in the other column.`]
    else if (debit && credit) errors[`${at}.amount`] = [`Line ${i + 1} has both a debit and a credit; split it into two lines.`]
    else if (!debit && !credit) errors[`${at}.amount`] = [`Line ${i + 1} needs a debit or a credit.`]
    else {
      const dims = Object.fromEntries(DIMENSIONS.map((d) => [d, line[d] ?? null]))
      out.push({ ...dims, accountId: line.accountId, amount: debit ? debit : -(credit as number), memo: line.memo ?? null })
    }
  })
  return { lines: out, errors }
}

/** A draft line back to the API's debit/credit form. */
export function debitCreditOf(amount: number) {
  return amount > 0 ? { debit: formatMoney(amount), credit: null } : { debit: null, credit: formatMoney(-amount) }
}

type PostedEntry = { id: string; number: number; date: string; memo: string | null; basis: Basis; sourceType: Source['type']; sourceId: string }

/** The entry that undoes `entry` on `date`: every line negated, the same dimensions, linked back. */
export function reversalDraft(entry: PostedEntry, lines: DraftLine[], date: string, memo?: string): JournalDraft {
  return {
    date,
    memo: memo ?? `Reversal of entry #${entry.number}${entry.memo ? `: ${entry.memo}` : ''}`,
    basis: entry.basis,
    source: { type: entry.sourceType, id: entry.sourceId, purpose: `REVERSAL:${entry.id}` },
    reversesEntryId: entry.id,
    lines: lines.map((l) => ({ ...l, amount: -l.amount })),
  }
}

/** A manual journal entry (the first version of its chain, or the replacement of `replaces`). */
export function manualDraft(input: { chainId: string; date: string; memo?: string | null; lines: DraftLine[]; replaces?: { id: string } }): JournalDraft {
  return {
    date: input.date,
    memo: input.memo ?? null,
    basis: 'BOTH',
    source: { type: 'JOURNAL_ENTRY', id: input.chainId, purpose: input.replaces ? `REPLACEMENT:${input.replaces.id}` : 'ORIGINAL' },
    replacesEntryId: input.replaces?.id ?? null,
    lines: input.lines,
  }
}

/** A deposit: the bank's GL account takes the total, undeposited funds gives up each receipt (one line per property, so property statements still balance). */
export function depositDraft(input: {
  depositId: string
  date: string
  memo?: string | null
  bankGlAccountId: string
  undepositedFundsAccountId: string
  items: { amount: number; propertyGroupId?: string | null }[]
}): JournalDraft {
  const byProperty = new Map<string | null, number>()
  for (const item of input.items) byProperty.set(item.propertyGroupId ?? null, (byProperty.get(item.propertyGroupId ?? null) ?? 0) + item.amount)
  const lines: DraftLine[] = []
  for (const [propertyGroupId, amount] of byProperty) {
    if (amount === 0) continue
    lines.push({ accountId: input.bankGlAccountId, amount, propertyGroupId })
    lines.push({ accountId: input.undepositedFundsAccountId, amount: -amount, propertyGroupId })
  }
  return { date: input.date, memo: input.memo ?? 'Bank deposit', basis: 'BOTH', source: { type: 'BANK_DEPOSIT', id: input.depositId, purpose: 'DEPOSIT' }, lines }
}

export const FREQUENCIES = [
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'QUARTERLY', label: 'Quarterly' },
  { value: 'YEARLY', label: 'Yearly' },
] as const
export type Frequency = (typeof FREQUENCIES)[number]['value']

/** The n-th date of a schedule from its start (month ends kept: Jan 31 → Feb 28 → Mar 31). */
export function nthDate(start: string, frequency: Frequency, n: number): string {
  const [y, m, d] = start.split('-').map(Number)
  if (frequency === 'WEEKLY') return new Date(Date.UTC(y, m - 1, d + 7 * n)).toISOString().slice(0, 10)
  const months = n * (frequency === 'MONTHLY' ? 1 : frequency === 'QUARTERLY' ? 3 : 12)
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate()
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10)
}

/** Every posting date of a schedule on or before `through` (and its end date), oldest first. */
export function dueDates(schedule: { startDate: string; endDate?: string | null; frequency: Frequency }, through: string, limit = 1000): string[] {
  const dates: string[] = []
  for (let n = 0; n < limit; n++) {
    const date = nthDate(schedule.startDate, schedule.frequency, n)
    if (date > through || (schedule.endDate && date > schedule.endDate)) break
    dates.push(date)
  }
  return dates
}

/**
 * The calendar period a schedule's date falls in: its week (from Monday), month, quarter or year.
 * A schedule posts once a period: a posting made under its earlier dates (its first posting moved
 * from the 31st to the 15th) still counts for its period, so changing the dates never posts a month
 * twice, while a period that failed to post (a locked date) holds none and is tried again.
 */
export function periodOf(date: string, frequency: Frequency): string {
  const [y, m, d] = date.split('-').map(Number)
  if (frequency === 'WEEKLY') {
    const day = new Date(Date.UTC(y, m - 1, d))
    return new Date(Date.UTC(y, m - 1, d - ((day.getUTCDay() + 6) % 7))).toISOString().slice(0, 10)
  }
  if (frequency === 'MONTHLY') return date.slice(0, 7)
  if (frequency === 'QUARTERLY') return `${y}-Q${Math.floor((m - 1) / 3) + 1}`
  return String(y)
}

/** The dates a schedule still has to post through a day: its due dates in periods that hold no posting yet. */
export function datesToPost(schedule: { startDate: string; endDate?: string | null; frequency: Frequency }, through: string, posted: Iterable<string>): string[] {
  const done = new Set([...posted].map((date) => periodOf(date, schedule.frequency)))
  return dueDates(schedule, through).filter((date) => !done.has(periodOf(date, schedule.frequency)))
}

/** A recurring entry's posting for one date: idempotent per (schedule, date). */
export function recurringDraft(schedule: { id: string; name: string; memo?: string | null; lines: DraftLine[] }, date: string): JournalDraft {
  return {
    date,
    memo: schedule.memo || schedule.name,
    basis: 'BOTH',
    source: { type: 'RECURRING_JOURNAL_ENTRY', id: schedule.id, purpose: `PERIOD:${date}` },
    lines: schedule.lines,
  }
}
