import { Form, Link, useNavigation } from 'react-router'
import { IdempotencyKey } from '~/components/idempotency-key'
import type { TechnicianWorkOrderDetail } from '~/api/maintenance/technician'
import { BackLink, Panel } from '~/components/resident-center'
import { Checkbox, FormProblem, replyFor, SelectInput, StageBadge, TextArea, TextInput, type FormReply } from '~/components/technician'
import { Button } from '~/components/ui/button'
import { PHOTO_PHASES, photoPhaseLabel, SCHEDULE_TIMES, WORK_ORDER_PRIORITIES } from '~/domain/maintenance/work-orders'
import { postOrReply, typedValues } from '~/maintenance/technician-forms.server'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/work-order'

type Detail = Answer<typeof TechnicianWorkOrderDetail>

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(String(loaderData?.detail.work_order.subject ?? 'Work Order')) }]

/** Blank material lines the work log form offers; "More lines" is a round trip that adds more, so no JavaScript is needed. */
const MATERIAL_ROWS = 3
const MAX_ROWS = 30

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const detail = await api.get<Detail>(`technician/work-orders/${encodeURIComponent(params.workOrderId)}/`)
  return { detail, today: detail.today }
}

/** The material lines typed into the work log form, blank rows left out. */
function materialsOf(form: FormData) {
  const count = Math.min(Number(form.get('line_count')) || MATERIAL_ROWS, MAX_ROWS)
  const lines: { row: number; description: string; quantity: string; unit_cost: string }[] = []
  for (let row = 0; row < count; row++) {
    const [description, quantity, unitCost] = ['description', 'quantity', 'unit_cost'].map((f) => String(form.get(`material_${f}_${row}`) ?? '').trim())
    if (description || quantity || unitCost) lines.push({ row, description, quantity, unit_cost: unitCost })
  }
  return lines
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const id = encodeURIComponent(params.workOrderId)
  const form = await request.formData()
  const values = typedValues(form)
  const here = `/mt/work-orders/${id}/`
  switch (form.get('intent')) {
    case 'change-status':
      return postOrReply(api, `technician/work-orders/${id}/change-status/`, { status_id: values.status_id ?? '' }, { form: 'status', values, to: here, done: 'Status changed.' })
    case 'more-lines': {
      const reply: FormReply = { form: 'work-log', values: { ...values, line_count: String(Math.min((Number(values.line_count) || MATERIAL_ROWS) + 3, MAX_ROWS)) }, errors: {}, detail: '' }
      return { reply }
    }
    case 'work-log': {
      const lines = materialsOf(form)
      const body = { work_date: values.work_date ?? '', hours: values.hours ?? '', description: values.description || null, materials: lines.map(({ row: _row, ...line }) => line) }
      // The API numbers the lines sent; the form's rows may have blanks between them.
      const rowOf = (index: number) => lines[index]?.row ?? index
      const renameErrors = (key: string) => key.replace(/^materials\[(\d+)\]\.(\w+)$/, (_, i: string, field: string) => `material_${field}_${rowOf(Number(i))}`)
      return postOrReply(api, `technician/work-orders/${id}/work-logs/`, body, { form: 'work-log', values, to: here, done: 'Work logged.', renameErrors })
    }
    case 'comment':
      return postOrReply(api, `technician/work-orders/${id}/comments/`, { body: values.body ?? '', visible_to_resident: values.visible_to_resident === 'on' }, { form: 'comment', values, to: here, done: 'Comment added.' })
    case 'photo': {
      const upload = new FormData()
      const file = form.get('file')
      if (file instanceof File) upload.set('file', file)
      if (values.caption) upload.set('caption', values.caption)
      if (values.phase) upload.set('phase', values.phase)
      return postOrReply(api, `technician/work-orders/${id}/photos/`, upload, { form: 'photo', values, to: here, done: 'Photo added.' })
    }
    default:
      return { reply: { form: '', values, errors: {}, detail: 'Unknown form.' } satisfies FormReply }
  }
}

