import { Plus } from 'lucide-react'
import { Link } from 'react-router'
import { amountClass, BankingTabs } from '~/components/ledger/banking'
import { Breadcrumbs, EmptyState, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { buttonVariants } from '~/components/ui/button'
import { Badge } from '~/components/ui/card'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

/** A row of the API's list of reconciliations (its fields and summary figures), as this page shows it. */
type Reconciliation = { id: string; statement_date: string; bank_account_name: string; statement_ending_balance: string; difference: string; status: 'DRAFT' | 'FINAL' }

export const meta: Route.MetaFunction = () => [{ title: title('Bank Reconciliations') }]

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  return { page: await api.get<Page<Reconciliation>>(`accounting/bank-reconciliations/?${listQuery(url, ['bank_account_id', 'status'])}`) }
}

const StatusBadge = ({ status }: { status: 'DRAFT' | 'FINAL' }) => (status === 'FINAL' ? <Badge tone="success">Final</Badge> : <Badge tone="warning">Draft</Badge>)

export default function BankReconciliations({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  const money = useDisplayMoney()
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: 'Reconciliations' }]} />
      <BankingTabs />
      <PageHeader title="Bank Reconciliations">
        <Link to="/app/accounting/bank-reconciliations/new/" className={buttonVariants()}>
          <Plus aria-hidden /> Reconcile a statement
        </Link>
      </PageHeader>
      <p className="text-sm text-muted-foreground">Tick what the bank statement shows until the difference is zero, then mark the reconciliation final: its items are locked from then on.</p>
      {page.results.length === 0 ? (
        <EmptyState title="No reconciliations yet">
          <Link to="/app/accounting/bank-reconciliations/new/" className="text-primary underline">
            Reconcile the first statement
          </Link>
        </EmptyState>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Statement date</Th>
              <Th>Bank account</Th>
              <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold ${amountClass}`}>
                Ending balance
              </th>
              <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold ${amountClass}`}>
                Difference
              </th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((r) => (
              <tr key={r.id}>
                <Td>
                  <Link to={`/app/accounting/bank-reconciliations/${r.id}/`} className="font-medium text-primary underline">
                    {r.statement_date}
                  </Link>
                </Td>
                <Td>{r.bank_account_name}</Td>
                <Td className={amountClass}>{money(r.statement_ending_balance)}</Td>
                <Td className={amountClass}>{money(r.difference)}</Td>
                <Td>
                  <StatusBadge status={r.status} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}
