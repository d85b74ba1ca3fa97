import http from 'node:http'

/**
 * The bench's client for timing one API request after another: node:http over one kept-alive
 * connection, as lean as postgres.js is on the hand-written side. fetch (undici) spends about
 * 0.4 ms of the client's own CPU on each request, more than PostgreSQL spends on a posting or a
 * lease's ledger: with it, a comparison of milliseconds would time the client, not the API.
 */
export function leanClient(base: string, headers: Record<string, string>) {
  const origin = new URL(base)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const send = (method: 'GET' | 'POST', path: string, payload?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          path,
          method,
          headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, payload: string) => send('POST', path, payload),
  }
}
