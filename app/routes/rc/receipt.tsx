import type { RentReceipt } from '~/api/leasing/resident-center'
import { BackLink } from '~/components/resident-center'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { data } from 'react-router'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/receipt'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Receipt ${loaderData.receipt.receipt_number ?? ''}`.trim() : 'Receipt') }]

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const receipt = await api.get<Answer<typeof RentReceipt>>(`resident-center/receipts/${encodeURIComponent(params.paymentId)}/`)
  // A receipt is read at its own lease's address only.
  if (receipt.lease_id !== params.leaseId) throw data({ detail: 'No such receipt.' }, { status: 404 })
  return { receipt }
}

/** A rent receipt, printable as the page: what Ontario's Residential Tenancies Act (s. 109) asks of one. */
export default function ResidentReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData
  const money = useDisplayMoney()
  const rows: [string, React.ReactNode][] = [
    ['Received from', receipt.tenants.join(', ')],
    ['Rental unit', receipt.unit_address],
    ['Date received', receipt.date],
    [
      'Amount',
      <span key="amount" className="tabular-nums">
        {money(receipt.amount)}
      </span>,
    ],
    ['Paid by', `${receipt.method_label}${receipt.reference ? ` · ${receipt.reference}` : ''}`],
    [
      'For',
      receipt.paid_for.length ? (
        <ul key="for">
          {receipt.paid_for.map((item, i) => (
            <li key={i} className="tabular-nums">
              {item.description}, {item.period}: {money(item.amount)}
            </li>
          ))}
        </ul>
      ) : (
        'Held as a credit for the next charges'
      ),
    ],
    ...(receipt.credit !== '0.00'
      ? ([
          [
            'Held as a credit',
            <span key="credit" className="tabular-nums">
              {money(receipt.credit)}
            </span>,
          ],
        ] as [string, React.ReactNode][])
      : []),
    ['Received by', [receipt.landlord.name, receipt.landlord.address, receipt.landlord.phone].filter(Boolean).join(' · ')],
  ]
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <BackLink to={`/rc/leases/${receipt.lease_id}/`} label={`Lease ${receipt.lease_label}`} />
      <article aria-labelledby="receipt-title" className="flex flex-col gap-4 rounded-lg border bg-background p-5 shadow-sm print:border-0 print:shadow-none">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="receipt-title" className="text-2xl font-bold">
            Rent receipt
          </h1>
          {receipt.receipt_number ? <p className="font-mono text-sm">No. {receipt.receipt_number}</p> : null}
        </div>
        {receipt.status === 'RETURNED' ? (
          <p role="note" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
            The bank returned this payment{receipt.returned_date ? ` on ${receipt.returned_date}` : ''}: it no longer pays what it paid.
          </p>
        ) : null}
        <dl className="flex flex-col gap-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted-foreground print:hidden">To keep a copy, print this page or save it as a PDF from your browser’s menu.</p>
      </article>
    </div>
  )
}
