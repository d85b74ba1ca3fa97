import {
  BarChart3,
  Building2,
  Calculator,
  Home,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  Search,
  Settings,
  Sparkles,
  Warehouse,
  Wrench,
  type LucideIcon,
} from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { STAFF_TOP_LINKS, visibleNavigation, type NavGroup } from '~/domain/navigation'
import type { Access } from '~/domain/permissions'
import { ServerCached } from '~/utils/markup-cache'
import { cn } from '~/utils/misc'
import { useLinkNavigation } from '../use-link-navigation'
import { Logo } from './public-shell'
import { WarningsMenu, type WorkspaceWarning } from './workspace-warnings'

const CommandPalette = lazy(() => import('../palette/command-palette'))

const GROUP_ICONS: Record<string, LucideIcon> = {
  'Management Company': Building2,
  Properties: Home,
  Leasing: KeyRound,
  Operations: Wrench,
  Communications: Mail,
  Storage: Warehouse,
  Accounting: Calculator,
  Reporting: BarChart3,
  AI: Sparkles,
}
const TOP_ICONS: Record<string, LucideIcon> = { Dashboard: LayoutDashboard, Settings }

/** Matches the CSS breakpoint at which the sidebar stops being permanently open (SPEC.md §9). */
const SIDEBAR_FORCED_CLOSED_AT = 1600
const NAV_TOGGLE = 'nav-toggle'

function closeWhenNarrow() {
  if (window.innerWidth <= SIDEBAR_FORCED_CLOSED_AT) {
    const toggle = document.getElementById(NAV_TOGGLE) as HTMLInputElement | null
    if (toggle) toggle.checked = false
  }
  // A rail group's links show while focus is inside them; after a client-side navigation the clicked link would keep them open.
  if (document.activeElement instanceof HTMLElement && document.activeElement.closest('aside')) document.activeElement.blur()
}

/**
 * The dashboard is active only on itself; any other link also on the pages below it.
 * The server's location has no trailing slash (React Router strips it from the
 * request URL), the browser's has one: both must mark the same link.
 */
function isActive(href: string, pathname: string) {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  return href === '/app/' ? path === href : path.startsWith(href)
}

/**
 * The sidebar's sixty-odd links are plain anchors, styled by one CSS class:
 * rendering a router Link each cost more than the rest of the page. One
 * delegated handler (useLinkNavigation) gives them client-side navigation.
 */
function SidebarLink({ href, label, icon: Icon, active }: { href: string; label: string; icon?: LucideIcon; active: boolean }) {
  return (
    <li>
      <a href={href} aria-current={active ? 'page' : undefined} className="sidebar-link">
        {Icon ? <Icon aria-hidden className="size-4 shrink-0 rail:size-5" /> : null}
        {Icon ? <span className="sidebar-label">{label}</span> : label}
      </a>
    </li>
  )
}

/** The sidebar's links: everything in it depends on these two props, so the server renders each variant once (ServerCached). */
function SidebarLinks({ groups, active }: { groups: NavGroup[]; active: string[] }) {
  return (
    <>
      <ul className="flex flex-col gap-0.5">
        {STAFF_TOP_LINKS.map((link) => (
          <SidebarLink key={link.href} href={link.href} label={link.label} icon={TOP_ICONS[link.label]} active={active.includes(link.href)} />
        ))}
      </ul>
      {groups.map((group) => {
        const Icon = GROUP_ICONS[group.label]
        return (
          <section
            key={group.label}
            aria-labelledby={`nav-${group.label}`}
            className={cn('sidebar-group', !group.mobile && 'max-md:hidden')}
            data-nav-group={group.label}
          >
            {/* Only on the rail: the group's icon, which shows its links when hovered or focused. */}
            <button
              type="button"
              className="hidden w-full justify-center rounded-md py-2.5 text-slate-300 hover:bg-white/10 hover:text-white focus-visible:bg-white/10 rail:flex"
            >
              {Icon ? <Icon aria-hidden className="size-5" /> : null}
              <span className="sr-only">{group.label}</span>
            </button>
            <div className="sidebar-flyout">
              <h2 id={`nav-${group.label}`} className="mb-1 flex items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-400">
                {Icon ? <Icon aria-hidden className="size-3.5" /> : null}
                {group.label}
              </h2>
              <ul className="flex flex-col gap-0.5">
                {group.links.map((link) => (
                  <SidebarLink key={link.href} href={link.href} label={link.label} active={active.includes(link.href)} />
                ))}
              </ul>
            </div>
          </section>
        )
      })}
    </>
  )
}

/**
 * The staff sidebar of SPEC.md §2. Its open/closed state is a checkbox, so the
 * toggle works without JavaScript: open above 1600 px; at or below 1600 px a
 * rail of group icons, opened over the page by the toggle; below 768 px a
 * drawer without Storage, Accounting and AI.
 */
