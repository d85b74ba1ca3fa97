import { Pencil } from 'lucide-react'
import { Instant } from '~/components/instant'
import { Link } from 'react-router'
import { Breadcrumbs, PageHeader, Table, Td, Th } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { buttonVariants } from '~/components/ui/button'
import { Badge, Card, CardContent } from '~/components/ui/card'
import { sourcePageOf } from '~/resources/engine/pages.server'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/detail'

export type JournalLine = {
  id: string
  line_number: number
  account_id: string
  account_label: string
  debit: string | null
  credit: string | null
  memo: string | null
  property_group_id: string | null
  property_group_label: string | null
  rental_unit_label: string | null
  resident_label: string | null
  property_owner_label: string | null
}
export type JournalEntry = {
  id: string
  number: number
  date: string
  memo: string | null
  source_type: string
  source_label: string
  source_id: string
  kind: 'ORIGINAL' | 'REVERSAL' | 'REPLACEMENT'
  status: 'POSTED' | 'REVERSED'
  reverses_entry_id: string | null
  reversed_by_entry_id: string | null
  reversed_by_number: number | null
  replaces_entry_id: string | null
  replaced_by_entry_id: string | null
  replaced_by_number: number | null
  total: string
  created_by_name: string | null
  created_at: string
  editable: boolean
  reconciled: boolean
  lines: JournalLine[]
  history: { id: string; number: number; date: string; kind: 'ORIGINAL' | 'REVERSAL' | 'REPLACEMENT'; memo: string | null; total: string; created_at: string }[]
}

export const KIND_LABELS = { ORIGINAL: 'Original', REVERSAL: 'Reversal', REPLACEMENT: 'Replacement' } as const

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Journal Entry #${loaderData.entry.number}` : 'Journal Entry') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const entry = await api.get<JournalEntry>(`accounting/journal/${params.id}/`)
  return { entry, sourceHref: sourcePageOf(entry) }
}

export default function JournalEntryDetail({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData
  const money = useDisplayMoney()
  // A posted entry balances: its debits and its credits are both its total.
  const total = money(entry.total)
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Journal', href: '/app/accounting/journal/' }, { label: `#${entry.number}` }]} />
      <PageHeader title={`Journal Entry #${entry.number}`}>
        {/* A manual entry is corrected or voided on its own page, as any document is. */}
        {entry.editable && loaderData.sourceHref ? (
          <Link to={loaderData.sourceHref} className={buttonVariants({ variant: 'outline' })}>
            <Pencil aria-hidden /> Correct or void
          </Link>
        ) : null}
      </PageHeader>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {entry.status === 'REVERSED' ? <Badge>Reversed</Badge> : <Badge tone="success">Posted</Badge>}
        <Badge>{KIND_LABELS[entry.kind]}</Badge>
        {entry.reconciled ? <Badge>Reconciled</Badge> : null}
        <span className="text-muted-foreground">
          {loaderData.sourceHref ? (
            <Link className="text-primary underline" to={loaderData.sourceHref}>
              {entry.source_label}
            </Link>
          ) : (
            entry.source_label
          )}{' '}
          · posted <Instant at={entry.created_at} />
          {entry.created_by_name ? ` by ${entry.created_by_name}` : ''}
        </span>
      </div>
      {entry.reversed_by_entry_id ? (
        <p className="rounded-md border bg-muted/40 p-3 text-sm">
          Reversed by{' '}
          <Link className="text-primary underline" to={`/app/accounting/journal/${entry.reversed_by_entry_id}/`}>
            entry #{entry.reversed_by_number}
          </Link>
          {entry.replaced_by_entry_id ? (
            <>
              {' '}
              and replaced by{' '}
              <Link className="text-primary underline" to={`/app/accounting/journal/${entry.replaced_by_entry_id}/`}>
                entry #{entry.replaced_by_number}
              </Link>
            </>
          ) : null}
          .
        </p>
      ) : null}
      <Card>
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-3">
          <div>
            <div className="text-sm text-muted-foreground">Date</div>
            <div className="font-medium">{entry.date}</div>
          </div>
          <div className="sm:col-span-2">
            <div className="text-sm text-muted-foreground">Memo</div>
            <div className="font-medium">{entry.memo || '—'}</div>
          </div>
        </CardContent>
      </Card>
      <section aria-labelledby="lines-heading" className="flex flex-col gap-2">
        <h2 id="lines-heading" className="text-lg font-semibold">
          Lines
        </h2>
        <Table>
          <thead>
            <tr>
              <Th>Account</Th>
              <Th>Memo</Th>
              <Th>Property</Th>
              <Th>Unit, resident, owner</Th>
              <Th numeric>Debit</Th>
              <Th numeric>Credit</Th>
            </tr>
          </thead>
          <tbody>
            {entry.lines.map((l) => (
              <tr key={l.id}>
                <Td>{l.account_label}</Td>
                <Td>{l.memo ?? ''}</Td>
                <Td>{l.property_group_label ?? ''}</Td>
                <Td>{[l.rental_unit_label, l.resident_label, l.property_owner_label].filter(Boolean).join(' · ')}</Td>
                <Td className="text-right tabular-nums">{l.debit ? money(l.debit) : ''}</Td>
                <Td className="text-right tabular-nums">{l.credit ? money(l.credit) : ''}</Td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <Td>Totals</Td>
              <Td>{''}</Td>
              <Td>{''}</Td>
              <Td>{''}</Td>
              <Td className="text-right tabular-nums">{total}</Td>
              <Td className="text-right tabular-nums">{total}</Td>
            </tr>
          </tfoot>
        </Table>
      </section>
      {entry.history.length > 1 ? (
        <section aria-labelledby="history-heading" className="flex flex-col gap-2">
          <h2 id="history-heading" className="text-lg font-semibold">
            History
          </h2>
          <ol className="flex flex-col gap-1 text-sm">
            {entry.history.map((h) => (
              <li key={h.id}>
                {h.id === entry.id ? (
                  <span className="font-semibold">
                    #{h.number} · {KIND_LABELS[h.kind]} · {h.date} · {money(h.total)} (this entry)
                  </span>
                ) : (
                  <Link className="text-primary underline" to={`/app/accounting/journal/${h.id}/`}>
                    #{h.number} · {KIND_LABELS[h.kind]} · {h.date} · {money(h.total)}
                  </Link>
                )}
                {h.memo ? <span className="text-muted-foreground"> — {h.memo}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}
