import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { accounts, bankAccounts, bankReconciliationItems, bankReconciliations, journalLines } from '~/db/schema'
import { conflict, invalid, notFound } from '~/domain/errors'
import { differenceMessage, reconciliationDifference } from '~/domain/ledger/banking'
import { formatMoney } from '~/domain/money'
import { bankAccountOf, onFinalReconciliation, reconcilableLines, tickStatementMatches } from './banking.server'

/*
 * Bank reconciliations: a bank statement (its date and ending balance) against the
 * register of the bank account's GL account. Items are ticked as cleared until
 * opening balance + cleared items = the statement's ending balance; then the
 * reconciliation can be marked final, which locks its items (their entries can no
 * longer be changed or voided) and makes its ending balance the next
 * reconciliation's opening balance. Only a draft can be deleted. The engine runs these rules by
 * name from the reconciliation's definition (app/resources/accounting.ts).
 */

/** Reconciliations with their bank account, its GL account, and the total and count of their cleared items. */
export function selectReconciliations(db: Executor) {
  return db
    .select({
      r: bankReconciliations,
      bankAccountName: bankAccounts.name,
      glAccountId: bankAccounts.glAccountId,
      glAccountLabel: sql<string>`${accounts.number} || ' · ' || ${accounts.name}`,
      clearedTotal: sql<number>`(select coalesce(sum(${journalLines.amount}), 0) from ${bankReconciliationItems} join ${journalLines} on ${journalLines.id} = ${bankReconciliationItems.journalLineId} where ${bankReconciliationItems.bankReconciliationId} = ${bankReconciliations.id})`.mapWith(Number),
      clearedCount: sql<number>`(select count(*) from ${bankReconciliationItems} where ${bankReconciliationItems.bankReconciliationId} = ${bankReconciliations.id})`.mapWith(Number),
    })
    .from(bankReconciliations)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankReconciliations.bankAccountId))
    .innerJoin(accounts, eq(accounts.id, bankAccounts.glAccountId))
    .$dynamic()
}

export type ReconciliationRow = Awaited<ReturnType<ReturnType<typeof selectReconciliations>['execute']>>[number]

const noSuchReconciliation = () => notFound('No such bank reconciliation.')

/** The reconciliation, or not found. */
export async function reconciliationOf(db: Executor, companyId: string, id: string): Promise<ReconciliationRow> {
  if (!isUuid(id)) throw noSuchReconciliation()
  const [row] = await selectReconciliations(db).where(and(eq(bankReconciliations.companyId, companyId), eq(bankReconciliations.id, id)))
  if (!row) throw noSuchReconciliation()
  return row
}

/** The reconciliation, locked for the rest of the transaction (ticking, finalising and deleting queue behind each other). */
async function lockedReconciliation(tx: Executor, companyId: string, id: string) {
  if (!isUuid(id)) throw noSuchReconciliation()
  const [locked] = await tx.select({ id: bankReconciliations.id }).from(bankReconciliations).where(and(eq(bankReconciliations.companyId, companyId), eq(bankReconciliations.id, id))).for('update')
  if (!locked) throw noSuchReconciliation()
  return reconciliationOf(tx, companyId, id)
}

/**
 * Whether a bank statement can start being reconciled (the definition's validate rule): dated after
 * the bank account's last final reconciliation, one draft per bank account at a time. Locks the bank
 * account, so two started at once queue here and the second sees the first.
 */
export async function checkNewReconciliation(tx: Executor, companyId: string, input: { bankAccountId: string; statementDate: string }) {
  const bank = await bankAccountOf(tx, companyId, input.bankAccountId, 'bank_account_id')
  await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, bank.id)).for('update')
  const [draft] = await tx
    .select({ statementDate: bankReconciliations.statementDate })
    .from(bankReconciliations)
    .where(and(eq(bankReconciliations.companyId, companyId), eq(bankReconciliations.bankAccountId, bank.id), eq(bankReconciliations.status, 'DRAFT')))
  if (draft) throw conflict(`${bank.name} already has a reconciliation in progress (statement of ${draft.statementDate}); finish or delete it first.`)
  const last = await lastFinal(tx, companyId, bank.id)
  if (last && input.statementDate <= last.statementDate)
    throw invalid(`${bank.name} is reconciled through ${last.statementDate}; the next statement must be dated after it.`, { statement_date: [`Choose a date after ${last.statementDate}.`] })
}

function lastFinal(tx: Executor, companyId: string, bankAccountId: string) {
  return tx
    .select({ statementDate: bankReconciliations.statementDate, ending: bankReconciliations.statementEndingBalance })
    .from(bankReconciliations)
    .where(and(eq(bankReconciliations.companyId, companyId), eq(bankReconciliations.bankAccountId, bankAccountId), eq(bankReconciliations.status, 'FINAL')))
    .orderBy(desc(bankReconciliations.statementDate))
    .limit(1)
    .then((rows) => rows[0])
}

