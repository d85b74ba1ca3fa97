import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { BulkMarkBillsAsPaid } from '~/api/accounting/payables'
import { IdempotencyKey } from '~/components/idempotency-key'
import { OpenItemsPicker } from '~/components/ledger/open-items-picker'
import { Breadcrumbs, PageHeader, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { ErrorSummary, Field, SelectField } from '~/components/ui/field'
import { BILL_PAYMENT_METHODS } from '~/domain/payables/bills'
import { useCompanyToday } from '~/components/use-company-today'
import { requireSession } from '~/utils/api-client.server'
import { idempotencyKeyOf, reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/bulk-pay'

/*
 * Paying many bills at once (the week's cheque run, an EFT batch): tick the bills paid, say from
 * which account, when and how, and `POST accounting/bills/bulk-mark-as-paid` records one payment
 * per vendor in one transaction. A plain form: it works the same without JavaScript.
 */

type Bill = { id: string; label: string; due_date: string; vendor_id: string; vendor_label: string | null; reference: string | null; open: string; days_overdue: number }

// The API's own body, less its strictness: the form also carries its idempotency key.
const FormBody = z.object(BulkMarkBillsAsPaid.shape)

export const meta: Route.MetaFunction = () => [{ title: title('Pay Bills') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const [open, banks] = await Promise.all([
    api.get<Page<Bill>>('accounting/bills/?owing=true&ordering=due_date&page_size=500'),
    api.get<Page<{ id: string; name: string }>>('bank-accounts/?is_active=true&page_size=100'),
  ])
  return { bills: open.results, more: open.count > open.results.length, banks: banks.results }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: FormBody })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send<{ bulk_bill_payment_id: string; payments: unknown[] }>('POST', 'accounting/bills/bulk-mark-as-paid/', submission.value, { idempotencyKey: idempotencyKeyOf(formData) })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  const count = result.data.payments.length
  throw await redirectWithToast(`/app/accounting/bulk-bill-payments/${result.data.bulk_bill_payment_id}/`, { type: 'success', description: `${count} ${count === 1 ? 'payment' : 'payments'} recorded, one per vendor.` })
}

export default function BulkPayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bills, more, banks } = loaderData
  const today = useCompanyToday()
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof FormBody>>({ id: 'bulk-pay', lastResult: actionData?.result, defaultValue: { date: today, method: 'CHEQUE', bank_account_id: banks.length === 1 ? banks[0].id : undefined }, shouldValidate: 'onSubmit' })
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Bills', href: '/app/accounting/bills/' }, { label: 'Pay Bills' }]} />
      <PageHeader title="Pay Bills" />
      <p className="text-sm text-muted-foreground">Tick the bills to pay: each is paid what it still owes, with one payment per vendor, all at once or none.</p>
      <Card>
        <CardContent className="pt-6">
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <IdempotencyKey form="bulk-pay" />
            <ErrorSummary form={form} />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Field label="Paid on" meta={fields.date} type="date" />
              <SelectField label="Paid from" meta={fields.bank_account_id} options={banks.map((b) => ({ value: b.id, label: b.name }))} />
              <SelectField label="Method" meta={fields.method} options={BILL_PAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }))} />
              <Field label="Reference" meta={fields.reference} help="A batch or cheque number, on every payment" />
            </div>
            <OpenItemsPicker
              field={fields.bill_ids}
              legend="Bills to pay"
              columns={[{ label: 'Due' }, { label: 'Vendor' }, { label: 'Invoice' }, { label: 'Days overdue', numeric: true }, { label: 'Owing', numeric: true }]}
              rows={bills.map((b) => ({ id: b.id, tick: `Pay: ${b.label}, ${money(b.open)}`, cells: [b.due_date, b.vendor_label, b.reference, b.days_overdue, money(b.open)] }))}
              more={more}
              empty={{ title: 'Nothing to pay', body: 'Every bill is paid.' }}
            />
            <Button type="submit" className="self-start" disabled={!bills.length || navigation.state === 'submitting'}>
              Pay the bills ticked
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
