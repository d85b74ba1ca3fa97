import type { LeasingOverview } from '~/api/leasing/vacancies'
import { BarChart } from '~/components/leasing/bar-chart'
import { LeaseLink, LeasingFilters, monthLabel, monthShort, UnitLink, VacancyFrame } from '~/components/leasing/leasing'
import { loadLeasingPage } from '~/components/leasing/leasing.server'
import { Table, Td, Th } from '~/components/list'
import { SummaryFigures } from '~/components/reporting/summary-figures'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { formatMoney, parseMoney } from '~/domain/money'
import type { Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/overview'

/*
 * /app/leasing/ (SPEC.md §2, the leasing landing page): occupancy, the vacant units, the notices
 * given, fixed terms ending in each of the next twelve months and rent charged and collected in
 * each of the last twelve, from `leasing/overview/`. The charts are drawn on the server, each with
 * its figures as a table.
 */

type Answered = Answer<typeof LeasingOverview>

export const meta: Route.MetaFunction = () => [{ title: title('Leasing') }]

export const loader = ({ request, url }: Route.LoaderArgs) => loadLeasingPage<Answered>({ request, url }, 'leasing/overview', ['as_of', 'property_group_id'])

export default function LeasingOverviewPage({ loaderData }: Route.ComponentProps) {
  const { answer, values, properties, error } = loaderData
  return (
    <VacancyFrame title="Leasing" description="How full the units are, what is coming free and when, and the rent charged and collected month by month.">
      <LeasingFilters label="Leasing" values={{ ...values, as_of: answer?.as_of ?? values.as_of }} properties={properties} error={error} />
      {answer ? <Overview answer={answer} /> : null}
    </VacancyFrame>
  )
}

function Overview({ answer }: { answer: Answered }) {
  const money = useDisplayMoney()
  const { occupancy } = answer
  const expiring = answer.expirations_by_month.reduce((sum, m) => sum + m.count, 0)
  const busiest = answer.expirations_by_month.reduce((a, b) => (b.count > a.count ? b : a), answer.expirations_by_month[0])
  const rent = answer.rent_by_month
  const cents = (amount: string) => parseMoney(amount) ?? 0
  const collected = rent.reduce((sum, m) => sum + cents(m.collected), 0)
  const charged = rent.reduce((sum, m) => sum + cents(m.charged), 0)
  const last = rent.at(-1)!
  return (
    <>
      <SummaryFigures
        figures={[
          { label: 'Occupancy', value: `${occupancy.occupancy_percent}%`, href: '/app/reporting/rent-roll/' },
          { label: 'Units let', value: `${occupancy.occupied} of ${occupancy.units}` },
          { label: 'Vacant', value: String(occupancy.vacant), href: '/app/current-vacancies/' },
          { label: 'On notice', value: String(occupancy.on_notice), href: '/app/upcoming-vacancies/' },
          { label: 'Terms ending, 12 months', value: String(expiring), href: '/app/leases-expiring-120-days/' },
          { label: `Collected in ${monthLabel(last.month)}`, value: money(last.collected) },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <BarChart
          id="expirations"
          title="Leases expiring by month"
          summary={
            expiring
              ? `${expiring} fixed ${expiring === 1 ? 'term ends' : 'terms end'} with no renewal signed from ${monthLabel(answer.expirations_by_month[0].month)} to ${monthLabel(answer.expirations_by_month.at(-1)!.month)}; the most, ${busiest.count}, in ${monthLabel(busiest.month)}.`
              : 'No fixed term ends without a renewal in the next twelve months.'
          }
          series={[{ label: 'Leases ending', fill: 'fill-primary', swatch: 'bg-primary' }]}
          points={answer.expirations_by_month.map((m) => ({ key: m.month, label: monthLabel(m.month), short: monthShort(m.month), values: [m.count], shown: [String(m.count)] }))}
          top={String(busiest.count)}
        />
        <BarChart
          id="rent"
          title="Rent charged and collected by month"
          summary={`Over the twelve months to ${monthLabel(last.month)}, ${money(formatMoney(charged))} was charged and ${money(formatMoney(collected))} collected (payments received in each month, less those the bank returned).`}
          series={[
            { label: 'Charged', fill: 'fill-slate-300', swatch: 'bg-slate-300' },
            { label: 'Collected', fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
          ]}
          points={rent.map((m) => ({ key: m.month, label: monthLabel(m.month), short: monthShort(m.month), values: [cents(m.charged), cents(m.collected)], shown: [money(m.charged), money(m.collected)] }))}
          top={money(formatMoney(Math.max(...rent.flatMap((m) => [cents(m.charged), cents(m.collected)]))))}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="vacant-title" className="flex min-w-0 flex-col gap-2">
          <h2 id="vacant-title" className="font-semibold">
            Vacant units
          </h2>
          {answer.vacant_units.length ? (
            <Table>
              <caption className="sr-only">Units vacant on {answer.as_of}</caption>
              <thead>
                <tr>
                  <Th>Unit</Th>
                  <Th>Since</Th>
                  <Th numeric>Days</Th>
                  <Th numeric>Market rent</Th>
                </tr>
              </thead>
              <tbody>
                {answer.vacant_units.map((row) => (
                  <tr key={row.rental_unit_id}>
                    <Td>
                      <UnitLink unit={row} />
                    </Td>
                    <Td className="tabular-nums whitespace-nowrap">{row.available_date ?? 'Never let'}</Td>
                    <Td className="text-right tabular-nums">{row.days_vacant ?? ''}</Td>
                    <Td className="text-right tabular-nums whitespace-nowrap">{row.market_rent ? money(row.market_rent) : 'Not set'}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <p className="text-sm text-muted-foreground">Every unit is let.</p>
          )}
        </section>
        <section aria-labelledby="notices-title" className="flex min-w-0 flex-col gap-2">
          <h2 id="notices-title" className="font-semibold">
            Notices given
          </h2>
          {answer.notices.length ? (
            <Table>
              <caption className="sr-only">Leases with notice given on {answer.as_of}</caption>
              <thead>
                <tr>
                  <Th>Unit</Th>
                  <Th>Residents</Th>
                  <Th>Notice</Th>
                  <Th>Moving out</Th>
                </tr>
              </thead>
              <tbody>
                {answer.notices.map((row) => (
                  <tr key={row.lease_id}>
                    <Td>
                      <UnitLink unit={row} />
                    </Td>
                    <Td>
                      <LeaseLink lease={row} />
                    </Td>
                    <Td className="tabular-nums whitespace-nowrap">{row.notice_date}</Td>
                    <Td className="tabular-nums whitespace-nowrap">{row.move_out_date}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : (
            <p className="text-sm text-muted-foreground">No lease has notice given.</p>
          )}
        </section>
      </div>
    </>
  )
}
