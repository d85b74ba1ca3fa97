import type { Page } from '@playwright/test'
import { hydrated } from './support/auth'
import { expect, test } from './support/fixtures'

async function logIn(page: Page, email: string) {
  await page.goto('/login/')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill('lintel-demo')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/app\/$/)
}

test('a screen whose code fails to load reloads the page instead of leaving it broken', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'client-side navigation needs JavaScript')
  await logIn(page, 'manager@demo.test')
  // Before hydration the link would be an ordinary page load, not the client-side navigation under test.
  await hydrated(page)
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
  })
  // As after a deploy that replaced the file: the screen's module cannot be fetched.
  await page.route(/\/assets\/list-[^/]+\.js$/, (route) => route.abort())
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Property Managers' }).click()
  // The page reloads (a new document from the server, which after a deploy carries the new version).
  await expect.poll(() => documents).toContain('/app/')
  await expect(page.getByRole('heading', { level: 1, name: 'Property Manager Dashboard' })).toBeVisible()
})

test('a page the person may not open shows the error screen with its status and message, inside the shell', async ({ page }) => {
  await logIn(page, 'limited@demo.test')
  const response = await page.goto('/app/property-managers/')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Work Orders' })).toBeVisible()
  await expect(page).toHaveTitle('You do not have access to this page | Lintel')
  await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible()
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
  await expect(page.getByTestId('error-status')).toHaveText('403')
  await expect(page.getByTestId('error-message')).toHaveText('You need the Management Company permission to do this.')
})

test('an address that does not exist is a real 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page/')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Page not found | Lintel')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})
