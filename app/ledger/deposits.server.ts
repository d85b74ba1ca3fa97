import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { bankDepositItems, bankDeposits, journalEntries, journalLines } from '~/db/schema'
import { conflict, invalid } from '~/domain/errors'
import { depositDraft } from '~/domain/ledger/entries'
import { bankAccountOf, undepositedFundsAccountId, undepositedReceipts } from './banking.server'
import { postEntry } from './posting.server'

/*
 * Receipts taken in (rent, fees …) wait in undeposited funds until they go to the
 * bank together. A deposit gathers them: in one transaction it records the
 * deposit, its items (a receipt can be deposited once: the items' key says so
 * even between two racing requests) and posts Dr bank / Cr undeposited funds
 * through the posting function.
 */

export type DepositInput = {
  bankAccountId: string
  date: string
  memo?: string | null
  /** The receipts' journal lines; one named twice is deposited once. */
  journalLineIds: string[]
}

/** Records and posts a deposit of waiting receipts into a bank account; answers the new deposit's id. */
export async function createDeposit(db: Executor, companyId: string, userId: string | null, input: DepositInput): Promise<{ id: string }> {
  const ids = [...new Set(input.journalLineIds)]
  return db.transaction(async (tx) => {
    const bank = await bankAccountOf(tx, companyId, input.bankAccountId, 'bank_account_id')
    if (!bank.isActive) throw invalid(`${bank.name} is inactive; reactivate it or choose another bank account.`, { bank_account_id: [`${bank.name} is inactive.`] })
    const undepositedId = await undepositedFundsAccountId(tx, companyId)
    if (!undepositedId) throw conflict('No account plays the undeposited funds role; choose one under default GL accounts first.')
    const receipts = await undepositedReceipts(tx, companyId, { ids })
    if (receipts.length < ids.length) {
      const found = new Set(receipts.map((r) => r.id))
      const missing = ids.filter((i) => !found.has(i))
      const deposited = await tx
        .select({ id: bankDepositItems.journalLineId, number: journalEntries.number })
        .from(bankDepositItems)
        .innerJoin(journalLines, eq(journalLines.id, bankDepositItems.journalLineId))
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
        .where(and(eq(bankDepositItems.companyId, companyId), inArray(bankDepositItems.journalLineId, missing)))
      if (deposited.length) throw alreadyDeposited(deposited.map((d) => d.number))
      throw invalid('Some of the chosen lines are not receipts waiting in undeposited funds.', { journal_line_ids: [`${missing.length} of the chosen lines ${missing.length === 1 ? 'is not a receipt' : 'are not receipts'} waiting in undeposited funds.`] })
    }
    const late = receipts.filter((r) => r.date > input.date)
    if (late.length) throw invalid(`The deposit cannot be dated before a receipt it holds (entry #${late[0].entryNumber} is dated ${late[0].date}).`, { date: [`Choose ${late[0].date} or later.`] })

    const amount = receipts.reduce((sum, r) => sum + r.amount, 0)
    const [deposit] = await tx
      .insert(bankDeposits)
      .values({ companyId, bankAccountId: bank.id, date: input.date, memo: input.memo ?? null, amount, createdById: userId })
      .returning({ id: bankDeposits.id })
    // The key (company, line) decides between two deposits racing for one receipt: the second inserts nothing.
    const inserted = await tx
      .insert(bankDepositItems)
      .values(receipts.map((r) => ({ companyId, bankDepositId: deposit.id, journalLineId: r.id })))
      .onConflictDoNothing()
      .returning({ id: bankDepositItems.journalLineId })
    if (inserted.length < receipts.length) {
      const taken = new Set(inserted.map((i) => i.id))
      throw alreadyDeposited(receipts.filter((r) => !taken.has(r.id)).map((r) => r.entryNumber))
    }
    const { entry } = await postEntry(
      tx,
      companyId,
      depositDraft({ depositId: deposit.id, date: input.date, memo: input.memo || `Deposit to ${bank.name}`, bankGlAccountId: bank.glAccountId, undepositedFundsAccountId: undepositedId, items: receipts }),
      { userId },
    )
    await tx.update(bankDeposits).set({ journalEntryId: entry.id }).where(eq(bankDeposits.id, deposit.id))
    return { id: deposit.id }
  })
}

function alreadyDeposited(numbers: number[]) {
  const list = [...new Set(numbers)].map((n) => `#${n}`).join(', ')
  return conflict(`The receipt${numbers.length === 1 ? ' of entry' : 's of entries'} ${list} ${numbers.length === 1 ? 'was' : 'were'} already deposited; reload the receipts and choose again.`, {
    journal_line_ids: [`Already deposited: entry ${list}.`],
  })
}
