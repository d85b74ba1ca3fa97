import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { formatMoney } from '~/domain/money'

/*
 * The ledger integrity check (DESIGN.md §6): what must always hold of a company's
 * books, read straight from the tables. It runs in the tests after every kind of
 * posting and as an admin report. Each finding names what is wrong and where.
 */

export const FINDING_KINDS = {
  UNBALANCED_ENTRY: 'Entries whose lines do not sum to zero',
  TOO_FEW_LINES: 'Entries with fewer than two lines',
  LINE_MISMATCH: 'Lines whose date or basis differ from their entry',
  TRIAL_BALANCE: 'The trial balance does not sum to zero',
  REVERSAL_MISMATCH: 'Reversals that do not negate the entry they reverse',
  NUMBER_GAP: 'Gaps in the entry numbers',
  DEPOSIT_MISMATCH: 'Bank deposits whose entry does not match their items',
  RECONCILIATION_MISMATCH: 'Final reconciliations whose cleared items do not tie to the statement',
} as const
export type FindingKind = keyof typeof FINDING_KINDS

export type Finding = { kind: FindingKind; message: string; entryId?: string | null; entryNumber?: number | null; recordId?: string | null }

export type IntegrityReport = { entries: number; lines: number; ok: boolean; findings: Finding[] }

/** At most this many findings of one kind: a broken ledger says how, not every instance. */
const LIMIT = 100

type Row = Record<string, unknown>

