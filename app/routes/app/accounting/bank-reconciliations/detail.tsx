import { Download, Trash2 } from 'lucide-react'
import { Instant } from '~/components/instant'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { amountClass, BankingTabs, Col } from '~/components/ledger/banking'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button, buttonVariants } from '~/components/ui/button'
import { FormErrors } from '~/components/ui/field'
import { formatMoney, parseMoney } from '~/domain/money'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/detail'
import { StatusBadge } from './list'

export type Reconciliation = {
  id: string
  bank_account_id: string
  bank_account_name: string
  gl_account_label: string
  statement_date: string
  statement_ending_balance: string
  opening_balance: string
  cleared_total: string
  cleared_balance: string
  difference: string
  cleared_count: number
  status: 'DRAFT' | 'FINAL'
  finalized_at: string | null
  book_balance: string
  items: {
    journal_line_id: string
    journal_entry_id: string
    entry_number: number
    date: string
    memo: string | null
    amount: string
    cleared: boolean
  }[]
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: title(loaderData ? `Reconciliation of ${loaderData.reconciliation.statement_date}` : 'Bank Reconciliation'),
  },
]

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  return {
    reconciliation: await api.get<Reconciliation>(`accounting/bank-reconciliations/${params.id}/`),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireSession(request)
  const form = await request.formData()
  const intent = form.get('intent')
  const path = `accounting/bank-reconciliations/${params.id}/`
  const here = `/app/accounting/bank-reconciliations/${params.id}/`
  if (intent === 'delete') {
    const result = await api.send('DELETE', path)
    if (!result.ok) return { error: result.error.detail }
    throw await redirectWithToast('/app/accounting/bank-reconciliations/', {
      type: 'success',
      description: 'Reconciliation deleted.',
    })
  }
  // The form lists every item it showed; those not ticked are unticked.
  const ticked = new Set(form.getAll('cleared').map(String))
  const unticked = form
    .getAll('shown')
    .map(String)
    .filter((id) => !ticked.has(id))
  for (const [ids, cleared] of [
    [[...ticked], true],
    [unticked, false],
  ] as const) {
    if (!ids.length) continue
    const result = await api.send('POST', `${path}cleared-items/`, {
      journal_line_ids: ids,
      cleared,
    })
    if (!result.ok)
      return {
        error: result.error.errors?.journal_line_ids?.join(' ') ?? result.error.detail,
      }
  }
  if (intent === 'final') {
    const result = await api.send('POST', `${path}mark-as-final/`)
    if (!result.ok) return { error: result.error.detail }
    throw await redirectWithToast(here, {
      type: 'success',
      description: 'Reconciliation marked final; its items are locked.',
    })
  }
  throw await redirectWithToast(here, {
    type: 'success',
    description: 'Cleared items saved.',
  })
}

