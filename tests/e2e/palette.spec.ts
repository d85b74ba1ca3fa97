import { DEMO } from './support/api'
import { hydrated, logIn, TITLES, withoutJs } from './support/auth'
import { expect, test, type Page } from './support/fixtures'

async function signInAsManager(page: Page) {
  await logIn(page, DEMO.manager)
  await expect(page).toHaveTitle(TITLES.manager)
}

test('ctrl+k opens the command palette, which filters as you type and goes where you choose', async ({ page, axe }, testInfo) => {
  test.skip(withoutJs(testInfo.project.name), 'the floating palette is JavaScript; without it the search page answers (next test)')
  await signInAsManager(page)
  // The shortcut works once the page is interactive.
  await hydrated(page)
  const palette = page.getByRole('dialog', { name: 'Search' })
  await page.keyboard.press('Control+k')
  await expect(palette).toBeVisible()
  const search = palette.getByRole('combobox', { name: 'Search' })
  await expect(search).toBeFocused()

  await search.fill('TECHNIC')
  await expect(palette.getByRole('option', { name: /View Maintenance Technicians/ })).toBeVisible()
  await expect(palette.getByRole('option', { name: /View Work Orders/ })).toHaveCount(0)
  await axe.check('command palette open')

  await search.fill('zzqxv nothing like this')
  await expect(palette.getByText('No matches found.')).toBeVisible()
  await expect(palette.getByRole('option')).toHaveCount(0)

  await search.fill('technic')
  await expect(palette.getByRole('option').first()).toContainText('View Maintenance Technicians')
  await search.press('Enter')
  await expect(palette).toBeHidden()
  await expect(page).toHaveURL('/app/maintenance-technicians/')
  await expect(page).toHaveTitle(/Maintenance Technicians \| Lintel/)
})

test('the floating search button opens the palette, or without JavaScript a search page answering the same query', async ({ page }, testInfo) => {
  await signInAsManager(page)
  const button = page.getByTestId('palette-button')
  await expect(button).toHaveAttribute('href', '/app/search/')
  await expect(button).toHaveAccessibleName('Open the command palette')

  if (withoutJs(testInfo.project.name)) {
    await button.click()
    await expect(page).toHaveURL('/app/search/')
  } else {
    await hydrated(page)
    const palette = page.getByRole('dialog', { name: 'Search' })
    await button.click()
    await expect(palette).toBeVisible()
    await expect(page).toHaveURL('/app/')
    await page.keyboard.press('Escape')
    await expect(palette).toBeHidden()
    // The same page is there for anyone who follows the link.
    await page.goto('/app/search/')
  }
  await expect(page).toHaveTitle('Search | Lintel')

  const form = page.getByRole('search')
  await form.getByLabel('Search').fill('technic')
  await form.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/app\/search\/?\?q=technic$/)
  const results = page.getByTestId('search-results')
  await expect(results.getByRole('link', { name: /View Maintenance Technicians/ })).toBeVisible()
  await expect(results.getByRole('link', { name: /View Work Orders/ })).toHaveCount(0)

  await form.getByLabel('Search').fill('zzqxv nothing like this')
  await form.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No matches found.')).toBeVisible()

  await form.getByLabel('Search').fill('TECHNIC')
  await form.getByRole('button', { name: 'Search' }).click()
  await results.getByRole('link', { name: /View Maintenance Technicians/ }).click()
  await expect(page).toHaveURL('/app/maintenance-technicians/')
})
