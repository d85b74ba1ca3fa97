import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { RETURN_LINES } from '~/domain/receivables/gst-hst-return'
import { title } from '~/utils/misc'
import type { Route } from './+types/gst-hst-return'

export const meta: Route.MetaFunction = () => [{ title: title('GST/HST Return Worksheet') }]

type GstHstReturn = Statement<'gst-hst-return'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'gst-hst-return', ['date_from', 'date_to'])

export default function GstHstReturnPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage name="gst-hst-return" fields={['range']} {...loaderData} values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}>
      {report ? <ReturnTable report={report} /> : null}
    </StatementPage>
  )
}

const TOTALS = new Set(['line_105', 'line_108', 'line_109'])

function ReturnTable({ report }: { report: GstHstReturn }) {
  const money = useDisplayMoney()
  return (
    <>
      <p className="text-sm text-muted-foreground">
        From the {report.invoice_count} invoice(s) with tax, and the {report.bill_count} bill(s), {report.expense_count} expense(s) and {report.vendor_credit_count} vendor credit(s) with tax credits, dated {report.date_from} to {report.date_to}.{' '}
        {report.owing ? `Net tax to remit: ${money(report.line_109)}.` : `A refund is due: ${money(report.line_109.replace('-', ''))}.`}
      </p>
      <StatementTable caption={`GST/HST return, ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>Line</Th>
            <Th>Description</Th>
            <Th numeric>Amount</Th>
          </tr>
        </thead>
        <tbody>
          {RETURN_LINES.map((line) => (
            <tr key={line.key}>
              <Td>{line.number}</Td>
              <Td className={TOTALS.has(line.key) ? 'font-semibold' : undefined}>{line.label}</Td>
              <Amount value={report[line.key]} strong={TOTALS.has(line.key)} />
            </tr>
          ))}
        </tbody>
      </StatementTable>
      {report.provincial_taxes.length ? (
        <p className="text-sm text-muted-foreground">
          Provincial sales taxes charged, filed with the province and not on this return: {report.provincial_taxes.map((t) => `${t.code} ${money(t.amount)}`).join(', ')}.
        </p>
      ) : null}
    </>
  )
}