export default function ReconciliationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { reconciliation: r } = loaderData
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const draft = r.status === 'DRAFT'
  // Follows the ticks with JavaScript; without it the saved figures show until the ticks are saved.
  const [ticked, setTicked] = useState(() => new Set(r.items.filter((i) => i.cleared).map((i) => i.journal_line_id)))
  const table = useRef<HTMLTableElement>(null)
  useEffect(() => {
    // Boxes ticked before the page's script ran count too.
    const boxes = table.current?.querySelectorAll<HTMLInputElement>('input[name="cleared"]:checked') ?? []
    setTicked(new Set(Array.from(boxes, (box) => box.value)))
  }, [r])
  const clearedTotal = r.items.filter((i) => ticked.has(i.journal_line_id)).reduce((sum, i) => sum + parseMoney(i.amount)!, 0)
  const opening = parseMoney(r.opening_balance)!
  const difference = parseMoney(r.statement_ending_balance)! - opening - clearedTotal
  const ofCents = (cents: number) => money(formatMoney(cents))
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const busy = navigation.state !== 'idle'
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs
        items={[
          { label: 'Banking', href: '/app/accounting/bank-accounts/' },
          {
            label: 'Reconciliations',
            href: '/app/accounting/bank-reconciliations/',
          },
          { label: r.statement_date },
        ]}
      />
      <BankingTabs />
      <PageHeader title={`Reconciliation of ${r.statement_date}`}>
        <a href={`/app/accounting/bank-reconciliations/${r.id}/pdf`} className={buttonVariants({ variant: 'secondary' })} download>
          <Download aria-hidden /> Download PDF
        </a>
      </PageHeader>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <StatusBadge status={r.status} />
        <span>
          {r.bank_account_name} ({r.gl_account_label})
        </span>
        {r.finalized_at ? <span className="text-muted-foreground">Final since <Instant at={r.finalized_at} /></span> : null}
        <Link to={`/app/accounting/bank-accounts/${r.bank_account_id}/statement/`} className="text-primary underline">
          Imported statement lines
        </Link>
      </div>
      <FormErrors errors={actionData?.error ? [actionData.error] : null} />
      <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" aria-live="polite">
        <dt>Statement ending balance</dt>
        <dd className={amountClass}>{money(r.statement_ending_balance)}</dd>
        <dt>Opening balance</dt>
        <dd className={amountClass}>{money(r.opening_balance)}</dd>
        <dt>Cleared items ({ticked.size})</dt>
        <dd className={amountClass} data-testid="cleared-total">
          {ofCents(clearedTotal)}
        </dd>
        <dt>Cleared balance</dt>
        <dd className={amountClass}>{ofCents(opening + clearedTotal)}</dd>
        <dt className="font-semibold">Difference</dt>
        <dd className={`${amountClass} font-semibold ${difference === 0 ? 'text-emerald-700' : 'text-destructive'}`} data-testid="difference">
          {ofCents(difference)}
        </dd>
        <dt className="text-muted-foreground">Book balance on {r.statement_date}</dt>
        <dd className={`${amountClass} text-muted-foreground`}>{money(r.book_balance)}</dd>
      </dl>
      <Form method="post" className="flex flex-col gap-4">
        <div className="overflow-x-auto rounded-lg border bg-background">
          <table ref={table} className="w-full text-left text-sm">
            <caption className="sr-only">Items of the register up to the statement date: tick those the statement shows.</caption>
            <thead className="bg-muted/60">
              <tr>
                <Col>Cleared</Col>
                <Col>Date</Col>
                <Col>Entry</Col>
                <Col>Memo</Col>
                <Col amount>Deposit</Col>
                <Col amount>Payment</Col>
              </tr>
            </thead>
            <tbody>
              {r.items.length === 0 ? (
                <tr>
                  <td colSpan={6} className="px-3 py-6 text-center">
                    Nothing in the register up to {r.statement_date} is left to clear.
                  </td>
                </tr>
              ) : null}
              {r.items.map((item) => {
                const cents = parseMoney(item.amount)!
                return (
                  <tr key={item.journal_line_id} className="border-t">
                    <td className="px-3 py-2">
                      {draft ? <input type="hidden" name="shown" value={item.journal_line_id} /> : null}
                      <input
                        type="checkbox"
                        name="cleared"
                        value={item.journal_line_id}
                        defaultChecked={item.cleared}
                        disabled={!draft}
                        onChange={(e) => toggle(item.journal_line_id, e.currentTarget.checked)}
                        aria-label={`Cleared: entry #${item.entry_number}, ${item.memo ?? ''} ${item.amount}`}
                        className="size-4 accent-primary"
                      />
                    </td>
                    <td className="px-3 py-2">{item.date}</td>
                    <td className="px-3 py-2">
                      <Link to={`/app/accounting/journal-entries/${item.journal_entry_id}/`} className="text-primary underline">
                        #{item.entry_number}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{item.memo ?? ''}</td>
                    <td className={`px-3 py-2 ${amountClass}`}>{cents > 0 ? ofCents(cents) : ''}</td>
                    <td className={`px-3 py-2 ${amountClass}`}>{cents < 0 ? ofCents(-cents) : ''}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        {draft ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
              Save cleared items
            </Button>
            <Button type="submit" name="intent" value="final" disabled={busy || difference !== 0} aria-describedby="final-help">
              Mark as final
            </Button>
            <p id="final-help" className="text-xs text-muted-foreground">
              {difference === 0 ? 'The difference is zero: marking it final locks its items.' : 'Possible once the difference is zero (save your ticks to update it without JavaScript).'}
            </p>
          </div>
        ) : null}
      </Form>
      {draft ? (
        <Form method="post" className="border-t pt-4">
          <Button type="submit" name="intent" value="delete" variant="destructive" disabled={busy}>
            <Trash2 aria-hidden /> Delete reconciliation
          </Button>
        </Form>
      ) : null}
    </div>
  )
}
