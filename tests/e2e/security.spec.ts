import { expect, test } from './support/fixtures'
import { logIn } from './support/auth'
import { DEMO } from './support/api'

test('pages carry a content security policy whose nonce is on every script they run', async ({ page }) => {
  await logIn(page, DEMO.manager)
  const response = await page.goto('/app/')
  const policy = response!.headers()['content-security-policy']
  const nonce = /'nonce-([^']+)'/.exec(policy)![1]
  expect(policy).toContain("frame-ancestors 'none'")
  expect(response!.headers()['x-content-type-options']).toBe('nosniff')
  expect(response!.headers()['x-frame-options']).toBe('DENY')
  expect(response!.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
  const html = await response!.text()
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
  expect(inlineScripts.length).toBeGreaterThan(0)
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`)
  // A new page, a new nonce.
  const again = (await page.request.get('/app/')).headers()['content-security-policy']
  expect(again).not.toBe(policy)
})

test('a form posted from another site is refused and changes nothing', async ({ request }) => {
  const response = await request.post('/login/', {
    headers: { origin: 'https://evil.example' },
    form: { email: DEMO.manager, password: 'lintel-demo' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(403)
  expect(response.headers()['set-cookie']).toBeUndefined()
  const api = await request.post('/api/login/', { headers: { origin: 'https://evil.example' }, data: { email: DEMO.manager, password: 'lintel-demo' } })
  expect(api.status()).toBe(403)
})

test('API answers may not run or embed anything', async ({ request }) => {
  const response = await request.get('/api/update-timestamp/')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(response.headers()['x-content-type-options']).toBe('nosniff')
  expect(response.headers()['x-frame-options']).toBe('DENY')
  expect(response.headers()['cache-control']).toBe('no-store')
})

test('an API body over 12 MB of JSON is refused whole, and the same connection goes on serving', async ({ request }) => {
  const huge = JSON.stringify({ email: 'x'.repeat(13 * 1024 * 1024), password: 'x' })
  const refused = await request.post('/api/login/', { headers: { 'content-type': 'application/json' }, data: huge })
  expect(refused.status()).toBe(413)
  expect((await refused.json()).detail).toMatch(/too large: at most 12 MB/)
  // The next JSON body is read as usual: a sign-up with nothing in it is refused field by field.
  const after = await request.post('/api/register/', { data: {} })
  expect(after.status()).toBe(400)
  expect(Object.keys((await after.json()).errors)).toContain('email')
})

test('a bot that fills the honeypot is not signed in', async ({ request }) => {
  const response = await request.post('/login/', {
    form: { email: DEMO.manager, password: 'lintel-demo', company_website: 'https://spam.example' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(401)
  expect(await response.text()).toContain('Incorrect e-mail or password.')
  expect(response.headers()['set-cookie'] ?? '').not.toContain('lintel_session=')
})
