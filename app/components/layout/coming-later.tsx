import { Construction } from 'lucide-react'
import { data } from 'react-router'
import { laterPage, type LaterPages } from '~/domain/pages'
import { title } from '~/utils/misc'

/** The title of the page not built yet at the page's address; a 404 when nothing lives there. */
export function laterPageTitle(later: LaterPages, url: URL) {
  const page = laterPage(later, url.pathname)
  if (!page) throw data({ detail: 'Page not found.' }, { status: 404 })
  if ('missing' in page) throw data({ detail: page.missing }, { status: 404 })
  return page.title
}

export function comingLaterLoader(later: LaterPages, url: URL) {
  return { page: laterPageTitle(later, url) }
}

export function comingLaterMeta(page: string | undefined) {
  return [{ title: title(page ?? 'Page not found') }]
}

/** The honest empty state of a page whose capability is not in this version yet. */
export function ComingLater({ page }: { page: string }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{page}</h1>
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-background p-10 text-center">
        <Construction aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-semibold">Nothing to show here yet</p>
        <p className="max-w-md text-sm text-muted-foreground">This page is not available in this version of Lintel. Nothing has been recorded here.</p>
      </div>
    </div>
  )
}