/**
 * What starting a reconciliation also does (the definition's created rule): it opens at the last
 * final reconciliation's ending balance, and what the bank's imported statement shows as cleared
 * starts ticked.
 */
export async function openReconciliation(tx: Executor, companyId: string, id: string) {
  const [{ bankAccountId, statementDate }] = await tx.select().from(bankReconciliations).where(eq(bankReconciliations.id, id))
  const bank = await bankAccountOf(tx, companyId, bankAccountId, 'bank_account_id')
  const last = await lastFinal(tx, companyId, bank.id)
  await tx.update(bankReconciliations).set({ openingBalance: last?.ending ?? 0 }).where(eq(bankReconciliations.id, id))
  await tickStatementMatches(tx, companyId, { id, statementDate, bankAccountId: bank.id, glAccountId: bank.glAccountId })
}

/**
 * Ticks (`cleared`) or unticks lines on a draft reconciliation. A line ticked must be one of
 * the bank's GL account, dated on or before the statement date and not cleared on another
 * final reconciliation; each one that is not is named.
 */
export async function setCleared(db: Executor, companyId: string, id: string, input: { journalLineIds: string[]; cleared: boolean }): Promise<void> {
  const ids = [...new Set(input.journalLineIds)]
  await db.transaction(async (tx) => {
    const row = await lockedReconciliation(tx, companyId, id)
    if (row.r.status === 'FINAL') throw conflict(`The reconciliation of ${row.r.statementDate} is final; its cleared items cannot change.`)
    if (!ids.length) return
    if (!input.cleared) {
      await tx.delete(bankReconciliationItems).where(and(eq(bankReconciliationItems.bankReconciliationId, row.r.id), inArray(bankReconciliationItems.journalLineId, ids)))
      return
    }
    const lines = await tx
      .select({ id: journalLines.id, accountId: journalLines.accountId, date: journalLines.date, final: onFinalReconciliation(row.r.id) })
      .from(journalLines)
      .where(and(eq(journalLines.companyId, companyId), inArray(journalLines.id, ids)))
    const byId = new Map(lines.map((l) => [l.id, l]))
    const problems: string[] = []
    ids.forEach((lineId) => {
      const line = byId.get(lineId)
      if (!line) problems.push(`${lineId}: no such journal line.`)
      else if (line.accountId !== row.glAccountId) problems.push(`${lineId}: not a line of ${row.glAccountLabel}.`)
      else if (line.date > row.r.statementDate) problems.push(`${lineId}: dated ${line.date}, after the statement date ${row.r.statementDate}.`)
      else if (line.final) problems.push(`${lineId}: already cleared on another final reconciliation.`)
    })
    if (problems.length) throw invalid(`${problems.length} of the lines cannot be cleared on this reconciliation.`, { journal_line_ids: problems })
    await tx
      .insert(bankReconciliationItems)
      .values(ids.map((lineId) => ({ companyId, bankReconciliationId: row.r.id, journalLineId: lineId })))
      .onConflictDoNothing()
  })
}

/**
 * What marking a reconciliation final checks and records (the run of its `mark-as-final` action,
 * which moves its state): its difference must be zero (a conflict naming the difference otherwise).
 */
export async function finalizeReconciliation(tx: Executor, companyId: string, userId: string | null, id: string): Promise<void> {
  const row = await reconciliationOf(tx, companyId, id)
  const difference = reconciliationDifference({ statementEndingBalance: row.r.statementEndingBalance, openingBalance: row.r.openingBalance, clearedTotal: row.clearedTotal })
  if (difference !== 0) throw conflict(differenceMessage(difference), { difference: [formatMoney(difference)] })
  await tx.update(bankReconciliations).set({ finalizedAt: new Date(), finalizedById: userId }).where(eq(bankReconciliations.id, row.r.id))
}

/** The GL account's balance on the statement date, and every line the reconciliation can tick (cleared or outstanding). */
export async function reconciliationItems(db: Executor, companyId: string, id: string) {
  const row = await reconciliationOf(db, companyId, id)
  const [lines, [book]] = await Promise.all([
    reconcilableLines(db, companyId, row.r, row.glAccountId),
    db
      .select({ total: sql<number>`coalesce(sum(${journalLines.amount}), 0)`.mapWith(Number) })
      .from(journalLines)
      .where(and(eq(journalLines.companyId, companyId), eq(journalLines.accountId, row.glAccountId), sql`${journalLines.date} <= ${row.r.statementDate}`)),
  ])
  return { bookBalance: book.total, lines }
}
