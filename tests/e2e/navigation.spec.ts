import { DEMO, registerCompany } from './support/api'
import { hydrated, logIn, TITLES, withoutJs } from './support/auth'
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
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Maintenance Projects', exact: true }).click()
  await expect(page).toHaveURL('/app/maintenance-projects/')
  await expect(page).toHaveTitle('Maintenance Projects | Lintel')
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance Projects' })).toBeVisible()
  await expect(page.getByText('Nothing to show here yet')).toBeVisible()

  const response = await page.goto('/app/no-such-page/')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
})

test.describe('on a 1440 px laptop', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('the closed sidebar is a rail of group icons whose links show on hover, and the content sits beside it', async ({ page }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveTitle(TITLES.manager)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    const buildings = sidebar.getByRole('link', { name: 'Buildings', exact: true })
    await expect(buildings).toBeHidden()
    const rail = await sidebar.boundingBox()
    expect(rail!.width).toBeLessThanOrEqual(72)
    const main = await page.locator('main').boundingBox()
    expect(main!.x).toBeGreaterThanOrEqual(rail!.x + rail!.width)

    await sidebar.getByRole('button', { name: 'Properties', exact: true }).hover()
    await expect(sidebar.getByRole('heading', { name: 'Properties' })).toBeVisible()
    await expect(sidebar.getByRole('link', { name: 'Properties', exact: true })).toBeVisible()
    await buildings.click()
    await expect(page).toHaveURL('/app/buildings/')
    await expect(page).toHaveTitle('Buildings | Lintel')
  })

  test('the rail works from the keyboard: a group’s icon, then Tab, reaches its links', async ({ page }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveTitle(TITLES.manager)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    const settings = sidebar.getByRole('link', { name: 'Settings', exact: true })
    await settings.focus()
    // The icon's label shows beside it while it has the focus.
    await expect(settings.getByText('Settings')).toBeInViewport()
    await sidebar.getByRole('button', { name: 'Operations', exact: true }).focus()
    const workOrders = sidebar.getByRole('link', { name: 'Work Orders', exact: true })
    await expect(workOrders).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(workOrders).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/app/work-orders/')
    await expect(page).toHaveTitle('Work Orders | Lintel')
    await expect(workOrders).toBeHidden()
  })

  test('the menu button still opens the whole sidebar over the page', async ({ page }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveTitle(TITLES.manager)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await page.getByTitle('Show or hide the menu').click()
    for (const group of ['Management Company', 'Properties', 'Accounting']) await expect(sidebar.getByRole('heading', { name: group })).toBeVisible()
    await sidebar.getByRole('link', { name: 'Rental Units', exact: true }).click()
    await expect(page).toHaveURL('/app/rental-units/')
    await expect(sidebar.getByRole('link', { name: 'Residents', exact: true })).toBeHidden()
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('the sidebar is a drawer without Storage, Accounting and AI', async ({ page }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveTitle(TITLES.manager)
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await expect(sidebar).not.toBeInViewport()
    await page.getByTitle('Show or hide the menu').click()
    await expect(sidebar).toBeInViewport()
    await expect(sidebar.getByRole('heading', { name: 'Properties' })).toBeVisible()
    for (const group of ['Storage', 'Accounting', 'AI']) await expect(sidebar.getByRole('heading', { name: group, exact: true })).toBeHidden()
    await sidebar.getByRole('link', { name: 'Residents', exact: true }).click()
    await expect(page).toHaveURL('/app/residents/')
    await expect(sidebar).not.toBeInViewport()
  })
})

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('the header shows who is signed in and logs them out', async ({ page }) => {
      await logIn(page, DEMO.manager)
      await expect(page).toHaveTitle(TITLES.manager)
      const header = page.getByRole('banner')
      await expect(header.getByText('Morgan Lee')).toBeInViewport()
      const logOut = header.getByRole('button', { name: 'Log out' })
      await expect(logOut).toBeInViewport()
      await logOut.click()
      await expect(page).toHaveURL('/')
      await page.goto('/app/')
      await expect(page).toHaveTitle(TITLES.login)
    })

    test('the search and warnings buttons never sit over the rows of a list', async ({ page }) => {
      await logIn(page, DEMO.manager)
      await page.goto('/app/rental-units/')
      const rows = page.locator('main tbody tr')
      expect(await rows.count()).toBeGreaterThan(5)
      // Each row is brought to the bottom of the window, where floating buttons used to sit.
      const covered = await rows.evaluateAll((trs) =>
        trs.flatMap((tr, i) => {
          tr.scrollIntoView({ block: 'end' })
          const box = tr.getBoundingClientRect()
          // A wide table scrolls inside its own box: only its visible part counts.
          const right = Math.min(box.right, tr.closest('table')!.parentElement!.getBoundingClientRect().right)
          const points = [box.left + 4, (box.left + right) / 2, right - 4].flatMap((x) => [box.top + 4, box.top + box.height / 2].map((y) => [x, y]))
          return points.filter(([x, y]) => !tr.contains(document.elementFromPoint(x, y))).map(([x, y]) => `row ${i} at ${Math.round(x)},${Math.round(y)}`)
        }),
      )
      expect(covered).toEqual([])
    })
  })
}

test('the workspace warnings open from the header, and close again on Escape or a click elsewhere', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)
  await expect(page).toHaveTitle(TITLES.manager)
  const js = !withoutJs(testInfo.project.name)
  if (js) await hydrated(page)
  const warnings = page.getByRole('banner').getByTestId('workspace-warnings')
  const button = warnings.locator('summary')
  await expect(button).toHaveAccessibleName(/^Workspace Warnings \(\d+\)$/)
  const panel = warnings.getByRole('heading', { name: 'Workspace Warnings' })
  await expect(panel).toBeHidden()
  await button.click()
  await expect(panel).toBeVisible()
  await expect(warnings.getByText('Company address is missing')).toBeVisible()
  if (!js) {
    await button.click()
    await expect(panel).toBeHidden()
    return
  }
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()
  await button.click()
  await expect(panel).toBeVisible()
  await page.getByRole('heading', { level: 1, name: 'Property Manager Dashboard' }).click()
  await expect(panel).toBeHidden()
  await button.click()
  await warnings.getByRole('link', { name: 'Fix Issue' }).first().click()
  await expect(page).toHaveURL('/app/management-company/')
})
