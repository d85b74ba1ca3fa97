import { Plus } from 'lucide-react'
import { Link } from 'react-router'
import { amountClass, BankingTabs } from '~/components/ledger/banking'
import { Breadcrumbs, EmptyState, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { buttonVariants } from '~/components/ui/button'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'
import type { BankDeposit } from './detail'

export const meta: Route.MetaFunction = () => [{ title: title('Bank Deposits') }]

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  return { page: await api.get<Page<Omit<BankDeposit, 'items'>>>(`accounting/bank-deposits/?${listQuery(request, ['bank_account_id'])}`) }
}

export default function BankDeposits({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  const money = useDisplayMoney()
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: 'Deposits' }]} />
      <BankingTabs />
      <PageHeader title="Bank Deposits">
        <Link to="/app/accounting/bank-deposits/new/" className={buttonVariants()}>
          <Plus aria-hidden /> New deposit
        </Link>
      </PageHeader>
      <p className="text-sm text-muted-foreground">Receipts wait in undeposited funds until they go to the bank together; a deposit gathers them, as on the bank’s deposit slip.</p>
      {page.results.length === 0 ? (
        <EmptyState title="No deposits yet">
          <Link to="/app/accounting/bank-deposits/new/" className="text-primary underline">
            Deposit the receipts waiting in undeposited funds
          </Link>
        </EmptyState>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Date</Th>
              <Th>Bank account</Th>
              <Th>Memo</Th>
              <Th>Receipts</Th>
              <Th>Journal entry</Th>
              <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold ${amountClass}`}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {page.results.map((d) => (
              <tr key={d.id}>
                <Td>
                  <Link to={`/app/accounting/bank-deposits/${d.id}/`} className="font-medium text-primary underline">
                    {d.date}
                  </Link>
                </Td>
                <Td>{d.bank_account_name}</Td>
                <Td>{d.memo ?? ''}</Td>
                <Td>{d.item_count}</Td>
                <Td>{d.journal_entry_id ? <Link to={`/app/accounting/journal-entries/${d.journal_entry_id}/`} className="text-primary underline">#{d.journal_entry_number}</Link> : ''}</Td>
                <Td className={amountClass}>{money(d.amount)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={page} />
    </div>
  )
}
