import { Link } from 'react-router'
import type { TechnicianTimeEntry, TechnicianWorkOrderItem } from '~/api/maintenance/technician'
import type { Answer } from '~/utils/api-client.server'
import { cn } from '~/utils/misc'
import { Badge } from './ui/card'
import { Input, Label, Select } from './ui/input'
import { RequiredMark } from './ui/field'

/*
 * The technician area's pieces (SPEC.md §2 /mt/), phone first and without JavaScript: plain forms
 * whose errors come back beside their fields with the typed values kept (FormReply), links for
 * everything else, and nothing heavier than a list of short cards.
 */

/** What an action answers a form that failed: which form, the values typed, the API's errors by field. */
export type FormReply = { form: string; values: Record<string, string>; errors: Record<string, string[]>; detail: string }

/** The reply for this form, if the last post was it. */
export const replyFor = (reply: FormReply | undefined, form: string) => (reply?.form === form ? reply : undefined)

export function FormProblem({ reply }: { reply?: FormReply }) {
  if (!reply) return null
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {reply.detail}
    </p>
  )
}

type TextProps = {
  name: string
  label: string
  reply?: FormReply
  defaultValue?: string
  help?: string
  className?: string
  /** The API's name for the field, when the form's differs (a material line's). */
  errorKey?: string
  id?: string
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'defaultValue' | 'id'>

/** A labelled input whose typed value survives a refused post and whose errors show beneath it. */
export function TextInput({ name, label, reply, defaultValue, help, className, errorKey, id, ...props }: TextProps) {
  const errors = reply?.errors[errorKey ?? name]
  const inputId = id ?? `f-${name}`
  const described = [errors ? `${inputId}-error` : '', help ? `${inputId}-help` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={inputId}>
        {label}
        <RequiredMark required={props.required} />
      </Label>
      <Input id={inputId} name={name} defaultValue={reply ? (reply.values[name] ?? '') : defaultValue} aria-invalid={errors ? true : undefined} aria-describedby={described} {...props} />
      {help ? (
        <p id={`${inputId}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      ) : null}
      <FieldErrors id={`${inputId}-error`} errors={errors} />
    </div>
  )
}

export function TextArea({ name, label, reply, defaultValue, rows = 3, required }: { name: string; label: string; reply?: FormReply; defaultValue?: string; rows?: number; required?: boolean }) {
  const errors = reply?.errors[name]
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`f-${name}`}>
        {label}
        <RequiredMark required={required} />
      </Label>
      <textarea
        id={`f-${name}`}
        name={name}
        rows={rows}
        required={required}
        defaultValue={reply ? (reply.values[name] ?? '') : defaultValue}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `f-${name}-error` : undefined}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive"
      />
      <FieldErrors id={`f-${name}-error`} errors={errors} />
    </div>
  )
}

export function SelectInput({
  name,
  label,
  options,
  reply,
  defaultValue,
  placeholder,
  required,
}: {
  name: string
  label: string
  options: readonly { value: string; label: string }[]
  reply?: FormReply
  defaultValue?: string
  placeholder?: string
  required?: boolean
}) {
  const errors = reply?.errors[name]
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`f-${name}`}>
        {label}
        <RequiredMark required={required} />
      </Label>
      <Select
        id={`f-${name}`}
        name={name}
        required={required}
        defaultValue={reply ? (reply.values[name] ?? '') : (defaultValue ?? '')}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `f-${name}-error` : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <FieldErrors id={`f-${name}-error`} errors={errors} />
    </div>
  )
}

export function Checkbox({ name, label, reply, defaultChecked }: { name: string; label: string; reply?: FormReply; defaultChecked?: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm">
      <input type="checkbox" name={name} defaultChecked={reply ? reply.values[name] === 'on' : defaultChecked} className="size-5 accent-primary" />
      {label}
    </label>
  )
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="text-sm text-destructive">
      {errors.join(' ')}
    </p>
  )
}

const STAGE_TONES: Record<string, 'success' | 'warning' | 'neutral' | 'danger'> = { IN_PROGRESS: 'warning', ON_HOLD: 'danger', WORK_DONE: 'success', CLOSED: 'success' }

export function StageBadge({ stage, label }: { stage: string; label: string }) {
  return <Badge tone={STAGE_TONES[stage] ?? 'neutral'}>{label}</Badge>
}

type Item = Answer<typeof TechnicianWorkOrderItem>

/** A work order as one short card: subject, where, when, status. Kept light: thirty of them stay well under 50 KB. */
export function WorkOrderCards({ items }: { items: Item[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((w) => (
        <li key={w.id}>
          <Link to={`/mt/work-orders/${w.id}/`} className="flex flex-col gap-1 rounded-lg border bg-background p-3 hover:bg-accent">
            <span className="flex items-start justify-between gap-2">
              <span className="font-medium">{w.subject}</span>
              <StageBadge stage={w.stage} label={w.status_label} />
            </span>
            <span className="text-sm text-muted-foreground">{w.where}</span>
            <span className="text-sm">
              {w.scheduled_date ? `Visit ${w.scheduled_date}${w.scheduled_time ? ` ${w.scheduled_time}` : ''}` : 'No visit set'}
              {w.due_date ? ` · due ${w.due_date}` : ''}
              {w.priority === 'EMERGENCY' || w.priority === 'URGENT' ? <strong className="text-destructive"> · {w.priority === 'EMERGENCY' ? 'Emergency' : 'Urgent'}</strong> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

type Entry = Answer<typeof TechnicianTimeEntry>

/** Time entries as short cards: when, how long, against what. */
export function TimeEntryCards({ entries }: { entries: Entry[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {entries.map((e) => (
        <li key={e.id}>
          <Link to={`/mt/time-tracking-entries/${e.id}/`} className="flex flex-col gap-1 rounded-lg border bg-background p-3 text-sm hover:bg-accent">
            <span className="flex items-start justify-between gap-2">
              <span className="font-medium">{e.started}</span>
              <Badge tone={e.state === 'OPEN' ? 'warning' : 'success'}>{e.state === 'OPEN' ? 'Clocked in' : minutesShown(e.minutes)}</Badge>
            </span>
            <span className="text-muted-foreground">{e.work_order ?? 'No work order'}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export const minutesShown = (minutes: number | null) => (minutes === null ? '' : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`)
