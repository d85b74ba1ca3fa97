import { Breadcrumbs, PageHeader } from '~/components/list'
import { emptyLine, LINE_ROWS } from '~/components/ledger/journal-entry-form'
import { entryFormChoices, submitRecurringForm } from '~/components/ledger/journal-entry-form.server'
import { RecurringEntryForm, type RecurringFormValues } from '~/components/ledger/recurring-entry-form'
import { Card, CardContent } from '~/components/ui/card'
import { useCompanyToday } from '~/components/use-company-today'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/new'

export const meta: Route.MetaFunction = () => [{ title: title('New Recurring Journal Entry') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { choices: await entryFormChoices(api) }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  return submitRecurringForm(api, await request.formData(), { method: 'POST', path: 'accounting/recurring-journal-entries/' })
}

export default function NewRecurringJournalEntry({ loaderData, actionData }: Route.ComponentProps) {
  const today = useCompanyToday()
  const values: RecurringFormValues = actionData?.values ?? { name: '', memo: '', frequency: 'MONTHLY', start_date: today, end_date: '', lines: Array.from({ length: LINE_ROWS }, emptyLine) }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Recurring Journal Entries', href: '/app/accounting/recurring-journal-entries/' }, { label: 'New' }]} />
      <PageHeader title="New Recurring Journal Entry" />
      <Card>
        <CardContent className="pt-6">
          <RecurringEntryForm values={values} errors={actionData?.errors} choices={loaderData.choices} submitLabel="Save recurring entry" isNew />
        </CardContent>
      </Card>
    </div>
  )
}
