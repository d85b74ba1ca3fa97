import { Form, Link } from 'react-router'
import type { TechnicianWorkOrderList } from '~/api/maintenance/technician'
import { EmptyState } from '~/components/list'
import { WorkOrderCards } from '~/components/technician'
import { Button } from '~/components/ui/button'
import { Select } from '~/components/ui/input'
import { WORK_ORDER_STAGES } from '~/domain/maintenance/work-orders'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { cn, title } from '~/utils/misc'
import type { Route } from './+types/work-orders'

export const meta: Route.MetaFunction = () => [{ title: title('Work Orders') }]

const TABS = [
  { when: 'today', label: 'Today' },
  { when: 'open', label: 'Open' },
  { when: 'all', label: 'All' },
] as const

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const when = TABS.find((t) => t.when === url.searchParams.get('when'))?.when ?? 'open'
  const stage = WORK_ORDER_STAGES.find((s) => s.value === url.searchParams.get('stage'))?.value ?? ''
  const list = await api.get<Answer<typeof TechnicianWorkOrderList>>(`technician/work-orders/?when=${when}${stage ? `&stage=${stage}` : ''}`)
  return { list, when, stage }
}

/** The technician's work orders: Today, Open or All, and a stage filter (a GET form, no JavaScript needed). */
export default function TechnicianWorkOrders({ loaderData }: Route.ComponentProps) {
  const { list, when, stage } = loaderData
  const query = (w: string) => `?when=${w}${stage ? `&stage=${stage}` : ''}`
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Work Orders</h1>
        <Link to="/mt/work-orders/new/" className="flex min-h-11 items-center text-sm text-primary underline">
          Add work order
        </Link>
      </div>
      <nav aria-label="Which work orders" className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {TABS.map((t) => (
          <Link
            key={t.when}
            to={query(t.when)}
            aria-current={t.when === when ? 'page' : undefined}
            className={cn('flex min-h-11 items-center justify-center rounded-md text-sm font-medium', t.when === when ? 'bg-background shadow-sm' : 'text-muted-foreground')}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="flex items-end gap-2">
        <input type="hidden" name="when" value={when} />
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="stage" className="text-sm font-medium">
            Stage
          </label>
          <Select id="stage" name="stage" defaultValue={stage}>
            <option value="">Any stage</option>
            {WORK_ORDER_STAGES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {list.count === 1 ? '1 work order' : `${list.count} work orders`}
      </p>
      {list.results.length ? (
        <WorkOrderCards items={list.results} />
      ) : (
        <EmptyState title={when === 'today' ? 'Nothing for today.' : 'No work orders here.'}>
          <p className="text-sm text-muted-foreground">Work orders assigned to you show here.</p>
        </EmptyState>
      )}
    </div>
  )
}
