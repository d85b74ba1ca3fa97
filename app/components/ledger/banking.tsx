import { NavLink } from 'react-router'
import { cn } from '~/utils/misc'

/** The banking pages, one tab each: they share the Banking link of the sidebar. */
const TABS = [
  { label: 'Bank accounts', href: '/app/accounting/bank-accounts/' },
  { label: 'Deposits', href: '/app/accounting/bank-deposits/' },
  { label: 'Register', href: '/app/accounting/transactions/' },
  { label: 'Reconciliations', href: '/app/accounting/bank-reconciliations/' },
] as const

export function BankingTabs() {
  return (
    <nav aria-label="Banking" className="flex flex-wrap gap-1 border-b text-sm">
      {TABS.map((tab) => (
        <NavLink
          key={tab.href}
          to={tab.href}
          className={({ isActive }) => cn('-mb-px border-b-2 px-3 py-2 hover:text-foreground', isActive ? 'border-primary font-semibold text-foreground' : 'border-transparent text-muted-foreground')}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
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
