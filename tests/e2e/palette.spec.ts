import { STAFF_NAVIGATION } from '~/domain/navigation'
import { createThroughApi, DEMO, registerCompany } from './support/api'
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

test('a unit reads with its building, sorts naturally, and the palette opens it by number; a resident by phone', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await createThroughApi(request, company, 'buildings', { name: 'Bronson Court', property_group_id: property.id })
  const units: Record<string, string> = {}
  for (const unit_number of ['102', '10', '2']) {
    units[unit_number] = (await createThroughApi(request, company, 'rental-units', { unit_number, building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })).id
  }
  const resident = await createThroughApi(request, company, 'residents', {
    first_name: 'Rosa',
    last_name: 'Quill',
    resident_type: 'CURRENT_RESIDENT',
    rental_unit_id: units['10'],
    phone: '(613) 555-0142',
  })
  await logIn(page, company.email, company.password)

  await page.goto('/app/rental-units/')
  const rows = page.getByRole('table').getByRole('row')
  await expect(rows.nth(1)).toContainText('2')
  expect((await rows.allInnerTexts()).slice(1).map((row) => row.split('\t')[0].trim())).toEqual(['2', '10', '102'])
  await page.goto('/app/residents/')
  await expect(page.getByRole('table').getByRole('link', { name: '10 · Bronson Court' })).toBeVisible()

  if (withoutJs(testInfo.project.name)) {
    await page.goto('/app/search/?q=102')
    await page.getByTestId('search-results').getByRole('link', { name: /102 · Bronson Court/ }).click()
  } else {
    await hydrated(page)
    const palette = page.getByRole('dialog', { name: 'Search' })
    await page.keyboard.press('Control+k')
    const search = palette.getByRole('combobox', { name: 'Search' })
    await search.fill('102')
    await expect(palette.getByRole('option').first()).toContainText('102 · Bronson Court')
    // Enter opens the first result.
    await search.press('Enter')
  }
  await expect(page).toHaveURL(`/app/rental-units/${units['102']}/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('102 · Bronson Court')

  // A resident by the phone as one types it, and no page still to come among the quick actions.
  await page.goto('/app/search/?q=613-555-0142')
  await expect(page.getByTestId('search-results').getByRole('link', { name: /Rosa Quill/ })).toHaveAttribute('href', `/app/residents/${resident.id}/`)
  await page.goto('/app/search/?q=maintenance%20projects')
  await expect(page.getByText('No matches found.')).toBeVisible()
})

test('every sidebar link marked as still to come is its empty state, and every other is a real page', async ({ page }, testInfo) => {
  test.skip(withoutJs(testInfo.project.name), 'pages fetched as documents: the same with JavaScript off')
  await logIn(page, DEMO.manager)
  for (const link of STAFF_NAVIGATION.flatMap((group) => group.links)) {
    const response = await page.request.get(link.href)
    const html = await response.text()
    expect([link.href, response.status()]).toEqual([link.href, 200])
    expect([link.href, html.includes('Nothing to show here yet')]).toEqual([link.href, !!link.later])
  }
})
