import { Form, Link, useNavigation } from 'react-router'
import { IdempotencyKey } from '~/components/idempotency-key'
import type { TechnicianTimeEntryList, TechnicianWorkOrderList } from '~/api/maintenance/technician'
import { BackLink } from '~/components/resident-center'
import { FormProblem, SelectInput, TextArea, TextInput, type FormReply } from '~/components/technician'
import { Button } from '~/components/ui/button'
import { postOrReply, typedValues } from '~/maintenance/technician-forms.server'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/time-tracking-entry-new'

export const meta: Route.MetaFunction = () => [{ title: title('Add Time Tracking Entry') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const [orders, entries] = await Promise.all([
    api.get<Answer<typeof TechnicianWorkOrderList>>('technician/work-orders/?when=open'),
    api.get<Answer<typeof TechnicianTimeEntryList>>('technician/time-tracking-entries/'),
  ])
  return { orders: orders.results, open: entries.open, workOrderId: url.searchParams.get('work_order_id') ?? '' }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const values = typedValues(await request.formData())
  const body = { work_order_id: values.work_order_id || null, started_at: values.started_at || null, ended_at: values.ended_at || null, notes: values.notes || null }
  return postOrReply(api, 'technician/time-tracking-entries/', body, { form: 'time-entry', values, to: '/mt/time-tracking-entries/{id}/', done: values.ended_at ? 'Time entry added.' : 'Clocked in.' })
}

/** Clocking in (now, or from when the work started), or entering time already worked with its end. */
export default function TechnicianNewTimeEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, open, workOrderId } = loaderData
  const reply = actionData && 'reply' in actionData ? (actionData.reply as FormReply) : undefined
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <BackLink to="/mt/time-tracking-entries/" label="Time tracking entries" />
      <h1 className="text-2xl font-bold">Add Time Tracking Entry</h1>
      {open ? (
        <p className="rounded-md border bg-background p-3 text-sm">
          You are clocked in (since {open.started}).{' '}
          <Link to={`/mt/time-tracking-entries/${open.id}/`} className="inline-flex min-h-11 items-center text-primary underline">
            Clock out
          </Link>{' '}
          before clocking in again, or enter time already worked with its end below.
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-4">
        <IdempotencyKey form="time-entry" />
        <FormProblem reply={reply} />
        <SelectInput name="work_order_id" label="Work order" reply={reply} defaultValue={workOrderId} placeholder="None" options={orders.map((o) => ({ value: o.id, label: `${o.subject} · ${o.where}` }))} />
        <TextInput name="started_at" label="Started at" type="datetime-local" reply={reply} help="Empty: now." />
        <TextInput name="ended_at" label="Ended at" type="datetime-local" reply={reply} help="Empty: you stay clocked in until you clock out." />
        <TextArea name="notes" label="Notes" reply={reply} rows={2} />
        <Button type="submit" disabled={busy} className="min-h-11">
          Save
        </Button>
      </Form>
    </div>
  )
}
