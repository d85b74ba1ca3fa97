import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { BankDepositOutput, UndepositedReceipts } from '~/api/accounting/bank-deposits'
import { amountClass, BankingTabs, Col, type BankAccountOption } from '~/components/ledger/banking'
import { IdempotencyKey } from '~/components/idempotency-key'
import { Breadcrumbs, EmptyState, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { useCompanyToday } from '~/components/use-company-today'
import { ErrorList, ErrorSummary, Field, SelectField } from '~/components/ui/field'
import { formatMoney, parseMoney } from '~/domain/money'
import { bankDepositsResource } from '~/resources/bank-deposits'
import { inputSchema } from '~/resources/engine/validation'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { idempotencyKeyOf, reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/new'

/*
 * A deposit's receipts are picked, not typed: the receipts waiting in undeposited funds for the
 * chosen bank account, ticked, with their running total. The rest of the deposit's pages are the
 * engine's (app/resources/bank-deposits.ts).
 */

type Receipt = Answer<typeof UndepositedReceipts>['results'][number]

export const meta: Route.MetaFunction = () => [{ title: title('New Bank Deposit') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const chosen = url.searchParams.get('bank_account_id') ?? ''
  const [banks, receipts] = await Promise.all([
    api.get<Page<BankAccountOption>>('bank-accounts/?is_active=true&page_size=1000'),
    api.get<Answer<typeof UndepositedReceipts>>(`accounting/bank-deposits/undeposited/${chosen ? `?bank_account_id=${encodeURIComponent(chosen)}` : ''}`),
  ])
  return { banks: banks.results, receipts: receipts.results, chosen }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  // The API's own body, less what the form carries for itself (its idempotency key).
  const submission = parseWithZod(formData, { schema: inputSchema(bankDepositsResource, 'create').strip() })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send<Answer<typeof BankDepositOutput>>('POST', 'accounting/bank-deposits/', submission.value, { idempotencyKey: idempotencyKeyOf(formData) })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
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

/** What the form was sent with, as conform keeps it: one ticked box is a string, several a list. */
const asList = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [])

export default function NewBankDeposit({ loaderData, actionData }: Route.ComponentProps) {
  const { banks, receipts, chosen } = loaderData
  const today = useCompanyToday()
  const [form, fields] = useForm({
    id: 'new-bank-deposit',
    lastResult: actionData?.result,
    defaultValue: { bank_account_id: chosen || banks[0]?.id || '', date: today, memo: '', journal_line_ids: [] },
  })
  const ticked = asList(fields.journal_line_ids.initialValue)
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const { live, toggle, total, count, table } = useTickedTotal(receipts, ticked)
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
            <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
              <IdempotencyKey form="new-bank-deposit" />
              <ErrorSummary form={form} />
              <div className="grid gap-4 sm:grid-cols-3">
                <SelectField label="Bank account" meta={fields.bank_account_id} options={banks.map((b) => ({ value: b.id, label: b.name }))} />
                <Field label="Date" type="date" meta={fields.date} required />
                <Field label="Memo" meta={fields.memo} maxLength={500} placeholder="e.g. Branch deposit slip 0412" />
              </div>
              <fieldset id={fields.journal_line_ids.id} className="flex min-w-0 flex-col gap-2" aria-describedby={fields.journal_line_ids.errors?.length ? fields.journal_line_ids.errorId : undefined}>
                <legend className="mb-2 text-sm font-medium">Receipts waiting in undeposited funds</legend>
                <ErrorList id={fields.journal_line_ids.errorId} errors={fields.journal_line_ids.errors} />
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
                                name={fields.journal_line_ids.name}
                                value={r.journal_line_id}
                                defaultChecked={ticked.includes(r.journal_line_id)}
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
