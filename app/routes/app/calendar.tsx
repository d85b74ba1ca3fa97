import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react'
import { data, Link } from 'react-router'
import type { Calendar } from '~/api/maintenance/calendar'
import { PageTabsNav } from '~/components/layout/page-tabs'
import { Breadcrumbs, PageHeader } from '~/components/list'
import { buttonVariants } from '~/components/ui/button'
import { useCompanyToday } from '~/components/use-company-today'
import { byDay, CALENDAR_VIEWS, daysOf, ENTRY_KINDS, stepped, viewRange, type CalendarEntry, type CalendarView, type EntryKind } from '~/domain/calendar'
import { todayIn } from '~/domain/dates'
import { CALENDAR_TABS } from '~/domain/navigation'
import { isIsoDate } from '~/domain/ledger/entries'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { cn, title } from '~/utils/misc'
import type { Route } from './+types/calendar'

/*
 * /app/calendar/ (issue 15 item 8): the work orders, inspections, tasks, lease moves, make-readies and
 * events of a month, a week or the coming thirty days, from `calendar/`. Drawn on the server: every
 * view, and moving between them, works without JavaScript; on a phone the month is its agenda.
 */

export const meta: Route.MetaFunction = () => [{ title: title('Calendar') }]

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const SHOWN_IN_A_DAY = 4

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const view = (CALENDAR_VIEWS.some((v) => v.value === url.searchParams.get('view')) ? url.searchParams.get('view') : 'month') as CalendarView
  const asked = url.searchParams.get('date')
  const day = asked && isIsoDate(asked) ? asked : todayIn((await api.get<{ time_zone: string }>('property-management-company/')).time_zone)
  const mine = url.searchParams.get('mine') === 'true'
  const range = viewRange(view, day)
  const answer = await api.send<Answer<typeof Calendar>>('GET', `calendar/?${new URLSearchParams({ ...range, mine: String(mine) })}`)
  if (!answer.ok) throw data(answer.error, { status: typeof answer.status === 'number' ? answer.status : 500 })
  return { view, day, mine, ...range, entries: answer.data.entries }
}

/** The page's own address with some of its choices changed. */
function hrefWith(current: { view: CalendarView; day: string; mine: boolean }, change: Partial<{ view: CalendarView; day: string; mine: boolean }>) {
  const next = { ...current, ...change }
  return `/app/calendar/?${new URLSearchParams({ view: next.view, date: next.day, ...(next.mine ? { mine: 'true' } : {}) })}`
}

const KIND_TONES: Record<string, string> = {
  'work-order': 'bg-amber-100 text-amber-900',
  inspection: 'bg-sky-100 text-sky-900',
  task: 'bg-violet-100 text-violet-900',
  'move-in': 'bg-emerald-100 text-emerald-900',
  'move-out': 'bg-rose-100 text-rose-900',
  'make-ready': 'bg-orange-100 text-orange-900',
  event: 'bg-slate-200 text-slate-900',
}
const kindLabel = (kind: string) => ENTRY_KINDS.find((k) => k.value === kind)?.label ?? kind

/** One entry, as a link to its record: its kind, its time (all day: none) and its title. */
function EntryLink({ entry, compact }: { entry: CalendarEntry; compact?: boolean }) {
  return (
    <Link to={entry.href} className={cn('block rounded px-1.5 py-0.5 text-xs hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', KIND_TONES[entry.kind])}>
      <span className={compact ? 'sr-only' : 'font-semibold'}>{kindLabel(entry.kind)}: </span>
      {entry.time ? <span className="tabular-nums">{entry.time} </span> : null}
      <span>{entry.title}</span>
      {!compact && entry.detail ? <span className="text-muted-foreground"> · {entry.detail}</span> : null}
    </Link>
  )
}

const dayHeading = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-CA', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** A day's heading and its entries, in an agenda or a week. */
function Day({ day, entries, className }: { day: string; entries: readonly CalendarEntry[]; className: string }) {
  return (
    <>
      <h2 className={cn('font-semibold', className)}>
        <time dateTime={day}>{dayHeading(day)}</time>
      </h2>
      <ul className="flex flex-col gap-1">
        {entries.map((entry) => (
          <li key={`${entry.kind}-${entry.id}`}>
            <EntryLink entry={entry} />
          </li>
        ))}
      </ul>
    </>
  )
}

function Agenda({ days, from, to }: { days: Map<string, CalendarEntry[]>; from: string; to: string }) {
  const shown = daysOf(from, to).filter((d) => days.has(d))
  if (!shown.length) return <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">Nothing on the calendar from {from} to {to}.</p>
  return (
    <ol className="flex flex-col gap-4" aria-label="Agenda">
      {shown.map((day) => (
        <li key={day} className="flex flex-col gap-1.5">
          <Day day={day} entries={days.get(day)!} className="text-sm" />
        </li>
      ))}
    </ol>
  )
}

