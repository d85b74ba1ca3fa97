import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { title } from '~/utils/misc'
import type { Route } from './+types/upcoming-rent-increase'

export const meta: Route.MetaFunction = () => [{ title: title('Upcoming Rent Increases') }]

type UpcomingRentIncreases = Statement<'upcoming-rent-increase'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'upcoming-rent-increase', ['date_from', 'date_to', 'property_group_id', 'status'])

export default function UpcomingRentIncreasePage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="upcoming-rent-increase"
      fields={['range', 'property', 'increase_status']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? <Increases report={report} /> : null}
    </StatementPage>
  )
}

function Increases({ report }: { report: UpcomingRentIncreases }) {
  const display = useDisplayMoney()
  const { totals } = report
  return (
    <>
      <SummaryFigures
        className="lg:grid-cols-4"
        figures={[
          { label: 'Increases', value: `${totals.increases} (${totals.notices_given} noticed, ${totals.drafts} ${totals.drafts === 1 ? 'draft' : 'drafts'})` },
          { label: 'Rent per month now', value: display(totals.current_rent) },
          { label: 'More per month', value: `${display(totals.change)} (${totals.change_percent}%)` },
          { label: 'More per year', value: display(totals.annual_change) },
        ]}
      />
      <p className="text-sm text-muted-foreground">
        Rent increases taking effect from {report.date_from} to {report.date_to}. Drafts and notices not yet applied say what the province’s law finds wrong in them. Leases whose rent may rise but
        have no increase yet are offered on a <Link to="/app/bulk-rent-increase-notices/new/">bulk notice of rent increase</Link>.
      </p>
      <StatementTable caption={`Rent increases taking effect from ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>Effective</Th>
            <Th>Unit</Th>
            <Th>Residents</Th>
            <Th numeric>Current rent</Th>
            <Th numeric>New rent</Th>
            <Th numeric>Change</Th>
            <Th>Notice given</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={8} className="text-center text-muted-foreground">
                No rent increase takes effect in these dates.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.rent_increase_id}>
              <Td className="tabular-nums whitespace-nowrap">{row.effective_date}</Td>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
                <span className="block text-muted-foreground">{row.property_label}</span>
              </Td>
              <Td>
                <Link to={`/app/leases/${row.lease_id}/`}>{row.residents || row.lease_label}</Link>
              </Td>
              <Amount value={row.current_rent} />
              <Amount value={row.new_rent} />
              <Td className="text-right tabular-nums whitespace-nowrap">
                {display(row.change)} <span className="text-muted-foreground">({row.change_percent}%)</span>
              </Td>
              <Td className="tabular-nums whitespace-nowrap">{row.notice_date ? `${row.notice_date} (${row.days_notice} days)` : 'Not yet'}</Td>
              <Td>
                <Link to={`/app/rent-increases/${row.rent_increase_id}/`}>{row.status_label}</Link>
                {row.flags.map((flag) => (
                  <span key={flag} className="block text-destructive">
                    {flag}
                  </span>
                ))}
              </Td>
            </tr>
          ))}
        </tbody>
        {report.rows.length ? (
          <tfoot>
            <tr className="font-semibold">
              <Td colSpan={3}>Total per month</Td>
              <Amount value={totals.current_rent} />
              <Amount value={totals.new_rent} />
              <Td className="text-right tabular-nums whitespace-nowrap">{display(totals.change)}</Td>
              <Td colSpan={2} />
            </tr>
          </tfoot>
        ) : null}
      </StatementTable>
    </>
  )
}
