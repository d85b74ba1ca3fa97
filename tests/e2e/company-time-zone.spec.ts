import { PASSWORD, registerCompany } from './support/api'
import { logIn, hydrated, withoutJs } from './support/auth'
import { expect, test } from './support/fixtures'

// Ten hours behind UTC, so a time read in the server's or the browser's zone shows a different hour.
const ZONE = 'Pacific/Honolulu'

test('times are shown in the company’s time zone', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  const current = await (await request.get('/api/property-management-company/', { headers })).json()
  const settings = Object.fromEntries(Object.entries(current).filter(([name]) => name !== 'id' && name !== 'created_at'))
  expect((await request.put('/api/property-management-company/', { headers, data: { ...settings, time_zone: ZONE } })).status()).toBe(200)
  const key = await (await request.post('/api/api-keys/', { headers, data: { name: 'Bookkeeping sync' } })).json()

  await logIn(page, company.email, PASSWORD)
  await page.goto(`/app/api-keys/${key.id}/`)
  if (!withoutJs(testInfo.project.name)) await hydrated(page)
  const expected = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(key.created_at))
  await expect(page.locator('dt:has-text("Created") + dd')).toHaveText(expected)
})
