import { Link } from 'react-router'
import { Amount, reportHref, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { AGING_COLUMNS } from '~/domain/leasing/reports'
import { title } from '~/utils/misc'
import type { Route } from './+types/aged-receivables'

export const meta: Route.MetaFunction = () => [{ title: title('Aged Receivables') }]

type AgedReceivables = Statement<'aged-receivables'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'aged-receivables', ['as_of', 'property_group_id', 'lease_status', 'min_balance'])

export default function AgedReceivablesPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="aged-receivables" fields={['as_of', 'property', 'lease_status', 'min_balance']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <AgedTable report={report} /> : null}
    </StatementPage>
  )
}

function AgedTable({ report }: { report: AgedReceivables }) {
  const money = useDisplayMoney()
  const ledger = reportHref('general-ledger', { date_to: report.as_of, property_group_id: report.filters.property_group_id })
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Each lease’s charges still open at the end of {report.as_of}, by days since they fell due; payments not yet paying a charge are credits. Invoices still owed follow, by customer. The receivables
        account’s balance that day is {money(report.receivables_account_balance)}.
      </p>
      {report.other_receivables !== '0.00' ? (
        <p role="alert" className="rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm dark:bg-amber-950">
          {money(report.other_receivables)} of the receivables account comes from journal entries typed on it rather than from charges, payments and invoices; it is on no lease or invoice below.{' '}
          <Link to={ledger} className="underline">
            See the general ledger
          </Link>
          .
        </p>
      ) : null}
      <StatementTable caption={`Aged receivables as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Unit</Th>
            <Th>Residents</Th>
            <Th>Lease</Th>
            {AGING_COLUMNS.map((c) => (
              <Th key={c.key} numeric>
                {c.label}
              </Th>
            ))}
            <Th numeric>Credits</Th>
            <Th numeric>Total</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={9} className="text-center text-muted-foreground">
                No lease owes anything or holds a credit on this date.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.lease_id}>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
              </Td>
              <Td>{row.residents}</Td>
              <Td>
                <Link to={`/app/leases/${row.lease_id}/`}>{row.lease_status_label}</Link>
              </Td>
              {AGING_COLUMNS.map((c) => (
                <Amount key={c.key} value={row[c.key] === '0.00' ? null : row[c.key]} />
              ))}
              <Amount value={row.credits === '0.00' ? null : row.credits} />
              <Amount value={row.total} href={`/app/leases/${row.lease_id}/`} label={`${row.unit_label}, total owed`} strong />
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
            <Amount value={report.totals.credits} strong />
            <Amount value={report.totals.total} strong />
          </tr>
        </tfoot>
      </StatementTable>
      {report.invoices.rows.length ? <InvoicesTable report={report} /> : null}
    </>
  )
}

/** Invoices owed beside the leases' charges, by customer. */
function InvoicesTable({ report }: { report: AgedReceivables }) {
  const href = (key: string) =>
    key.startsWith('owner:') ? `/app/property-owners/${key.slice(6)}/` : key.startsWith('resident:') ? `/app/residents/${key.slice(9)}/` : '/app/accounting/invoices/?owing=true'
  return (
    <StatementTable caption={`Invoices owed as of ${report.as_of}`}>
      <thead>
        <tr>
          <Th>Customer</Th>
          <Th numeric>Invoices</Th>
          <Th>Oldest due</Th>
          {AGING_COLUMNS.map((c) => (
            <Th key={c.key} numeric>
              {c.label}
            </Th>
          ))}
          <Th numeric>Total</Th>
        </tr>
      </thead>
      <tbody>
        {report.invoices.rows.map((row) => (
          <tr key={row.customer_key}>
            <Td>
              <Link to={href(row.customer_key)}>{row.customer_label}</Link>
            </Td>
            <Td className="text-right tabular-nums">{row.invoice_count}</Td>
            <Td>{row.oldest_due_date}</Td>
            {AGING_COLUMNS.map((c) => (
              <Amount key={c.key} value={row[c.key] === '0.00' ? null : row[c.key]} />
            ))}
            <Amount value={row.total} label={`${row.customer_label}, total owed`} strong />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <Td colSpan={3} className="font-semibold">
            Total of invoices
          </Td>
          {AGING_COLUMNS.map((c) => (
            <Amount key={c.key} value={report.invoices.totals[c.key]} strong />
          ))}
          <Amount value={report.invoices.totals.total} strong />
        </tr>
      </tfoot>
    </StatementTable>
  )
}
