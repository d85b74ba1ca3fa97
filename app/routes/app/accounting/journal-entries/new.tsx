import { Breadcrumbs, PageHeader } from '~/components/list'
import { emptyLine, JournalEntryForm, LINE_ROWS } from '~/components/ledger/journal-entry-form'
import { entryFormChoices, submitEntryForm } from '~/components/ledger/journal-entry-form.server'
import { Card, CardContent } from '~/components/ui/card'
import { useCompanyToday } from '~/components/use-company-today'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/new'

export const meta: Route.MetaFunction = () => [{ title: title('New Journal Entry') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { choices: await entryFormChoices(api) }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  return submitEntryForm(api, await request.formData(), { method: 'POST', path: 'accounting/journal-entries/' })
}

export default function NewJournalEntry({ loaderData, actionData }: Route.ComponentProps) {
  const today = useCompanyToday()
  const values = actionData?.values ?? { date: today, memo: '', lines: Array.from({ length: LINE_ROWS }, emptyLine) }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Journal Entries', href: '/app/accounting/journal-entries/' }, { label: 'New' }]} />
      <PageHeader title="New Journal Entry" />
      <Card>
        <CardContent className="pt-6">
          <JournalEntryForm id="journal-entry" values={values} errors={actionData?.errors} choices={loaderData.choices} submitLabel="Post entry" />
        </CardContent>
      </Card>
    </div>
  )
}
