import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { GenerateBulkInvoice, type InvoiceableWorkOrder } from '~/api/maintenance/work-order-billing'
import { IdempotencyKey } from '~/components/idempotency-key'
import { OpenItemsPicker } from '~/components/ledger/open-items-picker'
import { Breadcrumbs, PageHeader, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { useCompanyToday } from '~/components/use-company-today'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { ErrorSummary, Field, SelectField } from '~/components/ui/field'
import { Label, Select } from '~/components/ui/input'
import { PAYMENT_TERMS } from '~/domain/payables/bills'
import { requireSession } from '~/utils/api-client.server'
import { idempotencyKeyOf, reply, replyWithApiError } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/invoice-work-orders'

/*
 * Billing a property's finished work to its owner (SPEC.md §2 invoice-work-orders-to-property): choose
 * the property, tick its work orders whose work is done, choose a markup, and
 * `POST work-orders/generate-bulk-invoice` makes one invoice and closes them. Plain forms: choosing
 * the property is a GET, billing a POST, both the same without JavaScript.
 */

type Named = { id: string; name: string }
type Ownership = { property_owner_id: string; property_owner_label: string | null; percentage: string }

// The API's own body, less its strictness: the form also carries its idempotency key.
const FormBody = z.object(GenerateBulkInvoice.shape)

export const meta: Route.MetaFunction = () => [{ title: title('Invoice Work Orders to a Property') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const propertyId = url.searchParams.get('property_group_id') || null
  const [properties, markups] = await Promise.all([api.get<Page<Named>>('property-groups/?page_size=500&ordering=name'), api.get<Page<Named>>('accounting/markup-types/?page_size=100')])
  const property = properties.results.find((p) => p.id === propertyId) ?? null
  if (!property) return { properties: properties.results, markups: markups.results, property: null, work: [], more: false, owners: [] }
  const [work, owners] = await Promise.all([
    api.get<Page<z.infer<typeof InvoiceableWorkOrder>>>(`invoiceable-work-orders/?property_group_id=${property.id}&page_size=500`),
    api.get<Page<Ownership>>(`property-ownerships/?property_group_id=${property.id}&page_size=50`),
  ])
  return { properties: properties.results, markups: markups.results, property, work: work.results, more: work.count > work.results.length, owners: owners.results }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: FormBody })
  if (submission.status !== 'success') return reply(submission)
  const result = await api.send<{ id: string; label: string }>('POST', 'work-orders/generate-bulk-invoice', submission.value, { idempotencyKey: idempotencyKeyOf(formData) })
  if (!result.ok) return replyWithApiError(submission, result.error, result.status)
  throw await redirectWithToast(`/app/accounting/invoices/${result.data.id}/`, { type: 'success', description: `${result.data.label} made; its work orders are closed.` })
}

export default function InvoiceWorkOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { properties, markups, property, work, more, owners } = loaderData
  const today = useCompanyToday()
  const money = useDisplayMoney()
  const navigation = useNavigation()
  const [form, fields] = useForm<z.input<typeof FormBody>>({
    id: 'invoice-work-orders',
    lastResult: actionData?.result,
    defaultValue: { date: today, property_group_id: property?.id, terms: 'NET_30' },
    shouldValidate: 'onSubmit',
  })
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Invoices', href: '/app/accounting/invoices/' }, { label: 'Invoice Work Orders to a Property' }]} />
      <PageHeader title="Invoice Work Orders to a Property" />
      <p className="text-sm text-muted-foreground">Bill the work done at a property to its owner on one invoice: each work order’s labour and materials, and a markup on a line of its own. The work orders billed are closed.</p>
      <Card>
        <CardContent className="pt-6">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <div className="flex min-w-64 flex-col gap-2">
              <Label htmlFor="choose-property">Property</Label>
              <Select id="choose-property" name="property_group_id" defaultValue={property?.id ?? ''}>
                <option value="">Choose a property</option>
                {properties.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="submit" variant="outline">
              Show its work orders
            </Button>
          </Form>
        </CardContent>
      </Card>
      {property ? (
        <Card>
          <CardContent className="pt-6">
            <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
              <IdempotencyKey form="invoice-work-orders" />
              <input type="hidden" name={fields.property_group_id.name} value={property.id} />
              <ErrorSummary form={form} />
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                <SelectField
                  label="Bill to"
                  meta={fields.property_owner_id}
                  placeholder={owners.length ? `${owners[0].property_owner_label ?? 'Its largest owner'} (largest owner)` : 'Choose an owner'}
                  options={owners.map((o) => ({ value: o.property_owner_id, label: `${o.property_owner_label ?? 'Owner'} (${o.percentage} %)` }))}
                />
                <SelectField label="Markup" meta={fields.markup_type_id} placeholder="No markup" options={markups.map((m) => ({ value: m.id, label: m.name }))} />
                <Field label="Invoice date" meta={fields.date} type="date" />
                <SelectField label="Terms" meta={fields.terms} options={PAYMENT_TERMS.map((t) => ({ value: t.value, label: t.label }))} />
                <Field label="Memo" meta={fields.memo} help="Printed on the invoice; empty: the work orders’ subjects" className="lg:col-span-2" />
              </div>
              <OpenItemsPicker
                field={fields.work_order_ids}
                legend={`Work done at ${property.name}, not yet billed`}
                columns={[{ label: 'Work order' }, { label: 'Unit or place' }, { label: 'Status' }, { label: 'Hours', numeric: true }, { label: 'Labour and materials', numeric: true }]}
                rows={work.map((w) => ({ id: w.id, tick: `Bill: ${w.subject}, ${money(w.work_total)}`, cells: [w.subject, w.unit ?? w.location, w.status_label, w.hours, money(w.work_total)] }))}
                more={more}
                empty={{ title: 'Nothing to bill', body: `No work order at ${property.name} is done and unbilled.` }}
              />
              <Button type="submit" className="self-start" disabled={!work.length || navigation.state === 'submitting'}>
                Invoice the work orders ticked
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  )
}
