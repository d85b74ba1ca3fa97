import { Plus } from 'lucide-react'
import { data, Form, useNavigation } from 'react-router'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { IdempotencyKey } from '~/components/idempotency-key'
import { emptyLine, LINE_ROWS, LineGrid, type EntryFormErrors, type LineValues } from '~/components/ledger/journal-entry-form'
import { entryFormChoices, entryFormErrors, filledLines, lineValuesOf, withMoreLines } from '~/components/ledger/journal-entry-form.server'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { useCompanyToday } from '~/components/use-company-today'
import { ErrorList, FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { FREQUENCIES } from '~/domain/ledger/entries'
import { requireSession } from '~/utils/api-client.server'
import { idempotencyKeyOf } from '~/utils/forms.server'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/new'

export const meta: Route.MetaFunction = () => [{ title: title('New Recurring Journal Entry') }]

const FIELDS = ['name', 'memo', 'frequency', 'start_date', 'end_date'] as const
type Values = Record<(typeof FIELDS)[number], string> & { lines: LineValues[] }

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  return { choices: await entryFormChoices(api) }
}

export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireSession(request)
  const formData = await request.formData()
  const values = { ...Object.fromEntries(FIELDS.map((f) => [f, String(formData.get(f) ?? '').trim()])), lines: lineValuesOf(formData) } as Values
  if (formData.get('intent') === 'add-lines') return data({ values: { ...values, lines: withMoreLines(values.lines) }, errors: {} as EntryFormErrors })
  const { rows, body: lines } = filledLines(values.lines)
  const body = { name: values.name, memo: values.memo || null, frequency: values.frequency, start_date: values.start_date, end_date: values.end_date || null, lines }
  const result = await api.send<{ id: string; name: string; posted_count: number; next_date: string | null }>('POST', 'accounting/recurring-journal-entries/', body, { idempotencyKey: idempotencyKeyOf(formData) })
  if (result.ok) {
    const { id, name, posted_count, next_date } = result.data
    const posted = posted_count ? ` ${posted_count} period${posted_count === 1 ? ' was' : 's were'} already due and posted.` : ''
    throw await redirectWithToast(`/app/accounting/recurring-journal-entries/${id}/`, { type: 'success', description: `${name} saved.${posted}${next_date ? ` It posts next on ${next_date}.` : ''}` })
  }
  return data({ values, errors: entryFormErrors(rows, result.error, [...FIELDS]) }, { status: typeof result.status === 'number' ? result.status : 400 })
}

export default function NewRecurringJournalEntry({ loaderData, actionData }: Route.ComponentProps) {
  const today = useCompanyToday()
  const navigation = useNavigation()
  const id = 'recurring-entry'
  const values: Values = actionData?.values ?? { name: '', memo: '', frequency: 'MONTHLY', start_date: today, end_date: '', lines: Array.from({ length: LINE_ROWS }, emptyLine) }
  const errors = actionData?.errors
  const field = (name: (typeof FIELDS)[number], label: string, input: React.ReactNode, options: { required?: boolean; help?: string; wide?: boolean } = {}) => (
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
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Recurring Journal Entries', href: '/app/accounting/recurring-journal-entries/' }, { label: 'New' }]} />
      <PageHeader title="New Recurring Journal Entry" />
      <Card>
        <CardContent className="pt-6">
          <Form method="post" id={id} className="flex flex-col gap-5" noValidate>
            <IdempotencyKey form={id} />
            <FormErrors errors={errors?.form} />
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
                help: 'Later postings keep its day of the month (the 31st becomes each month’s last day). Periods already due post when you save.',
              })}
              {field('end_date', 'Last posting on or before', <Input id={`${id}-end_date`} type="date" name="end_date" defaultValue={values.end_date} {...invalid('end_date')} />, { help: 'Leave empty to go on until stopped.' })}
            </div>
            <LineGrid id={id} lines={values.lines} errors={errors?.lines} choices={loaderData.choices} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="save" disabled={navigation.state === 'submitting'}>
                Save recurring entry
              </Button>
              <Button type="submit" name="intent" value="add-lines" variant="outline" formNoValidate>
                <Plus aria-hidden /> Add lines
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  )
}
