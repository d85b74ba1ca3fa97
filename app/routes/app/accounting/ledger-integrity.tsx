import { CircleCheck, TriangleAlert } from 'lucide-react'
import { Instant } from '~/components/instant'
import { Link } from 'react-router'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { buttonVariants } from '~/components/ui/button'
import type { Report as IntegrityReport } from '~/api/accounting/ledger-integrity'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/ledger-integrity'

export const meta: Route.MetaFunction = () => [{ title: title('Ledger Integrity') }]

type Report = Answer<typeof IntegrityReport>

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { report: await api.get<Report>('accounting/ledger-integrity/') }
}

const WHAT_IS_CHECKED = [
  'Every entry has at least two lines, and its debits equal its credits to the cent.',
  'All lines together sum to zero: the trial balance balances.',
  'Each line carries its entry’s date and basis.',
  'Each reversal negates the entry it reverses, account by account and property by property.',
  'Entry numbers run from 1 without a gap.',
  'Each bank deposit equals the receipts it gathered, and its entry puts exactly that in the bank.',
  'Each final reconciliation ties: opening balance plus cleared items equals the statement’s ending balance.',
]

export default function LedgerIntegrity({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData
  const kinds = [...new Set(report.findings.map((f) => f.kind_label))]
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Journal', href: '/app/accounting/journal/' }, { label: 'Ledger Integrity' }]} />
      <PageHeader title="Ledger Integrity">
        <Link to="/app/accounting/ledger-integrity/" className={buttonVariants({ variant: 'outline' })}>
          Check again
        </Link>
      </PageHeader>
      {report.ok ? (
        <p role="status" className="flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-950">
          <CircleCheck aria-hidden className="size-5" />
          All {report.entries.toLocaleString('en-CA')} entries balance ({report.lines.toLocaleString('en-CA')} lines), and every check below passes.
        </p>
      ) : (
        <div role="alert" className="flex flex-col gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-950">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden className="size-5" />
            {report.findings.length} problem{report.findings.length === 1 ? '' : 's'} found in {report.entries.toLocaleString('en-CA')} entries.
          </p>
          {kinds.map((kind) => (
            <section key={kind} className="flex flex-col gap-1">
              <h2 className="font-semibold">{kind}</h2>
              <ul className="list-disc pl-6 text-sm">
                {report.findings
                  .filter((f) => f.kind_label === kind)
                  .map((f, i) => (
                    <li key={i}>
                      {f.message}{' '}
                      {f.entry_id ? (
                        <Link className="underline" to={`/app/accounting/journal/${f.entry_id}/`}>
                          Open entry #{f.entry_number}
                        </Link>
                      ) : null}
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <section aria-labelledby="checks-heading" className="flex flex-col gap-2">
        <h2 id="checks-heading" className="text-lg font-semibold">
          What is checked
        </h2>
        <ul className="list-disc pl-6 text-sm text-muted-foreground">
          {WHAT_IS_CHECKED.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">Checked <Instant at={report.checked_at} />, from the journal lines themselves.</p>
      </section>
    </div>
  )
}
