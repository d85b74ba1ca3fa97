import { Link } from 'react-router'
import { Amount, StatementPage, StatementTable, Td, Th } from '~/components/reporting/statement'
import { loadStatement, type Statement } from '~/components/reporting/statement.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/service-tech-hours'

export const meta: Route.MetaFunction = () => [{ title: title('Service Technician Hours') }]

type TechHours = Statement<'service-tech-hours'>

export const loader = ({ request, url }: Route.LoaderArgs) =>
  loadStatement({ request, url }, 'service-tech-hours', ['date_from', 'date_to', 'property_group_id', 'user_id', 'billable'], { records: { user_id: 'work-order-technicians' } })

export default function ServiceTechHoursPage({ loaderData }: Route.ComponentProps) {
  const { report, values } = loaderData
  return (
    <StatementPage
      name="service-tech-hours"
      fields={['range', 'property', 'technician', 'billable']}
      {...loaderData}
      values={{ ...values, date_from: report?.date_from ?? values.date_from, date_to: report?.date_to ?? values.date_to }}
    >
      {report ? <HoursTable report={report} /> : null}
    </StatementPage>
  )
}

function HoursTable({ report }: { report: TechHours }) {
  const summary = (t: TechHours['total'], total = false) => (
    <tr key={`summary-${t.technician}`} className={total ? 'border-t-2 font-semibold' : 'border-t'}>
      <Td colSpan={4}>
        {t.technician}
        <span className="font-normal text-muted-foreground">
          {' '}
          · {t.billable_hours} billable · utilisation {t.utilisation_percent === null ? '—' : `${t.utilisation_percent}%`}
          {t.overtime_hours !== '0.00' ? ` · ${t.overtime_hours} at a premium` : ''}
        </span>
      </Td>
      <Td className="text-right tabular-nums">{t.hours}</Td>
      <Td colSpan={2} />
      <Amount value={t.cost} strong={total} />
      <Td />
    </tr>
  )
  return (
    <StatementTable caption={`Time clocked from ${report.date_from} to ${report.date_to}`}>
      <thead>
        <tr>
          <Th>Date</Th>
          <Th>Technician</Th>
          <Th>Work order</Th>
          <Th>Property · unit</Th>
          <Th numeric>Hours</Th>
          <Th>Rate type</Th>
          <Th numeric>Rate</Th>
          <Th numeric>Cost</Th>
          <Th>Billable</Th>
        </tr>
      </thead>
      <tbody>
        {report.rows.length === 0 ? (
          <tr>
            <Td colSpan={9} className="text-center text-muted-foreground">
              No time was clocked in these dates.
            </Td>
          </tr>
        ) : null}
        {report.rows.map((r) => (
          <tr key={`${r.id}-${r.rate_type}`}>
            <Td className="whitespace-nowrap tabular-nums">{r.date}</Td>
            <Td>{r.technician}</Td>
            <Td>
              {r.work_order_id ? (
                <Link to={`/app/work-orders/${r.work_order_id}/`} className="text-primary underline">
                  {r.work_order}
                </Link>
              ) : (
                <span className="text-muted-foreground">No work order</span>
              )}
            </Td>
            <Td>{[r.property, r.unit].filter(Boolean).join(' · ')}</Td>
            <Td className="text-right tabular-nums">{r.hours}</Td>
            <Td>{r.rate_type_label}</Td>
            <Amount value={r.rate} />
            <Amount value={r.cost} />
            <Td>{r.billable ? 'Yes' : 'No'}</Td>
          </tr>
        ))}
        {report.rows.length ? report.by_technician.map((t) => summary(t)) : null}
        {report.rows.length ? summary(report.total, true) : null}
      </tbody>
    </StatementTable>
  )
}
