import { request as httpRequest } from 'node:http'
import { expect, test } from '@playwright/test'
import { DEMO } from './support/api'

// No browser involved: a browser always sends the host it was pointed at. Runs once.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'no browser; runs once')

/** A request to the e2e server that names `host` in its Host header, as a forger would. */
function post(baseURL: string, path: string, host: string, body: unknown) {
  const { port } = new URL(baseURL)
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

test('a request naming a host the server does not serve is refused before anything runs', async ({ baseURL }) => {
  const forged = await post(baseURL!, '/api/auth/password-reset/', 'evil.example.com', { email: DEMO.manager })
  expect(forged.status).toBe(400)
  expect(forged.text).toContain('ALLOWED_HOSTS')
  const served = await post(baseURL!, '/api/auth/password-reset/', new URL(baseURL!).host, { email: DEMO.manager })
  expect(served.status).toBe(200)
})
