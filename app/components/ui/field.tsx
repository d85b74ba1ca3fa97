import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import { getInputProps, getTextareaProps } from '@conform-to/react'
import * as React from 'react'
import { cn } from '~/utils/misc'
import { Input, Label, Select } from './input'

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const messages = errors?.filter(Boolean)
  if (!messages?.length) return null
  return (
    <ul id={id} className="flex flex-col gap-1">
      {messages.map((e) => (
        <li key={e} className="text-sm text-destructive">
          {e}
        </li>
      ))}
    </ul>
  )
}

type Common = { label: string; help?: string; className?: string }

/** The mark beside the label of a field that must be filled in (its control's own `required` says so to a screen reader). */
export function RequiredMark({ required }: { required?: boolean }) {
  return required ? <span aria-hidden className="text-destructive"> *</span> : null
}

/**
 * The label, help and errors around one control; `control` gets the ids that
 * tie the help and the errors to it.
 */
export function Labelled({ label, help, meta, className, control }: Common & { meta: Pick<FieldMetadata<unknown>, 'id' | 'errorId' | 'errors'>; control: (describedBy: string | undefined) => React.ReactNode }) {
  const helpId = help ? `${meta.id}-help` : undefined
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      {control([meta.errors?.length ? meta.errorId : undefined, helpId].filter(Boolean).join(' ') || undefined)}
      {help ? (
        <p id={helpId} className="text-xs text-muted-foreground">
          {help}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A labelled input bound to a conform field: its value survives a failed submit, its errors show beneath it. */
export function Field({
  label,
  help,
  meta,
  type = 'text',
  className,
  ...props
}: Common & { meta: FieldMetadata<unknown>; type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'number' | 'date' } & Omit<
    React.InputHTMLAttributes<HTMLInputElement>,
    'type' | 'name' | 'id' | 'form'
  >) {
  const inputProps = getInputProps(meta, { type, value: type !== 'password' })
  return (
    <Labelled label={label} help={help} meta={meta} className={className} control={(describedBy) => <Input {...inputProps} {...props} aria-describedby={describedBy} />} />
  )
}

export function SelectField({
  label,
  help,
  meta,
  options,
  className,
  placeholder,
}: Common & { meta: FieldMetadata<unknown>; options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={meta.id}>{label}</Label>
      <Select
        id={meta.id}
        name={meta.name}
        defaultValue={(meta.initialValue as string | undefined) ?? ''}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errors?.length ? meta.errorId : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      {help ? <p className="text-xs text-muted-foreground">{help}</p> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** A checkbox whose unchecked state is submitted too (as "off" is absent from forms). */
export function CheckboxField({ label, help, meta, className }: Common & { meta: FieldMetadata<unknown> }) {
  const checked = meta.initialValue === 'on' || meta.initialValue === 'true' || (meta.initialValue as unknown) === true
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        type="checkbox"
        id={meta.id}
        name={meta.name}
        defaultChecked={checked}
        className="mt-0.5 size-4 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-describedby={help ? `${meta.id}-help` : undefined}
      />
      <div className="flex flex-col gap-1">
        {/* A label long enough to wrap (a consent) reads as a sentence, not lines set solid. */}
        <Label htmlFor={meta.id} className="leading-snug">
          {label}
        </Label>
        {help ? (
          <p id={`${meta.id}-help`} className="text-xs text-muted-foreground">
            {help}
          </p>
        ) : null}
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  )
}

type Problem = { message: string; /** The id of the field it is about, linked to from the summary. */ field?: string }

/**
 * The errors of a failed submit, at the top of the form. It takes focus when it appears or
 * changes, so the person (and a screen reader) lands on it: with JavaScript by focusing it,
 * without it through `autofocus` on the page the action sends back. Each error about a field
 * links to that field.
 */
function Summary({ problems, id }: { problems: Problem[]; id?: string }) {
  const ref = React.useRef<HTMLDivElement>(null)
  const key = problems.map((p) => `${p.field}:${p.message}`).join('|')
  React.useEffect(() => {
    if (key) ref.current?.focus()
  }, [key])
  if (!problems.length) return null
  return (
    <div
      ref={ref}
      role="alert"
      id={id}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only after a failed submit, and it is what lets a page without JavaScript land on its errors
      autoFocus
      className="error-summary rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-destructive"
    >
      {problems.length > 1 ? <p className="font-semibold">Please correct {problems.length} problems:</p> : null}
      <ul className={cn('flex flex-col gap-1', problems.length > 1 && 'mt-1 list-disc pl-5')}>
        {problems.map((p) => (
          <li key={`${p.field}:${p.message}`}>
            {p.field ? (
              <a href={`#${p.field}`} className="underline">
                {p.message}
              </a>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Errors that belong to no one field (or a form not built with conform), as the form's error summary. */
export function FormErrors({ errors, id, fields }: { errors?: string[] | null; id?: string; /** Field errors by the id of their field. */ fields?: Record<string, string[] | undefined> }) {
  const problems: Problem[] = [
    ...(errors ?? []).filter(Boolean).map((message) => ({ message })),
    ...Object.entries(fields ?? {}).flatMap(([field, messages]) => (messages ?? []).map((message) => ({ message, field }))),
  ]
  return <Summary problems={problems} id={id} />
}

/** A line's error in the summary names its line ("Line 2: Account is required."), as the field beside it is labelled; one that does already is left as it is. */
function ofLine(name: string, message: string) {
  const line = /\[(\d+)\]\.[^.[\]]+$/.exec(name)
  return line && !/^Line \d/.test(message) ? `Line ${Number(line[1]) + 1}: ${message}` : message
}

/** A conform form's error summary: its own errors, then each field's, linked to the field. */
export function ErrorSummary({ form }: { form: Pick<FormMetadata, 'id' | 'errorId' | 'allErrors'> }) {
  const problems: Problem[] = Object.entries(form.allErrors).flatMap(([name, messages]) =>
    messages.map((message) => (name ? { message: ofLine(name, message), field: `${form.id}-${name}` } : { message })),
  )
  return <Summary problems={problems} id={form.errorId} />
}

/** A labelled multi-line text bound to a conform field, like Field. */
export function TextareaField({
  label,
  help,
  meta,
  className,
  ...props
}: Common & { meta: FieldMetadata<unknown> } & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'form'>) {
  return (
    <Labelled
      label={label}
      help={help}
      meta={meta}
      className={className}
      control={(describedBy) => (
        <textarea
          {...getTextareaProps(meta)}
          rows={4}
          {...props}
          aria-describedby={describedBy}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-[invalid=true]:border-destructive"
        />
      )}
    />
  )
}
