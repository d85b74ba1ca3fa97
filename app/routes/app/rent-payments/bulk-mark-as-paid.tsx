import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { BulkMarkAsPaid } from '~/api/leasing'
import { IdempotencyKey } from '~/components/idempotency-key'
import { OpenItemsPicker } from '~/components/ledger/open-items-picker'
import { Breadcrumbs, PageHeader, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { ErrorSummary, Field, SelectField } from '~/components/ui/field'
import { PAYMENT_METHODS } from '~/domain/leasing/payments'
import { useCompanyToday } from '~/components/use-company-today'
import { requireSession } from '~/utils/api-client.server'
import { idempotencyKeyOf, reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/bulk-mark-as-paid'

/*
 * Rent received for many charges at once (a batch of pre-authorized debits, a pile of cheques):
 * tick the charges paid, say when and how, and `POST rent-receivables/bulk-mark-as-paid` records
 * one payment per lease in one transaction. A plain form: it works the same without JavaScript.
 */

type Charge = { id: string; label: string; date: string; lease_id: string; lease_label: string | null; description: string; open: string; days_overdue: number }

// The API's own body, less its strictness: the form also carries its idempotency key.
const FormBody = z.object(BulkMarkAsPaid.shape)

export const meta: Route.MetaFunction = () => [{ title: title('Mark Charges as Paid') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const open = await api.get<Page<Charge>>('rent-receivables/?owing=true&ordering=date&page_size=500')
  return { charges: open.results, more: open.count > open.results.length }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: FormBody })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send<{ payments: unknown[] }>('POST', 'rent-receivables/bulk-mark-as-paid/', submission.value, { idempotencyKey: idempotencyKeyOf(formData) })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  const count = result.data.payments.length
  throw await redirectWithToast('/app/rent-payments/', { type: 'success', description: `${count} ${count === 1 ? 'payment' : 'payments'} recorded, one per lease.` })
}

export default function BulkMarkAsPaidPage({ loaderData, actionData }: Route.ComponentProps) {
  const { charges, more } = loaderData
  const today = useCompanyToday()
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof FormBody>>({ id: 'bulk-mark-as-paid', lastResult: actionData?.result, defaultValue: { date: today, method: 'PAD' }, shouldValidate: 'onSubmit' })
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Rent Payments', href: '/app/rent-payments/' }, { label: 'Mark Charges as Paid' }]} />
      <PageHeader title="Mark Charges as Paid" />
      <p className="text-sm text-muted-foreground">Tick the charges that were paid: each is paid what it still owes, with one payment per lease, all at once or none.</p>
      <Card>
        <CardContent className="pt-6">
          <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
            <IdempotencyKey form="bulk-mark-as-paid" />
            <ErrorSummary form={form} />
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Date received" meta={fields.date} type="date" />
              <SelectField label="Method" meta={fields.method} options={PAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }))} />
              <Field label="Reference" meta={fields.reference} help="A batch or cheque number, on every payment" />
            </div>
            <OpenItemsPicker
              field={fields.charge_ids}
              legend="Charges paid"
              columns={[{ label: 'Due' }, { label: 'Lease' }, { label: 'Charge' }, { label: 'Days overdue', numeric: true }, { label: 'Owing', numeric: true }]}
              rows={charges.map((c) => ({ id: c.id, tick: `Paid: ${c.label}, ${money(c.open)}`, cells: [c.date, c.lease_label, c.description, c.days_overdue, money(c.open)] }))}
              more={more}
              empty={{ title: 'Nothing is owing', body: 'Every charge is paid.' }}
            />
            <Button type="submit" className="self-start" disabled={!charges.length || navigation.state === 'submitting'}>
              Mark as paid
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
