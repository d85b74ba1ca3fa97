import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/work-order-summary'

export const meta: Route.MetaFunction = () => [{ title: title('Work Order Summary') }]

type Summary = Statement<'work-order-summary'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'work-order-summary', ['date_from', 'date_to', 'property_group_id', 'group_by'])

export default function WorkOrderSummaryPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="work-order-summary"
      fields={['range', 'property', 'summary_group']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to, group_by: report?.group_by ?? values.group_by }}
    >
      {report ? <SummaryTable report={report} /> : null}
    </StatementPage>
  )
}

function SummaryTable({ report }: { report: Summary }) {
  const row = (r: Summary['total'], total = false) => (
    <tr key={r.group} className={total ? 'border-t-2 font-semibold' : undefined}>
      <Td>{r.group}</Td>
      <Td className="text-right tabular-nums">{r.opened}</Td>
      <Td className="text-right tabular-nums">{r.finished}</Td>
      <Td className="text-right tabular-nums">{r.open_at_end}</Td>
      <Td className="text-right tabular-nums">{r.mean_open_age_days ?? '—'}</Td>
      <Amount value={r.cost} strong={total} />
      <Amount value={r.cost_per_unit} strong={total} />
      <Td className="text-right tabular-nums">{r.saturation_percent === null ? '—' : `${r.saturation_percent}%`}</Td>
    </tr>
  )
  return (
    <>
      <p className="text-sm text-muted-foreground">
        From {report.date_from} to {report.date_to}. Finished: closed or canceled. Cost: labour and materials of the work completed. Saturation: work orders open at the end for each unit (NAA holds 10% acceptable and 5% exceptional); by property only.
      </p>
      <StatementTable caption={`Work order summary from ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>{report.group_by === 'category' ? 'Category' : report.group_by === 'priority' ? 'Priority' : 'Property'}</Th>
            <Th numeric>Opened</Th>
            <Th numeric>Finished</Th>
            <Th numeric>Open at end</Th>
            <Th numeric>Mean age of open (days)</Th>
            <Th numeric>Cost of work done</Th>
            <Th numeric>Cost per unit</Th>
            <Th numeric>Saturation</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={8} className="text-center text-muted-foreground">
                No work orders were opened, finished or open in these dates.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((r) => row(r))}
          {report.rows.length ? row(report.total, true) : null}
        </tbody>
      </StatementTable>
    </>
  )
}
