import { redirect } from 'react-router'
import type { Route } from './+types/entry'

/** SPEC.md's transaction is a journal entry: a new one is written, and one is read, on the journal entry pages. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/app/accounting/journal-entries/${params.id ? encodeURIComponent(params.id) : 'new'}/`, 301)
}
