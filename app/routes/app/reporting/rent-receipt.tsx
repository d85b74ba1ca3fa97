import { Link } from 'react-router'
import { StatementPage } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { title } from '~/utils/misc'
import type { Route } from './+types/rent-receipt'

export const meta: Route.MetaFunction = () => [{ title: title('Rent Receipt') }]

type RentReceipts = Statement<'rent-receipt'>

export const loader = ({ request, url }: Route.LoaderArgs) =>
  loadStatement({ request, url }, 'rent-receipt', ['payment_id', 'resident_id', 'date_from', 'date_to'], { records: { resident_id: 'residents' } })

export default function RentReceiptPage({ loaderData }: Route.ComponentProps) {
  const { report, values, error } = loaderData
  // Until a payment or a resident is chosen there is nothing wrong with the form: it asks for one.
  const chosen = !!(values.payment_id || values.resident_id)
  return (
    <StatementPage
      name="rent-receipt"
      fields={['resident', 'range']}
      {...loaderData}
      error={chosen ? error : null}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? (
        <Receipts report={report} />
      ) : (
        <p className="text-sm text-muted-foreground">Choose a resident and the dates of their payments, or open a payment and ask for its receipt. The PDF prints each receipt on a page, to sign.</p>
      )}
    </StatementPage>
  )
}

/** Each receipt as the printed one reads, with what Ontario asks a rent receipt to say. */
function Receipts({ report }: { report: RentReceipts }) {
  const money = useDisplayMoney()
  const { landlord } = report
  if (!report.receipts.length) return <p className="text-sm text-muted-foreground">No payment was received from {report.resident_name} in these dates.</p>
  return (
    <div className="flex flex-col gap-4">
      {report.resident_name ? (
        <p className="text-sm text-muted-foreground">
          {report.receipts.length} {report.receipts.length === 1 ? 'payment' : 'payments'} from {report.resident_name}, {report.date_from} to {report.date_to}: {money(report.total)}.
        </p>
      ) : null}
      {report.receipts.map((receipt) => (
        <article key={receipt.payment_id} aria-labelledby={`receipt-${receipt.payment_id}`} className="flex max-w-3xl flex-col gap-3 rounded-lg border bg-background p-4 sm:p-6">
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`receipt-${receipt.payment_id}`} className="text-lg font-semibold">
              Rent receipt {receipt.receipt_number ?? ''}
            </h2>
            <p className="text-sm text-muted-foreground">
              {landlord.name}
              {landlord.address ? `, ${landlord.address}` : ''}
            </p>
          </header>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">Received</dt>
            <dd className="font-medium">
              {money(receipt.amount)} on {receipt.date}
            </dd>
            <dt className="text-muted-foreground">Method</dt>
            <dd>{receipt.reference ? `${receipt.method_label} (${receipt.reference})` : receipt.method_label}</dd>
            <dt className="text-muted-foreground">Rental unit</dt>
            <dd>{receipt.unit_address}</dd>
            <dt className="text-muted-foreground">Tenants</dt>
            <dd>{receipt.tenants.join(', ') || 'Not named on the lease'}</dd>
            <dt className="text-muted-foreground">Lease</dt>
            <dd>
              <Link to={`/app/leases/${receipt.lease_id}/`} className="text-primary underline">
                {receipt.lease_label}
              </Link>
            </dd>
          </dl>
          <div className="text-sm">
            <h3 className="font-medium">What it paid for</h3>
            <ul className="mt-1 flex flex-col gap-1">
              {receipt.paid_for.map((charge) => (
                <li key={`${charge.description}-${charge.period}`} className="flex justify-between gap-4">
                  <span>
                    {charge.description}, {charge.period}
                  </span>
                  <span className="tabular-nums">{money(charge.amount)}</span>
                </li>
              ))}
              {receipt.credit !== '0.00' ? (
                <li className="flex justify-between gap-4">
                  <span>Held as a credit for the next charges</span>
                  <span className="tabular-nums">{money(receipt.credit)}</span>
                </li>
              ) : null}
            </ul>
          </div>
        </article>
      ))}
    </div>
  )
}
