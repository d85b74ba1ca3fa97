import { StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/task-performance'

export const meta: Route.MetaFunction = () => [{ title: title('Task Performance') }]

type Performance = Statement<'task-performance'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'task-performance', ['date_from', 'date_to', 'property_group_id'])

export default function TaskPerformancePage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="task-performance" fields={['range', 'property']} {...loaderData} values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}>
      {report ? <PerformanceTable report={report} /> : null}
    </StatementPage>
  )
}

const shown = (value: number | null, suffix = '') => (value === null ? '—' : `${value}${suffix}`)

function PerformanceTable({ report }: { report: Performance }) {
  const row = (r: Performance['total'], total = false) => (
    <tr key={r.group} className={total ? 'border-t-2 font-semibold' : undefined}>
      <Td>{r.group}</Td>
      <Td className="text-right tabular-nums">{r.created}</Td>
      <Td className="text-right tabular-nums">{r.completed}</Td>
      <Td className="text-right tabular-nums">{shown(r.mean_days)}</Td>
      <Td className="text-right tabular-nums">{shown(r.median_days)}</Td>
      <Td className="text-right tabular-nums">{shown(r.on_time_percent, '%')}</Td>
      <Td className="text-right tabular-nums">{r.open_overdue}</Td>
    </tr>
  )
  return (
    <StatementTable caption={`Task performance from ${report.date_from} to ${report.date_to}`}>
      <thead>
        <tr>
          <Th>Assigned to</Th>
          <Th numeric>Created</Th>
          <Th numeric>Completed</Th>
          <Th numeric>Mean days</Th>
          <Th numeric>Median days</Th>
          <Th numeric>On time</Th>
          <Th numeric>Open overdue</Th>
        </tr>
      </thead>
      <tbody>
        {report.rows.length === 0 ? (
          <tr>
            <Td colSpan={7} className="text-center text-muted-foreground">
              No tasks in these dates.
            </Td>
          </tr>
        ) : null}
        {report.rows.map((r) => row(r))}
        {report.rows.length ? row(report.total, true) : null}
      </tbody>
    </StatementTable>
  )
}
