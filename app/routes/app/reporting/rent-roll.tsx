import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { title } from '~/utils/misc'
import type { Route } from './+types/rent-roll'

export const meta: Route.MetaFunction = () => [{ title: title('Rent Roll') }]

type RentRoll = Statement<'rent-roll'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'rent-roll', ['as_of', 'property_group_id', 'status'])

export default function RentRollPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="rent-roll" fields={['as_of', 'property', 'unit_status']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <RentRollTable report={report} /> : null}
    </StatementPage>
  )
}

/** The summary above the roll: occupancy and what the empty units cost. */
function Summary({ summary }: { summary: RentRoll['summary'] }) {
  const money = useDisplayMoney()
  const figures: [string, string][] = [
    ['Units', String(summary.units)],
    ['Occupied', `${summary.occupied} (${summary.occupancy_percent}%)`],
    ['On notice', String(summary.on_notice)],
    // Units out of service are neither vacant nor let: said beside the vacant ones, not counted among them.
    ['Vacant', summary.down ? `${summary.vacant} (+${summary.down} down)` : String(summary.vacant)],
    ['Gross potential rent', money(summary.gross_potential_rent)],
    ['Actual rent', money(summary.actual_rent)],
    ['Vacancy loss', money(summary.vacancy_loss)],
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border bg-background p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function RentRollTable({ report }: { report: RentRoll }) {
  return (
    <>
      <Summary summary={report.summary} />
      <p className="text-sm text-muted-foreground">
        Every unit on {report.as_of} with the lease that held it that day. Rents are per month: the rent lines of the lease’s schedule in effect that day; other charges are its parking,
        pet, storage and utility lines.
      </p>
      <StatementTable caption={`Rent roll as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Unit</Th>
            <Th>Status</Th>
            <Th>Residents</Th>
            <Th>Move-in</Th>
            <Th>Lease end</Th>
            <Th numeric>Market rent</Th>
            <Th numeric>Actual rent</Th>
            <Th numeric>Other charges</Th>
            <Th numeric>Deposit held</Th>
            <Th numeric>Balance</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={10} className="text-center text-muted-foreground">
                No unit matches these filters.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.rental_unit_id}>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
              </Td>
              <Td>{row.status_label}</Td>
              <Td>{row.lease_id ? <Link to={`/app/leases/${row.lease_id}/`}>{row.residents || row.lease_label}</Link> : null}</Td>
              <Td className="tabular-nums whitespace-nowrap">{row.move_in_date}</Td>
              <Td className="tabular-nums whitespace-nowrap">{row.move_out_date ?? row.end_date ?? (row.lease_id ? 'Month to month' : null)}</Td>
              <Amount value={row.market_rent} />
              <Amount value={row.lease_id ? row.actual_rent : null} />
              <Amount value={row.lease_id ? row.other_charges : null} />
              <Amount value={row.lease_id ? row.deposit_held : null} />
              <Amount value={row.lease_id ? row.balance : null} href={row.lease_id ? `/app/leases/${row.lease_id}/` : undefined} label={`${row.unit_label}, balance`} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td colSpan={5} className="font-semibold">
              Total
            </Td>
            <Amount value={report.totals.market_rent} strong />
            <Amount value={report.totals.actual_rent} strong />
            <Amount value={report.totals.other_charges} strong />
            <Amount value={report.totals.deposit_held} strong />
            <Amount value={report.totals.balance} strong />
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}
