import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { bankAccounts, bankDepositItems, bankDeposits, journalEntries, journalLines } from '~/db/schema'
import { conflict, invalid } from '~/domain/errors'
import { bankAccountOf, selectReceipts, undepositedFundsAccountId, undepositedReceipts, type Receipt } from './banking.server'

/*
 * Receipts taken in (rent, fees …) wait in undeposited funds until they go to the bank together.
 * A deposit (app/resources/bank-deposits.ts) gathers them: the engine records it with its receipts
 * as its lines (a receipt can be deposited once: the lines' key says so) and posts Dr bank /
 * Cr undeposited funds in the same transaction. The rules it calls by name live here.
 */

export type DepositInput = {
  bankAccountId: string
  date: string
  memo?: string | null
  /** The receipts' journal lines; one named twice is deposited once. */
  journalLineIds: string[]
}

/** Records and posts a deposit of waiting receipts, as the API does, for code that is not a request (a job, an import); answers its id. */
export async function createDeposit(db: Executor, companyId: string, userId: string | null, input: DepositInput): Promise<{ id: string }> {
  // Imported here, not above: the definition calls this module's rules, and the engine reads the registry of definitions.
  const [{ bankDepositsResource }, { createRecord, parseInput }] = await Promise.all([import('~/resources/bank-deposits'), import('~/resources/engine/api.server')])
  const body = { bank_account_id: input.bankAccountId, date: input.date, memo: input.memo ?? null, journal_line_ids: input.journalLineIds }
  const row = await db.transaction((tx) => createRecord(tx, companyId, bankDepositsResource, parseInput(bankDepositsResource, body, 'create'), { userId }))
  return { id: String(row.id) }
}

/**
 * What a deposit must be: into an active bank account, with an undeposited-funds account to take
 * from, of receipts still waiting there, dated on or after each of them. The receipts are locked
 * first, so of two deposits racing for one the second waits and then finds it deposited.
 */
export async function checkDeposit(tx: Executor, companyId: string, input: { bankAccountId: string; date: string; journalLineIds: string[] }) {
  const ids = input.journalLineIds
  const bank = await bankAccountOf(tx, companyId, input.bankAccountId, 'bank_account_id')
  if (!bank.isActive) throw invalid(`${bank.name} is inactive; reactivate it or choose another bank account.`, { bank_account_id: [`${bank.name} is inactive.`] })
  if (!(await undepositedFundsAccountId(tx, companyId))) throw conflict('No account plays the undeposited funds role; choose one under default GL accounts first.')
  await tx
    .select({ id: journalLines.id })
    .from(journalLines)
    .where(and(eq(journalLines.companyId, companyId), inArray(journalLines.id, ids)))
    .for('update')
  const receipts = await undepositedReceipts(tx, companyId, { ids })
  if (receipts.length < ids.length) {
    const found = new Set(receipts.map((r) => r.id))
    const missing = ids.filter((i) => !found.has(i))
    const deposited = await tx
      .select({ number: journalEntries.number })
      .from(bankDepositItems)
      .innerJoin(journalLines, eq(journalLines.id, bankDepositItems.journalLineId))
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(and(eq(bankDepositItems.companyId, companyId), inArray(bankDepositItems.journalLineId, missing)))
    if (deposited.length) throw alreadyDeposited(deposited.map((d) => d.number))
    throw invalid('Some of the chosen lines are not receipts waiting in undeposited funds.', {
      journal_line_ids: [`${missing.length} of the chosen lines ${missing.length === 1 ? 'is not a receipt' : 'are not receipts'} waiting in undeposited funds.`],
    })
  }
  const late = receipts.filter((r) => r.date > input.date)
  if (late.length) throw invalid(`The deposit cannot be dated before a receipt it holds (entry #${late[0].entryNumber} is dated ${late[0].date}).`, { date: [`Choose ${late[0].date} or later.`] })
}

function alreadyDeposited(numbers: number[]) {
  const list = [...new Set(numbers)].map((n) => `#${n}`).join(', ')
  return conflict(`The receipt${numbers.length === 1 ? ' of entry' : 's of entries'} ${list} ${numbers.length === 1 ? 'was' : 'were'} already deposited; reload the receipts and choose again.`, {
    journal_line_ids: [`Already deposited: entry ${list}.`],
  })
}

/** A receipt as a deposit's line reads it: date, entry, memo, property (with its name) and amount in cents. */
const receiptLine = (r: Receipt) => ({ date: r.date, journalEntryId: r.entryId, entryNumber: r.entryNumber, memo: r.memo, propertyGroupId: r.propertyGroupId, property_group_label: r.propertyGroupLabel, amount: r.amount })

/** Journal lines as a deposit's lines read them, by id. */
export async function receiptsOf(db: Executor, companyId: string, ids: string[]) {
  const rows = await selectReceipts(db).where(and(eq(journalLines.companyId, companyId), inArray(journalLines.id, ids)))
  return new Map(rows.map((r) => [r.id, receiptLine(r)]))
}

/** The receipts a deposit to this bank account can take, oldest first, as its lines read them: an account kept for one property takes that property's (and those with none). */
export async function depositableReceipts(db: Executor, companyId: string, bankAccountId: string | undefined) {
  const bank = bankAccountId ? await bankAccountOf(db, companyId, bankAccountId) : null
  const receipts = await undepositedReceipts(db, companyId, { propertyGroupId: bank?.propertyGroupId })
  return receipts.map((r) => ({ journalLineId: r.id, ...receiptLine(r) }))
}

/** A deposit keeps the entry it posted beside it, as deposits always have. */
export async function keepDepositEntry(tx: Executor, companyId: string, id: string) {
  const [entry] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.companyId, companyId), eq(journalEntries.sourceType, 'BANK_DEPOSIT'), eq(journalEntries.sourceId, id)))
  await tx
    .update(bankDeposits)
    .set({ journalEntryId: entry?.id ?? null })
    .where(and(eq(bankDeposits.companyId, companyId), eq(bankDeposits.id, id)))
}

/** What a deposit's output says beside its fields, by id: its bank account's name, how many receipts it holds and the entry it posted. */
export async function depositSummaries(db: Executor, companyId: string, ids: string[]) {
  const rows = await db
    .select({
      id: bankDeposits.id,
      bankAccountName: bankAccounts.name,
      journalEntryId: bankDeposits.journalEntryId,
      entryNumber: journalEntries.number,
      itemCount: sql<number>`(select count(*) from ${bankDepositItems} where ${bankDepositItems.bankDepositId} = ${bankDeposits.id})`.mapWith(Number),
    })
    .from(bankDeposits)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankDeposits.bankAccountId))
    .leftJoin(journalEntries, eq(journalEntries.id, bankDeposits.journalEntryId))
    .where(and(eq(bankDeposits.companyId, companyId), inArray(bankDeposits.id, ids)))
  return new Map(rows.map((r) => [r.id, { bank_account_name: r.bankAccountName, item_count: r.itemCount, journal_entry_id: r.journalEntryId, journal_entry_number: r.entryNumber }]))
}
