import { Link } from 'react-router'
import { StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { title } from '~/utils/misc'
import type { Route } from './+types/open-tasks'

export const meta: Route.MetaFunction = () => [{ title: title('Open Tasks') }]

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'open-tasks', ['as_of', 'property_group_id'])

export default function OpenTasksPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="open-tasks" fields={['as_of', 'property']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <OpenTable report={report} /> : null}
    </StatementPage>
  )
}

function OpenTable({ report }: { report: Statement<'open-tasks'> }) {
  return (
    <>
      <SummaryFigures figures={[{ label: 'Open', value: String(report.count) }, { label: 'Overdue', value: String(report.overdue) }, ...report.by_assignee.map((a) => ({ label: a.assignee, value: `${a.open} (${a.overdue} overdue)` }))]} />
      <StatementTable caption={`Tasks open at the end of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Due</Th>
            <Th>Task</Th>
            <Th>Priority</Th>
            <Th>Assigned to</Th>
            <Th>Where</Th>
            <Th>Created</Th>
            <Th numeric>Age (days)</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={7} className="text-center text-muted-foreground">
                No tasks were open then.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((r) => (
            <tr key={r.id}>
              <Td className="whitespace-nowrap tabular-nums">
                {r.due_date ?? ''}
                {r.overdue ? <span className="ml-1 rounded bg-destructive/10 px-1 text-xs font-medium text-destructive">Overdue</span> : null}
              </Td>
              <Td>
                <Link to={`/app/tasks/${r.id}/`} className="text-primary underline">
                  {r.subject}
                </Link>
              </Td>
              <Td>{r.priority_label}</Td>
              <Td>{r.assignee ?? <span className="text-muted-foreground">Unassigned</span>}</Td>
              <Td>{[r.property, r.unit].filter(Boolean).join(' · ')}</Td>
              <Td className="whitespace-nowrap tabular-nums">{r.created}</Td>
              <Td className="text-right tabular-nums">{r.age_days}</Td>
            </tr>
          ))}
        </tbody>
      </StatementTable>
    </>
  )
}
