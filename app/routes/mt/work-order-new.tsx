import { Form, useNavigation } from 'react-router'
import { IdempotencyKey } from '~/components/idempotency-key'
import type { TechnicianWorkOrderChoices } from '~/api/maintenance/technician'
import { BackLink } from '~/components/resident-center'
import { Checkbox, FormProblem, SelectInput, TextArea, TextInput, type FormReply } from '~/components/technician'
import { Button } from '~/components/ui/button'
import { SCHEDULE_TIMES, WORK_ORDER_PRIORITIES } from '~/domain/maintenance/work-orders'
import { postOrReply, typedValues } from '~/maintenance/technician-forms.server'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/work-order-new'

export const meta: Route.MetaFunction = () => [{ title: title('Add Work Order') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { choices: await api.get<Answer<typeof TechnicianWorkOrderChoices>>('technician/work-order-choices/') }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const values = typedValues(await request.formData())
  const optional = (name: string) => values[name] || null
  const body = {
    subject: values.subject ?? '',
    description: optional('description'),
    property_group_id: values.property_group_id ?? '',
    rental_unit_id: optional('rental_unit_id'),
    location: optional('location'),
    category_id: optional('category_id'),
    priority: values.priority ?? '',
    permission_to_enter: values.permission_to_enter === 'on',
    pets_on_premises: values.pets_on_premises === 'on',
    entry_notes: optional('entry_notes'),
    scheduled_date: optional('scheduled_date'),
    scheduled_time: optional('scheduled_time'),
    due_date: optional('due_date'),
  }
  return postOrReply(api, 'technician/work-orders/', body, { form: 'work-order', values, to: '/mt/work-orders/{id}/', done: 'Work order added: it is assigned to you.' })
}

/** A work order the technician found on site; it is theirs once added. */
export default function TechnicianNewWorkOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { choices } = loaderData
  const reply = actionData && 'reply' in actionData ? (actionData.reply as FormReply) : undefined
  const busy = useNavigation().state === 'submitting'
  const propertyName = new Map(choices.properties.map((p) => [p.id, p.name]))
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <BackLink to="/mt/work-orders/" label="Work orders" />
      <h1 className="text-2xl font-bold">Add Work Order</h1>
      <Form method="post" className="flex flex-col gap-4">
        <IdempotencyKey form="work-order" />
        <FormProblem reply={reply} />
        <TextInput name="subject" label="Subject" reply={reply} help="What needs doing, in a few words: Leaking kitchen tap" required maxLength={200} />
        <SelectInput name="property_group_id" label="Property" reply={reply} placeholder="Choose a property" options={choices.properties.map((p) => ({ value: p.id, label: p.name }))} required />
        <SelectInput
          name="rental_unit_id"
          label="Unit"
          reply={reply}
          placeholder="None: a common area"
          options={choices.units.map((u) => ({ value: u.id, label: u.name || propertyName.get(u.property_group_id) || u.id }))}
        />
        <TextInput name="location" label="Common area or location" reply={reply} help="Lobby, Parking garage, or where in the unit" />
        <SelectInput name="category_id" label="Category" reply={reply} placeholder="None" options={choices.categories.map((c) => ({ value: c.id, label: c.name }))} />
        <SelectInput name="priority" label="Priority" reply={reply} defaultValue="ROUTINE" options={WORK_ORDER_PRIORITIES} required />
        <TextArea name="description" label="Description" reply={reply} />
        <div className="grid grid-cols-2 gap-3">
          <TextInput name="scheduled_date" label="Visit day" type="date" reply={reply} />
          <SelectInput name="scheduled_time" label="Visit time" reply={reply} placeholder="None" options={SCHEDULE_TIMES} />
        </div>
        <TextInput name="due_date" label="Due date" type="date" reply={reply} />
        <Checkbox name="permission_to_enter" label="Permission to enter" reply={reply} />
        <Checkbox name="pets_on_premises" label="Pets on premises" reply={reply} />
        <TextArea name="entry_notes" label="Entry notes" reply={reply} rows={2} />
        <Button type="submit" disabled={busy} className="min-h-11">
          Add work order
        </Button>
      </Form>
    </div>
  )
}
