import { Link } from 'react-router'
import { StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { title } from '~/utils/misc'
import type { Route } from './+types/open-work-orders'

export const meta: Route.MetaFunction = () => [{ title: title('Open Work Orders') }]

type Open = Statement<'open-work-orders'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'open-work-orders', ['as_of', 'property_group_id'])

export default function OpenWorkOrdersPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="open-work-orders" fields={['as_of', 'property']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <OpenTable report={report} /> : null}
    </StatementPage>
  )
}

function OpenTable({ report }: { report: Open }) {
  return (
    <>
      <SummaryFigures figures={[{ label: 'Open', value: String(report.count) }, { label: 'Past their target', value: String(report.overdue) }, ...report.by_stage.map((s) => ({ label: s.label, value: String(s.count) }))]} />
      <StatementTable caption={`Work orders open at the end of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Reported</Th>
            <Th>Work order</Th>
            <Th>Property</Th>
            <Th>Unit or area</Th>
            <Th>Priority</Th>
            <Th>Status</Th>
            <Th>Assigned to</Th>
            <Th>Complete by</Th>
            <Th numeric>Age (days)</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={9} className="text-center text-muted-foreground">
                No work orders were open then.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((r) => (
            <tr key={r.id}>
              <Td className="whitespace-nowrap tabular-nums">{r.reported_label}</Td>
              <Td>
                <Link to={`/app/work-orders/${r.id}/`} className="text-primary underline">
                  {r.subject}
                </Link>
                {r.category ? <span className="text-muted-foreground"> · {r.category}</span> : null}
              </Td>
              <Td>{r.property}</Td>
              <Td>{r.unit ?? r.location ?? ''}</Td>
              <Td>{r.priority_label}</Td>
              <Td>{r.status}</Td>
              <Td>{r.assignee ?? <span className="text-muted-foreground">Unassigned</span>}</Td>
              <Td className="whitespace-nowrap tabular-nums">
                {r.complete_by_label ?? ''}
                {r.overdue ? <span className="ml-1 rounded bg-destructive/10 px-1 text-xs font-medium text-destructive">Overdue</span> : null}
              </Td>
              <Td className="text-right tabular-nums">{r.age_days}</Td>
            </tr>
          ))}
        </tbody>
      </StatementTable>
    </>
  )
}
