import { ChevronDown, LogOut, Menu } from 'lucide-react'
import { Form, Link, NavLink } from 'react-router'
import { cn } from '~/utils/misc'
import { Logo } from './public-shell'

export type AreaMenuGroup = { label: string; links: { label: string; href: string }[] }

/**
 * The top navigation of the resident and technician areas: a home logo link,
 * menu groups, Log out. Below 768 px the menu folds into a toggle panel
 * (a <details>, so it works without JavaScript). People use these areas on
 * their phones: everything they tap there is at least 44 px tall.
 */
export function AreaShell({ home, menu, companyName, children }: { home: string; menu: AreaMenuGroup[]; companyName: string; children: React.ReactNode }) {
  const linkList = (links: AreaMenuGroup['links'], className: string) => (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <NavLink to={link.href} end className={({ isActive }) => cn('flex min-h-11 items-center rounded-md px-3 text-sm hover:bg-accent md:min-h-9', isActive && 'font-semibold text-primary')}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
  const logOut = (
    <Form method="post" action="/logout">
      <button type="submit" className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-sm font-medium hover:bg-accent md:min-h-9">
        <LogOut aria-hidden className="size-4" /> Log out
      </button>
    </Form>
  )
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      {/* A receipt prints as the page, without the menu. */}
      <header className="relative border-b bg-background print:hidden">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-2">
          <Link to={home} aria-label={`${companyName} home`} className="flex min-h-11 items-center gap-3">
            <Logo />
            <span className="hidden text-sm text-muted-foreground sm:inline">{companyName}</span>
          </Link>
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {menu.map((group) => (
              <details key={group.label} className="relative">
                <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent [&::-webkit-details-marker]:hidden">
                  {group.label} <ChevronDown aria-hidden className="size-4" />
                </summary>
                {linkList(group.links, 'absolute right-0 top-full z-30 mt-1 flex min-w-56 flex-col gap-1 rounded-md border bg-background p-1 shadow-lg')}
              </details>
            ))}
            {logOut}
          </nav>
          <details className="md:hidden">
            <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border px-3 text-sm [&::-webkit-details-marker]:hidden">
              <Menu aria-hidden className="size-4" /> Menu
            </summary>
            <nav aria-label="Main (small screens)" className="absolute inset-x-0 top-full z-30 flex flex-col gap-2 border-b bg-background p-3 shadow-lg">
              {menu.map((group) => (
                <section key={group.label} aria-label={group.label}>
                  <h2 className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{group.label}</h2>
                  {linkList(group.links, 'flex flex-col')}
                </section>
              ))}
              {logOut}
            </nav>
          </details>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 p-4 md:p-6 max-md:[&_:is(input,select,textarea,button)]:min-h-11">
        {children}
      </main>
    </div>
  )
}

function Tile({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border bg-background p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="flex flex-col">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="flex min-h-11 items-center text-primary underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The resident and technician dashboards: a greeting, what the area puts first (a resident's balance), and one tile per menu group. */
export function AreaDashboard({ title, firstName, menu, children }: { title: string; firstName?: string; menu: AreaMenuGroup[]; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted-foreground">Welcome, {firstName}.</p>
      </div>
      {children}
      <div className="grid gap-4 sm:grid-cols-2">
        {menu.map((group) => (
          <Tile key={group.label} title={group.label} links={group.links} />
        ))}
      </div>
    </div>
  )
}
