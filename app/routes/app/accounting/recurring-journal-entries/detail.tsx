import { Pencil } from 'lucide-react'
import { Instant } from '~/components/instant'
import { Form, Link, useNavigation } from 'react-router'
import { Breadcrumbs, PageHeader, Table, Td, Th } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button, buttonVariants } from '~/components/ui/button'
import { Badge, Card, CardContent } from '~/components/ui/card'
import { FormErrors } from '~/components/ui/field'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/detail'
import { RecurringStatus } from './list'

export type RecurringLine = {
  account_id: string
  account_label: string | null
  debit: string | null
  credit: string | null
  memo: string | null
  property_group_id: string | null
  property_group_label: string | null
  rental_unit_id: string | null
  rental_unit_label: string | null
}
export type RecurringEntry = {
  id: string
  name: string
  memo: string | null
  frequency: string
  frequency_label: string
  start_date: string
  end_date: string | null
  is_active: boolean
  total: string
  next_date: string | null
  posted_count: number
  last_error: string | null
  last_error_at: string | null
  lines: RecurringLine[]
  entries?: { id: string; number: number; date: string; memo: string | null; status: 'POSTED' | 'REVERSED'; total: string }[]
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.entry.name ?? 'Recurring Journal Entry') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { entry: await api.get<RecurringEntry>(`accounting/recurring-journal-entries/${params.id}/`) }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const path = `accounting/recurring-journal-entries/${params.id}/`
  const here = `/app/${path}`
  if (formData.get('intent') === 'restart') {
    const current = await api.get<RecurringEntry>(path)
    const body = {
      name: current.name,
      memo: current.memo,
      frequency: current.frequency,
      start_date: current.start_date,
      end_date: current.end_date,
      is_active: true,
      lines: current.lines.map((l) => ({ account_id: l.account_id, debit: l.debit, credit: l.credit, memo: l.memo, property_group_id: l.property_group_id, rental_unit_id: l.rental_unit_id })),
    }
    const result = await api.send<RecurringEntry>('PUT', path, body)
    if (!result.ok) return { error: result.error.detail }
    throw await redirectWithToast(here, { type: 'success', description: `${result.data.name} restarted${result.data.next_date ? `: it posts next on ${result.data.next_date}` : ''}.` })
  }
  const result = await api.send<RecurringEntry>('DELETE', path)
  if (!result.ok) return { error: result.error.detail }
  throw await redirectWithToast(here, { type: 'success', description: `${result.data.name} stopped. What it posted stays in the journal.` })
}

export default function RecurringJournalEntryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { entry } = loaderData
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  )
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Recurring Journal Entries', href: '/app/accounting/recurring-journal-entries/' }, { label: entry.name }]} />
      <PageHeader title={entry.name}>
        <Link to={`/app/accounting/recurring-journal-entries/${entry.id}/edit/`} className={buttonVariants({ variant: 'outline' })}>
          <Pencil aria-hidden /> Edit
        </Link>
      </PageHeader>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <RecurringStatus entry={entry} />
        <span className="text-muted-foreground">{entry.memo ? `Posts as “${entry.memo}”` : null}</span>
      </div>
      {entry.last_error ? (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{entry.last_error}</p>
          <p>
            Checked <Instant at={entry.last_error_at} />. A period inside the closed books is skipped; move the lock date back and it posts on the next run. An inactive account
            stops every posting until it is reactivated.
          </p>
        </div>
      ) : null}
      <Card>
        <CardContent className="pt-6">
          <dl className="grid gap-4 sm:grid-cols-3">
            {fact('Every', entry.frequency_label.replace(/ly$/, '').toLowerCase())}
            {fact('First posting', entry.start_date)}
            {fact('Last posting on or before', entry.end_date ?? 'No end date')}
            {fact('Next posting', entry.next_date ?? (entry.is_active ? 'None: the schedule has ended' : 'None: stopped'))}
            {fact('Periods posted', entry.posted_count)}
            {fact('Amount', money(entry.total))}
          </dl>
        </CardContent>
      </Card>
      <section aria-labelledby="lines-heading" className="flex flex-col gap-2">
        <h2 id="lines-heading" className="text-lg font-semibold">
          Lines of each posting
        </h2>
        <Table>
          <thead>
            <tr>
              <Th>Account</Th>
              <Th>Memo</Th>
              <Th>Property</Th>
              <Th numeric>Debit</Th>
              <Th numeric>Credit</Th>
            </tr>
          </thead>
          <tbody>
            {entry.lines.map((l, i) => (
              <tr key={i}>
                <Td>{l.account_label}</Td>
                <Td>{l.memo ?? ''}</Td>
                <Td>{[l.property_group_label, l.rental_unit_label].filter(Boolean).join(' · ')}</Td>
                <Td className="text-right tabular-nums">{l.debit ? money(l.debit) : ''}</Td>
                <Td className="text-right tabular-nums">{l.credit ? money(l.credit) : ''}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>
      <section aria-labelledby="posted-heading" className="flex flex-col gap-2">
        <h2 id="posted-heading" className="text-lg font-semibold">
          Posted entries
        </h2>
        {entry.entries?.length ? (
          <Table>
            <thead>
              <tr>
                <Th>Entry</Th>
                <Th>Date</Th>
                <Th>Status</Th>
                <Th numeric>Amount</Th>
              </tr>
            </thead>
            <tbody>
              {entry.entries.map((e) => (
                <tr key={e.id}>
                  <Td>
                    <Link className="font-medium text-primary underline" to={`/app/accounting/journal-entries/${e.id}/`}>
                      #{e.number}
                    </Link>
                  </Td>
                  <Td>{e.date}</Td>
                  <Td>{e.status === 'REVERSED' ? <Badge>Reversed</Badge> : <Badge tone="success">Posted</Badge>}</Td>
                  <Td className="text-right tabular-nums">{money(e.total)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing posted yet{entry.next_date ? `: the first posting is on ${entry.next_date}` : ''}.</p>
        )}
      </section>
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6">
          <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
          <Form method="post" className="flex flex-wrap items-center gap-3">
            {entry.is_active ? (
              <>
                <Button type="submit" name="intent" value="stop" variant="destructive" disabled={navigation.state === 'submitting'}>
                  Stop this recurring entry
                </Button>
                <span className="text-sm text-muted-foreground">Nothing more posts; the entries it posted stay in the journal.</span>
              </>
            ) : (
              <>
                <Button type="submit" name="intent" value="restart" disabled={navigation.state === 'submitting'}>
                  Restart
                </Button>
                <span className="text-sm text-muted-foreground">The periods that came due while it was stopped post at once.</span>
              </>
            )}
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
