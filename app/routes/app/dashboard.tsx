import { CalendarDays, Circle, CircleCheck } from 'lucide-react'
import type { Dashboard as DashboardSchema } from '~/api/platform/dashboard'
import { Form, Link, useRouteLoaderData } from 'react-router'
import { WarningsList, type WorkspaceWarning } from '~/components/layout/workspace-warnings'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button, buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { monthName } from '~/domain/dates'
import { title } from '~/utils/misc'
import { redirectWithToast } from '~/utils/toast.server'
import type { loader as layoutLoader } from './layout'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = () => [{ title: title('Property Manager Dashboard') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return api.get<Answer<typeof DashboardSchema>>('dashboard/')
}

/** The dashboard's one form: hiding the getting-started checklist. */
export async function action({ request, url }: Route.ActionArgs) {
  const { api } = await requireSession({ request, url })
  const result = await api.send('POST', 'dashboard/getting-started/dismiss/')
  if (!result.ok) throw await redirectWithToast('/app/', { type: 'error', description: result.error.detail })
  throw await redirectWithToast('/app/', { type: 'success', description: 'The getting-started checklist is hidden.' })
}

function GettingStarted({ items }: { items: NonNullable<Answer<typeof DashboardSchema>['getting_started']> }) {
  const left = items.filter((item) => !item.done).length
  return (
    <Card className="md:col-span-2 xl:col-span-3" data-testid="getting-started">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Getting started</CardTitle>
          <CardDescription>
            {left} of {items.length} steps left to set up your workspace.
          </CardDescription>
        </div>
        <Form method="post">
          <Button type="submit" variant="ghost" size="sm">
            Hide this checklist
          </Button>
        </Form>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <li key={item.key} data-done={item.done} className="flex items-center gap-2 text-sm">
              {item.done ? (
                <>
                  <CircleCheck aria-hidden className="size-5 shrink-0 text-emerald-600" />
                  <span className="text-muted-foreground line-through">{item.label}</span>
                  <span className="sr-only">(done)</span>
                </>
              ) : (
                <>
                  <Circle aria-hidden className="size-5 shrink-0 text-slate-400" />
                  <Link to={item.url} className="font-medium text-primary underline">
                    {item.label}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  )
}

/** One figure on the dashboard, linked to the report or list it comes from. */
function Figure({ title, value, detail, href, label }: { title: string; value: string; detail: string; href: string; label: string }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{title}</CardDescription>
        <CardTitle className="text-2xl tabular-nums">{value}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="text-muted-foreground">{detail}</p>
        <Link className="text-primary underline" to={href}>
          {label}
        </Link>
      </CardContent>
    </Card>
  )
}

function RentCards({ rent }: { rent: NonNullable<Answer<typeof DashboardSchema>['rent']> }) {
  const money = useDisplayMoney()
  const month = monthName(rent.month_start)
  return (
    <>
      <Figure title="Occupancy" value={`${rent.occupancy_percent}%`} detail={`${rent.occupied} of ${rent.units} units let.`} href="/app/reporting/rent-roll/" label="Rent roll" />
      <Figure
        title={`Rent charged in ${month}`}
        value={money(rent.charged_this_month)}
        detail={`Rent and other charges dated from ${rent.month_start} to today.`}
        href="/app/rent-receivables/?owing="
        label="Charges"
      />
      <Figure title={`Collected in ${month}`} value={money(rent.collected_this_month)} detail="Payments received and not returned." href="/app/rent-payments/" label="Rent payments" />
      <Figure
        title="Delinquent"
        value={money(rent.delinquent_balance)}
        detail={`${rent.delinquent_leases} current ${rent.delinquent_leases === 1 ? 'lease owes' : 'leases owe'} rent.`}
        href="/app/reporting/rent-delinquency/"
        label="Rent delinquency"
      />
      <Figure title="Notices" value={String(rent.on_notice)} detail={`${rent.on_notice === 1 ? 'Lease' : 'Leases'} with notice given to move out.`} href="/app/leases/?status=NOTICE" label="Leases on notice" />
    </>
  )
}

function WorkOrderCards({ figures }: { figures: NonNullable<Answer<typeof DashboardSchema>['work_orders']> }) {
  return (
    <>
      <Figure
        title="Open work orders"
        value={String(figures.open)}
        detail={`${figures.emergency} emergency, ${figures.urgent} urgent, ${figures.routine} routine; ${figures.unassigned} not assigned.`}
        href="/app/work-orders/"
        label="Work orders"
      />
      <Figure
        title="Overdue work orders"
        value={String(figures.overdue)}
        detail="Open, the work not done, and past their priority’s completion target."
        href="/app/reporting/open-work-orders/"
        label="Open work orders report"
      />
    </>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/app/layout')
  const me = layout?.me
  const warnings: WorkspaceWarning[] = layout?.warnings ?? []
  const { team, getting_started: gettingStarted, rent, work_orders: workOrders } = loaderData
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Property Manager Dashboard</h1>
          <p className="text-muted-foreground">
            Welcome, {me?.user.first_name}. This is {me?.company.name}’s workspace.
          </p>
        </div>
        <Link to="/app/calendar/" className={buttonVariants({ variant: 'outline' })}>
          <CalendarDays aria-hidden /> Calendar
        </Link>
      </div>
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {gettingStarted ? <GettingStarted items={gettingStarted} /> : null}
        {rent ? <RentCards rent={rent} /> : null}
        {workOrders ? <WorkOrderCards figures={workOrders} /> : null}
        {team ? (
          <Card>
            <CardHeader>
              <CardTitle>Your team</CardTitle>
              <CardDescription>People who can sign in to this workspace.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-2 text-sm">
              <p>
                <Link className="text-primary underline" to="/app/property-managers/">
                  {team.property_managers} property manager{team.property_managers === 1 ? '' : 's'}
                </Link>
              </p>
              <p>
                <Link className="text-primary underline" to="/app/maintenance-technicians/">
                  {team.maintenance_technicians} maintenance technician{team.maintenance_technicians === 1 ? '' : 's'}
                </Link>
                {team.invited ? ` and ${team.invited} invited` : ''}
              </p>
            </CardContent>
          </Card>
        ) : null}
        <Card className="md:col-span-1 xl:col-span-2">
          <CardHeader>
            <CardTitle>Workspace warnings</CardTitle>
            <CardDescription>Things in your setup that need attention.</CardDescription>
          </CardHeader>
          <CardContent>
            <WarningsList warnings={warnings} />
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
