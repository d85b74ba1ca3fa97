import { and, asc, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { roleAccountId } from '~/ledger/chart.server'
import { bankAccounts, bankDepositItems, bankReconciliationItems, bankReconciliations, bankStatementLines, journalEntries, journalLines, propertyGroups } from '~/db/schema'
import { invalid, notFound } from '~/domain/errors'
import { RETURN_PURPOSE } from '~/domain/leasing/payments'

/*
 * What the banking API reads: a company's bank accounts, the receipts waiting in
 * undeposited funds, and the register lines of a bank account's GL account with
 * their state on reconciliations.
 */

/** The bank account, or not found (for a path id) / invalid naming `field` (for a body id). */
export async function bankAccountOf(db: Executor, companyId: string, id: string, field?: string): Promise<typeof bankAccounts.$inferSelect> {
  const valid = /^[0-9a-f-]{36}$/i.test(id)
  const [row] = valid ? await db.select().from(bankAccounts).where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, id))) : []
  if (!row) throw field ? invalid('No such bank account.', { [field]: ['No such bank account.'] }) : notFound('No such bank account.')
  return row
}

/** The account playing the UNDEPOSITED_FUNDS role: where receipts wait for a deposit. */
export const undepositedFundsAccountId = (db: Executor, companyId: string) => roleAccountId(db, companyId, 'UNDEPOSITED_FUNDS')

const reversal = alias(journalEntries, 'reversal')

/** Journal lines as receipts: date, entry, memo (the line's, else the entry's), property and amount, oldest first. */
export function selectReceipts(db: Executor) {
  return db
    .select({
      id: journalLines.id,
      date: journalLines.date,
      entryId: journalEntries.id,
      entryNumber: journalEntries.number,
      memo: sql<string | null>`coalesce(${journalLines.memo}, ${journalEntries.memo})`,
      propertyGroupId: journalLines.propertyGroupId,
      propertyGroupLabel: propertyGroups.name,
      amount: journalLines.amount,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .leftJoin(propertyGroups, eq(propertyGroups.id, journalLines.propertyGroupId))
    .$dynamic()
}

/**
 * Receipts waiting in undeposited funds: debits to the role account, from entries
 * that are neither reversals nor reversed, not yet gathered into a deposit.
 */
export async function undepositedReceipts(db: Executor, companyId: string, options: { ids?: string[]; propertyGroupId?: string | null } = {}) {
  const accountId = await undepositedFundsAccountId(db, companyId)
  if (!accountId) return []
  return selectReceipts(db)
    .where(
      and(
        eq(journalLines.companyId, companyId),
        eq(journalLines.accountId, accountId),
        sql`${journalLines.amount} > 0`,
        isNull(journalEntries.reversesEntryId),
        notExists(db.select({ one: sql`1` }).from(reversal).where(eq(reversal.reversesEntryId, journalEntries.id))),
        // A payment the bank returned before it was deposited took its money back out of undeposited funds.
        notExists(
          db
            .select({ one: sql`1` })
            .from(reversal)
            .where(and(eq(reversal.companyId, companyId), eq(reversal.sourceType, journalEntries.sourceType), eq(reversal.sourceId, journalEntries.sourceId), eq(reversal.purpose, RETURN_PURPOSE))),
        ),
        notExists(db.select({ one: sql`1` }).from(bankDepositItems).where(and(eq(bankDepositItems.companyId, companyId), eq(bankDepositItems.journalLineId, journalLines.id)))),
        options.ids ? inArray(journalLines.id, options.ids) : undefined,
        options.propertyGroupId ? sql`(${journalLines.propertyGroupId} = ${options.propertyGroupId} or ${journalLines.propertyGroupId} is null)` : undefined,
      ),
    )
    .orderBy(asc(journalLines.date), asc(journalEntries.number), asc(journalLines.lineNumber))
}

export type Receipt = Awaited<ReturnType<typeof undepositedReceipts>>[number]

// Written out in full: drizzle leaves a column unqualified when a query reads one table, and inside these subqueries a bare "id" would be the reconciliation's.
const lineId = sql`${journalLines}.${sql.identifier('id')}`

/** The journal line is on a final reconciliation (other than `except`): cleared for good. */
export const onFinalReconciliation = (except?: string) =>
  sql<boolean>`exists (select 1 from ${bankReconciliationItems} i join ${bankReconciliations} r on r.id = i.bank_reconciliation_id where i.journal_line_id = ${lineId} and r.status = 'FINAL'${except ? sql` and r.id <> ${except}` : sql``})`

/** The journal line is ticked on a reconciliation (the given one, or any). */
export const onReconciliation = (reconciliationId?: string) =>
  sql<boolean>`exists (select 1 from ${bankReconciliationItems} i where i.journal_line_id = ${lineId}${reconciliationId ? sql` and i.bank_reconciliation_id = ${reconciliationId}` : sql``})`

/**
 * The lines of a bank account's GL account a reconciliation can tick: dated on or
 * before its statement date and not cleared on an earlier final reconciliation.
 * `cleared` says whether this reconciliation has ticked it.
 */
export async function reconcilableLines(db: Executor, companyId: string, reconciliation: { id: string; statementDate: string }, glAccountId: string) {
  return db
    .select({
      id: journalLines.id,
      date: journalLines.date,
      entryId: journalEntries.id,
      entryNumber: journalEntries.number,
      memo: sql<string | null>`coalesce(${journalLines.memo}, ${journalEntries.memo})`,
      amount: journalLines.amount,
      cleared: onReconciliation(reconciliation.id),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(journalLines.companyId, companyId),
        eq(journalLines.accountId, glAccountId),
        lte(journalLines.date, reconciliation.statementDate),
        sql`not ${onFinalReconciliation(reconciliation.id)}`,
      ),
    )
    .orderBy(asc(journalLines.date), asc(journalEntries.number), asc(journalLines.lineNumber))
}

/**
 * What the bank's own statement shows as cleared starts ticked: register lines matched to an
 * imported statement line dated on or before the reconciliation's statement date (only `journalLineId`
 * when given, as a match is confirmed), unless an earlier final reconciliation cleared them.
 */
export async function tickStatementMatches(
  tx: Executor,
  companyId: string,
  reconciliation: { id: string; statementDate: string; bankAccountId: string; glAccountId: string },
  journalLineId?: string,
) {
  await tx.execute(sql`
    insert into ${bankReconciliationItems} (company_id, bank_reconciliation_id, journal_line_id)
    select ${companyId}::uuid, ${reconciliation.id}::uuid, ${journalLines.id}
    from ${bankStatementLines}
    join ${journalLines} on ${journalLines.id} = ${bankStatementLines.matchedJournalLineId}
    where ${bankStatementLines.companyId} = ${companyId}::uuid
      and ${bankStatementLines.bankAccountId} = ${reconciliation.bankAccountId}::uuid
      and ${bankStatementLines.date} <= ${reconciliation.statementDate}::date
      and ${journalLines.accountId} = ${reconciliation.glAccountId}::uuid
      and ${journalLines.date} <= ${reconciliation.statementDate}::date
      ${journalLineId ? sql`and ${journalLines.id} = ${journalLineId}::uuid` : sql``}
      and not ${onFinalReconciliation()}
    on conflict do nothing`)
}
