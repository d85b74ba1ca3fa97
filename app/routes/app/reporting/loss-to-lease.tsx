import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { title } from '~/utils/misc'
import type { Route } from './+types/loss-to-lease'

export const meta: Route.MetaFunction = () => [{ title: title('Loss to Lease') }]

type LossToLease = Statement<'loss-to-lease'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'loss-to-lease', ['as_of', 'property_group_id', 'unit_type'])

export default function LossToLeasePage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="loss-to-lease" fields={['as_of', 'property', 'unit_type']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <Loss report={report} /> : null}
    </StatementPage>
  )
}

function Loss({ report }: { report: LossToLease }) {
  const money = useDisplayMoney()
  const { totals } = report
  return (
    <>
      <SummaryFigures
        figures={[
          { label: 'Gross potential rent', value: money(report.gross_potential_rent) },
          { label: 'Rent in place', value: money(totals.in_place_rent) },
          { label: 'Net loss to lease', value: `${money(totals.net_loss_to_lease)} (${totals.net_loss_to_lease_percent}%)` },
          { label: 'A year', value: money(totals.annual_net_loss_to_lease) },
          { label: `Vacancy loss, ${report.vacancy.units} units not let`, value: money(report.vacancy.vacancy_loss) },
          { label: 'Gain to lease', value: money(totals.gain_to_lease) },
        ]}
      />
      <p className="text-sm text-muted-foreground">
        Each unit let on {report.as_of}: its market rent against the rent its lease charges that day, per month. A negative loss is a gain: the unit rents above market.
        {report.units_without_market_rent
          ? ` ${report.units_without_market_rent} ${report.units_without_market_rent === 1 ? 'unit has' : 'units have'} no market rent: set it on the unit to count it.`
          : ''}
      </p>
      <StatementTable caption={`Loss to lease as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Unit</Th>
            <Th>Type</Th>
            <Th>Residents</Th>
            <Th numeric>Market rent</Th>
            <Th numeric>In-place rent</Th>
            <Th numeric>Loss to lease</Th>
            <Th numeric>Loss %</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={7} className="text-center text-muted-foreground">
                No unit was let on this date.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.rental_unit_id}>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
              </Td>
              <Td>{row.unit_type_label}</Td>
              <Td>
                <Link to={`/app/leases/${row.lease_id}/`}>{row.residents || row.lease_label}</Link>
              </Td>
              <Amount value={row.market_rent} />
              <Amount value={row.in_place_rent} />
              <Amount value={row.loss_to_lease} />
              <Td className="text-right tabular-nums">{row.loss_to_lease_percent === null ? 'No market rent' : `${row.loss_to_lease_percent}%`}</Td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td colSpan={3} className="font-semibold">
              Units let
            </Td>
            <Amount value={totals.market_rent} strong />
            <Amount value={totals.in_place_rent} strong />
            <Amount value={totals.net_loss_to_lease} strong />
            <Td className="text-right font-semibold tabular-nums">{totals.net_loss_to_lease_percent}%</Td>
          </tr>
          <tr>
            <Td colSpan={3}>Vacancy loss ({report.vacancy.units} units not let)</Td>
            <Amount value={report.vacancy.vacancy_loss} />
            <Td colSpan={3} />
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}
