import { Link } from 'react-router'
import { Instant } from '~/components/instant'
import { amountClass, BankingTabs } from '~/components/ledger/banking'
import { Breadcrumbs, Table, Td, Th } from '~/components/list'
import { useDisplayMoney } from '~/components/resource/use-currency'
import { requireSession } from '~/utils/api-client.server'
import { title } from '~/utils/misc'
import type { Route } from './+types/detail'
import type { Receipt } from './new'

export type BankDeposit = {
  id: string
  bank_account_id: string
  bank_account_name: string
  date: string
  memo: string | null
  amount: string
  item_count: number
  journal_entry_id: string | null
  journal_entry_number: number | null
  created_at: string
  items: Receipt[]
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: title(loaderData ? `Deposit of ${loaderData.deposit.date}` : 'Bank Deposit') }]

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireSession(request)
  return { deposit: await api.get<BankDeposit>(`accounting/bank-deposits/${params.id}/`) }
}

export default function BankDepositDetail({ loaderData }: Route.ComponentProps) {
  const { deposit } = loaderData
  const money = useDisplayMoney()
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Banking', href: '/app/accounting/bank-accounts/' }, { label: 'Deposits', href: '/app/accounting/bank-deposits/' }, { label: deposit.date }]} />
      <BankingTabs />
      <h1 className="text-2xl font-bold">Deposit of {deposit.date}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Bank account</dt>
        <dd>{deposit.bank_account_name}</dd>
        <dt className="font-medium">Amount</dt>
        <dd className="tabular-nums" data-testid="deposit-amount">
          {money(deposit.amount)}
        </dd>
        <dt className="font-medium">Memo</dt>
        <dd>{deposit.memo ?? '—'}</dd>
        <dt className="font-medium">Journal entry</dt>
        <dd>
          {deposit.journal_entry_id ? (
            <Link to={`/app/accounting/journal-entries/${deposit.journal_entry_id}/`} className="text-primary underline">
              Entry #{deposit.journal_entry_number}
            </Link>
          ) : (
            '—'
          )}
        </dd>
        <dt className="font-medium">Made</dt>
        <dd><Instant at={deposit.created_at} /></dd>
      </dl>
      <h2 className="text-lg font-semibold">Receipts deposited</h2>
      <Table>
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>Entry</Th>
            <Th>Memo</Th>
            <Th>Property</Th>
            <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold ${amountClass}`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {deposit.items.map((r) => (
            <tr key={r.journal_line_id}>
              <Td>{r.date}</Td>
              <Td>
                <Link to={`/app/accounting/journal-entries/${r.journal_entry_id}/`} className="text-primary underline">
                  #{r.entry_number}
                </Link>
              </Td>
              <Td>{r.memo ?? ''}</Td>
              <Td>{r.property_group_label ?? ''}</Td>
              <Td className={amountClass}>{money(r.amount)}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  )
}
