import { Form, useNavigation } from 'react-router'
import { IdempotencyKey } from '~/components/idempotency-key'
import type { TechnicianTimeEntry } from '~/api/maintenance/technician'
import { BackLink } from '~/components/resident-center'
import { FormProblem, replyFor, TextInput, type FormReply } from '~/components/technician'
import { Badge } from '~/components/ui/card'
import { Button } from '~/components/ui/button'
import { postOrReply, typedValues } from '~/maintenance/technician-forms.server'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/time-tracking-entry'

export const meta: Route.MetaFunction = () => [{ title: title('Time Tracking Entry') }]

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { entry: await api.get<Answer<typeof TechnicianTimeEntry>>(`technician/time-tracking-entries/${encodeURIComponent(params.timeTrackingEntryId)}/`) }
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const values = typedValues(await request.formData())
  const id = encodeURIComponent(params.timeTrackingEntryId)
  return postOrReply(api, `technician/time-tracking-entries/${id}/clock-out/`, { ended_at: values.ended_at || null }, { form: 'clock-out', values, to: `/mt/time-tracking-entries/${id}/`, done: 'Clocked out.' })
}

/** One entry: when it started and ended, the rate it kept, and the clock-out form while it is open. */
export default function TechnicianTimeEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entry } = loaderData
  const reply = replyFor(actionData && 'reply' in actionData ? (actionData.reply as FormReply) : undefined, 'clock-out')
  const busy = useNavigation().state === 'submitting'
  const rows: [string, string | null][] = [
    ['Work order', entry.work_order],
    ['Started', entry.started],
    ['Ended', entry.ended],
    ['Time', entry.minutes === null ? null : `${Math.floor(entry.minutes / 60)} h ${entry.minutes % 60} min`],
    ['Hourly rate', entry.hourly_rate],
    ['Amount', entry.amount],
    ['Notes', entry.notes],
  ]
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <BackLink to="/mt/time-tracking-entries/" label="Time tracking entries" />
      <h1 className="flex items-center gap-3 text-2xl font-bold">
        Time entry <Badge tone={entry.state === 'OPEN' ? 'warning' : 'success'}>{entry.state === 'OPEN' ? 'Clocked in' : 'Clocked out'}</Badge>
      </h1>
      <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      {entry.state === 'OPEN' ? (
        <Form method="post" className="flex flex-col gap-3">
          <IdempotencyKey form="clock-out" />
          <FormProblem reply={reply} />
          <TextInput name="ended_at" label="Ended at" type="datetime-local" reply={reply} help="On the company’s clock; empty: now." />
          <Button type="submit" disabled={busy} className="min-h-11">
            Clock out
          </Button>
        </Form>
      ) : null}
    </div>
  )
}
