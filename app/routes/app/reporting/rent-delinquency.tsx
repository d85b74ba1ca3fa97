import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { AGING_COLUMNS } from '~/domain/leasing/reports'
import { title } from '~/utils/misc'
import type { Route } from './+types/rent-delinquency'

export const meta: Route.MetaFunction = () => [{ title: title('Rent Delinquency') }]

type RentDelinquency = Statement<'rent-delinquency'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'rent-delinquency', ['as_of', 'property_group_id', 'include_past', 'min_balance'])

export default function RentDelinquencyPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="rent-delinquency" fields={['as_of', 'property', 'include_past', 'min_balance']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <DelinquencyTable report={report} /> : null}
    </StatementPage>
  )
}

function DelinquencyTable({ report }: { report: RentDelinquency }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {report.lease_count} {report.lease_count === 1 ? 'lease owes' : 'leases owe'} at the end of {report.as_of}, by how long what they owe has been due. Leases in credit are left out.
      </p>
      <StatementTable caption={`Rent delinquency as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Unit</Th>
            <Th>Residents</Th>
            <Th numeric>Rent</Th>
            {AGING_COLUMNS.map((c) => (
              <Th key={c.key} numeric>
                {c.label}
              </Th>
            ))}
            <Th numeric>Owed</Th>
            <Th>Last payment</Th>
            <Th numeric>Days late</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={10} className="text-center text-muted-foreground">
                Nobody owes rent on this date.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.lease_id}>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
                {row.lease_status === 'ACTIVE' ? null : <span className="block text-xs text-muted-foreground">{row.lease_status_label}</span>}
              </Td>
              <Td>
                <Link to={`/app/leases/${row.lease_id}/`}>{row.residents || row.lease_label}</Link>
              </Td>
              <Amount value={row.rent} />
              {AGING_COLUMNS.map((c) => (
                <Amount key={c.key} value={row[c.key] === '0.00' ? null : row[c.key]} />
              ))}
              <Amount value={row.total} strong />
              <LastPayment date={row.last_payment_date} amount={row.last_payment_amount} />
              <Td className="text-right tabular-nums">{row.days_late}</Td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td colSpan={3} className="font-semibold">
              Total
            </Td>
            {AGING_COLUMNS.map((c) => (
              <Amount key={c.key} value={report.totals[c.key]} strong />
            ))}
            <Amount value={report.totals.total} strong />
            <Td colSpan={2} />
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}

function LastPayment({ date, amount }: { date: string | null; amount: string | null }) {
  const money = useDisplayMoney()
  if (!date) return <Td className="text-muted-foreground">None</Td>
  return (
    <Td className="whitespace-nowrap tabular-nums">
      {date}, {amount ? money(amount) : null}
    </Td>
  )
}
