import { Form, Link, useSearchParams } from 'react-router'
import { amountClass, BankingTabs, type BankAccountOption } from '~/components/ledger/banking'
import { Breadcrumbs, EmptyState, PageHeader, Pagination, Table, Td, Th, listQuery, type Page } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { Button, buttonVariants } from '~/components/ui/button'
import { Badge } from '~/components/ui/card'
import { Input, Select } from '~/components/ui/input'
import { requireSession, type Answer } from '~/utils/api-client.server'
import type { Transaction as TransactionSchema } from '~/api/accounting/transactions'
import { title } from '~/utils/misc'
import type { Route } from './+types/list'

export const meta: Route.MetaFunction = () => [{ title: title('Bank Register') }]

type Transaction = Answer<typeof TransactionSchema>

export async function loader({ request, url }: Route.LoaderArgs) {
  const { api } = await requireSession({ request, url })
  const banks = (await api.get<Page<BankAccountOption>>('bank-accounts/?page_size=1000')).results
  const bankId = url.searchParams.get('bank_account_id') || banks.find((b) => b.is_active)?.id || ''
  if (!bankId) return { banks, bankId, page: null }
  const query = new URLSearchParams(listQuery(url, ['date_from', 'date_to']))
  query.set('bank_account_id', bankId)
  if (!query.has('page_size')) query.set('page_size', '100')
  return { banks, bankId, page: await api.get<Page<Transaction>>(`accounting/transactions/?${query}`) }
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const { banks, bankId, page } = loaderData
  const [params] = useSearchParams()
  const money = useDisplayMoney()
  const bank = banks.find((b) => b.id === bankId)
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: 'Register' }]} />
      <BankingTabs />
      <PageHeader title="Bank Register">
        {bank ? (
          <>
            <Link to={`/app/accounting/bank-accounts/${bank.id}/statement/`} className={buttonVariants({ variant: 'secondary' })}>
              Import a statement
            </Link>
            <Link to={`/app/accounting/bank-reconciliations/new/?bank_account_id=${bank.id}`} className={buttonVariants({ variant: 'secondary' })}>
              Reconcile
            </Link>
          </>
        ) : null}
      </PageHeader>
      {banks.length === 0 ? (
        <EmptyState title="No bank accounts yet">
          <Link to="/app/accounting/bank-accounts/new/" className="text-primary underline">
            Add a bank account
          </Link>
        </EmptyState>
      ) : (
        <Form method="get" role="search" aria-label="Choose the register" className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="register-bank" className="text-sm font-medium">
              Bank account
            </label>
            <Select id="register-bank" name="bank_account_id" defaultValue={bankId}>
              {banks.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                  {b.is_active ? '' : ' (inactive)'}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="register-from" className="text-sm font-medium">
              From
            </label>
            <Input id="register-from" type="date" name="date_from" defaultValue={params.get('date_from') ?? ''} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="register-to" className="text-sm font-medium">
              To
            </label>
            <Input id="register-to" type="date" name="date_to" defaultValue={params.get('date_to') ?? ''} />
          </div>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
      )}
      {page ? (
        page.results.length === 0 ? (
          <EmptyState title="Nothing in this register for these dates" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Date</Th>
                <Th>Entry</Th>
                <Th>Memo</Th>
                <Th>Posted by</Th>
                <Th>Property</Th>
                <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold ${amountClass}`}>
                  Deposit
                </th>
                <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold ${amountClass}`}>
                  Payment
                </th>
                <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold ${amountClass}`}>
                  Balance
                </th>
                <Th>Cleared</Th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((t) => (
                <tr key={t.id}>
                  <Td>{t.date}</Td>
                  <Td>
                    <Link to={`/app/accounting/journal/${t.journal_entry_id}/`} className="text-primary underline">
                      #{t.entry_number}
                    </Link>
                  </Td>
                  <Td>{t.memo ?? t.entry_memo ?? ''}</Td>
                  <Td>{t.source_label}</Td>
                  <Td>{t.property_group_label ?? ''}</Td>
                  <Td className={amountClass}>{t.debit ? money(t.debit) : ''}</Td>
                  <Td className={amountClass}>{t.credit ? money(t.credit) : ''}</Td>
                  <Td className={amountClass}>{t.balance ? money(t.balance) : ''}</Td>
                  <Td>{t.reconciled ? <Badge tone="success">Reconciled</Badge> : t.cleared ? <Badge>Ticked</Badge> : ''}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      ) : null}
      {page ? <Pagination page={page} /> : null}
    </div>
  )
}
