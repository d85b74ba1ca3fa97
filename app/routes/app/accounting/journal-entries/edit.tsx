import { data } from 'react-router'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { emptyLine, lineValuesFromApi, JournalEntryForm } from '~/components/ledger/journal-entry-form'
import { entryFormChoices, submitEntryForm } from '~/components/ledger/journal-entry-form.server'
import { useNumberFormat } from '~/components/resource/use-currency'
import { Card, CardContent } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/edit'
import type { JournalEntry } from './detail'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Correct Entry #${loaderData.entry.number}` : 'Journal Entry') }]

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const [entry, choices] = await Promise.all([api.get<JournalEntry>(`accounting/journal-entries/${params.id}/`), entryFormChoices(api)])
  if (!entry.editable) throw data({ detail: `Entry #${entry.number} cannot be changed: ${entry.source_type !== 'JOURNAL_ENTRY' ? `it was posted by a ${entry.source_label.toLowerCase()}` : entry.status === 'REVERSED' ? 'it was already reversed' : entry.kind === 'REVERSAL' ? 'it is a reversal' : 'it is on a final bank reconciliation'}.` }, { status: 409 })
  return { entry, choices }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  return submitEntryForm(api, await request.formData(), { method: 'PUT', path: `accounting/journal-entries/${params.id}/` })
}

export default function EditJournalEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, choices } = loaderData
  const numbers = useNumberFormat()
  const values = actionData?.values ?? {
    date: entry.date,
    memo: entry.memo ?? '',
    reversal_date: entry.date,
    lines: [
      ...entry.lines.map((line) => lineValuesFromApi(line, numbers)),
      ...Array.from({ length: 2 }, emptyLine),
    ],
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Journal Entries', href: '/app/accounting/journal-entries/' }, { label: `#${entry.number}`, href: `/app/accounting/journal-entries/${entry.id}/` }, { label: 'Correct' }]} />
      <PageHeader title={`Correct Entry #${entry.number}`} />
      <Card>
        <CardContent className="pt-6">
          <JournalEntryForm id="journal-entry-edit" values={values} errors={actionData?.errors} choices={choices} submitLabel="Save correction" correcting={{ number: entry.number, date: entry.date }} />
        </CardContent>
      </Card>
    </div>
  )
}
