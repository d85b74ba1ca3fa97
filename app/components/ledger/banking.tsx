import { BANKING_TABS } from '~/domain/navigation'
import { cn } from '~/utils/misc'
import { PageTabsNav } from '../layout/page-tabs'

/** The banking pages' tabs, on the pages written for banking alone; the engine's show their definition's. */
export function BankingTabs() {
  return <PageTabsNav tabs={BANKING_TABS} />
}

export type BankAccountOption = {
  id: string
  name: string
  is_active: boolean
  gl_account_id: string
}

/** A right-aligned money cell's classes, for headers and cells alike. */
export const amountClass = 'text-right tabular-nums'

/** A column heading of the banking tables; an amount column is right-aligned. */
export function Col({ children, amount = false }: { children: React.ReactNode; amount?: boolean }) {
  return (
    <th scope="col" className={cn('px-3 py-2 font-semibold', amount && amountClass)}>
      {children}
    </th>
  )
}
