import { redirect } from 'react-router'
import type { Route } from './+types/spec-address'

/**
 * SPEC.md §2 lists recurring journal entries, bank deposits and purchase orders among the staff
 * area's resources, at /app/{name}/; they are kept with the books, at /app/accounting/{name}/, and
 * the SPEC address leads there.
 */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`/app/accounting${url.pathname.slice('/app'.length)}${url.search}`, 301)
}
