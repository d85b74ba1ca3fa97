import { Link } from 'react-router'
import { StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { title } from '~/utils/misc'
import type { Route } from './+types/closed-tasks'

export const meta: Route.MetaFunction = () => [{ title: title('Closed Tasks') }]

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'closed-tasks', ['date_from', 'date_to', 'property_group_id'])

export default function ClosedTasksPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="closed-tasks" fields={['range', 'property']} {...loaderData} values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}>
      {report ? <ClosedTable report={report} /> : null}
    </StatementPage>
  )
}

function ClosedTable({ report }: { report: Statement<'closed-tasks'> }) {
  return (
    <>
      <SummaryFigures figures={[{ label: 'Completed', value: String(report.count) }, { label: 'On time', value: report.on_time_percent === null ? '—' : `${report.on_time_percent}%` }]} />
      <StatementTable caption={`Tasks completed from ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>Completed</Th>
            <Th>Task</Th>
            <Th>Assigned to</Th>
            <Th>Property</Th>
            <Th>Created</Th>
            <Th>Due</Th>
            <Th numeric>Days</Th>
            <Th>On time</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={8} className="text-center text-muted-foreground">
                No tasks were completed in these dates.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((r) => (
            <tr key={r.id}>
              <Td className="whitespace-nowrap tabular-nums">{r.completed}</Td>
              <Td>
                <Link to={`/app/tasks/${r.id}/`} className="text-primary underline">
                  {r.subject}
                </Link>
              </Td>
              <Td>{r.assignee ?? ''}</Td>
              <Td>{r.property ?? ''}</Td>
              <Td className="whitespace-nowrap tabular-nums">{r.created}</Td>
              <Td className="whitespace-nowrap tabular-nums">{r.due_date ?? ''}</Td>
              <Td className="text-right tabular-nums">{r.days}</Td>
              <Td>{r.on_time === null ? '' : r.on_time ? 'Yes' : 'No'}</Td>
            </tr>
          ))}
        </tbody>
      </StatementTable>
    </>
  )
}
