import { Form, Link, useNavigation } from 'react-router'
import { BankingTabs, type BankAccountOption } from '~/components/ledger/banking'
import { IdempotencyKey } from '~/components/idempotency-key'
import { Breadcrumbs, EmptyState, type Page } from '~/components/list'
import { useNumberFormat } from '~/components/resource/use-currency'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { ErrorList, FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { decimalHint, toApiDecimal } from '~/domain/money'
import { requireSession } from '~/utils/api-client.server'
import { idempotencyKeyOf, numberFormatOf } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/new'

export const meta: Route.MetaFunction = () => [{ title: title('Reconcile a Statement') }]

type Values = { bank_account_id: string; statement_date: string; statement_ending_balance: string }
type ActionData = { error: string; fields: Record<string, string[]>; values: Values }

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  const banks = await api.get<Page<BankAccountOption>>('bank-accounts/?page_size=1000')
  return { banks: banks.results, chosen: new URL(request.url).searchParams.get('bank_account_id') ?? '' }
}

export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireSession(request)
  const form = await request.formData()
  const values: Values = {
    bank_account_id: String(form.get('bank_account_id') ?? ''),
    statement_date: String(form.get('statement_date') ?? '').trim(),
    statement_ending_balance: String(form.get('statement_ending_balance') ?? '').trim(),
  }
  const body = { ...values, statement_ending_balance: toApiDecimal(values.statement_ending_balance, numberFormatOf(form)) }
  const result = await api.send<{ id: string }>('POST', 'accounting/bank-reconciliations/', body, { idempotencyKey: idempotencyKeyOf(form) })
  if (!result.ok) return { error: result.error.detail, fields: result.error.errors ?? {}, values } satisfies ActionData
  throw await redirectWithToast(`/app/accounting/bank-reconciliations/${result.data.id}/`, { type: 'success', description: 'Tick the items the statement shows.' })
}

export default function NewReconciliation({ loaderData, actionData }: Route.ComponentProps) {
  const { banks, chosen } = loaderData
  const failed = actionData as ActionData | undefined
  const values = failed?.values ?? { bank_account_id: chosen || banks.find((b) => b.is_active)?.id || '', statement_date: '', statement_ending_balance: '' }
  const navigation = useNavigation()
  const numbers = useNumberFormat()
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: 'Reconciliations', href: '/app/accounting/bank-reconciliations/' }, { label: 'New' }]} />
      <BankingTabs />
      <h1 className="text-2xl font-bold">Reconcile a Statement</h1>
      {banks.length === 0 ? (
        <EmptyState title="No bank accounts yet">
          <Link to="/app/accounting/bank-accounts/new/" className="text-primary underline">
            Add a bank account
          </Link>
        </EmptyState>
      ) : (
        <Card>
          <CardContent className="pt-6">
            <Form method="post" className="flex flex-col gap-4">
              <IdempotencyKey form="new-bank-reconciliation" />
              {/* The server reads the balance in the format it was typed in. */}
              <input type="hidden" name="number_format" value={numbers} />
              <FormErrors errors={failed ? [failed.error] : null} />
              <div className="flex flex-col gap-1">
                <label htmlFor="reconciliation-bank" className="text-sm font-medium">
                  Bank account
                </label>
                <Select id="reconciliation-bank" name="bank_account_id" defaultValue={values.bank_account_id} required>
                  {banks.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </Select>
                <ErrorList errors={failed?.fields.bank_account_id} />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="reconciliation-date" className="text-sm font-medium">
                  Statement date
                </label>
                <Input id="reconciliation-date" type="date" name="statement_date" defaultValue={values.statement_date} required />
                <ErrorList errors={failed?.fields.statement_date} />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="reconciliation-balance" className="text-sm font-medium">
                  Statement ending balance
                </label>
                <Input id="reconciliation-balance" name="statement_ending_balance" inputMode="decimal" defaultValue={values.statement_ending_balance} required placeholder={decimalHint(numbers)} aria-describedby="reconciliation-balance-help" />
                <p id="reconciliation-balance-help" className="text-xs text-muted-foreground">
                  As printed on the statement; negative for an overdraft.
                </p>
                <ErrorList errors={failed?.fields.statement_ending_balance} />
              </div>
              <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
                Start reconciling
              </Button>
            </Form>
          </CardContent>
        </Card>
      )}
    </div>
  )
}
