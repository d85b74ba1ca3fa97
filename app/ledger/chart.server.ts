import { and, eq, inArray } from 'drizzle-orm'
import type { Executor, Transaction } from '~/db/client.server'
import { accounts, defaultGlAccounts, ledgerSettings } from '~/db/schema'
import { DEFAULT_CHART, subtypeOf } from '~/domain/ledger/chart'

/** The account playing a GL role in the company's books (`UNDEPOSITED_FUNDS`, `SECURITY_DEPOSITS_HELD`), or null where none is chosen. */
export async function roleAccountId(db: Executor, companyId: string, role: string): Promise<string | null> {
  const [row] = await db
    .select({ id: defaultGlAccounts.accountId })
    .from(defaultGlAccounts)
    .where(and(eq(defaultGlAccounts.companyId, companyId), eq(defaultGlAccounts.role, role)))
  return row?.id ?? null
}

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

/**
 * The field errors of accounts chosen for a role that needs a kind of account (a bank account's GL
 * account, a charge's income account): each named account of this company must be of one of
 * `subtypes` (said as `kind`, else by their labels) and, with `active`, active. None for ids not set.
 */
export async function glAccountErrors(
  tx: Executor,
  companyId: string,
  ids: readonly unknown[],
  subtypes: readonly string[],
  field: (i: number) => string,
  options: { kind?: string; active?: boolean } = {},
): Promise<Record<string, string[]> | undefined> {
  const named = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))]
  if (!named.length) return undefined
  const found = await tx
    .select({ id: accounts.id, name: accounts.name, subtype: accounts.subtype, isActive: accounts.isActive })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, named)))
  const byId = new Map(found.map((a) => [a.id, a]))
  const kind = options.kind ?? `a ${subtypes.map((s) => subtypeOf(s)?.label.toLowerCase()).join(' or ')}`
  const errors: Record<string, string[]> = {}
  ids.forEach((id, i) => {
    const account = typeof id === 'string' ? byId.get(id) : undefined
    if (!account) return
    if (!subtypes.includes(account.subtype)) errors[field(i)] = [`${account.name} is not ${kind} account; choose one that is.`]
    else if (options.active && !account.isActive) errors[field(i)] = [`${account.name} is inactive; reactivate it or choose another account.`]
  })
  return Object.keys(errors).length ? errors : undefined
}
