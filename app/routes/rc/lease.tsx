import type { ResidentLease } from '~/api/leasing/resident-center'
import { BackLink, BalanceCard, Documents, Ledger, LeaseStatus, Panel, Payments, rentTerms } from '~/components/resident-center'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { requireSession, type Answer } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/lease'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Lease of ${loaderData.lease.unit}` : 'Lease') }]

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { lease: await api.get<Answer<typeof ResidentLease>>(`resident-center/leases/${encodeURIComponent(params.leaseId)}/`) }
}

export default function ResidentLeasePage({ loaderData }: Route.ComponentProps) {
  const { lease } = loaderData
  const money = useDisplayMoney()
  // A phone shows two terms a row; rent and the people on the lease take a whole row there.
  const terms: { label: string; value: React.ReactNode; wide?: boolean }[] = [
    { label: 'Lease', value: lease.lease_type_label },
    { label: 'Start', value: lease.start_date },
    { label: 'End', value: lease.end_date ?? 'No end date' },
    { label: 'Move-in', value: lease.move_in_date },
    ...(lease.notice_date ? [{ label: 'Notice given on', value: lease.notice_date }] : []),
    ...(lease.move_out_date ? [{ label: 'Move-out', value: lease.move_out_date }] : []),
    { label: 'Rent', value: `${money(lease.rent)} · ${rentTerms(lease)}`, wide: true },
    {
      label: 'On the lease',
      wide: true,
      value: (
        <ul>
          {lease.residents.map((person) => (
            <li key={`${person.name}-${person.role}`}>
              {person.name} <span className="text-muted-foreground">({person.role_label})</span>
            </li>
          ))}
        </ul>
      ),
    },
  ]
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/rc/leases/" label="Your leases" />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{lease.unit}</h1>
          <p className="text-muted-foreground">{lease.unit_address}</p>
        </div>
        <LeaseStatus status={lease.status} label={lease.status_label} />
      </div>
      <BalanceCard balance={lease.balance} nextCharge={lease.next_charge} label="Balance of this lease" />
      <Panel id="terms" title="Terms">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border bg-background p-5 text-sm">
          {terms.map((term) => (
            <div key={term.label} className={term.wide ? 'col-span-2 sm:col-span-1' : undefined}>
              <dt className="text-muted-foreground">{term.label}</dt>
              <dd className="font-medium">{term.value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      {/* What the office shared of the lease belongs with its terms, before a ledger that grows every month. */}
      <Panel id="documents" title="Documents">
        <Documents documents={lease.documents} />
      </Panel>
      <Panel id="ledger" title="Ledger">
        <p className="text-sm text-muted-foreground">Every charge and payment, oldest first, with the balance after each.</p>
        <Ledger lines={lease.ledger} />
      </Panel>
      <Panel id="receipts" title="Receipts">
        <Payments payments={lease.receipts} />
      </Panel>
    </div>
  )
}
