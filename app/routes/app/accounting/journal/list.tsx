import { Plus } from 'lucide-react'
import { Form, Link, useSearchParams } from 'react-router'
import { PageTabsNav } from '~/components/layout/page-tabs'
import { Breadcrumbs, EmptyState, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button, buttonVariants } from '~/components/ui/button'
import { Badge } from '~/components/ui/card'
import { Input, Select } from '~/components/ui/input'
import { SOURCE_TYPES } from '~/domain/ledger/entries'
import { JOURNAL_TABS } from '~/domain/navigation'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'
import { KIND_LABELS, type JournalEntry } from './detail'

export const meta: Route.MetaFunction = () => [{ title: title('Journal') }]

const FILTERS = ['date_from', 'date_to', 'source_type', 'status', 'account_id', 'property_group_id']

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { page: await api.get<Page<Omit<JournalEntry, 'lines' | 'history' | 'editable' | 'reconciled'>>>(`accounting/journal/?${listQuery(url, FILTERS)}`) }
}

function Filters() {
  const [params] = useSearchParams()
  const field = (name: string, label: string, input: React.ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`filter-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {input}
    </div>
  )
  return (
    <Form method="get" role="search" aria-label="Search the journal" className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor="list-search" className="text-sm font-medium">
          Search
        </label>
        <Input id="list-search" type="search" name="search" defaultValue={params.get('search') ?? ''} placeholder="Memo, or an entry number such as 42" />
      </div>
      {field('date_from', 'From', <Input id="filter-date_from" type="date" name="date_from" defaultValue={params.get('date_from') ?? ''} />)}
      {field('date_to', 'To', <Input id="filter-date_to" type="date" name="date_to" defaultValue={params.get('date_to') ?? ''} />)}
      {field(
        'source_type',
        'Posted by',
        <Select id="filter-source_type" name="source_type" defaultValue={params.get('source_type') ?? ''}>
          <option value="">Anything</option>
          {SOURCE_TYPES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>,
      )}
      {field(
        'status',
        'Status',
        <Select id="filter-status" name="status" defaultValue={params.get('status') ?? ''}>
          <option value="">All</option>
          <option value="POSTED">Posted</option>
          <option value="REVERSED">Reversed</option>
        </Select>,
      )}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  )
}

export default function JournalEntries({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  const money = useDisplayMoney()
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Accounting', href: '/app/accounting/accounts/' }, { label: 'Journal' }]} />
      <PageTabsNav tabs={JOURNAL_TABS} />
      <PageHeader title="Journal">
        <Link to="/app/accounting/settings/" className={buttonVariants({ variant: 'outline' })}>
          Books settings and lock date
        </Link>
        <Link to="/app/accounting/journal-entries/new/" className={buttonVariants()}>
          <Plus aria-hidden /> New journal entry
        </Link>
      </PageHeader>
      <p className="text-sm text-muted-foreground">Every entry in the books, whatever posted it. A correction never rewrites an entry: it is reversed, and the replacement is posted beside it.</p>
      <Filters />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {page.count === 1 ? '1 entry' : `${page.count} entries`}
      </p>
      {page.results.length === 0 ? (
        <EmptyState title="No journal entries match">
          <Link to="/app/accounting/journal-entries/new/" className="text-primary underline">
            Post the first journal entry
          </Link>
        </EmptyState>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>#</Th>
              <Th>Date</Th>
              <Th>Memo</Th>
              <Th>Posted by</Th>
              <Th>Status</Th>
              <Th numeric>Amount</Th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((e) => (
              <tr key={e.id}>
                <Td>
                  <Link to={`/app/accounting/journal/${e.id}/`} className="font-medium text-primary underline">
                    #{e.number}
                  </Link>
                </Td>
                <Td>{e.date}</Td>
                <Td>{e.memo ?? ''}</Td>
                <Td>{e.source_label}</Td>
                <Td>
                  {e.status === 'REVERSED' ? <Badge>Reversed</Badge> : e.kind === 'ORIGINAL' ? <Badge tone="success">Posted</Badge> : <Badge>{KIND_LABELS[e.kind]}</Badge>}
                </Td>
                <Td className="text-right tabular-nums">{money(e.total)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}
