import { NavLink } from 'react-router'
import type { PageTabs } from '~/domain/navigation'
import { cn } from '~/utils/misc'

/** The pages that share a sidebar link, one tab each, the page shown marked (NavLink's aria-current). */
export function PageTabsNav({ tabs }: { tabs: PageTabs }) {
  return (
    <nav aria-label={tabs.label} className="flex flex-wrap gap-1 border-b text-sm">
      {tabs.pages.map((tab) => (
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
