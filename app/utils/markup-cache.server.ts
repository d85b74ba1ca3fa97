import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { MarkupCache } from './markup-cache'

/**
 * A bound, not a tuning knob: the variants in use are few (sidebar: the
 * permission sets people have × the active link), about 11 KB each.
 */
const MAX_ENTRIES = 500
const rendered = new Map<string, string>()

/**
 * The server's markup cache (see ServerCached). renderToString gives exactly
 * the HTML the page render would have produced for the element, text
 * separators included, so the browser hydrates it without a mismatch. It runs
 * in the middle of the page's render: it is React's separate synchronous
 * renderer, which puts the page render's state back when it returns.
 */
export const markupCache: MarkupCache = (key: string, element: ReactElement) => {
  // The dev server reloads edited components but not this module: a kept entry would be stale markup.
  if (import.meta.env.DEV) return renderToString(element)
  let html = rendered.get(key)
  if (html === undefined) {
    if (rendered.size >= MAX_ENTRIES) rendered.clear()
    html = renderToString(element)
    rendered.set(key, html)
  }
  return html
}
