import { getFormProps, useForm } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'
import type { ResidentWorkOrders } from '~/api/maintenance/resident-work-orders'
import { EmptyState } from '~/components/list'
import { BackLink } from '~/components/resident-center'
import { Button } from '~/components/ui/button'
import { ErrorList, ErrorSummary, CheckboxField, Field, SelectField, TextareaField } from '~/components/ui/field'
import { Label } from '~/components/ui/input'
import { MAX_REPORT_PHOTOS, RESIDENT_PRIORITIES } from '~/domain/maintenance/resident-work-orders'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { reportWorkOrderAction } from '~/utils/resident-work-orders.server'
import type { Route } from './+types/work-order-new'

export const meta: Route.MetaFunction = () => [{ title: title('Create Work Order') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const { leases, categories } = await api.get<Answer<typeof ResidentWorkOrders>>('resident-center/work-orders/')
  return { leases, categories }
}

export const action = ({ request, url }: Route.ActionArgs) => reportWorkOrderAction({ request, url })

export default function NewResidentWorkOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { leases, categories } = loaderData
  const navigation = useNavigation()
  const [form, fields] = useForm<Record<string, string>>({ id: 'new-work-order', lastResult: actionData?.result, defaultValue: { priority: 'ROUTINE', lease_id: leases[0]?.id } })
  const chosenPriority = (fields.priority.initialValue as string | undefined) ?? 'ROUTINE'
  if (!leases.length)
    return (
      <div className="flex flex-col gap-6">
        <BackLink to="/rc/work-orders/" label="Your work orders" />
        <h1 className="text-2xl font-bold">Create Work Order</h1>
        <EmptyState title="No lease in force">
          <p className="text-sm text-muted-foreground">Repairs are reported on the unit of a lease in force. Call the office for anything else.</p>
        </EmptyState>
      </div>
    )
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <BackLink to="/rc/work-orders/" label="Your work orders" />
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Create Work Order</h1>
        <p className="text-sm text-muted-foreground">Tell the office what needs fixing. A photo helps the technician bring the right parts.</p>
      </div>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5 rounded-lg border bg-background p-4 shadow-sm sm:p-6" {...getFormProps(form)}>
        <ErrorSummary form={form} />
        {leases.length > 1 ? (
          <SelectField label="Unit" meta={fields.lease_id} options={leases.map((l) => ({ value: l.id, label: l.unit }))} />
        ) : (
          <div className="flex flex-col gap-1 text-sm">
            <input type="hidden" name={fields.lease_id.name} value={leases[0].id} />
            <span className="font-medium">Unit</span>
            <span>{leases[0].unit}</span>
            <ErrorList id={fields.lease_id.errorId} errors={fields.lease_id.errors} />
          </div>
        )}
        <Field label="What needs fixing?" meta={fields.subject} help="In a few words: Leak under the kitchen sink" required maxLength={200} />
        <Field label="Where in the unit" meta={fields.location} help="e.g. Kitchen sink, main bathroom" maxLength={200} />
        <TextareaField label="Details" meta={fields.description} help="What you see, since when, anything you have tried" maxLength={5000} />
        {categories.length ? <SelectField label="Kind of work" meta={fields.category_id} placeholder="Not sure" options={categories.map((c) => ({ value: c.id, label: c.name }))} /> : null}
        <fieldset className="flex flex-col gap-3" aria-describedby={fields.priority.errors?.length ? fields.priority.errorId : undefined}>
          <legend className="mb-2 text-sm font-medium">How urgent is it?</legend>
          {RESIDENT_PRIORITIES.map((priority) => (
            <div key={priority.value} className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
              <input
                type="radio"
                id={`${fields.priority.id}-${priority.value}`}
                name={fields.priority.name}
                value={priority.value}
                defaultChecked={chosenPriority === priority.value}
                aria-describedby={`${fields.priority.id}-${priority.value}-help`}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              <div className="flex flex-col gap-0.5">
                <Label htmlFor={`${fields.priority.id}-${priority.value}`}>{priority.label}</Label>
                <span id={`${fields.priority.id}-${priority.value}-help`} className="text-xs text-muted-foreground">
                  {priority.help}
                </span>
              </div>
            </div>
          ))}
          <ErrorList id={fields.priority.errorId} errors={fields.priority.errors} />
        </fieldset>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-sm font-medium">Getting in</legend>
          <CheckboxField label="The technician may enter when nobody is home" meta={fields.permission_to_enter} />
          <CheckboxField label="There are pets in the unit" meta={fields.pets_on_premises} />
          <TextareaField label="Entry notes" meta={fields.entry_notes} help="Keys, alarm codes, who to call on arrival" rows={2} maxLength={2000} />
        </fieldset>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fields.photos.id}>Photos</Label>
          <input
            id={fields.photos.id}
            type="file"
            name={fields.photos.name}
            multiple
            accept="image/*"
            aria-invalid={fields.photos.errors?.length ? true : undefined}
            aria-describedby={[`${fields.photos.id}-help`, fields.photos.errors?.length ? fields.photos.errorId : ''].filter(Boolean).join(' ')}
            className="min-h-11 w-full max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-input file:bg-secondary file:px-3 file:text-sm file:font-medium"
          />
          <p id={`${fields.photos.id}-help`} className="text-xs text-muted-foreground">
            Up to {MAX_REPORT_PHOTOS} photos (JPEG, PNG, HEIC…), 10 MB each.{actionData?.result?.status === 'error' ? ' Please choose them again.' : ''}
          </p>
          <ErrorList id={fields.photos.errorId} errors={fields.photos.errors} />
        </div>
        <Button type="submit" className="min-h-11" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Sending…' : 'Send to the office'}
        </Button>
      </Form>
    </div>
  )
}
