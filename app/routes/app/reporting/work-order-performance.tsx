import { StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/work-order-performance'

export const meta: Route.MetaFunction = () => [{ title: title('Work Order Performance') }]

type Performance = Statement<'work-order-performance'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'work-order-performance', ['date_from', 'date_to', 'property_group_id', 'group_by'])

export default function WorkOrderPerformancePage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="work-order-performance"
      fields={['range', 'property', 'performance_group']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to, group_by: report?.group_by ?? values.group_by }}
    >
      {report ? <PerformanceTable report={report} /> : null}
    </StatementPage>
  )
}

const shown = (value: number | null, suffix = '') => (value === null ? '—' : `${value}${suffix}`)

function PerformanceTable({ report }: { report: Performance }) {
  const row = (r: Performance['total'], total = false) => (
    <tr key={r.group} className={total ? 'border-t-2 font-semibold' : undefined}>
      <Td>{r.group}</Td>
      <Td className="text-right tabular-nums">{r.completed}</Td>
      <Td className="text-right tabular-nums">{shown(r.mean_days)}</Td>
      <Td className="text-right tabular-nums">{shown(r.median_days)}</Td>
      <Td className="text-right tabular-nums">{shown(r.within_24_hours_percent, '%')}</Td>
      <Td className="text-right tabular-nums">{shown(r.on_time_percent, '%')}</Td>
      <Td className="text-right tabular-nums">{shown(r.mean_response_hours)}</Td>
      <Td className="text-right tabular-nums">{shown(r.responded_on_time_percent, '%')}</Td>
      <Td className="text-right tabular-nums">{r.labour_hours}</Td>
      <Td className="text-right tabular-nums">{r.open_overdue}</Td>
    </tr>
  )
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Work completed from {report.date_from} to {report.date_to}. On time: done within its priority’s completion target (emergency 24 hours, urgent 72, routine 7 days); responded: first moved on from New within its response target. Open overdue: open at the end of the range, its work not done and past its target.
      </p>
      <StatementTable caption={`Work order performance from ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>{report.group_by === 'assignee' ? 'Technician' : report.group_by === 'category' ? 'Category' : report.group_by === 'priority' ? 'Priority' : 'Property'}</Th>
            <Th numeric>Completed</Th>
            <Th numeric>Mean days</Th>
            <Th numeric>Median days</Th>
            <Th numeric>Within 24 h</Th>
            <Th numeric>On time</Th>
            <Th numeric>Mean hours to respond</Th>
            <Th numeric>Responded on time</Th>
            <Th numeric>Labour hours</Th>
            <Th numeric>Open overdue</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={10} className="text-center text-muted-foreground">
                No work was completed in these dates, and nothing open is overdue.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((r) => row(r))}
          {report.rows.length ? row(report.total, true) : null}
        </tbody>
      </StatementTable>
    </>
  )
}
