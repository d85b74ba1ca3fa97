import { Link } from 'react-router'
import { Amount, reportHref, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { AGING_COLUMNS } from '~/domain/leasing/reports'
import { title } from '~/utils/misc'
import type { Route } from './+types/aged-payables'

export const meta: Route.MetaFunction = () => [{ title: title('Aged Payables') }]

type AgedPayables = Statement<'aged-payables'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'aged-payables', ['as_of', 'vendor_id'])

export default function AgedPayablesPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="aged-payables" fields={['as_of']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <AgedTable report={report} /> : null}
    </StatementPage>
  )
}

function AgedTable({ report }: { report: AgedPayables }) {
  const money = useDisplayMoney()
  const ledger = reportHref('general-ledger', { date_to: report.as_of })
  return (
    <>
      <p className="text-sm text-muted-foreground">
        What each vendor is owed at the end of {report.as_of}, by days past each bill’s due date (0–30 includes bills not yet due). The payable accounts’ balance that day is{' '}
        {money(report.payables_account_balance)}.
      </p>
      {report.other_payables !== '0.00' ? (
        <p role="alert" className="rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm dark:bg-amber-950">
          {money(report.other_payables)} of the payable accounts comes from journal entries typed on them rather than from bills and payments; it is on no vendor below.{' '}
          <Link to={ledger} className="underline">
            See the general ledger
          </Link>
          .
        </p>
      ) : null}
      <StatementTable caption={`Aged payables as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Vendor</Th>
            <Th numeric>Bills</Th>
            <Th>Oldest due</Th>
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
                No vendor is owed anything on this date.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.vendor_id}>
              <Td>
                <Link to={`/app/vendors/${row.vendor_id}/`}>{row.vendor_label}</Link>
              </Td>
              <Td className="text-right tabular-nums">{row.bill_count}</Td>
              <Td>{row.oldest_due_date}</Td>
              {AGING_COLUMNS.map((c) => (
                <Amount key={c.key} value={row[c.key] === '0.00' ? null : row[c.key]} />
              ))}
              <Amount value={row.credits === '0.00' ? null : row.credits} href={`/app/vendor-credits/?vendor_id=${row.vendor_id}&available=true`} label={`${row.vendor_label}, credits unapplied`} />
              <Amount value={row.total} href={`/app/accounting/bills/?vendor_id=${row.vendor_id}&owing=true`} label={`${row.vendor_label}, total owed`} strong />
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
    </>
  )
}
