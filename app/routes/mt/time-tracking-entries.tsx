import { Link } from 'react-router'
import type { TechnicianTimeEntryList } from '~/api/maintenance/technician'
import { EmptyState } from '~/components/list'
import { TimeEntryCards } from '~/components/technician'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/time-tracking-entries'

export const meta: Route.MetaFunction = () => [{ title: title('Time Tracking Entries') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { entries: await api.get<Answer<typeof TechnicianTimeEntryList>>('technician/time-tracking-entries/') }
}

export default function TechnicianTimeEntries({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Time Tracking Entries</h1>
        {entries.open ? null : (
          <Link to="/mt/time-tracking-entries/new/" className="inline-flex min-h-11 items-center text-sm text-primary underline">
            Clock in
          </Link>
        )}
      </div>
      {entries.results.length ? (
        <TimeEntryCards entries={entries.results} />
      ) : (
        <EmptyState title="No time tracked yet.">
          <Link to="/mt/time-tracking-entries/new/" className="inline-flex min-h-11 items-center text-sm text-primary underline">
            Clock in
          </Link>
        </EmptyState>
      )}
    </div>
  )
}
