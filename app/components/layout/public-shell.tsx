import { Link, NavLink } from 'react-router'
import { FEATURE_PAGES } from '~/marketing/features'
import { cn } from '~/utils/misc'

const HEADER_LINKS = [
  { label: 'Features', href: '/features/' },
  { label: 'Pricing', href: '/pricing/' },
  { label: 'Integrations', href: '/integrations/' },
  { label: 'FAQs', href: '/faqs/' },
]

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <svg aria-hidden viewBox="0 0 24 24" className="size-6 text-primary" fill="currentColor">
        <path d="M2 9h20v3H2zM5 12h3v10H5zM16 12h3v10h-3zM4 4h16l2 4H2z" />
      </svg>
      Lintel
    </span>
  )
}

/** The public header of SPEC.md §2: Log in goes to the app when a session exists. */
export function PublicHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" aria-label="Lintel home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="-mx-2 flex flex-wrap items-center gap-0.5 text-sm sm:mx-0 sm:gap-1">
          {HEADER_LINKS.map((link) => (
            <NavLink
              key={link.href}
              to={link.href}
              className={({ isActive }) => cn('rounded-md px-2 py-2 hover:bg-accent sm:px-3', isActive && 'font-semibold text-primary')}
            >
              {link.label}
            </NavLink>
          ))}
          <Link to={signedIn ? '/app/' : '/login/'} className="ml-1 rounded-md bg-primary px-3 py-2 font-medium whitespace-nowrap text-primary-foreground hover:bg-primary/90 sm:ml-2 sm:px-4">
            Log in
          </Link>
        </nav>
      </div>
    </header>
  )
}

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '/features/' },
      { label: 'Pricing', href: '/pricing/' },
      { label: 'Integrations', href: '/integrations/' },
      { label: 'FAQs', href: '/faqs/' },
      { label: 'Sign up', href: '/signup/' },
      { label: 'Log in', href: '/login/' },
    ],
  },
  { title: 'Features', links: FEATURE_PAGES.map((page) => ({ label: page.name, href: `/${page.slug}/` })) },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '/about/' },
      { label: 'Blog', href: '/blog/' },
      { label: 'Careers', href: '/careers/' },
      { label: 'Referral program', href: '/referral-program/' },
    ],
  },
  {
    title: 'Developers',
    links: [
      { label: 'Open API', href: '/open-api/' },
      { label: 'OpenAPI document', href: '/api/openapi.json' },
      { label: 'Self-hosting', href: '/faqs/#self-hosting' },
      { label: 'Blog RSS feed', href: '/blog/rss.xml' },
    ],
  },
]

/** The owner portal's paths (/op, /op/…), where SPEC.md §2 hides the footer; /open-api/ is not one of them. */
export function isOwnerPortal(pathname: string) {
  return pathname === '/op' || pathname.startsWith('/op/')
}

/** Four link columns and the copyright line; not shown in the owner portal (see isOwnerPortal). */
export function PublicFooter() {
  return (
    <footer className="mt-16 border-t bg-muted">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-10 md:grid-cols-4">
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold">{column.title}</h2>
            <ul className="flex flex-col gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="text-muted-foreground hover:text-foreground hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t px-4 py-4 text-center text-sm text-muted-foreground">© 2024 Lintel. All rights reserved.</p>
    </footer>
  )
}
