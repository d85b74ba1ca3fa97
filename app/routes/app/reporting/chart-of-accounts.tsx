import { Link } from 'react-router'
import { Amount, ledgerHref, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/chart-of-accounts'

export const meta: Route.MetaFunction = () => [{ title: title('Chart of Accounts') }]

type Chart = Statement<'chart-of-accounts'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'chart-of-accounts', ['as_of', 'is_active', 'property_group_id', 'basis'])

export default function ChartOfAccountsPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="chart-of-accounts" fields={['as_of', 'is_active', 'property', 'basis']} {...loaderData} values={{ ...values, as_of: report?.as_of ?? values.as_of }}>
      {report ? <ChartTable report={report} /> : null}
    </StatementPage>
  )
}

function ChartTable({ report }: { report: Chart }) {
  const { basis, property_group_id } = report.filters
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {report.counts.map((c) => `${c.count} ${c.label.toLowerCase()}`).join(' · ')}. Balances at the end of {report.as_of}; income and expense accounts show {report.as_of.slice(0, 4)} so far.
      </p>
      <StatementTable caption={`Chart of accounts, balances as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Number</Th>
            <Th>Name</Th>
            <Th>Type</Th>
            <Th>Subtype</Th>
            <Th>Parent</Th>
            <Th>Normal balance</Th>
            <Th>Status</Th>
            <Th numeric>Balance</Th>
          </tr>
        </thead>
        <tbody>
          {report.accounts.map((a) => (
            <tr key={a.account_id}>
              <Td className="tabular-nums">{a.number}</Td>
              <Td>
                <Link to={`/app/accounting/accounts/${a.account_id}/`} className="text-primary underline">
                  {a.name}
                </Link>
              </Td>
              <Td>{a.account_type_label}</Td>
              <Td>{a.subtype_label}</Td>
              <Td>{a.parent_label}</Td>
              <Td>{a.normal_balance === 'DEBIT' ? 'Debit' : 'Credit'}</Td>
              <Td>{a.is_active ? 'Active' : 'Inactive'}</Td>
              <Amount value={a.balance} href={ledgerHref({ account_id: a.account_id, date_from: report.year_start, date_to: report.as_of, property_group_id, basis })} label={`${a.name}, balance`} />
            </tr>
          ))}
        </tbody>
      </StatementTable>
    </>
  )
}
