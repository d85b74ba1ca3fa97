import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { title } from '~/utils/misc'
import type { Route } from './+types/rent-outstanding'

export const meta: Route.MetaFunction = () => [{ title: title('Rent Outstanding') }]

type RentOutstanding = Statement<'rent-outstanding'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'rent-outstanding', ['month', 'as_of', 'property_group_id', 'charge_type'])

export default function RentOutstandingPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="rent-outstanding" fields={['month', 'as_of', 'property', 'charge_type']} {...loaderData} values={{ ...values, month: report?.month ?? values.month, as_of: report?.as_of ?? values.as_of }}>
      {report ? <Outstanding report={report} /> : null}
    </StatementPage>
  )
}

function Outstanding({ report }: { report: RentOutstanding }) {
  const money = useDisplayMoney()
  const { totals } = report
  return (
    <>
      <SummaryFigures
        className="lg:grid-cols-4"
        figures={[
          { label: 'Charged', value: money(totals.charged) },
          { label: `Collected by ${report.as_of}`, value: money(totals.collected) },
          { label: 'Outstanding', value: money(totals.outstanding) },
          { label: 'Collected', value: `${totals.collection_percent}%` },
        ]}
      />
      <p className="text-sm text-muted-foreground">
        The charges dated {report.date_from} to {report.date_to}, and what payments received by the end of {report.as_of} (and not returned) have paid of them. Payments received in the
        month that paid other months are not counted here.
      </p>
      <StatementTable caption={`Rent outstanding for ${report.month}`}>
        <thead>
          <tr>
            <Th>Unit</Th>
            <Th>Residents</Th>
            <Th numeric>Charged</Th>
            <Th numeric>Collected</Th>
            <Th numeric>Outstanding</Th>
            <Th numeric>Collected %</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={6} className="text-center text-muted-foreground">
                Nothing was charged in this month.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.lease_id}>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
              </Td>
              <Td>
                <Link to={`/app/leases/${row.lease_id}/`}>{row.residents || row.lease_label}</Link>
              </Td>
              <Amount value={row.charged} />
              <Amount value={row.collected} />
              <Amount value={row.outstanding} href={row.outstanding !== '0.00' ? `/app/reporting/rent-ledger/?lease_id=${row.lease_id}` : undefined} label={`${row.unit_label}, outstanding`} strong={row.outstanding !== '0.00'} />
              <Td className="text-right tabular-nums">{row.collection_percent}%</Td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td colSpan={2} className="font-semibold">
              Total
            </Td>
            <Amount value={totals.charged} strong />
            <Amount value={totals.collected} strong />
            <Amount value={totals.outstanding} strong />
            <Td className="text-right font-semibold tabular-nums">{totals.collection_percent}%</Td>
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}
