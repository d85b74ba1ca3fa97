import { Link } from 'react-router'
import { Amount, EntryLink, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { title } from '~/utils/misc'
import type { Route } from './+types/rent-ledger'

export const meta: Route.MetaFunction = () => [{ title: title('Rent Ledger') }]

type RentLedger = Statement<'rent-ledger'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'rent-ledger', ['lease_id', 'date_from', 'date_to'], { pickers: { lease_id: 'reporting/rent-ledger/leases' } })

export default function RentLedgerPage({ loaderData }: Route.ComponentProps) {
  const { report, values, error } = loaderData
  // Until a lease is chosen there is nothing wrong with the form: it asks for one.
  const chosen = !!values.lease_id
  return (
    <StatementPage
      name="rent-ledger"
      fields={['lease', 'range']}
      {...loaderData}
      error={chosen ? error : null}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? <Ledger report={report} /> : <p className="text-sm text-muted-foreground">Choose a lease to see its charges and payments, with the balance after each.</p>}
    </StatementPage>
  )
}

function Ledger({ report }: { report: RentLedger }) {
  const money = useDisplayMoney()
  return (
    <>
      <p className="text-sm">
        <Link to={`/app/leases/${report.lease_id}/`} className="font-medium text-primary underline">
          {report.lease_label}
        </Link>{' '}
        ({report.lease_status_label}) · {report.residents || 'No residents'} · {report.property_label}
      </p>
      <SummaryFigures
        className="lg:grid-cols-4"
        figures={[
          { label: `Balance on ${report.date_to}`, value: money(report.closing_balance) },
          { label: 'Unpaid charges', value: money(report.total_unpaid) },
          { label: 'Prepaid', value: money(report.prepayments) },
          { label: 'Deposit held', value: money(report.deposit_held) },
        ]}
      />
      <StatementTable caption={`Rent ledger of ${report.lease_label}, ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>Entry</Th>
            <Th>Type</Th>
            <Th>Description</Th>
            <Th numeric>Charge</Th>
            <Th numeric>Payment</Th>
            <Th numeric>Balance</Th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <Td className="tabular-nums whitespace-nowrap">{report.date_from}</Td>
            <Td colSpan={5} className="italic">
              Opening balance
            </Td>
            <Amount value={report.opening_balance} />
          </tr>
          {report.lines.length === 0 ? (
            <tr>
              <Td colSpan={7} className="text-center text-muted-foreground">
                Nothing was charged or paid in these dates.
              </Td>
            </tr>
          ) : null}
          {report.lines.map((line) => (
            <tr key={line.journal_line_id}>
              <Td className="tabular-nums whitespace-nowrap">{line.date}</Td>
              <Td>
                <EntryLink id={line.journal_entry_id} number={line.entry_number} />
              </Td>
              <Td className="whitespace-nowrap">{line.charge_type_label && line.type === 'CHARGE' ? line.charge_type_label : line.type_label}</Td>
              <Td>{line.description}</Td>
              <Amount value={line.charge} />
              <Amount value={line.payment} />
              <Amount value={line.balance} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td colSpan={4} className="font-semibold">
              Total
            </Td>
            <Amount value={report.total_charges} strong />
            <Amount value={report.total_payments} strong />
            <Td />
          </tr>
          <tr>
            <Td className="tabular-nums whitespace-nowrap font-semibold">{report.date_to}</Td>
            <Td colSpan={5} className="font-semibold">
              Closing balance
            </Td>
            <Amount value={report.closing_balance} strong />
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}
