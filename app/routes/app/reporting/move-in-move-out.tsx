import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { title } from '~/utils/misc'
import type { Route } from './+types/move-in-move-out'

export const meta: Route.MetaFunction = () => [{ title: title('Move-in / Move-out') }]

type MoveInMoveOut = Statement<'move-in-move-out'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'move-in-move-out', ['date_from', 'date_to', 'property_group_id', 'type'])

export default function MoveInMoveOutPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="move-in-move-out"
      fields={['range', 'property', 'move_type']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? <Moves report={report} /> : null}
    </StatementPage>
  )
}

function Moves({ report }: { report: MoveInMoveOut }) {
  const { summary } = report
  return (
    <>
      <SummaryFigures
        className="lg:grid-cols-4"
        figures={[
          { label: 'Moves in', value: String(summary.moves_in) },
          { label: 'Moves out', value: String(summary.moves_out) },
          { label: 'Net absorption', value: `${summary.net_absorption > 0 ? '+' : ''}${summary.net_absorption}` },
          { label: `Turnover of ${summary.units} units`, value: `${summary.turnover_percent}%` },
        ]}
      />
      <p className="text-sm text-muted-foreground">
        Residents moving in and out from {report.date_from} to {report.date_to}. A renewal is neither: its residents stay. A move after today is the one scheduled.
      </p>
      <StatementTable caption={`Moves in and out from ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>Move</Th>
            <Th>Unit</Th>
            <Th>Residents</Th>
            <Th>Lease</Th>
            <Th>Notice given</Th>
            <Th numeric>Rent</Th>
            <Th numeric>Deposits</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={8} className="text-center text-muted-foreground">
                Nobody moved in or out in these dates.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={`${row.lease_id}-${row.type}`}>
              <Td className="tabular-nums whitespace-nowrap">{row.date}</Td>
              <Td className="whitespace-nowrap">
                {row.type_label}
                {row.scheduled ? <span className="text-muted-foreground"> (scheduled)</span> : null}
              </Td>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
              </Td>
              <Td>{row.residents}</Td>
              <Td className="whitespace-nowrap">
                <Link to={`/app/leases/${row.lease_id}/`}>
                  {row.start_date} to {row.end_date ?? 'no end'}
                </Link>
              </Td>
              <Td className="tabular-nums whitespace-nowrap">{row.notice_date ? `${row.notice_date} (${row.days_notice} days)` : null}</Td>
              <Amount value={row.rent} />
              <Amount value={row.deposit === '0.00' ? null : row.deposit} />
            </tr>
          ))}
        </tbody>
      </StatementTable>
    </>
  )
}
