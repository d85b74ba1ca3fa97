import { Download } from 'lucide-react'
import { Link } from 'react-router'
import { Amount, dayBefore, ledgerHref, reportHref, StatementPage, StatementTable, Td, Th, Unbalanced } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { buttonVariants } from '~/components/ui/button'
import { ACCOUNT_TYPES } from '~/domain/ledger/chart'
import { title } from '~/utils/misc'
import type { Route } from './+types/trial-balance'

export const meta: Route.MetaFunction = () => [{ title: title('Trial Balance') }]

type TrialBalance = Statement<'trial-balance'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'trial-balance', ['as_of', 'property_group_id', 'basis'])

export default function TrialBalancePage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  const asOf = report?.as_of ?? values.as_of
  const journal = `/app/reporting/trial-balance/export/?format=journal${asOf ? `&as_of=${asOf}` : ''}${values.basis ? `&basis=${values.basis}` : ''}`
  return (
    <StatementPage
      name="trial-balance"
      fields={['as_of', 'property', 'basis']}
      {...loaderData}
      values={{ ...values, as_of: asOf }}
      extraDownloads={
        <a href={journal} className={buttonVariants({ variant: 'outline' })} download title="The whole ledger through this date as an hledger journal, with balance assertions">
          <Download aria-hidden /> hledger journal
        </a>
      }
    >
      {report ? <TrialBalanceTable report={report} /> : null}
    </StatementPage>
  )
}

function TrialBalanceTable({ report }: { report: TrialBalance }) {
  const { basis, property_group_id } = report.filters
  const drill = (accountId: string | null) =>
    accountId
      ? ledgerHref({ account_id: accountId, date_from: report.year_start, date_to: report.as_of, property_group_id, basis })
      : reportHref('income-statement', { date_from: report.books_begin, date_to: dayBefore(report.year_start), property_group_id, basis })
  return (
    <>
      {report.balanced ? null : <Unbalanced difference={report.difference} />}
      <p className="text-sm text-muted-foreground">
        Balances at the end of {report.as_of}. Income and expense accounts show {report.as_of.slice(0, 4)} so far; earlier years are closed into one retained-earnings line.
      </p>
      <StatementTable caption={`Trial balance as of ${report.as_of}`}>
        <thead>
          <tr>
            <Th>Number</Th>
            <Th>Account</Th>
            <Th>Type</Th>
            <Th numeric>Debit</Th>
            <Th numeric>Credit</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={5} className="text-center text-muted-foreground">
                No account has a balance on this date.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.account_id ?? 'prior-years'}>
              <Td className="tabular-nums">{row.number}</Td>
              <Td>{row.account_id ? <Link to={drill(row.account_id)}>{row.name}</Link> : row.name}</Td>
              <Td>{ACCOUNT_TYPES.find((t) => t.value === row.account_type)?.label}</Td>
              <Amount value={row.debit} href={drill(row.account_id)} label={`${row.name}, debit`} />
              <Amount value={row.credit} href={drill(row.account_id)} label={`${row.name}, credit`} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td colSpan={3} className="font-semibold">
              Total
            </Td>
            <Amount value={report.total_debit} strong />
            <Amount value={report.total_credit} strong />
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}
