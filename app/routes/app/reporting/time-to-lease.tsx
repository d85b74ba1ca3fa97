import { Link } from 'react-router'
import { StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { title } from '~/utils/misc'
import type { Route } from './+types/time-to-lease'

export const meta: Route.MetaFunction = () => [{ title: title('Time to Lease') }]

type TimeToLease = Statement<'time-to-lease'>

export const loader = ({ request, url }: Route.LoaderArgs) => loadStatement({ request, url }, 'time-to-lease', ['date_from', 'date_to', 'property_group_id', 'unit_type'])

export default function TimeToLeasePage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="time-to-lease"
      fields={['range', 'property', 'unit_type']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? <Leasing report={report} /> : null}
    </StatementPage>
  )
}

const show = (days: number | null) => (days === null ? '—' : String(days))

function Leasing({ report }: { report: TimeToLease }) {
  const { total } = report
  return (
    <>
      <SummaryFigures
        className="lg:grid-cols-4"
        figures={[
          { label: 'New leases signed', value: String(total.leases) },
          { label: 'Days to lease (mean)', value: show(total.mean_days_to_lease) },
          { label: 'Days to lease (median)', value: show(total.median_days_to_lease) },
          { label: 'Days vacant (mean)', value: show(total.mean_days_vacant) },
        ]}
      />
      <p className="text-sm text-muted-foreground">
        New leases (renewals aside) signed from {report.date_from} to {report.date_to}. Days to lease count from the day the unit was listed, else the day it was vacated; a
        lease signed before the unit was vacated is pre-leased.
      </p>
      <StatementTable caption={`Time to lease, leases signed from ${report.date_from} to ${report.date_to}`}>
        <thead>
          <tr>
            <Th>Unit</Th>
            <Th>Vacated</Th>
            <Th>Listed</Th>
            <Th>Signed</Th>
            <Th>Move-in</Th>
            <Th numeric>Days to lease</Th>
            <Th numeric>Days vacant</Th>
          </tr>
        </thead>
        <tbody>
          {report.rows.length === 0 ? (
            <tr>
              <Td colSpan={7} className="text-center text-muted-foreground">
                No new lease was signed in these dates.
              </Td>
            </tr>
          ) : null}
          {report.rows.map((row) => (
            <tr key={row.lease_id}>
              <Td>
                <Link to={`/app/rental-units/${row.rental_unit_id}/`}>{row.unit_label}</Link>
                <span className="block text-xs text-muted-foreground">{row.unit_type_label}</span>
              </Td>
              <Td className="tabular-nums whitespace-nowrap">{row.vacated_on ?? '—'}</Td>
              <Td className="tabular-nums whitespace-nowrap">{row.listed_on ?? '—'}</Td>
              <Td className="tabular-nums whitespace-nowrap">
                <Link to={`/app/leases/${row.lease_id}/`}>{row.signed_on}</Link>
              </Td>
              <Td className="tabular-nums whitespace-nowrap">{row.move_in}</Td>
              <Td className="text-right tabular-nums">
                {show(row.days_to_lease)}
                {row.pre_leased ? <span className="block text-xs text-muted-foreground">pre-leased</span> : null}
              </Td>
              <Td className="text-right tabular-nums">{show(row.days_vacant)}</Td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {[...report.groups, total].map((group) => (
            <tr key={group.group} className="font-medium">
              <Td colSpan={5}>
                {group.group}: {group.leases} lease{group.leases === 1 ? '' : 's'}
                {group.pre_leased ? `, ${group.pre_leased} pre-leased` : ''}
              </Td>
              <Td className="text-right tabular-nums">
                {show(group.mean_days_to_lease)} <span className="text-xs text-muted-foreground">(median {show(group.median_days_to_lease)})</span>
              </Td>
              <Td className="text-right tabular-nums">{show(group.mean_days_vacant)}</Td>
            </tr>
          ))}
        </tfoot>
      </StatementTable>
    </>
  )
}
