import { getFormProps, useForm } from '@conform-to/react'
import { IdempotencyKey } from '~/components/idempotency-key'
import { photoPhaseLabel } from '~/domain/maintenance/work-orders'
import { Form, useNavigation } from 'react-router'
import type { ResidentWorkOrder } from '~/api/maintenance/resident-work-orders'
import { BackLink, Panel } from '~/components/resident-center'
import { WorkOrderStatus } from '~/components/resident-work-orders'
import { Button } from '~/components/ui/button'
import { ErrorSummary, TextareaField } from '~/components/ui/field'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { commentAction } from '~/utils/resident-work-orders.server'
import type { Route } from './+types/work-order'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? loaderData.order.subject : 'Work Order') }]

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { order: await api.get<Answer<typeof ResidentWorkOrder>>(`resident-center/work-orders/${encodeURIComponent(params.workOrderId)}/`) }
}

export const action = ({ request, url, params }: Route.ActionArgs) => commentAction({ request, url }, params.workOrderId)

/** A closed or canceled work order takes no more comments: follow-up is a new one. */
const FINISHED = ['CLOSED', 'CANCELED']

export default function ResidentWorkOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData
  const navigation = useNavigation()
  const [form, fields] = useForm({ id: 'comment', lastResult: actionData?.result })
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
  const facts: { label: string; value: React.ReactNode; wide?: boolean }[] = [
    { label: 'Unit', value: order.unit },
    { label: 'Where', value: order.location ?? '—' },
    { label: 'Priority', value: order.priority_label },
    { label: 'Kind of work', value: order.category ?? '—' },
    { label: 'Reported', value: order.created },
    { label: 'Visit', value: order.scheduled_visit ?? 'Not scheduled yet' },
    { label: 'May enter when nobody is home', value: yesNo(order.permission_to_enter) },
    { label: 'Pets in the unit', value: yesNo(order.pets_on_premises) },
    ...(order.entry_notes ? [{ label: 'Entry notes', value: order.entry_notes, wide: true }] : []),
  ]
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/rc/work-orders/" label="Your work orders" />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h1 className="min-w-0 text-2xl font-bold break-words">{order.subject}</h1>
        <WorkOrderStatus stage={order.stage} label={order.status_label} />
      </div>
      {order.description ? <p className="whitespace-pre-wrap break-words">{order.description}</p> : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border bg-background p-4 text-sm sm:p-5 md:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.label} className={fact.wide ? 'col-span-2 md:col-span-4' : undefined}>
            <dt className="text-muted-foreground">{fact.label}</dt>
            <dd className="font-medium break-words whitespace-pre-wrap">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {order.photos.length ? (
        <Panel id="photos" title="Photos">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
            {order.photos.map((photo) => {
              const src = `/rc/work-orders/${order.id}/photos/${photo.id}/`
              return (
                <li key={photo.id}>
                  <figure className="flex flex-col gap-1">
                    <a href={src} className="block overflow-hidden rounded-md border bg-muted">
                      <img src={src} alt={photo.caption ?? `Photo: ${photo.name}`} className="aspect-square w-full object-cover" loading="lazy" />
                    </a>
                    {photoPhaseLabel(photo.phase) ? <figcaption className="text-xs text-muted-foreground">{photoPhaseLabel(photo.phase)}</figcaption> : null}
                  </figure>
                </li>
              )
            })}
          </ul>
        </Panel>
      ) : null}
      <Panel id="comments" title="Comments">
        {order.comments.length ? (
          <ol className="flex flex-col gap-3">
            {order.comments.map((comment) => (
              <li key={comment.id} className="rounded-lg border bg-background p-4 text-sm">
                <p className="font-medium">
                  {comment.author_name || 'The office'} <span className="font-normal text-muted-foreground">· {comment.written}</span>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{comment.body}</p>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No comments yet. The office answers here.</p>
        )}
        {FINISHED.includes(order.stage) ? (
          <p className="text-sm text-muted-foreground">This work order is {order.status_label.toLowerCase()}; comments are closed. Create a new work order if something is still wrong.</p>
        ) : (
          <Form method="post" key={order.comments.length} className="flex flex-col gap-3" {...getFormProps(form)}>
            <IdempotencyKey form="comment" />
            <ErrorSummary form={form} />
            <TextareaField label="Add a comment" meta={fields.body} rows={3} maxLength={5000} help="The office and the technician read it." />
            <Button type="submit" className="min-h-11 self-start" disabled={navigation.state === 'submitting'}>
              Add comment
            </Button>
          </Form>
        )}
      </Panel>
      <Panel id="history" title="Progress">
        <ol className="flex flex-col divide-y rounded-lg border bg-background text-sm">
          {order.history.map((step, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
              <span className="font-medium">{step.status_label}</span>
              <span className="text-muted-foreground">{step.when}</span>
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  )
}
