import { Amount, EntryLink, entryHref, LedgerEndRow, LedgerStartRow, PagedReport, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/transaction-register'

export const meta: Route.MetaFunction = () => [{ title: title('Transaction Register') }]

type Register = Statement<'transaction-register'>

export async function loader({ request, url }: Route.LoaderArgs) {
  const loaded = await loadStatement({ request, url }, 'transaction-register', ['date_from', 'date_to', 'account_id', 'property_group_id', 'basis', 'page', 'page_size'], { accounts: 'cash' })
  // Before an account is chosen there is nothing wrong to report: ask for one.
  return url.searchParams.get('account_id') ? loaded : { ...loaded, error: null, report: null }
}

export default function TransactionRegisterPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="transaction-register"
      fields={['cash_account', 'range', 'property', 'basis']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? (
        <PagedReport pagination={report.pagination}>
          <RegisterTable report={report} />
        </PagedReport>
      ) : (
        <p className="text-sm text-muted-foreground">Choose a bank or cash account, then Apply.</p>
      )}
    </StatementPage>
  )
}

function RegisterTable({ report }: { report: Register }) {
  return (
    <StatementTable caption={`Register of ${report.number} ${report.name}, ${report.date_from} to ${report.date_to}`}>
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Entry</Th>
          <Th>Memo</Th>
          <Th numeric>Deposit</Th>
          <Th numeric>Withdrawal</Th>
          <Th numeric>Balance</Th>
        </tr>
      </thead>
      <tbody>
        <LedgerStartRow slice={report} dateFrom={report.date_from} labelSpan={2} />
        {report.lines.map((line) => (
          <tr key={line.id}>
            <Td className="whitespace-nowrap tabular-nums">{line.date}</Td>
            <Td>
              <EntryLink id={line.entry_id} number={line.entry_number} />
            </Td>
            <Td>{line.memo ?? line.source_label}</Td>
            <Amount value={line.deposit} href={entryHref(line.entry_id)} label={`entry ${line.entry_number}, deposit`} />
            <Amount value={line.withdrawal} href={entryHref(line.entry_id)} label={`entry ${line.entry_number}, withdrawal`} />
            <Amount value={line.balance} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <LedgerEndRow slice={report} dateTo={report.date_to} columns={6}>
          <tr>
            <Td className="tabular-nums">{report.date_to}</Td>
            <Td colSpan={2} className="font-semibold">
              Closing balance
            </Td>
            <Amount value={report.total_deposits} strong />
            <Amount value={report.total_withdrawals} strong />
            <Amount value={report.closing} strong />
          </tr>
        </LedgerEndRow>
      </tfoot>
    </StatementTable>
  )
}
