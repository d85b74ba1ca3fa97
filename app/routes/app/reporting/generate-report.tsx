import { Link } from 'react-router'
import { REPORTING_PERMISSION } from '~/api/reporting/statements'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { Badge } from '~/components/ui/card'
import { REPORT_CATALOG } from '~/domain/report-catalog'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import { requirePermission } from '~/utils/permissions.server'
import type { Route } from './+types/generate-report'

export const meta: Route.MetaFunction = () => [{ title: title('Generate Report') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  await requirePermission(api, REPORTING_PERMISSION)
  return null
}

export default function GenerateReport() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Reporting' }, { label: 'Generate Report' }]} />
      <PageHeader title="Generate Report" />
      <p className="text-sm text-muted-foreground">Each report opens with today’s figures; filter it by dates, property and basis, then download it as CSV or PDF.</p>
      {REPORT_CATALOG.map((group) => (
        <section key={group.label} aria-labelledby={`group-${group.label}`} className="flex flex-col gap-2">
          <h2 id={`group-${group.label}`} className="text-lg font-semibold">
            {group.label}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.reports.map((report) => (
              <li key={report.slug} className="rounded-md border p-3">
                {report.ready ? (
                  <Link to={`/app/reporting/${report.slug}/`} className="font-medium text-primary underline">
                    {report.label}
                  </Link>
                ) : (
                  <span className="flex items-center gap-2 font-medium">
                    {report.label} <Badge>Coming later</Badge>
                  </span>
                )}
                <p className="text-sm text-muted-foreground">{report.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
