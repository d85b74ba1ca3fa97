import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON.parse's own type, as in factories/api.ts
type Json = any

/** A form as a browser would send it. */
export function formOf(fields: Record<string, string | File>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  return form
}

/** Sends a multipart form to the API in-process, as a browser form or an API client would. */
export async function upload(path: string, token: string, fields: Record<string, string | File>) {
  const response = await getApi().request(`http://lintel.test/api/${path.replace(/^\//, '')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.10' },
    body: formOf(fields),
  })
  return { status: response.status, body: (await response.json()) as Json }
}

/** GETs a file from the API: its bytes and headers. */
export async function download(path: string, token: string) {
  const response = await getApi().request(`http://lintel.test/api/${path.replace(/^\//, '')}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}
