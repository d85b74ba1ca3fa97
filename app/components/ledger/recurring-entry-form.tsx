import { Form } from 'react-router'
import { IdempotencyKey } from '~/components/idempotency-key'
import { EntryErrorSummary, LineFormActions, LineGrid, type EntryFormErrors, type LineValues } from '~/components/ledger/journal-entry-form'
import { ErrorList } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { FREQUENCIES } from '~/domain/ledger/entries'

export const RECURRING_FIELDS = ['name', 'memo', 'frequency', 'start_date', 'end_date'] as const
export type RecurringFormValues = Record<(typeof RECURRING_FIELDS)[number], string> & { lines: LineValues[] }

type Choice = { value: string; label: string }

/** A recurring entry as the API answers it, as far as its form reads it. */
export type RecurringEntry = {
  id: string
  name: string
  memo: string | null
  frequency: string
  start_date: string
  end_date: string | null
  lines: { account_id: string; debit: string | null; credit: string | null; memo: string | null; property_group_id: string | null; rental_unit_id: string | null; rental_unit_label: string | null }[]
}

/** The recurring entry form, new or edited: its schedule and the lines each posting makes. */
export function RecurringEntryForm(props: { values: RecurringFormValues; errors?: EntryFormErrors; choices: { accounts: Choice[]; properties: Choice[] }; submitLabel: string; isNew: boolean }) {
  const { values, errors } = props
  const id = 'recurring-entry'
  const field = (name: (typeof RECURRING_FIELDS)[number], label: string, input: React.ReactNode, options: { required?: boolean; help?: string; wide?: boolean } = {}) => (
    <div className={options.wide ? 'flex flex-col gap-1 sm:col-span-2' : 'flex flex-col gap-1'}>
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label} {options.required ? <span aria-hidden>*</span> : null}
      </label>
      {input}
      {options.help ? (
        <p id={`${id}-${name}-help`} className="text-xs text-muted-foreground">
          {options.help}
        </p>
      ) : null}
      <ErrorList id={`${id}-${name}-error`} errors={errors?.fields?.[name]} />
    </div>
  )
  const invalid = (name: string) => ({ 'aria-invalid': errors?.fields?.[name] ? true : undefined, 'aria-describedby': `${id}-${name}-error` })
  return (
    <Form method="post" id={id} className="flex flex-col gap-5" noValidate>
      {props.isNew ? <IdempotencyKey form={id} /> : null}
      <EntryErrorSummary id={id} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-3">
        {field('name', 'Name', <Input id={`${id}-name`} name="name" required maxLength={200} defaultValue={values.name} placeholder="e.g. Building depreciation" {...invalid('name')} />, { required: true })}
        {field('memo', 'Memo', <Input id={`${id}-memo`} name="memo" maxLength={1000} defaultValue={values.memo} placeholder="The memo of each posted entry (the name when empty)" />, { wide: true })}
        {field(
          'frequency',
          'Every',
          <Select id={`${id}-frequency`} name="frequency" defaultValue={values.frequency} {...invalid('frequency')}>
            {FREQUENCIES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label.replace(/ly$/, '')}
              </option>
            ))}
          </Select>,
          { required: true },
        )}
        {field('start_date', 'First posting', <Input id={`${id}-start_date`} type="date" name="start_date" required defaultValue={values.start_date} {...invalid('start_date')} />, {
          required: true,
          help: props.isNew
            ? 'Later postings keep its day of the month (the 31st becomes each month’s last day). Periods already due post when you save.'
            : 'Later postings keep its day of the month. Periods already posted stay as they were; periods now due post when you save.',
        })}
        {field('end_date', 'Last posting on or before', <Input id={`${id}-end_date`} type="date" name="end_date" defaultValue={values.end_date} {...invalid('end_date')} />, { help: 'Leave empty to go on until stopped.' })}
      </div>
      <LineGrid id={id} lines={values.lines} errors={errors?.lines} choices={props.choices} />
      <LineFormActions submitLabel={props.submitLabel} />
    </Form>
  )
}
