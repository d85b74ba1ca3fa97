import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/closed-work-orders'

export const meta: Route.MetaFunction = () => [{ title: title('Closed Work Orders') }]

type Closed = Statement<'closed-work-orders'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'closed-work-orders', ['date_from', 'date_to', 'property_group_id'])

export default function ClosedWorkOrdersPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="closed-work-orders" fields={['range', 'property']} {...loaderData} values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}>
      {report ? <ClosedTable report={report} /> : null}
    </StatementPage>
  )
}

function ClosedTable({ report }: { report: Closed }) {
  const t = report.totals
  return (
    <StatementTable caption={`Work completed from ${report.date_from} to ${report.date_to}`}>
      <thead>
        <tr>
          <Th>Completed</Th>
          <Th>Work order</Th>
          <Th>Unit or area</Th>
          <Th>Assigned to</Th>
          <Th numeric>Days</Th>
          <Th>On time</Th>
          <Th numeric>Labour hours</Th>
          <Th numeric>Labour</Th>
          <Th numeric>Materials</Th>
          <Th numeric>Cost</Th>
          <Th numeric>Charged</Th>
        </tr>
      </thead>
      <tbody>
        {report.rows.length === 0 ? (
          <tr>
            <Td colSpan={11} className="text-center text-muted-foreground">
              No work was completed in these dates.
            </Td>
          </tr>
        ) : null}
        {report.rows.map((r) => (
          <tr key={r.id}>
            <Td className="whitespace-nowrap tabular-nums">{r.completed_label}</Td>
            <Td>
              <Link to={`/app/work-orders/${r.id}/`} className="text-primary underline">
                {r.subject}
              </Link>
              <span className="text-muted-foreground"> · {r.property}</span>
            </Td>
            <Td>{r.unit ?? r.location ?? ''}</Td>
            <Td>{r.assignee ?? ''}</Td>
            <Td className="text-right tabular-nums">{r.days}</Td>
            <Td>{r.on_time === null ? '' : r.on_time ? 'Yes' : 'No'}</Td>
            <Td className="text-right tabular-nums">{r.labour_hours}</Td>
            <Amount value={r.labour} />
            <Amount value={r.materials} />
            <Amount value={r.cost} />
            <Amount value={r.charged} />
          </tr>
        ))}
        {report.rows.length ? (
          <tr className="border-t-2 font-semibold">
            <Td colSpan={6}>Total: {t.count} work orders</Td>
            <Td className="text-right tabular-nums">{t.labour_hours}</Td>
            <Amount value={t.labour} strong />
            <Amount value={t.materials} strong />
            <Amount value={t.cost} strong />
            <Amount value={t.charged} strong />
          </tr>
        ) : null}
      </tbody>
    </StatementTable>
  )
}
