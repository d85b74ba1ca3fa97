import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { isUuid } from '~/db/ids'
import { journalEntries, journalLines, ledgerSettings } from '~/db/schema'
import { conflict, invalidFields, notFound, type FieldErrors } from '~/domain/errors'
import { DIMENSIONS, type Dimensions } from '~/domain/ledger/entries'
import { onFinalReconciliation, onReconciliation } from './banking.server'
import { dimensionLabelColumns, lineLabels, unknownDimensions } from './dimensions.server'
import { joinLineLabels } from './journal.server'

/*
 * The register: one row per journal line with its entry. A line's memo and
 * dimensions may be corrected in place; its amount, account and date never are
 * (that is a reversal and a replacement of its entry).
 */

/** Register lines with their entry, labels and reconciliation state; `balance` adds the running balance in register order. */
export function registerQuery(db: Executor, balance: boolean) {
  const order = sql`${journalLines.date}, ${journalEntries.number}, ${journalLines.lineNumber}`
  const lines = db
    .select({
      ...getTableColumns(journalLines),
      entryNumber: sql<number>`${journalEntries.number}`.mapWith(Number).as('entry_number'),
      entryMemo: sql<string | null>`${journalEntries.memo}`.as('entry_memo'),
      sourceType: sql<string>`${journalEntries.sourceType}`.as('source_type'),
      accountLabel: lineLabels().accountLabel.as('account_label'),
      ...dimensionLabelColumns(),
      cleared: onReconciliation().as('cleared'),
      reconciled: onFinalReconciliation().as('reconciled'),
      balance: (balance ? sql<string>`sum(${journalLines.amount}) over (order by ${order} rows unbounded preceding)` : sql<string | null>`null`).as('balance'),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .$dynamic()
  return joinLineLabels(lines)
}

export type RegisterRow = Awaited<ReturnType<ReturnType<typeof registerQuery>['execute']>>[number]


/** One register line, or not found. */
export async function transactionOf(db: Executor, companyId: string, id: string): Promise<RegisterRow> {
  const [row] = isUuid(id) ? await registerQuery(db, false).where(and(eq(journalLines.companyId, companyId), eq(journalLines.id, id))) : []
  if (!row) throw notFound('No such transaction.')
  return row
}

/** What may change on a posted line; a field left out stays as it is. */
export type LineCorrection = Dimensions & { memo?: string | null }

/**
 * Corrects a line's memo and dimensions; answers with the line. Its dimensions must be
 * this company's, and they stay as they are inside a closed period (its memo does not).
 */
export async function correctTransaction(db: Executor, companyId: string, id: string, correction: LineCorrection): Promise<RegisterRow> {
  const current = await transactionOf(db, companyId, id)
  const changes: Record<string, string | null> = {}
  if (correction.memo !== undefined) changes.memo = correction.memo || null
  for (const key of DIMENSIONS) if (correction[key] !== undefined) changes[key] = correction[key] ?? null
  // The one check of a line's dimensions that posting makes too: each must be this company's.
  const [unknown] = await unknownDimensions(db, companyId, [changes])
  const errors: FieldErrors = Object.fromEntries(Object.entries(unknown).map(([field, label]) => [field, [`No such ${label}.`]]))
  if (Object.keys(errors).length) throw invalidFields(errors, 'This line cannot be corrected.')
  const movesDimensions = DIMENSIONS.some((key) => key in changes && changes[key] !== current[key])
  if (movesDimensions) {
    // A dimension moves the line between properties' statements: not inside a closed period.
    const [settings] = await db.select({ lockDate: ledgerSettings.lockDate }).from(ledgerSettings).where(eq(ledgerSettings.companyId, companyId))
    if (settings?.lockDate && current.date <= settings.lockDate)
      throw conflict(`The books are closed through ${settings.lockDate}; the property, unit and other dimensions of a line dated ${current.date} cannot change. Its memo can.`)
  }
  if (Object.keys(changes).length) await db.update(journalLines).set({ ...changes, updatedAt: new Date() }).where(and(eq(journalLines.companyId, companyId), eq(journalLines.id, current.id)))
  return transactionOf(db, companyId, current.id)
}
