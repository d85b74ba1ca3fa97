import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Form, Link, useLocation, useSearchParams } from 'react-router'
import { Button } from './ui/button'
import { Input, Select } from './ui/input'

export type { Page } from '~/api/pagination'
import type { Page } from '~/api/pagination'

/** Turns the page's own query string into the API's list parameters. */
export function listQuery(url: URL, allowed: string[] = []) {
  const params = new URLSearchParams()
  for (const key of ['page', 'page_size', 'search', 'ordering', ...allowed]) {
    const value = url.searchParams.get(key)
    if (value) params.set(key, value)
  }
  return params.toString()
}

/** A GET form, so searching and filtering work without JavaScript and live in the URL. */
export function ListToolbar({ placeholder, filters }: { placeholder: string; filters?: { name: string; label: string; options: { value: string; label: string }[] }[] }) {
  const [params] = useSearchParams()
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor="list-search" className="text-sm font-medium">
          Search
        </label>
        <Input id="list-search" type="search" name="search" defaultValue={params.get('search') ?? ''} placeholder={placeholder} />
      </div>
      {filters?.map((filter) => (
        <div key={filter.name} className="flex flex-col gap-1">
          <label htmlFor={`filter-${filter.name}`} className="text-sm font-medium">
            {filter.label}
          </label>
          <Select id={`filter-${filter.name}`} name={filter.name} defaultValue={params.get(filter.name) ?? ''}>
            <option value="">All</option>
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      ))}
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  )
}

export function Pagination({ page }: { page: Page<unknown> }) {
  const pageOf = (api: string | null) => (api ? (new URL(api, 'http://x').searchParams.get('page') ?? '1') : null)
  return <PageLinks summary={`${page.count} result${page.count === 1 ? '' : 's'}`} previous={pageOf(page.previous)} next={pageOf(page.next)} />
}

/** Links to the pages before and after this one of the same query (only the page number changes), with a summary beside them. */
export function PageLinks({ summary, previous, next }: { summary: string; previous: string | null; next: string | null }) {
  const [params] = useSearchParams()
  // The page's own path, trailing slash kept (a bare "?page=2" would resolve without it).
  const { pathname } = useLocation()
  const linkTo = (target: string | null) => {
    if (!target) return null
    const query = new URLSearchParams(params)
    query.set('page', target)
    return `${pathname}?${query.toString()}`
  }
  const previousHref = linkTo(previous)
  const nextHref = linkTo(next)
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-4 text-sm">
      <p className="text-muted-foreground">{summary}</p>
      <div className="flex gap-2">
        {previousHref ? (
          <Link to={previousHref} className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 hover:bg-accent">
            <ChevronLeft aria-hidden className="size-4" /> Previous
          </Link>
        ) : null}
        {nextHref ? (
          <Link to={nextHref} className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 hover:bg-accent">
            Next <ChevronRight aria-hidden className="size-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  )
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-background p-10 text-center">
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  )
}

/**
 * A table scrolls sideways inside its own box, never the page; `relative` keeps the
 * absolutely placed screen-reader text of its headers inside that box too. The box
 * takes the focus so the keyboard can scroll it.
 */
export function Table({ children }: { children: React.ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (axe scrollable-region-focusable)
    <div tabIndex={0} className="relative overflow-x-auto rounded-lg border bg-background">
      <table className="w-full text-left text-sm">{children}</table>
    </div>
  )
}

/** A column header; `numeric` right-aligns it over amounts. */
export function Th({ children, numeric }: { children: React.ReactNode; numeric?: boolean }) {
  return (
    <th scope="col" className={`border-b bg-muted/60 px-4 py-2 font-semibold${numeric ? ' text-right' : ''}`}>
      {children}
    </th>
  )
}

export function Td({ children, className }: { children: React.ReactNode; className?: string }) {
  return <td className={`border-b px-4 py-2 ${className ?? ''}`}>{children}</td>
}

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  )
}

export function Breadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  return (
    <nav aria-label="Breadcrumbs" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap gap-1">
        {items.map((item, i) => (
          <li key={item.label} className="flex gap-1">
            {i > 0 ? <span aria-hidden>/</span> : null}
            {item.href ? (
              <Link to={item.href} className="underline hover:text-foreground">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
