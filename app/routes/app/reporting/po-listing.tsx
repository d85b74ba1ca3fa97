import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { title } from '~/utils/misc'
import type { Route } from './+types/po-listing'

export const meta: Route.MetaFunction = () => [{ title: title('PO Listing') }]

type PoListing = Statement<'po-listing'>

export const loader = ({ request, url }: Route.LoaderArgs) =>
  loadStatement({ request, url }, 'po-listing', ['date_from', 'date_to', 'status', 'vendor_id', 'property_group_id'], { records: { vendor_id: 'vendors' } })

export default function PoListingPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="po-listing"
      fields={['range', 'po_status', 'vendor', 'property']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? <ListingTable report={report} /> : null}
    </StatementPage>
  )
}

const ORDERS = '/app/accounting/purchase-orders/'

function ListingTable({ report }: { report: PoListing }) {
  const money = useDisplayMoney()
  const counted = report.by_status.filter((s) => s.count > 0)
  return (
    <>
      <p className="text-sm text-muted-foreground">
        The purchase orders dated {report.date_from} to {report.date_to}: {report.count} order(s) for {money(report.totals.amount)}, of which {money(report.totals.billed)} is billed and{' '}
        {money(report.totals.unbilled)} approved and not yet billed.
      </p>
      {counted.length ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Orders by status">
          {counted.map((s) => (
            <li key={s.status} className="rounded-md border bg-background px-3 py-1">
              <Link to={`${ORDERS}?status=${s.status}`} className="text-primary underline">
                {s.status_label}
              </Link>
              : {s.count} · {money(s.amount)}
            </li>
          ))}
        </ul>
      ) : null}
      <StatementTable caption={`Purchase orders dated ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>PO</Th>
            <Th>Date</Th>
            <Th>Vendor</Th>
            <Th>Property</Th>
            <Th>Status</Th>
            <Th>Required by</Th>
            <Th numeric>Total</Th>
            <Th numeric>Billed</Th>
            <Th numeric>Paid</Th>
            <Th numeric>Unbilled</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={10} className="text-center text-muted-foreground">
                No purchase order is dated in this range.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.id}>
              <Td>
                <Link to={`${ORDERS}${row.id}/`} className="text-primary underline" aria-label={row.label}>
                  {row.number}
                </Link>
              </Td>
              <Td className="whitespace-nowrap tabular-nums">{row.date}</Td>
              <Td>
                <Link to={`/app/vendors/${row.vendor_id}/`}>{row.vendor_label}</Link>
              </Td>
              <Td>{row.property_label}</Td>
              <Td>{row.status_label}</Td>
              <Td className="whitespace-nowrap tabular-nums">{row.required_by}</Td>
              <Amount value={row.amount} />
              <Amount value={row.bill_id ? row.billed : null} href={row.bill_id ? `/app/accounting/bills/${row.bill_id}/` : undefined} label={`${row.label}, its bill`} />
              <Amount value={row.paid === '0.00' ? null : row.paid} />
              <Amount value={row.unbilled === '0.00' ? null : row.unbilled} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <Td colSpan={6} className="font-semibold">
              Total
            </Td>
            <Amount value={report.totals.amount} strong />
            <Amount value={report.totals.billed} strong />
            <Amount value={report.totals.paid} strong />
            <Amount value={report.totals.unbilled} strong />
          </tr>
        </tfoot>
      </StatementTable>
    </>
  )
}
