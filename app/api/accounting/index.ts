import { createRouter } from '../create-app'
import { router as journalEntries } from './journal-entries'
import { router as recurringJournalEntries } from './recurring-journal-entries'
import { router as settings } from './settings'

/** The ledger's API beyond the plain resources (accounts, bank accounts, credit cards come from the engine). */
export const router = createRouter()
for (const part of [settings, journalEntries, recurringJournalEntries]) router.route('/', part)
