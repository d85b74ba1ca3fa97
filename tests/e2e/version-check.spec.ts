import type { Page } from '@playwright/test'
import { hydrated } from './support/auth'
import { expect, test } from './support/fixtures'

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the version check is the page’s own script')

async function logIn(page: Page) {
  await page.goto('/login/')
  await page.getByLabel('E-mail').fill('manager@demo.test')
  await page.getByLabel('Password').fill('lintel-demo')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/app\/$/)
}

test('the page asks the server for its version every 60 seconds', async ({ page }) => {
  await page.clock.install()
  await logIn(page)
  // The interval starts when the page hydrates. Logging in is a client-side navigation, so a new
  // document starts it afresh, and the clock stops right after: however long the test itself
  // takes on a busy machine, the page's time moves only when the test moves it.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Property Manager Dashboard' })).toBeVisible()
  await hydrated(page)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  const revalidations: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('.data')) revalidations.push(request.url())
  })
  await page.clock.fastForward(30_000)
  // Someone working on the page in between does not postpone the check.
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  // Half a minute in, only the navigation itself has asked for data.
  expect(revalidations).toHaveLength(1)
  revalidations.length = 0
  await page.clock.fastForward(31_000)
  await expect.poll(() => revalidations.length).toBe(1)
})

test('a tab that knows an older version records the refresh and reloads onto the new one', async ({ page }) => {
  await logIn(page)
  // Let this page record the current version first, or it would reload itself under the test.
  await hydrated(page)
  const serverTimestamp = (await (await page.request.get('/api/update-timestamp/')).json()).timestamp as number
  // As if this tab had last run the previous deploy.
  await page.evaluate((old) => localStorage.setItem('lastUpdateTime', String(old)), serverTimestamp - 1000)
  const refreshes: string[] = []
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/resources/frontend-refresh') && request.method() === 'POST') refreshes.push(request.url())
    if (request.resourceType() === 'document') documents.push(request.url())
  })
  await page.goto('/app/user-settings/', { waitUntil: 'commit' })
  await expect.poll(() => refreshes.length).toBe(1)
  await expect.poll(() => documents.length).toBe(2)
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('lastUpdateTime'))).toBe(String(serverTimestamp))
  // Once current, it stays put.
  await page.waitForTimeout(500)
  expect(documents).toHaveLength(2)
})
