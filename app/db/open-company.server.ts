import type { Transaction } from './client.server'
import { openBooks } from '~/ledger/chart.server'
import { openInspections } from '~/maintenance/inspections.server'
import { openMakeReady } from '~/maintenance/make-ready.server'
import { openMaintenance } from '~/maintenance/work-orders.server'

/**
 * What every new company starts with, in the transaction that makes it (a sign-up, the demo seed):
 * its chart of accounts and default GL accounts, its work order categories and statuses, its
 * standard inspection form and its make-ready task categories. One list, so a new default is added
 * once for both.
 */
export async function openCompany(tx: Transaction, companyId: string) {
  await openBooks(tx, companyId)
  await openMaintenance(tx, companyId)
  await openInspections(tx, companyId)
  await openMakeReady(tx, companyId)
}
