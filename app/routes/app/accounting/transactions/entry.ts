import { redirect } from 'react-router'
import type { Route } from './+types/entry'

/** SPEC.md's transaction is a journal entry: a new one is written as a manual entry, and one is read in the journal. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(params.id ? `/app/accounting/journal/${encodeURIComponent(params.id)}/` : '/app/accounting/journal-entries/new/', 301)
}
