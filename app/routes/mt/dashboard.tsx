import { Form, Link, useRouteLoaderData } from 'react-router'
import { IdempotencyKey } from '~/components/idempotency-key'
import type { TechnicianTimeEntryList, TechnicianWorkOrderList } from '~/api/maintenance/technician'
import { AreaDashboard } from '~/components/layout/area-shell'
import { Panel } from '~/components/resident-center'
import { FormProblem, WorkOrderCards, type FormReply } from '~/components/technician'
import { Button } from '~/components/ui/button'
import { postOrReply, typedValues } from '~/maintenance/technician-forms.server'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { TECHNICIAN_MENU, type loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Maintenance Technician Dashboard') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const [today, open, time] = await Promise.all([
    api.get<Answer<typeof TechnicianWorkOrderList>>('technician/work-orders/?when=today'),
    api.get<Answer<typeof TechnicianWorkOrderList>>('technician/work-orders/?when=open'),
    api.get<Answer<typeof TechnicianTimeEntryList>>('technician/time-tracking-entries/'),
  ])
  return { today: today.results, openCount: open.count, clockedIn: time.open }
}

/** Clocking in (on no work order) or out, from the dashboard in one tap. */
export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const form = await request.formData()
  const values = typedValues(form)
  if (values.intent === 'clock-out' && values.entry_id)
    return postOrReply(api, `technician/time-tracking-entries/${encodeURIComponent(values.entry_id)}/clock-out/`, {}, { form: 'clock', values, to: '/mt/', done: 'Clocked out.' })
  return postOrReply(api, 'technician/time-tracking-entries/', {}, { form: 'clock', values, to: '/mt/', done: 'Clocked in.' })
}

export default function TechnicianDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/mt/layout')
  const { today, openCount, clockedIn } = loaderData
  const reply = actionData && 'reply' in actionData ? (actionData.reply as FormReply) : undefined
  return (
    <AreaDashboard title="Maintenance Technician Dashboard" firstName={layout?.me.user.first_name} menu={TECHNICIAN_MENU}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to="/mt/work-orders/?when=open" className="flex flex-col gap-1 rounded-lg border bg-background p-4 hover:bg-accent">
          <span className="text-sm text-muted-foreground">Open work orders</span>
          <span className="text-3xl font-bold tabular-nums" data-testid="open-count">
            {openCount}
          </span>
        </Link>
        <Form method="post" className="flex flex-col gap-2 rounded-lg border bg-background p-4">
          <IdempotencyKey form="clock" />
          <FormProblem reply={reply} />
          <span className="text-sm text-muted-foreground">Time</span>
          {clockedIn ? (
            <>
              <span className="font-medium">
                Clocked in since {clockedIn.started}
                {clockedIn.work_order ? ` on ${clockedIn.work_order}` : ''}
              </span>
              <input type="hidden" name="entry_id" value={clockedIn.id} />
              <Button type="submit" name="intent" value="clock-out" className="min-h-11">
                Clock out
              </Button>
            </>
          ) : (
            <>
              <span className="font-medium">Not clocked in</span>
              <Button type="submit" name="intent" value="clock-in" className="min-h-11">
                Clock in
              </Button>
            </>
          )}
        </Form>
      </div>
      <Panel id="today" title="Today’s work">
        {today.length ? <WorkOrderCards items={today} /> : <p className="text-sm text-muted-foreground">Nothing scheduled or due today.</p>}
      </Panel>
    </AreaDashboard>
  )
}
