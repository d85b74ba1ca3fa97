import type { MetaDescriptor } from 'react-router'
import { title } from '~/utils/misc'

/** The public layout's route id: its loader gives the site's origin to every page's meta. */
export const PUBLIC_LAYOUT_ID = 'routes/public/layout'

export const OG_IMAGE = '/images/og-lintel.png'

type MetaArgs = { location: { pathname: string }; matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> }

/** The address a page is known by: always with its trailing slash (both forms answer). */
export function canonicalPath(pathname: string) {
  return pathname.endsWith('/') ? pathname : `${pathname}/`
}

export function originOf(matches: MetaArgs['matches']) {
  return (matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.loaderData as { origin?: string } | undefined)?.origin ?? ''
}

/**
 * Everything a public page says about itself to browsers, search engines and
 * link previews: `{Page} | Lintel`, the description, the canonical URL and the
 * Open Graph tags.
 */
export function publicMeta(args: MetaArgs, page: { title?: string; description: string; type?: 'website' | 'article' }): MetaDescriptor[] {
  const origin = originOf(args.matches)
  const url = origin + canonicalPath(args.location.pathname)
  const fullTitle = title(page.title)
  return [
    { title: fullTitle },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: 'Lintel' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: origin + OG_IMAGE },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}
