import { createRouter } from '../create-app'
import { router as bankReconciliations } from './bank-reconciliations'
import { router as journal } from './journal'
import { router as ledgerIntegrity } from './ledger-integrity'
import { router as settings } from './settings'
import { router as statementImport } from './statement-import'
import { router as transactions } from './transactions'

/** The ledger's API beyond the plain resources (accounts, bank accounts, credit cards come from the engine). */
export const router = createRouter()
for (const part of [settings, journal, ledgerIntegrity, transactions, bankReconciliations, statementImport]) router.route('/', part)
