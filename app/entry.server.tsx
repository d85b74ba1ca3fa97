import { renderToString } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { MarkupCacheContext } from './utils/markup-cache'
import { markupCache } from './utils/markup-cache.server'
import { readHandoff, ServerRouter } from './utils/server-router.server'
import { NonceContext } from './utils/nonce'

export const streamTimeout = 5_000

/**
 * Renders the whole document as one string, then sends it in one piece. No
 * loader defers data: once the loader data is read, nothing can suspend, so
 * React's synchronous renderer gives the very markup its streaming one would,
 * without encoding thousands of small chunks into bytes and piping them
 * through a stream only to join them again.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce ?? ''
  const handoff = await readHandoff(routerContext)
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <MarkupCacheContext.Provider value={markupCache}>
        <ServerRouter context={routerContext} handoff={handoff} nonce={nonce} />
      </MarkupCacheContext.Provider>
    </NonceContext.Provider>,
  )
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  // Encoded to UTF-8 once, here: sent as a string, the page was measured (its Content-Length) and then
  // encoded again as it was written, each pass over some 40 KB of text that one curly quote makes
  // two bytes a character.
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode })
}
