import { Link } from 'react-router'
import type { Vacancies } from '~/api/leasing/vacancies'
import { LeaseLink, LeasingFilters, NextLease, UnitLink, unitKind, VacancyFrame } from '~/components/leasing/leasing'
import { loadLeasingPage } from '~/components/leasing/leasing.server'
import { EmptyState, Table, Td, Th } from '~/components/list'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { buttonVariants } from '~/components/ui/button'
import { DEFAULT_HORIZON, HORIZONS } from '~/domain/leasing/vacancies'
import type { Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/vacancies'

/*
 * /app/current-vacancies/ and /app/upcoming-vacancies/ (SPEC.md §2): the units vacant on a day, and
 * those becoming vacant within a window after it, from `vacancies/`.
 */

type Answered = Answer<typeof Vacancies>

const PAGES = {
  '/app/current-vacancies/': {
    title: 'Current Vacancies',
    availability: 'now',
    description: 'The units no lease holds today (units taken out of service aside): since when, what they rent for, who left and whether a next lease is signed.',
  },
  '/app/upcoming-vacancies/': {
    title: 'Upcoming Vacancies',
    availability: 'upcoming',
    description: 'The units becoming vacant: leases with notice given and a move-out date, and fixed terms ending with no renewal signed, soonest free first.',
  },
} as const

function pageAt(url: URL) {
  const path = (url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`) as keyof typeof PAGES
  return PAGES[path] ?? PAGES['/app/current-vacancies/']
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData?.page.title ?? 'Vacancies') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const page = pageAt(url)
  const keys = page.availability === 'upcoming' ? ['as_of', 'property_group_id', 'within_days'] : ['as_of', 'property_group_id']
  return { page, ...(await loadLeasingPage<Answered>({ request, url }, 'vacancies', keys, { availability: page.availability })) }
}

export default function VacanciesPage({ loaderData }: Route.ComponentProps) {
  const { page, answer, values, properties, error } = loaderData
  const upcoming = page.availability === 'upcoming'
  return (
    <VacancyFrame
      title={page.title}
      description={page.description}
      actions={
        <Link to={`/app/reporting/rent-roll/?status=${upcoming ? 'NOTICE' : 'VACANT'}`} className={buttonVariants({ variant: 'outline' })}>
          Rent roll
        </Link>
      }
    >
      <LeasingFilters label={page.title} values={{ ...values, as_of: answer?.as_of ?? values.as_of }} properties={properties} error={error} within={upcoming ? { options: HORIZONS, value: DEFAULT_HORIZON } : undefined} />
      {answer ? upcoming ? <Upcoming answer={answer} /> : <Current answer={answer} /> : null}
    </VacancyFrame>
  )
}

function Current({ answer }: { answer: Answered }) {
  const money = useDisplayMoney()
  const { summary, rows } = answer
  return (
    <>
      <SummaryFigures
        className="lg:grid-cols-4"
        figures={[
          { label: `Vacant on ${answer.as_of}`, value: `${summary.vacant} of ${summary.units} units` },
          { label: 'Their market rent, a month', value: money(summary.vacant_market_rent) },
          { label: 'With a next lease signed', value: String(summary.pre_leased) },
          { label: `Becoming vacant in ${answer.within_days} days`, value: String(summary.on_notice + summary.lease_ending), href: '/app/upcoming-vacancies/' },
        ]}
      />
      {rows.length === 0 ? (
        <EmptyState title="No vacant units">
          <p className="text-sm text-muted-foreground">Every unit is let on {answer.as_of}.</p>
        </EmptyState>
      ) : (
        <Table>
          <caption className="sr-only">Units vacant on {answer.as_of}</caption>
          <thead>
            <tr>
              <Th>Unit</Th>
              <Th>Kind</Th>
              <Th>Vacant since</Th>
              <Th numeric>Days vacant</Th>
              <Th numeric>Market rent</Th>
              <Th>Last lease</Th>
              <Th>Next lease</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.rental_unit_id}>
                <Td>
                  <UnitLink unit={row} />
                </Td>
                <Td className="whitespace-nowrap">{unitKind(row)}</Td>
                <Td className="tabular-nums whitespace-nowrap">{row.available_date ?? 'Never let'}</Td>
                <Td className="text-right tabular-nums">{row.days_vacant ?? ''}</Td>
                <Td className="text-right tabular-nums whitespace-nowrap">{row.market_rent ? money(row.market_rent) : 'Not set'}</Td>
                <Td>
                  {row.last_lease ? (
                    <>
                      <LeaseLink lease={row.last_lease} /> <span className="text-muted-foreground">left {row.last_lease.move_out_date ?? row.last_lease.end_date}</span>
                    </>
                  ) : null}
                </Td>
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

function Upcoming({ answer }: { answer: Answered }) {
  const money = useDisplayMoney()
  const { summary, rows } = answer
  return (
    <>
      <SummaryFigures
        className="lg:grid-cols-4"
        figures={[
          { label: 'On notice', value: String(summary.on_notice) },
          { label: 'Fixed terms ending', value: String(summary.lease_ending) },
          { label: 'With a next lease signed', value: String(rows.filter((r) => r.next_lease).length) },
          { label: `Vacant now`, value: String(summary.vacant), href: '/app/current-vacancies/' },
        ]}
      />
      {rows.length === 0 ? (
        <EmptyState title="No unit is becoming vacant">
          <p className="text-sm text-muted-foreground">
            No notice is given and no fixed term ends between {answer.as_of} and {answer.available_by}.
          </p>
        </EmptyState>
      ) : (
        <Table>
          <caption className="sr-only">
            Units becoming vacant from {answer.as_of} to {answer.available_by}
          </caption>
          <thead>
            <tr>
              <Th>Unit</Th>
              <Th>Why</Th>
              <Th>Free from</Th>
              <Th numeric>Days until</Th>
              <Th numeric>Market rent</Th>
              <Th>Leaving</Th>
              <Th>Next lease</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.rental_unit_id}>
                <Td>
                  <UnitLink unit={row} />
                </Td>
                <Td className="whitespace-nowrap">{row.status_label}</Td>
                <Td className="tabular-nums whitespace-nowrap">{row.available_date}</Td>
                <Td className="text-right tabular-nums">{row.days_until_available}</Td>
                <Td className="text-right tabular-nums whitespace-nowrap">{row.market_rent ? money(row.market_rent) : 'Not set'}</Td>
                <Td>
                  {row.last_lease ? (
                    <>
                      <LeaseLink lease={row.last_lease} /> <span className="whitespace-nowrap text-muted-foreground">at {money(row.last_lease.rent)}</span>
                    </>
                  ) : null}
                </Td>
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
