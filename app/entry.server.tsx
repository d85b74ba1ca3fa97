import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { MarkupCacheContext } from './utils/markup-cache'
import { markupCache } from './utils/markup-cache.server'
import { ServerRouter } from './utils/server-router.server'
import { NonceContext } from './utils/nonce'

export const streamTimeout = 5_000

/**
 * Renders the whole document, then sends it in one piece. No loader defers
 * data, so streaming would only split the page into many small socket writes
 * (each compressed on its own) for no earlier paint.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce ?? ''
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <MarkupCacheContext.Provider value={markupCache}>
          <ServerRouter context={routerContext} nonce={nonce} />
        </MarkupCacheContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const collector = new PassThrough()
          collector.on('data', (chunk: Buffer) => chunks.push(chunk))
          collector.on('end', () => {
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }))
          })
          pipe(collector)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
