import { Link } from 'react-router'
import type { ExpiringLeases } from '~/api/leasing/vacancies'
import { LeaseLink, LeasingFilters, monthLabel, NextLease, UnitLink, VacancyFrame } from '~/components/leasing/leasing'
import { loadLeasingPage } from '~/components/leasing/leasing.server'
import { EmptyState, Table, Td, Th } from '~/components/list'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { buttonVariants } from '~/components/ui/button'
import type { Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/expiring-leases'

/*
 * /app/leases-expiring-60-days/ and /app/leases-expiring-120-days/ (SPEC.md §2): the fixed-term
 * leases in force whose term ends within the window with no renewal signed, from
 * `leasing/expiring-leases/`.
 */

type Answered = Answer<typeof ExpiringLeases>

const windowAt = (url: URL) => (url.pathname.includes('120') ? 120 : 60)

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(`Leases Expiring in ${loaderData?.days ?? 60} Days`) }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const days = windowAt(url)
  return { days, ...(await loadLeasingPage<Answered>({ request, url }, 'leasing/expiring-leases', ['as_of', 'property_group_id'], { within_days: String(days) })) }
}

export default function ExpiringLeasesPage({ loaderData }: Route.ComponentProps) {
  const { days, answer, values, properties, error } = loaderData
  const pageTitle = `Leases Expiring in ${days} Days`
  return (
    <VacancyFrame
      title={pageTitle}
      description={`The fixed-term leases whose term ends within ${days} days with no renewal signed: renew them, or know the unit is coming free.`}
      actions={
        <Link to="/app/leases/?status=ACTIVE&lease_type=FIXED" className={buttonVariants({ variant: 'outline' })}>
          Fixed-term leases
        </Link>
      }
    >
      <LeasingFilters label={pageTitle} values={{ ...values, as_of: answer?.as_of ?? values.as_of }} properties={properties} error={error} />
      {answer ? <Expiring answer={answer} /> : null}
    </VacancyFrame>
  )
}

function Expiring({ answer }: { answer: Answered }) {
  const money = useDisplayMoney()
  return (
    <>
      <SummaryFigures
        figures={[
          { label: `Ending by ${answer.ends_by}`, value: `${answer.lease_count} ${answer.lease_count === 1 ? 'lease' : 'leases'}` },
          { label: 'Their rent, a month', value: money(answer.rent) },
          ...answer.by_month.map((m) => ({ label: monthLabel(m.month), value: `${m.count} ending` })),
        ]}
      />
      {answer.rows.length === 0 ? (
        <EmptyState title="No lease is expiring">
          <p className="text-sm text-muted-foreground">
            No fixed term ends between {answer.as_of} and {answer.ends_by} without a renewal.
          </p>
        </EmptyState>
      ) : (
        <Table>
          <caption className="sr-only">
            Leases ending from {answer.as_of} to {answer.ends_by}
          </caption>
          <thead>
            <tr>
              <Th>Unit</Th>
              <Th>Residents</Th>
              <Th>Status</Th>
              <Th>Ends</Th>
              <Th numeric>Days left</Th>
              <Th numeric>Rent</Th>
              <Th numeric>Market rent</Th>
              <Th>Next lease</Th>
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row) => (
              <tr key={row.lease_id}>
                <Td>
                  <UnitLink unit={row} />
                </Td>
                <Td>
                  <LeaseLink lease={row} />
                </Td>
                <Td className="whitespace-nowrap">{row.move_out_date ? `${row.status_label}, leaving ${row.move_out_date}` : row.status_label}</Td>
                <Td className="tabular-nums whitespace-nowrap">{row.end_date}</Td>
                <Td className="text-right tabular-nums">{row.days_left}</Td>
                <Td className="text-right tabular-nums whitespace-nowrap">{money(row.rent)}</Td>
                <Td className="text-right tabular-nums whitespace-nowrap">{row.market_rent ? money(row.market_rent) : 'Not set'}</Td>
                <Td>
                  <NextLease lease={row.next_lease} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  )
}