function Sidebar({ access }: { access: Access }) {
  const groups = visibleNavigation(access)
  const { pathname } = useLocation()
  const onNavigate = useLinkNavigation(closeWhenNarrow)
  const active = [...STAFF_TOP_LINKS, ...groups.flatMap((group) => group.links)].filter((link) => isActive(link.href, pathname)).map((link) => link.href)
  // The labels and icons belong to the hrefs (STAFF_NAVIGATION), so the visible hrefs and the active ones name a variant.
  const variant = `staff-sidebar ${active.join(' ')} | ${groups.map((group) => group.links.map((link) => link.href).join(' ')).join(' | ')}`
  return (
    <aside
      aria-label="Sidebar"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col overflow-y-auto bg-sidebar text-sidebar-foreground transition-[translate,width]',
        'max-md:-translate-x-full max-md:peer-checked:translate-x-0 rail:w-16 rail:overflow-visible',
      )}
    >
      <div className="flex h-14 shrink-0 items-center px-4 rail:justify-center rail:px-0">
        <Link to="/app/" onClick={closeWhenNarrow} className="text-white rail:w-6 rail:overflow-hidden" aria-label="Lintel dashboard">
          <Logo className="[&_svg]:text-white" />
        </Link>
      </div>
      {/* Clicks (and Enter, which clicks) on the anchors inside bubble up to the nav; the links stay ordinary links. */}
      <ServerCached as="nav" cacheKey={variant} aria-label="Staff" className="staff-nav flex flex-1 flex-col gap-4 px-2 pb-4 rail:gap-1" onClick={onNavigate}>
        <SidebarLinks groups={groups} active={active} />
      </ServerCached>
      <Form method="post" action="/logout" className="border-t border-white/10 p-2">
        <button type="submit" className="sidebar-link w-full">
          <LogOut aria-hidden className="size-4 shrink-0 rail:size-5" /> <span className="sidebar-label">Log out</span>
        </button>
      </Form>
    </aside>
  )
}

function usePaletteShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        open()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])
}

export function AppShell({
  access,
  companyName,
  userName,
  warnings,
  children,
}: {
  access: Access
  companyName: string
  userName: string
  warnings: WorkspaceWarning[]
  children: React.ReactNode
}) {
  const [paletteOpen, setPaletteOpen] = useState(false)
  usePaletteShortcut(() => setPaletteOpen(true))
  return (
    <div className="min-h-screen bg-muted/40">
      <input type="checkbox" id={NAV_TOGGLE} className="nav-toggle peer sr-only" aria-label="Show or hide the sidebar" />
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- an aria-hidden backdrop that closes the open sidebar on click; the checkbox has its own aria-label */}
      <label htmlFor={NAV_TOGGLE} aria-hidden className="fixed inset-0 z-30 hidden bg-black/40 max-wide:peer-checked:block" />
      <Sidebar access={access} />
      <div className="flex min-h-screen flex-col md:pl-16 wide:pl-64 wide:peer-checked:pl-16">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b bg-background px-2 sm:gap-2 sm:px-4">
          <label
            htmlFor={NAV_TOGGLE}
            className="inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-accent"
            title="Show or hide the menu"
          >
            <Menu aria-hidden className="size-5" />
            <span className="sr-only">Menu</span>
          </label>
          <p className="min-w-0 flex-1 truncate font-semibold">{companyName}</p>
          <a
            href="/app/search/"
            aria-label="Open the command palette"
            data-testid="palette-button"
            onClick={(event) => {
              event.preventDefault()
              setPaletteOpen(true)
            }}
            className="inline-flex h-10 shrink-0 items-center gap-2 rounded-md px-2.5 text-sm text-muted-foreground hover:bg-accent sm:border sm:px-3"
          >
            <Search aria-hidden className="size-4" />
            <span className="max-sm:hidden">Search</span>
            <kbd className="rounded border px-1 text-xs max-lg:hidden">Ctrl K</kbd>
          </a>
          <WarningsMenu warnings={warnings} />
          <span className="max-w-24 shrink-0 truncate text-xs text-muted-foreground sm:max-w-48 sm:text-sm" data-testid="user-name">
            {userName}
          </span>
          <Form method="post" action="/logout" className="shrink-0">
            <button type="submit" title="Log out" className="inline-flex h-10 items-center gap-2 rounded-md px-2.5 text-sm font-medium hover:bg-accent sm:px-3">
              <LogOut aria-hidden className="size-4" />
              <span className="max-sm:sr-only">Log out</span>
            </button>
          </Form>
        </header>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
      {paletteOpen ? (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      ) : null}
    </div>
  )
}
