import { Link } from 'react-router'
import type { ResidentWorkOrders } from '~/api/maintenance/resident-work-orders'
import type { Answer } from '~/utils/api-client.server'
import { EmptyState } from './list'
import { buttonVariants } from './ui/button'
import { Badge } from './ui/card'

/*
 * A resident's work orders in the resident center (/rc/work-orders/), phone first like the rest of
 * it: cards that read top to bottom at 390 px, links and plain forms only.
 */

type WorkOrderItem = Answer<typeof ResidentWorkOrders>['results'][number]

const STAGE_TONES: Record<string, 'success' | 'warning' | 'neutral' | 'danger'> = {
  NEW: 'warning',
  TRIAGE: 'warning',
  WORK_DONE: 'success',
  READY_TO_BILL: 'success',
  CLOSED: 'success',
  CANCELED: 'neutral',
  ON_HOLD: 'neutral',
}

/** Where a work order stands, by the company's name for its status. */
export function WorkOrderStatus({ stage, label }: { stage: string; label: string }) {
  return (
    <Badge tone={STAGE_TONES[stage] ?? 'neutral'} data-testid="work-order-status">
      {label}
    </Badge>
  )
}

/** The way to report a new work order, a large target on a phone. */
export function ReportLink({ className }: { className?: string }) {
  return (
    <Link to="/rc/work-orders/new/" className={buttonVariants({ className: ['min-h-11', className].filter(Boolean).join(' ') })}>
      Create Work Order
    </Link>
  )
}

/** A work order in the list: what, where, its status, and when it was reported and visited. */
function WorkOrderCard({ order }: { order: WorkOrderItem }) {
  return (
    <li>
      <article aria-labelledby={`work-order-${order.id}`} className="flex flex-col gap-2 rounded-lg border bg-background p-4 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`work-order-${order.id}`} className="min-w-0 font-semibold break-words">
            <Link to={`/rc/work-orders/${order.id}/`} className="flex min-h-11 items-center text-primary underline">
              {order.subject}
            </Link>
          </h2>
          <WorkOrderStatus stage={order.stage} label={order.status_label} />
        </div>
        <p className="text-sm text-muted-foreground">
          {order.unit}
          {order.location ? ` · ${order.location}` : ''}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Reported</dt>
            <dd>{order.created}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Priority</dt>
            <dd>{order.priority_label}</dd>
          </div>
          {order.scheduled_visit ? (
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-muted-foreground">Visit</dt>
              <dd className="font-medium">{order.scheduled_visit}</dd>
            </div>
          ) : null}
        </dl>
      </article>
    </li>
  )
}

export function WorkOrderCards({ orders, canReport }: { orders: WorkOrderItem[]; canReport: boolean }) {
  if (!orders.length)
    return (
      <EmptyState title="No work orders yet">
        <p className="text-sm text-muted-foreground">{canReport ? 'Something needs fixing? Tell the office here, with a photo.' : 'Once your lease is in force, you can report repairs here.'}</p>
        {canReport ? <ReportLink /> : null}
      </EmptyState>
    )
  return (
    <ul className="flex flex-col gap-3" aria-label="Your work orders">
      {orders.map((order) => (
        <WorkOrderCard key={order.id} order={order} />
      ))}
    </ul>
  )
}
