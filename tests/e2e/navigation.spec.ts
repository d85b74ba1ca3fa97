import { DEMO } from './support/api'
import { logIn, TITLES } from './support/auth'
import { expect, test } from './support/fixtures'

test('a manager with only the Operations permission sees only Properties and Operations', async ({ page }) => {
  await logIn(page, DEMO.limited)
  await expect(page).toHaveTitle(TITLES.manager)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await expect(sidebar.locator('section[data-nav-group]')).toHaveCount(2)
  const groups = await sidebar.locator('section[data-nav-group]').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-nav-group')))
  expect(groups).toEqual(['Properties', 'Operations'])
  await expect(sidebar.getByRole('heading', { name: 'Properties' })).toBeVisible()
  await expect(sidebar.getByRole('heading', { name: 'Operations' })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Work Orders', exact: true })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toBeVisible()
  for (const hidden of ['Management Company', 'Leasing', 'Communications', 'Storage', 'Accounting', 'Reporting', 'AI']) {
    await expect(sidebar.getByRole('heading', { name: hidden, exact: true })).toHaveCount(0)
  }
  await expect(sidebar.getByRole('link', { name: 'Property Managers' })).toHaveCount(0)
})

test('a manager with every permission sees every group', async ({ page }) => {
  await logIn(page, DEMO.manager)
  await expect(page).toHaveTitle(TITLES.manager)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  for (const group of ['Management Company', 'Properties', 'Leasing', 'Operations', 'Communications', 'Accounting', 'Reporting']) {
    await expect(sidebar.locator(`section[data-nav-group="${group}"]`)).toBeVisible()
  }
})

test('the sidebar marks the page you are on', async ({ page }) => {
  await logIn(page, DEMO.manager)
  const current = page.getByRole('navigation', { name: 'Staff' }).locator('[aria-current="page"]')
  await expect(current).toHaveText('Dashboard')
  await page.goto('/app/user-settings/')
  await expect(current).toHaveText('Settings')
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Work Orders' }).click()
  await expect(page).toHaveURL('/app/work-orders/')
  await expect(current).toHaveText('Work Orders')
})

test('an unknown address answers 404 with “Page not found”', async ({ page }) => {
  const response = await page.goto('/no-such-page/')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found | Lintel')
})

test('a page that comes later has its real title and an honest empty state', async ({ page }) => {
  await logIn(page, DEMO.manager)
  await expect(page).toHaveTitle(TITLES.manager)
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Leases', exact: true }).click()
  await expect(page).toHaveURL('/app/leases/')
  await expect(page).toHaveTitle('Leases | Lintel')
  await expect(page.getByRole('heading', { level: 1, name: 'Leases' })).toBeVisible()
  await expect(page.getByText('Nothing to show here yet')).toBeVisible()

  const response = await page.goto('/app/no-such-page/')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})
