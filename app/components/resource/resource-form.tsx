import { getFormProps, useForm, type FieldMetadata, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { COUNTRIES, DIVISIONS } from '~/domain/geo'
import { decimalHint, showDecimal, type NumberFormat } from '~/domain/money'
import type { ReferenceChoices } from '~/resources/engine/pages.server'
import { uploadKey, writableIn } from '~/resources/engine/fields'
import { decimalPlacesOf, type FieldView, type ResourceView } from '~/resources/engine/view'
import { cn } from '~/utils/misc'
import { IdempotencyKey } from '../idempotency-key'
import { Button } from '../ui/button'
import { ErrorList, ErrorSummary, RequiredMark } from '../ui/field'
import { Input, Label, Select } from '../ui/input'
import { DOCUMENT_ACCEPT } from './attachments'
import { EmptyPicker, nothingToPick } from './empty-picker'
import { FieldValue } from './field-value'
import { LinesInput, PicksInput } from './lines'
import { ReferencePicker } from './reference-picker'
import { useCompanyToday } from '../use-company-today'
import { useCurrency, useNumberFormat } from './use-currency'

type Meta = FieldMetadata<unknown>

function describedBy(meta: Meta, help?: string) {
  return [meta.errors?.length ? meta.errorId : undefined, help ? `${meta.id}-help` : undefined].filter(Boolean).join(' ') || undefined
}

function initial(meta: Meta) {
  const value = meta.initialValue
  return typeof value === 'string' ? value : value == null ? '' : String(value)
}

/** Label, input, help and errors: the frame every field kind shares. */
function Frame({ field, meta, children, className }: { field: FieldView; meta: Meta; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={meta.id}>
        {field.label}
        <RequiredMark required={field.required} />
      </Label>
      {children}
      {field.help ? (
        <p id={`${meta.id}-help`} className="text-xs text-muted-foreground">
          {field.help}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

function common(field: FieldView, meta: Meta) {
  return {
    id: meta.id,
    name: meta.name,
    required: field.required,
    'aria-invalid': meta.errors?.length ? true : undefined,
    'aria-describedby': describedBy(meta, field.help),
  }
}

function TextInput({ field, meta }: { field: FieldView; meta: Meta }) {
  const type = field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : field.kind === 'date' ? 'date' : 'text'
  const max = 'max' in field && field.kind !== 'number' ? field.max : undefined
  return (
    <Frame field={field} meta={meta}>
      <Input {...common(field, meta)} type={type} defaultValue={initial(meta)} maxLength={max} autoComplete={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'off'} />
    </Frame>
  )
}

/** A new record's file: chosen again after a refused submit, since a browser cannot put a file back into its input. */
function FileInput({ field, meta }: { field: FieldView; meta: Meta }) {
  return (
    <Frame field={field} meta={meta} className="sm:col-span-2">
      <Input {...common(field, meta)} type="file" accept={DOCUMENT_ACCEPT} className="h-auto file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium" />
    </Frame>
  )
}

/** Amounts, percentages and decimal numbers are written in the company's number format; whole numbers (a year, a count) stay as they are. */
const inNumberFormat = (field: FieldView) => field.kind === 'money' || field.kind === 'percent' || (field.kind === 'number' && decimalPlacesOf(field) > 0)

/**
 * The record as the form starts: its amounts shown to be typed over ("1250.00" → "1 250,00" in
 * French); a new one with as many empty lines as it needs at least (none when they are optional), and today in the date fields
 * that start there (a deposit's date).
 */
function shownForEditing(view: ResourceView, record: Record<string, unknown> | undefined, numbers: NumberFormat, today: string) {
  const shown: Record<string, unknown> = { ...record }
  if (!record?.id) {
    for (const field of view.fields) {
      // As many empty lines as it needs; one whose lines are optional (a payment's charges chosen) starts with none.
      if (field.kind === 'lines' && !field.picks && shown[field.name] === undefined) shown[field.name] = Array.from({ length: field.min ?? 1 }, () => ({}))
      if (field.kind === 'date' && field.startsToday && !shown[field.name]) shown[field.name] = today
    }
  }
  for (const field of view.fields) {
    const value = record?.[field.name]
    if (inNumberFormat(field) && typeof value === 'string') shown[field.name] = showDecimal(value, numbers, decimalPlacesOf(field))
  }
  return shown
}

/**
 * Numbers, amounts and percentages are typed as text in the company's number format and read by the
 * server in the format the form was shown in, so "1,250.00" or "$900" work too (or "1 250,00" in French).
 */
function NumberInput({ field, meta, currency, numbers }: { field: FieldView; meta: Meta; currency: string; numbers: NumberFormat }) {
  const symbol = field.kind === 'money' ? (currency === 'USD' ? 'US$' : '$') : null
  // French writes the currency after the amount, as it writes the percent sign.
  const prefix = numbers === 'en' ? symbol : null
  const suffix = field.kind === 'percent' ? '%' : field.kind === 'number' ? field.unit : numbers === 'fr' ? symbol : null
  return (
    <Frame field={field} meta={meta}>
      <div className="flex items-center gap-2">
        {prefix ? <span className="text-sm text-muted-foreground">{prefix}</span> : null}
        <Input
          {...common(field, meta)}
          type="text"
          inputMode="decimal"
          defaultValue={initial(meta)}
          placeholder={inNumberFormat(field) ? decimalHint(numbers, decimalPlacesOf(field), { percent: field.kind === 'percent' }) : undefined}
          className="max-w-48"
        />
        {suffix ? <span className="text-sm text-muted-foreground">{suffix}</span> : null}
      </div>
    </Frame>
  )
}

function SelectInput({ field, meta }: { field: FieldView & { kind: 'select' }; meta: Meta }) {
  return (
    <Frame field={field} meta={meta}>
      <Select {...common(field, meta)} defaultValue={initial(meta)}>
        <option value="">{field.required ? 'Choose…' : '—'}</option>
        {field.options.map((o) =>
          // A value Lintel set itself stays shown on its record's form, never offered for another.
          o.system && o.value !== initial(meta) ? null : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </Select>
    </Frame>
  )
}

function BooleanInput({ field, meta }: { field: FieldView; meta: Meta }) {
  const value = meta.initialValue as unknown
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input
        type="checkbox"
        id={meta.id}
        name={meta.name}
        defaultChecked={value === true || value === 'on' || value === 'true'}
        aria-describedby={describedBy(meta, field.help)}
        className="mt-0.5 size-4 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={meta.id}>{field.label}</Label>
        {field.help ? (
          <p id={`${meta.id}-help`} className="text-xs text-muted-foreground">
            {field.help}
          </p>
        ) : null}
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  )
}

function LongTextInput({ field, meta }: { field: FieldView; meta: Meta }) {
  return (
    <Frame field={field} meta={meta} className="sm:col-span-2">
      <textarea
        {...common(field, meta)}
        defaultValue={initial(meta)}
        rows={4}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive"
      />
    </Frame>
  )
}

function SecretInput({ field, meta, current }: { field: FieldView; meta: Meta; current?: string | null }) {
  return (
    <Frame field={field} meta={meta}>
      <Input {...common(field, meta)} required={field.required && !current} type="text" autoComplete="off" defaultValue="" placeholder={current ? `${current} (leave blank to keep)` : undefined} />
    </Frame>
  )
}

/** Street, city, province or state, postal code and country; without JavaScript the province list holds both countries' divisions. */
function AddressInput({ field, meta }: { field: FieldView; meta: Meta }) {
  const parts = (meta as FieldMetadata<Record<string, string>>).getFieldset()
  const part = (name: string) => (parts as unknown as Record<string, Meta>)[name]
  const [country, setCountry] = useState(initial(part('country')) || 'CA')
  const partInput = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const m = part(name)
    return (
      <div className="flex flex-col gap-1">
        <Label htmlFor={m.id} className="text-xs text-muted-foreground">
          {label}
        </Label>
        <Input id={m.id} name={m.name} defaultValue={initial(m)} aria-invalid={m.errors?.length ? true : undefined} aria-describedby={m.errors?.length ? m.errorId : undefined} {...props} />
        <ErrorList id={m.errorId} errors={m.errors} />
      </div>
    )
  }
  const province = part('province')
  const countryMeta = part('country')
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3 sm:col-span-2" aria-describedby={field.help ? `${meta.id}-help` : undefined}>
      <legend className="px-1 text-sm font-medium">
        {field.label}
        <RequiredMark required={field.required} />
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {partInput('street', 'Street', { autoComplete: 'address-line1', className: 'sm:col-span-2' })}
        {partInput('street2', 'Unit, suite or building (optional)', { autoComplete: 'address-line2' })}
        {partInput('city', 'City', { autoComplete: 'address-level2' })}
        <div className="flex flex-col gap-1">
          <Label htmlFor={province.id} className="text-xs text-muted-foreground">
            Province or state
          </Label>
          <Select id={province.id} name={province.name} defaultValue={initial(province)} aria-invalid={province.errors?.length ? true : undefined} aria-describedby={province.errors?.length ? province.errorId : undefined}>
            <option value="">Choose…</option>
            {COUNTRIES.map((c) => (
              <optgroup key={c.code} label={c.name}>
                {(DIVISIONS[c.code] ?? []).map((d) => (
                  <option key={`${c.code}-${d.code}`} value={d.code}>
                    {d.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
          <ErrorList id={province.errorId} errors={province.errors} />
        </div>
        {partInput('postal_code', 'Postal or ZIP code', { autoComplete: 'postal-code' })}
        <div className="flex flex-col gap-1">
          <Label htmlFor={countryMeta.id} className="text-xs text-muted-foreground">
            Country
          </Label>
          <Select id={countryMeta.id} name={countryMeta.name} value={country} onChange={(e) => setCountry(e.target.value)}>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
          <ErrorList id={countryMeta.errorId} errors={countryMeta.errors} />
        </div>
      </div>
      {field.help ? (
        <p id={`${meta.id}-help`} className="text-xs text-muted-foreground">
          {field.help}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}

/**
 * A reference: a select of the target's records. When there are more than a
 * select should hold, a search box narrows them: with JavaScript as you type,
 * without it through the form's own "Find" button (the form comes back with
 * every value kept and the choices narrowed).
 */
function ReferenceInput({ field, meta, choices }: { field: FieldView; meta: Meta; choices: ReferenceChoices }) {
  if (nothingToPick(choices)) {
    return (
      <Frame field={field} meta={meta}>
        <input type="hidden" name={meta.name} value="" />
        <EmptyPicker field={field} id={meta.id} />
      </Frame>
    )
  }
  return (
    <Frame field={field} meta={meta}>
      <ReferencePicker field={field} meta={meta} choices={choices} select={common(field, meta)} />
    </Frame>
  )
}

/** The input of one field, by its kind: the resource forms and the actions' small forms both use it. */
export function FieldInput({
  field,
  meta,
  choices,
  current,
  currency,
  numbers,
  form,
  allChoices,
}: {
  field: FieldView
  meta: Meta
  choices?: ReferenceChoices
  /** A secret's stored value (its last four characters), shown as what a blank input keeps. */
  current?: string | null
  currency: string
  numbers: NumberFormat
  /** The form a document's lines belong to: their Add line and Remove buttons change it. */
  form?: FormMetadata<Record<string, unknown>>
  /** Every reference choice of the form, by input name: its lines pick theirs from them. */
  allChoices?: Record<string, ReferenceChoices>
}) {
  switch (field.kind) {
    case 'select':
      return <SelectInput field={field} meta={meta} />
    case 'boolean':
      return <BooleanInput field={field} meta={meta} />
    case 'longText':
      return <LongTextInput field={field} meta={meta} />
    case 'address':
      return <AddressInput field={field} meta={meta} />
    case 'secret':
      return <SecretInput field={field} meta={meta} current={current} />
    case 'reference':
      return <ReferenceInput field={field} meta={meta} choices={choices ?? { options: [], more: false }} />
    case 'money':
    case 'percent':
    case 'number':
      return <NumberInput field={field} meta={meta} currency={currency} numbers={numbers} />
    case 'text':
    case 'email':
    case 'phone':
    case 'date':
      return <TextInput field={field} meta={meta} />
    case 'file':
      return <FileInput field={field} meta={meta} />
    case 'lines':
      // Lines are typed in a record's own form only (an action's small form has none).
      return form ? <LinesInput field={field} meta={meta} form={form} numbers={numbers} choices={allChoices ?? {}} /> : null
  }
  // Every kind has its input above: a new one fails to compile here until it has.
  return field satisfies never
}

/** A field fixed once its record is made (a deposit's amount): its edit form shows it as it is, beside the inputs of what can change. */
function FixedValue({ field, record }: { field: FieldView; record: Record<string, unknown> }) {
  return (
    <div className={cn('flex flex-col gap-2', (field.kind === 'address' || field.kind === 'longText' || field.kind === 'lines') && 'sm:col-span-2')}>
      <span className="text-sm font-medium leading-none">{field.label}</span>
      <div className="text-sm">
        <FieldValue field={field} record={record} />
      </div>
    </div>
  )
}

/** What the form holds for a field: an input where it is written, its value where it was fixed as the record was made, else nothing. */
function formRole(field: FieldView, mode: 'create' | 'update', uploads: boolean) {
  if (field.hiddenInForm || (field.kind === 'file' && !uploads)) return null
  if (writableIn(field, mode)) return 'input'
  // Picked lines are listed on the record's page; an edit form has no room to list them again.
  return mode === 'update' && !field.readOnly && field.writableOn === 'create' && !(field.kind === 'lines' && field.picks) ? 'fixed' : null
}

export type FormActionData = { result?: SubmissionResult<string[]>; choices?: Record<string, ReferenceChoices> } | undefined

/** The new and edit form of any resource, by field kind; server-validated, values kept on error. */
export function ResourceForm({
  view,
  record,
  choices,
  candidates,
  actionData,
  submitLabel,
}: {
  view: ResourceView
  record?: Record<string, unknown>
  choices: Record<string, ReferenceChoices>
  /** What a new document's lines can pick, where they are picked (candidatesOf). */
  candidates?: Record<string, unknown>[] | null
  actionData: FormActionData
  submitLabel: string
}) {
  const navigation = useNavigation()
  const currency = useCurrency()
  const numbers = useNumberFormat()
  const today = useCompanyToday()
  const formId = `${view.name}-form`
  const [form, fields] = useForm<Record<string, unknown>>({ id: formId, lastResult: actionData?.result, defaultValue: shownForEditing(view, record, numbers, today) as never, shouldValidate: 'onSubmit' })
  const metaOf = (name: string) => (fields as unknown as Record<string, Meta>)[name]
  const allChoices = { ...choices, ...actionData?.choices }
  // A record's file comes with it as it is created (multipart), and stays its file after.
  const uploads = !record?.id && view.fields.some((f) => f.kind === 'file')
  const mode = record?.id ? 'update' : 'create'
  return (
    <Form method="post" encType={uploads ? 'multipart/form-data' : undefined} className="flex flex-col gap-5" {...getFormProps(form)}>
      {/* The form's first submit button is the one Enter presses: saving, not a reference picker's Find. */}
      <button type="submit" hidden />
      <ErrorSummary form={form} />
      {/* A new record's form, even one started with some values given (a parent's reference), carries the key; an existing record's does not. */}
      {record?.id ? null : <IdempotencyKey form={formId} />}
      {/* The server reads the amounts in the format they were shown and typed in. */}
      <input type="hidden" name="number_format" value={numbers} />
      <div className="grid gap-4 sm:grid-cols-2">
        {view.fields.map((field) => {
          const role = formRole(field, mode, uploads)
          if (role === 'fixed') return <FixedValue key={field.name} field={field} record={record ?? {}} />
          if (!role) return null
          return field.kind === 'lines' && field.picks ? (
            // Lines are picked as a record is made, from what can be picked then; its edit form keeps them.
            record?.id ? null : <PicksInput key={field.name} field={field} meta={metaOf(field.picks.input)} candidates={candidates ?? []} />
          ) : (
            <FieldInput key={field.name} field={field} meta={metaOf(field.kind === 'file' ? uploadKey(field.name) : field.name)} choices={allChoices[field.name]} allChoices={allChoices} current={record?.[field.name] as string | null} currency={currency} numbers={numbers} form={form} />
          )
        })}
      </div>
      <Button type="submit" className="self-start" disabled={navigation.state === 'submitting'}>
        {submitLabel}
      </Button>
    </Form>
  )
}