function Month({ days, from, to, day, today, at }: { days: Map<string, CalendarEntry[]>; from: string; to: string; day: string; today: string; at: (d: string) => string }) {
  const weeks = daysOf(from, to).reduce<string[][]>((acc, d, i) => (i % 7 ? (acc.at(-1)!.push(d), acc) : [...acc, [d]]), [])
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{new Date(`${day}T00:00:00Z`).toLocaleDateString('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' })}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((w) => (
            <th key={w} scope="col" className="px-1 py-2 text-left text-xs font-semibold text-muted-foreground">
              {w}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((d) => {
              const entries = days.get(d) ?? []
              const other = d.slice(0, 7) !== day.slice(0, 7)
              return (
                <td key={d} className={cn('h-28 border align-top p-1', other && 'bg-muted/40 text-muted-foreground', d === today && 'ring-2 ring-inset ring-primary')}>
                  <Link to={at(d)} className="text-xs font-semibold hover:underline" aria-label={`${dayHeading(d)}: ${entries.length} on the calendar`}>
                    {Number(d.slice(8, 10))}
                  </Link>
                  <ul className="mt-1 flex flex-col gap-0.5">
                    {entries.slice(0, SHOWN_IN_A_DAY).map((entry) => (
                      <li key={`${entry.kind}-${entry.id}`} className="truncate">
                        <EntryLink entry={entry} compact />
                      </li>
                    ))}
                  </ul>
                  {entries.length > SHOWN_IN_A_DAY ? (
                    <Link to={at(d)} className="text-xs text-primary underline">
                      {entries.length - SHOWN_IN_A_DAY} more
                    </Link>
                  ) : null}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Week({ days, from, to, today }: { days: Map<string, CalendarEntry[]>; from: string; to: string; today: string }) {
  return (
    <ol className="grid gap-3 md:grid-cols-7" aria-label="Week">
      {daysOf(from, to).map((d) => (
        <li key={d} className={cn('flex min-h-32 flex-col gap-1 rounded-md border p-2', d === today && 'ring-2 ring-primary')}>
          <Day day={d} entries={days.get(d) ?? []} className="text-xs" />
        </li>
      ))}
    </ol>
  )
}

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { view, day, mine, from, to, entries } = loaderData
  const current = { view, day, mine }
  const days = byDay(entries.map(({ user_id, kind, ...e }) => ({ ...e, kind: kind as EntryKind, userId: user_id })))
  const today = useCompanyToday()
  const heading =
    view === 'month'
      ? new Date(`${day}T00:00:00Z`).toLocaleDateString('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' })
      : view === 'week'
        ? `Week of ${from}`
        : `${from} to ${to}`
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Dashboard', href: '/app/' }, { label: 'Calendar' }]} />
      <PageTabsNav tabs={CALENDAR_TABS} />
      <PageHeader title="Calendar">
        <Link to="/app/calendar-events/new/" className={buttonVariants()}>
          <CalendarPlus aria-hidden /> Add event
        </Link>
      </PageHeader>
      <p className="text-sm text-muted-foreground">Work orders on their visit or due day, inspections, tasks, move-ins and move-outs, make-readies and your team’s events.</p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Calendar views" className="flex gap-1">
          {CALENDAR_VIEWS.map((v) => (
            <Link key={v.value} to={hrefWith(current, { view: v.value })} aria-current={v.value === view ? 'page' : undefined} className={buttonVariants({ variant: v.value === view ? 'secondary' : 'ghost', size: 'sm' })}>
              {v.label}
            </Link>
          ))}
        </nav>
        <nav aria-label="Whose calendar" className="flex gap-1">
          <Link to={hrefWith(current, { mine: true })} aria-current={mine ? 'page' : undefined} className={buttonVariants({ variant: mine ? 'secondary' : 'ghost', size: 'sm' })}>
            Mine
          </Link>
          <Link to={hrefWith(current, { mine: false })} aria-current={!mine ? 'page' : undefined} className={buttonVariants({ variant: !mine ? 'secondary' : 'ghost', size: 'sm' })}>
            Everyone’s
          </Link>
        </nav>
        <nav aria-label="Dates" className="flex items-center gap-1">
          <Link to={hrefWith(current, { day: stepped(view, day, -1) })} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <ChevronLeft aria-hidden /> Previous
          </Link>
          <Link to={`/app/calendar/?${new URLSearchParams({ view, ...(mine ? { mine: 'true' } : {}) })}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Today
          </Link>
          <Link to={hrefWith(current, { day: stepped(view, day, 1) })} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Next <ChevronRight aria-hidden />
          </Link>
        </nav>
      </div>
      <h2 className="text-lg font-semibold">{heading}</h2>
      {view === 'month' ? (
        <>
          {/* A month's grid needs the width of a laptop; a phone reads the same days as a list. */}
          <div className="hidden md:block">
            <Month days={days} from={from} to={to} day={day} today={today} at={(d) => hrefWith(current, { view: 'week', day: d })} />
          </div>
          <div className="md:hidden">
            <Agenda days={days} from={from} to={to} />
          </div>
        </>
      ) : view === 'week' ? (
        <Week days={days} from={from} to={to} today={today} />
      ) : (
        <Agenda days={days} from={from} to={to} />
      )}
    </div>
  )
}
