import { Breadcrumbs, PageHeader } from '~/components/list'
import { emptyLine, lineValuesFromApi } from '~/components/ledger/journal-entry-form'
import { entryFormChoices, submitRecurringForm } from '~/components/ledger/journal-entry-form.server'
import { RecurringEntryForm, type RecurringEntry, type RecurringFormValues } from '~/components/ledger/recurring-entry-form'
import { useNumberFormat } from '~/components/resource/use-currency'
import { Card, CardContent } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/edit'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Edit ${loaderData.entry.name}` : 'Recurring Journal Entry') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const [entry, choices] = await Promise.all([api.get<RecurringEntry>(`accounting/recurring-journal-entries/${params.id}/`), entryFormChoices(api)])
  return { entry, choices }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  return submitRecurringForm(api, await request.formData(), { method: 'PUT', path: `accounting/recurring-journal-entries/${params.id}/` })
}

export default function EditRecurringJournalEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, choices } = loaderData
  const numbers = useNumberFormat()
  const values: RecurringFormValues = actionData?.values ?? {
    name: entry.name,
    memo: entry.memo ?? '',
    frequency: entry.frequency,
    start_date: entry.start_date,
    end_date: entry.end_date ?? '',
    lines: [
      ...entry.lines.map((line) => lineValuesFromApi(line, numbers)),
      ...Array.from({ length: 2 }, emptyLine),
    ],
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs
        items={[
          { label: 'Recurring Journal Entries', href: '/app/accounting/recurring-journal-entries/' },
          { label: entry.name, href: `/app/accounting/recurring-journal-entries/${entry.id}/` },
          { label: 'Edit' },
        ]}
      />
      <PageHeader title={`Edit ${entry.name}`} />
      <Card>
        <CardContent className="pt-6">
          <RecurringEntryForm values={values} errors={actionData?.errors} choices={choices} submitLabel="Save changes" isNew={false} />
        </CardContent>
      </Card>
    </div>
  )
}