const priorityLabel = (value: unknown) => WORK_ORDER_PRIORITIES.find((p) => p.value === value)?.label ?? String(value ?? '')
const timeLabel = (value: unknown) => SCHEDULE_TIMES.find((t) => t.value === value)?.label ?? String(value ?? '')
const text = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value))

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== '')
  if (!shown.length) return null
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {shown.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  )
}

export default function TechnicianWorkOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, today } = loaderData
  const w = detail.work_order
  const reply = actionData && 'reply' in actionData ? (actionData.reply as FormReply) : undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const logReply = replyFor(reply, 'work-log')
  const rows = Math.min(Number(logReply?.values.line_count) || MATERIAL_ROWS, MAX_ROWS)
  const where = [text(w.rental_unit_label) ?? text(w.property_group_label), text(w.location)].filter(Boolean).join(' · ')
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <BackLink to="/mt/work-orders/" label="Work orders" />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold break-words">{String(w.subject)}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StageBadge stage={String(w.stage)} label={String(w.status_label ?? w.stage)} />
          <span>{priorityLabel(w.priority)}</span>
          <span className="text-muted-foreground">{where}</span>
        </p>
        {text(w.description) ? <p className="whitespace-pre-line text-sm">{String(w.description)}</p> : null}
      </div>

      <Panel id="visit" title="Visit and access">
        <Facts
          rows={[
            ['Visit', text(w.scheduled_date) ? `${String(w.scheduled_date)} ${timeLabel(w.scheduled_time)}`.trim() : 'Not scheduled'],
            ['Due', text(w.due_date)],
            ['Complete by', text(w.completion_due)],
            ['Unit', text(w.rental_unit_label)],
            ['Property', text(w.property_group_label)],
            ['Location', text(w.location)],
            ['Category', text(w.category_label)],
            ['Reported by', text(w.reported_by_resident_label)],
            ['Permission to enter', w.permission_to_enter ? 'Yes' : 'No'],
            ['Pets on premises', w.pets_on_premises ? 'Yes' : 'No'],
            ['Entry notes', text(w.entry_notes)],
          ]}
        />
      </Panel>

      {detail.statuses.length ? (
        <Panel id="status" title="Change status">
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="change-status" />
            <IdempotencyKey form="status" />
            <FormProblem reply={replyFor(reply, 'status')} />
            <SelectInput
              name="status_id"
              label="New status"
              reply={replyFor(reply, 'status')}
              placeholder="Choose a status"
              options={detail.statuses.map((s) => ({ value: s.id, label: s.name === s.stage_label ? s.name : `${s.name} (${s.stage_label})` }))}
              required
            />
            <Button type="submit" disabled={busy} className="min-h-11 sm:self-start">
              Change status
            </Button>
          </Form>
        </Panel>
      ) : null}

      {!detail.closed ? (
        <Panel id="log" title="Log work">
          <Form method="post" className="flex flex-col gap-3">
            <IdempotencyKey form="work-log" />
            <input type="hidden" name="line_count" value={rows} />
            <FormProblem reply={logReply?.detail ? logReply : undefined} />
            <div className="grid grid-cols-2 gap-3">
              <TextInput name="work_date" label="Date" type="date" reply={logReply} defaultValue={today} max={today} required />
              <TextInput name="hours" label="Hours" inputMode="decimal" reply={logReply} placeholder="1.5" autoComplete="off" />
            </div>
            <TextArea name="description" label="Work done" reply={logReply} />
            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-medium">Materials</legend>
              {Array.from({ length: rows }, (_, row) => (
                <div key={row} className="grid grid-cols-[1fr_4.5rem_5.5rem] gap-2">
                  <TextInput name={`material_description_${row}`} label={`Material ${row + 1}`} reply={logReply} autoComplete="off" />
                  <TextInput name={`material_quantity_${row}`} label="Qty" inputMode="decimal" reply={logReply} autoComplete="off" />
                  <TextInput name={`material_unit_cost_${row}`} label="Unit cost" inputMode="decimal" reply={logReply} autoComplete="off" />
                </div>
              ))}
            </fieldset>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="work-log" disabled={busy} className="min-h-11 flex-1 sm:flex-none">
                Log work
              </Button>
              {rows < MAX_ROWS ? (
                <Button type="submit" name="intent" value="more-lines" variant="outline" formNoValidate className="min-h-11">
                  More lines
                </Button>
              ) : null}
            </div>
          </Form>
        </Panel>
      ) : null}

      <Panel id="logs" title="Work logs">
        {detail.work_logs.length ? (
          <ul className="flex flex-col gap-2">
            {detail.work_logs.map((log) => (
              <li key={log.id} className="flex flex-col gap-1 rounded-lg border bg-background p-3 text-sm">
                <span className="font-medium">
                  {log.work_date} · {log.hours} h{log.technician ? ` · ${log.technician}` : ''}
                </span>
                {log.description ? <span className="whitespace-pre-line">{log.description}</span> : null}
                <span className="text-muted-foreground">
                  Labour {log.labour_amount} · Materials {log.materials_amount}
                </span>
                {log.materials.length ? (
                  <ul className="list-disc pl-5 text-muted-foreground">
                    {log.materials.map((m, i) => (
                      <li key={i}>
                        {m.description}: {m.quantity} × {m.unit_cost} = {m.amount}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No work logged yet.</p>
        )}
      </Panel>

      <Panel id="photos" title="Photos">
        {detail.photos.length ? (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {detail.photos.map((p) => (
              <li key={p.id}>
                <figure className="flex flex-col gap-1">
                  <a href={`/mt/work-orders/${String(w.id)}/photos/${p.id}/`}>
                    <img src={`/mt/work-orders/${String(w.id)}/photos/${p.id}/`} alt={p.caption ?? p.name} loading="lazy" className="aspect-square w-full rounded-md border object-cover" />
                  </a>
                  {photoPhaseLabel(p.phase) || p.caption ? <figcaption className="text-xs text-muted-foreground">{[photoPhaseLabel(p.phase), p.caption].filter(Boolean).join(' · ')}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
        ) : null}
        {!detail.closed ? (
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="photo" />
            <FormProblem reply={replyFor(reply, 'photo')} />
            <TextInput name="file" label="Photo" type="file" accept="image/*" capture="environment" reply={replyFor(reply, 'photo')} defaultValue={undefined} required />
            <SelectInput name="phase" label="Taken" options={PHOTO_PHASES} placeholder="Not said" reply={replyFor(reply, 'photo')} />
            <TextInput name="caption" label="Caption" reply={replyFor(reply, 'photo')} />
            <Button type="submit" variant="outline" disabled={busy} className="min-h-11 sm:self-start">
              Add photo
            </Button>
          </Form>
        ) : null}
      </Panel>

      <Panel id="comments" title="Comments">
        {detail.comments.length ? (
          <ul className="flex flex-col gap-2">
            {detail.comments.map((c) => (
              <li key={c.id} className="flex flex-col gap-1 rounded-lg border bg-background p-3 text-sm">
                <span className="text-muted-foreground">
                  {c.author_name || 'Someone'} · {c.written} · {c.visible_to_resident ? 'Shown to the resident' : 'Internal'}
                </span>
                <span className="whitespace-pre-line">{c.body}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No comments yet.</p>
        )}
        {!detail.closed ? (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="comment" />
            <IdempotencyKey form="comment" />
            <FormProblem reply={replyFor(reply, 'comment')} />
            <TextArea name="body" label="Comment" reply={replyFor(reply, 'comment')} required />
            <Checkbox name="visible_to_resident" label="Show it to the resident" reply={replyFor(reply, 'comment')} />
            <Button type="submit" variant="outline" disabled={busy} className="min-h-11 sm:self-start">
              Add comment
            </Button>
          </Form>
        ) : null}
      </Panel>
      <Link to={`/mt/time-tracking-entries/new/?work_order_id=${String(w.id)}`} className="inline-flex min-h-11 items-center text-sm text-primary underline">
        Clock in on this work order
      </Link>
    </div>
  )
}
