import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { amountClass, BankingTabs, Col, type BankAccountOption } from '~/components/ledger/banking'
import { IdempotencyKey } from '~/components/idempotency-key'
import { Breadcrumbs, EmptyState, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { useCompanyToday } from '~/components/use-company-today'
import { ErrorList, FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { formatMoney, parseMoney } from '~/domain/money'
import { requireSession } from '~/utils/api-client.server'
import { idempotencyKeyOf } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/new'

export const meta: Route.MetaFunction = () => [{ title: title('New Bank Deposit') }]

export type Receipt = {
  journal_line_id: string
  date: string
  journal_entry_id: string
  entry_number: number
  memo: string | null
  property_group_id: string | null
  property_group_label: string | null
  amount: string
}

type Values = {
  bank_account_id: string
  date: string
  memo: string
  journal_line_ids: string[]
}
type ActionData = {
  error: string
  fields: Record<string, string[]>
  values: Values
}

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  const chosen = new URL(request.url).searchParams.get('bank_account_id') ?? ''
  const [banks, receipts] = await Promise.all([
    api.get<Page<BankAccountOption>>('bank-accounts/?page_size=1000'),
    api.get<{ results: Receipt[]; total: string }>(`accounting/bank-deposits/undeposited/${chosen ? `?bank_account_id=${encodeURIComponent(chosen)}` : ''}`),
  ])
  return {
    banks: banks.results.filter((b) => b.is_active),
    receipts: receipts.results,
    chosen,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireSession(request)
  const form = await request.formData()
  const values: Values = {
    bank_account_id: String(form.get('bank_account_id') ?? ''),
    date: String(form.get('date') ?? '').trim(),
    memo: String(form.get('memo') ?? '').trim(),
    journal_line_ids: form.getAll('journal_line_ids').map(String),
  }
  const result = await api.send<{ id: string; amount: string }>('POST', 'accounting/bank-deposits/', { ...values, memo: values.memo || null }, { idempotencyKey: idempotencyKeyOf(form) })
  if (!result.ok)
    return {
      error: result.error.detail,
      fields: result.error.errors ?? {},
      values,
    } satisfies ActionData
  throw await redirectWithToast(`/app/accounting/bank-deposits/${result.data.id}/`, { type: 'success', description: `Deposit of ${result.data.amount} made.` })
}

/** With JavaScript, the total of the ticked receipts follows the ticks; without it, the deposit's page shows it. */
function useTickedTotal(receipts: Receipt[], initial: string[]) {
  const [ticked, setTicked] = useState(() => new Set(initial))
  const [live, setLive] = useState(false)
  const table = useRef<HTMLTableElement>(null)
  useEffect(() => {
    // Boxes ticked before the page's script ran count too.
    const boxes = table.current?.querySelectorAll<HTMLInputElement>('input[name="journal_line_ids"]:checked') ?? []
    setTicked(new Set(Array.from(boxes, (box) => box.value)))
    setLive(true)
  }, [])
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const total = receipts.filter((r) => ticked.has(r.journal_line_id)).reduce((sum, r) => sum + (parseMoney(r.amount) ?? 0), 0)
  return { live, toggle, total, count: ticked.size, table }
}

export default function NewBankDeposit({ loaderData, actionData }: Route.ComponentProps) {
  const { banks, receipts, chosen } = loaderData
  const today = useCompanyToday()
  const failed = actionData as ActionData | undefined
  const values: Values = failed?.values ?? {
    bank_account_id: chosen || banks[0]?.id || '',
    date: today,
    memo: '',
    journal_line_ids: [],
  }
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const { live, toggle, total, count, table } = useTickedTotal(receipts, values.journal_line_ids)
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: 'Deposits', href: '/app/accounting/bank-deposits/' }, { label: 'New' }]} />
      <BankingTabs />
      <h1 className="text-2xl font-bold">New Bank Deposit</h1>
      <p className="text-sm text-muted-foreground">Tick the receipts going to the bank together. They leave undeposited funds and the bank account takes their total, in one journal entry.</p>
      {banks.length === 0 ? (
        <EmptyState title="No active bank account">
          <Link to="/app/accounting/bank-accounts/new/" className="text-primary underline">
            Add a bank account
          </Link>
        </EmptyState>
      ) : (
        <Card>
          <CardContent className="pt-6">
            <Form method="post" className="flex flex-col gap-4" aria-describedby={failed ? 'deposit-errors' : undefined}>
              <IdempotencyKey form="new-bank-deposit" />
              <FormErrors id="deposit-errors" errors={failed ? [failed.error] : null} />
              <div className="grid gap-4 sm:grid-cols-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor="deposit-bank" className="text-sm font-medium">
                    Bank account
                  </label>
                  <Select id="deposit-bank" name="bank_account_id" defaultValue={values.bank_account_id} required>
                    {banks.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.name}
                      </option>
                    ))}
                  </Select>
                  <ErrorList errors={failed?.fields.bank_account_id} />
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor="deposit-date" className="text-sm font-medium">
                    Date
                  </label>
                  <Input id="deposit-date" type="date" name="date" defaultValue={values.date} required />
                  <ErrorList errors={failed?.fields.date} />
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor="deposit-memo" className="text-sm font-medium">
                    Memo
                  </label>
                  <Input id="deposit-memo" name="memo" maxLength={500} defaultValue={values.memo} placeholder="e.g. Branch deposit slip 0412" />
                </div>
              </div>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">Receipts waiting in undeposited funds</legend>
                <ErrorList errors={failed?.fields.journal_line_ids} />
                {receipts.length === 0 ? (
                  <p className="rounded-md border border-dashed p-6 text-center text-sm">No receipts are waiting to be deposited.</p>
                ) : (
                  <div className="overflow-x-auto rounded-md border">
                    <table ref={table} className="w-full text-left text-sm">
                      <thead className="bg-muted/60">
                        <tr>
                          <Col>
                            <span className="sr-only">Deposit</span>
                          </Col>
                          <Col>Date</Col>
                          <Col>Entry</Col>
                          <Col>Memo</Col>
                          <Col>Property</Col>
                          <Col amount>Amount</Col>
                        </tr>
                      </thead>
                      <tbody>
                        {receipts.map((r) => (
                          <tr key={r.journal_line_id} className="border-t">
                            <td className="px-3 py-2">
                              <input
                                type="checkbox"
                                id={`receipt-${r.journal_line_id}`}
                                name="journal_line_ids"
                                value={r.journal_line_id}
                                defaultChecked={values.journal_line_ids.includes(r.journal_line_id)}
                                onChange={(e) => toggle(r.journal_line_id, e.currentTarget.checked)}
                                aria-label={`Deposit entry #${r.entry_number}, ${r.memo ?? 'receipt'}, ${r.amount}`}
                                className="size-4 accent-primary"
                              />
                            </td>
                            <td className="px-3 py-2">{r.date}</td>
                            <td className="px-3 py-2">
                              <Link to={`/app/accounting/journal-entries/${r.journal_entry_id}/`} className="text-primary underline">
                                #{r.entry_number}
                              </Link>
                            </td>
                            <td className="px-3 py-2">{r.memo ?? ''}</td>
                            <td className="px-3 py-2">{r.property_group_label ?? ''}</td>
                            <td className={`px-3 py-2 ${amountClass}`}>{money(r.amount)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </fieldset>
              <div className="flex flex-wrap items-center justify-between gap-4">
                <p className="text-sm" aria-live="polite" data-testid="deposit-total">
                  {live ? (
                    <>
                      {count === 1 ? '1 receipt' : `${count} receipts`} ticked, total <strong className="tabular-nums">{money(formatMoney(total))}</strong>
                    </>
                  ) : (
                    'The deposit’s total is the sum of the receipts you tick.'
                  )}
                </p>
                <Button type="submit" disabled={navigation.state === 'submitting' || receipts.length === 0}>
                  Make deposit
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      )}
    </div>
  )
}
