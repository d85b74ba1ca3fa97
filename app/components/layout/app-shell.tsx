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
import { WarningsPanel, type WorkspaceWarning } from './workspace-warnings'

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
        {Icon ? <Icon aria-hidden className="size-4" /> : null}
        {label}
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
          <section key={group.label} aria-labelledby={`nav-${group.label}`} className={cn(!group.mobile && 'max-md:hidden')} data-nav-group={group.label}>
            <h2 id={`nav-${group.label}`} className="mb-1 flex items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-400">
              {Icon ? <Icon aria-hidden className="size-3.5" /> : null}
              {group.label}
            </h2>
            <ul className="flex flex-col gap-0.5">
              {group.links.map((link) => (
                <SidebarLink key={link.href} href={link.href} label={link.label} active={active.includes(link.href)} />
              ))}
            </ul>
          </section>
        )
      })}
    </>
  )
}

/**
 * The staff sidebar of SPEC.md §2. Its open/closed state is a checkbox, so the
 * toggle works without JavaScript: open above 1600 px, an overlay at or below
 * 1600 px, a drawer without Storage, Accounting and AI below 768 px.
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
        'fixed inset-y-0 left-0 z-40 flex w-64 -translate-x-full flex-col overflow-y-auto bg-sidebar text-sidebar-foreground transition-transform',
        'peer-checked:translate-x-0 wide:translate-x-0 wide:peer-checked:-translate-x-full',
      )}
    >
      <div className="flex h-14 items-center px-4">
        <Link to="/app/" onClick={closeWhenNarrow} className="text-white" aria-label="Lintel dashboard">
          <Logo className="[&_svg]:text-white" />
        </Link>
      </div>
      {/* Clicks (and Enter, which clicks) on the anchors inside bubble up to the nav; the links stay ordinary links. */}
      <ServerCached as="nav" cacheKey={variant} aria-label="Staff" className="flex flex-1 flex-col gap-4 px-2 pb-4" onClick={onNavigate}>
        <SidebarLinks groups={groups} active={active} />
      </ServerCached>
      <Form method="post" action="/logout" className="border-t border-white/10 p-2">
        <button type="submit" className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-white/10 hover:text-white">
          <LogOut aria-hidden className="size-4" /> Log out
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
      <input type="checkbox" id={NAV_TOGGLE} className="peer sr-only" aria-label="Show or hide the sidebar" />
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- an aria-hidden backdrop that closes the open sidebar on click; the checkbox has its own aria-label */}
      <label htmlFor={NAV_TOGGLE} aria-hidden className="fixed inset-0 z-30 hidden bg-black/40 max-wide:peer-checked:block" />
      <Sidebar access={access} />
      <div className="flex min-h-screen flex-col transition-[padding] wide:pl-64 wide:peer-checked:pl-0">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background px-4">
          <label
            htmlFor={NAV_TOGGLE}
            className="inline-flex size-9 cursor-pointer items-center justify-center rounded-md hover:bg-accent"
            title="Show or hide the menu"
          >
            <Menu aria-hidden className="size-5" />
            <span className="sr-only">Menu</span>
          </label>
          <p className="truncate font-semibold">{companyName}</p>
          <div className="ml-auto flex items-center gap-3">
            <a
              href="/app/search/"
              onClick={(event) => {
                event.preventDefault()
                setPaletteOpen(true)
              }}
              className="hidden items-center gap-2 rounded-md border px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent sm:inline-flex"
            >
              <Search aria-hidden className="size-4" /> Search <kbd className="rounded border px-1 text-xs">Ctrl K</kbd>
            </a>
            <span className="hidden text-sm text-muted-foreground md:inline">{userName}</span>
          </div>
        </header>
        <main id="main" className="flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
      <a
        href="/app/search/"
        aria-label="Open the command palette"
        data-testid="palette-button"
        onClick={(event) => {
          event.preventDefault()
          setPaletteOpen(true)
        }}
        className="fixed bottom-5 right-5 z-30 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90"
      >
        <Search aria-hidden className="size-5" />
      </a>
      <WarningsPanel warnings={warnings} />
      {paletteOpen ? (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      ) : null}
    </div>
  )
}