export async function checkLedger(db: Executor, companyId: string): Promise<IntegrityReport> {
  const rows = async <T extends Row>(query: SQL) => (await db.execute<T>(query)) as unknown as T[]
  const findings: Finding[] = []

  const [counts] = await rows<{ entries: number; lines: number; total: string }>(sql`
    select (select count(*)::int from journal_entries where company_id = ${companyId}) as entries,
           count(*)::int as lines, coalesce(sum(amount), 0)::text as total
    from journal_lines where company_id = ${companyId}`)

  for (const e of await rows<{ id: string; number: number; n: number; total: string }>(sql`
    select e.id, e.number::int as number, count(l.id)::int as n, coalesce(sum(l.amount), 0)::text as total
    from journal_entries e left join journal_lines l on l.entry_id = e.id
    where e.company_id = ${companyId}
    group by e.id
    having count(l.id) < 2 or coalesce(sum(l.amount), 0) <> 0
    order by e.number limit ${LIMIT}`)) {
    if (e.n < 2) findings.push({ kind: 'TOO_FEW_LINES', entryId: e.id, entryNumber: e.number, message: `Entry #${e.number} has ${e.n} line${e.n === 1 ? '' : 's'}.` })
    if (BigInt(e.total) !== 0n) findings.push({ kind: 'UNBALANCED_ENTRY', entryId: e.id, entryNumber: e.number, message: `Entry #${e.number}'s lines sum to ${formatMoney(Number(e.total))} instead of zero.` })
  }

  if (BigInt(counts.total) !== 0n) findings.push({ kind: 'TRIAL_BALANCE', message: `All lines together sum to ${formatMoney(Number(counts.total))} instead of zero.` })

  for (const l of await rows<{ id: string; number: number; line_number: number }>(sql`
    select e.id, e.number::int as number, l.line_number
    from journal_lines l join journal_entries e on e.id = l.entry_id
    where l.company_id = ${companyId} and (l.date <> e.date or l.basis <> e.basis or l.company_id <> e.company_id)
    order by e.number, l.line_number limit ${LIMIT}`)) {
    findings.push({ kind: 'LINE_MISMATCH', entryId: l.id, entryNumber: l.number, message: `Line ${l.line_number} of entry #${l.number} has a date or basis other than its entry's.` })
  }

  // A reversal and the entry it reverses, together, leave every account (and property) where it was.
  for (const r of await rows<{ id: string; number: number; original: number }>(sql`
    select r.id, r.number::int as number, o.number::int as original
    from journal_entries r join journal_entries o on o.id = r.reverses_entry_id
    where r.company_id = ${companyId}
      and exists (
        select 1 from journal_lines l where l.entry_id in (r.id, o.id)
        group by l.account_id, l.property_group_id having sum(l.amount) <> 0)
    order by r.number limit ${LIMIT}`)) {
    findings.push({ kind: 'REVERSAL_MISMATCH', entryId: r.id, entryNumber: r.number, message: `Entry #${r.number} reverses entry #${r.original} but does not negate its lines.` })
  }

  const [numbers] = await rows<{ max: number | null; n: number; next: number | null }>(sql`
    select max(number)::int as max, count(*)::int as n,
           (select next_entry_number::int from ledger_settings where company_id = ${companyId}) as next
    from journal_entries where company_id = ${companyId}`)
  if (numbers.n && numbers.max !== numbers.n) {
    const missing = await rows<{ number: number }>(sql`
      select g::int as number from generate_series(1, ${numbers.max}::bigint) g
      where not exists (select 1 from journal_entries e where e.company_id = ${companyId} and e.number = g)
      order by g limit ${LIMIT}`)
    findings.push({ kind: 'NUMBER_GAP', message: `Entry numbers run to ${numbers.max} but there are ${numbers.n} entries; missing: ${missing.map((m) => `#${m.number}`).join(', ')}.` })
  }
  if (numbers.next !== null && numbers.next !== (numbers.max ?? 0) + 1) {
    findings.push({ kind: 'NUMBER_GAP', message: `The next entry number is ${numbers.next}, but the last entry is #${numbers.max ?? 0}.` })
  }

  // A deposit's amount is the sum of the receipts it gathered, and its entry moves exactly that into the bank.
  for (const d of await rows<{ id: string; date: string; amount: string; items: string; banked: string | null; number: number | null; entry_id: string | null }>(sql`
    select d.id, d.date::text as date, d.amount::text as amount,
      coalesce((select sum(l.amount) from bank_deposit_items i join journal_lines l on l.id = i.journal_line_id where i.bank_deposit_id = d.id), 0)::text as items,
      (select sum(l.amount) from journal_lines l where l.entry_id = d.journal_entry_id and l.account_id = b.gl_account_id)::text as banked,
      e.number::int as number, e.id as entry_id
    from bank_deposits d join bank_accounts b on b.id = d.bank_account_id
    left join journal_entries e on e.id = d.journal_entry_id
    where d.company_id = ${companyId}
    order by d.date, d.id`)) {
    const problem =
      d.entry_id === null
        ? 'has no journal entry'
        : d.items !== d.amount
          ? `is for ${formatMoney(Number(d.amount))} but its items sum to ${formatMoney(Number(d.items))}`
          : (d.banked ?? '0') !== d.amount
            ? `is for ${formatMoney(Number(d.amount))} but entry #${d.number} puts ${formatMoney(Number(d.banked ?? 0))} in the bank`
            : null
    if (problem && findings.filter((f) => f.kind === 'DEPOSIT_MISMATCH').length < LIMIT) {
      findings.push({ kind: 'DEPOSIT_MISMATCH', recordId: d.id, entryId: d.entry_id, entryNumber: d.number, message: `The deposit of ${d.date} ${problem}.` })
    }
  }

  // Opening balance + every cleared line = the statement's ending balance, for each final reconciliation.
  for (const r of await rows<{ id: string; statement_date: string; opening: string; ending: string; cleared: string }>(sql`
    select r.id, r.statement_date::text as statement_date, r.opening_balance::text as opening, r.statement_ending_balance::text as ending,
      coalesce((select sum(l.amount) from bank_reconciliation_items i join journal_lines l on l.id = i.journal_line_id where i.bank_reconciliation_id = r.id), 0)::text as cleared
    from bank_reconciliations r
    where r.company_id = ${companyId} and r.status = 'FINAL'
      and r.opening_balance + coalesce((select sum(l.amount) from bank_reconciliation_items i join journal_lines l on l.id = i.journal_line_id where i.bank_reconciliation_id = r.id), 0) <> r.statement_ending_balance
    order by r.statement_date limit ${LIMIT}`)) {
    const tied = BigInt(r.opening) + BigInt(r.cleared)
    findings.push({
      kind: 'RECONCILIATION_MISMATCH',
      recordId: r.id,
      message: `The reconciliation of ${r.statement_date} ends at ${formatMoney(Number(r.ending))}, but its opening balance and cleared items come to ${formatMoney(Number(tied))}.`,
    })
  }

  return { entries: counts.entries, lines: counts.lines, ok: findings.length === 0, findings }
}
