import { createContext, useContext, type ComponentPropsWithoutRef, type ReactElement } from 'react'

/**
 * Renders `element` to HTML, or returns the HTML an earlier call with the same
 * key rendered. The server provides one (entry.server.tsx); the browser has none.
 */
export type MarkupCache = (key: string, element: ReactElement) => string

export const MarkupCacheContext = createContext<MarkupCache | null>(null)

type ServerCachedProps = Omit<ComponentPropsWithoutRef<'nav'>, 'children' | 'dangerouslySetInnerHTML'> & {
  as: 'nav'
  /** Names everything the children depend on: equal keys must mean equal markup. */
  cacheKey: string
  children: ReactElement
}

/**
 * An element whose children the server renders once per `cacheKey` and then
 * sends as stored HTML: for a large part of every page that depends on little
 * (the staff sidebar's links, which vary only with what the person may see and
 * which link is active). The browser renders the children as usual, so they
 * hydrate against the very markup React produced for them.
 *
 * The children are rendered on their own, apart from the page: they may read
 * no context (router, theme, …), only their props.
 */
export function ServerCached({ as: Tag, cacheKey, children, ...props }: ServerCachedProps) {
  const cache = useContext(MarkupCacheContext)
  if (!cache) return <Tag {...props}>{children}</Tag>
  return <Tag {...props} dangerouslySetInnerHTML={{ __html: cache(cacheKey, children) }} />
}
