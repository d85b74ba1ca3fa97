import type { Transaction } from '~/db/client.server'
import { accounts, defaultGlAccounts, ledgerSettings } from '~/db/schema'
import { DEFAULT_CHART, subtypeOf } from '~/domain/ledger/chart'

/**
 * A new company's books: the default chart of accounts, which account plays
 * each role, and its ledger settings (no lock date, entry numbers from 1).
 */
export async function openBooks(tx: Transaction, companyId: string) {
  const created = await tx
    .insert(accounts)
    .values(
      DEFAULT_CHART.map((a) => ({
        companyId,
        number: a.number,
        name: a.name,
        accountType: subtypeOf(a.subtype)!.type,
        subtype: a.subtype,
        description: a.description ?? null,
        subjectToManagementFee: a.subjectToManagementFee ?? false,
      })),
    )
    .returning({ id: accounts.id, number: accounts.number })
  const idOf = new Map(created.map((a) => [a.number, a.id]))
  await tx.insert(defaultGlAccounts).values(DEFAULT_CHART.filter((a) => a.role).map((a) => ({ companyId, role: a.role!, accountId: idOf.get(a.number)! })))
  await tx.insert(ledgerSettings).values({ companyId }).onConflictDoNothing()
  return idOf
}
