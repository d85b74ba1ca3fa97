import { STAFF_NAVIGATION, STAFF_TOP_LINKS } from '../../app/domain/navigation'
import { DEMO } from './support/api'
import { logIn } from './support/auth'
import { expect, test, type Page } from './support/fixtures'

test.use({ viewport: { width: 390, height: 800 } })
// Widths and tap targets are the server-rendered layout's: measured once, without JavaScript.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'the layout the server renders, measured once without JavaScript')

/** The pages whose records a phone user opens too: besides the list, a record and the new-record form. */
const DEEP = new Set([...STAFF_NAVIGATION.find((g) => g.label === 'Properties')!.links.map((l) => l.href), '/app/accounting/accounts/', '/app/accounting/journal-entries/', '/app/accounting/recurring-journal-entries/', '/app/accounting/bank-accounts/'])

async function fitsTheScreen(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: innerWidth }))
  expect(widths.page, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.screen)
}

// One test per sidebar group, read from the navigation itself, so a page added there is walked too.
for (const group of [{ label: 'Dashboard and Settings', links: STAFF_TOP_LINKS }, ...STAFF_NAVIGATION]) {
  test(`no page of ${group.label} scrolls sideways at 390 px`, async ({ page }) => {
    test.slow()
    await logIn(page, DEMO.manager)
    await expect(page).toHaveURL('/app/')
    for (const { href } of group.links) await fitsTheScreen(page, href)
  })
}

for (const href of DEEP) {
  test(`a record and the new-record form of ${href} fit a phone`, async ({ page }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveURL('/app/')
    await page.goto(href)
    const record = await page.locator('main tbody a').first().getAttribute('href')
    expect(record, `a record listed on ${href}`).toBeTruthy()
    await fitsTheScreen(page, record!)
    await fitsTheScreen(page, `${href}new/`)
  })
}

for (const [area, email] of [
  ['resident center', DEMO.resident],
  ['technician area', DEMO.technician],
] as const) {
  test(`everything one taps in the ${area} is at least 44 px tall`, async ({ page }) => {
    test.slow()
    await logIn(page, email)
    await expect(page).toHaveURL(/\/(rc|mt)\/$/)
    const home = new URL(page.url()).pathname
    const menu = page.getByRole('navigation', { name: 'Main (small screens)' })
    // The folded menu's links, read while it is still closed (and so hidden from role queries).
    const links = page.locator('nav[aria-label="Main (small screens)"] a')
    const pages = [home, ...new Set(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!)))]
    expect(pages.length).toBeGreaterThan(4)
    for (const path of pages) {
      await page.goto(path)
      await page.getByText('Menu', { exact: true }).click()
      await expect(menu).toBeVisible()
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('a, button, input:not([type="hidden"]), select, textarea, summary')]
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          // Left out: what is not shown (the skip link until it has the focus).
          .filter(({ box }) => box.width > 1 && box.height > 1 && box.height < 44)
          .map(({ el, box }) => `${el.tagName.toLowerCase()} “${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim()}” ${Math.round(box.height)} px`),
      )
      expect(small, path).toEqual([])
    }
  })
}
