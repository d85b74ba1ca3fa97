import { Plus } from 'lucide-react'
import { Link } from 'react-router'
import { Breadcrumbs, EmptyState, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { buttonVariants } from '~/components/ui/button'
import { Badge } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'
import type { RecurringEntry } from './detail'

export const meta: Route.MetaFunction = () => [{ title: title('Recurring Journal Entries') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { page: await api.get<Page<RecurringEntry>>(`accounting/recurring-journal-entries/?${listQuery(url, ['is_active'])}`) }
}

export function RecurringStatus({ entry }: { entry: Pick<RecurringEntry, 'is_active' | 'last_error'> }) {
  if (!entry.is_active) return <Badge>Stopped</Badge>
  return entry.last_error ? <Badge tone="warning">Needs attention</Badge> : <Badge tone="success">Active</Badge>
}

export default function RecurringJournalEntries({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  const money = useDisplayMoney()
  const add = (
    <Link to="/app/accounting/recurring-journal-entries/new/" className={buttonVariants()}>
      <Plus aria-hidden /> New recurring entry
    </Link>
  )
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Journal Entries', href: '/app/accounting/journal-entries/' }, { label: 'Recurring' }]} />
      <PageHeader title="Recurring Journal Entries">{add}</PageHeader>
      <p className="text-sm text-muted-foreground">Each posts the same journal entry every week, month, quarter or year, on its own, within a quarter hour of the day starting in your company’s time zone.</p>
      {page.results.length === 0 ? (
        <EmptyState title="No recurring journal entries yet">
          <p className="text-sm text-muted-foreground">Depreciation, a monthly accrual or a standing transfer: set it up once and it posts on schedule.</p>
          {add}
        </EmptyState>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Every</Th>
              <Th numeric>Amount</Th>
              <Th>Next posting</Th>
              <Th>Posted</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((r) => (
              <tr key={r.id}>
                <Td>
                  <Link to={`/app/accounting/recurring-journal-entries/${r.id}/`} className="font-medium text-primary underline">
                    {r.name}
                  </Link>
                </Td>
                <Td>{r.frequency_label}</Td>
                <Td className="text-right tabular-nums">{money(r.total)}</Td>
                <Td>{r.next_date ?? '—'}</Td>
                <Td>{r.posted_count}</Td>
                <Td>
                  <RecurringStatus entry={r} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}
