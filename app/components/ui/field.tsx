import type { FieldMetadata } from '@conform-to/react'
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

/**
 * The label, help and errors around one control; `control` gets the ids that
 * tie the help and the errors to it.
 */
function Labelled({ label, help, meta, className, control }: Common & { meta: FieldMetadata<unknown>; control: (describedBy: string | undefined) => React.ReactNode }) {
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
}: Common & { meta: FieldMetadata<unknown>; type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'number' } & Omit<
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
        <Label htmlFor={meta.id}>{label}</Label>
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

export function FormErrors({ errors, id }: { errors?: string[] | null; id?: string }) {
  if (!errors?.length) return null
  return (
    <div role="alert" id={id} className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  )
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
