import { registerCompany } from './support/api'
import { logIn } from './support/auth'
import { expect, test } from './support/fixtures'

test('a picker with nothing to choose leads to where the choices are made', async ({ page, request }) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)
  await expect(page).toHaveURL('/app/')

  await page.goto('/app/rental-units/new/')
  await expect(page.getByRole('combobox', { name: 'Building' })).toHaveCount(0)
  await expect(page.getByText('No building yet.')).toBeVisible()
  await page.getByRole('link', { name: 'Add a building' }).click()
  await expect(page).toHaveURL('/app/buildings/new/')
  await expect(page.getByText('No property yet.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add a property' })).toHaveAttribute('href', '/app/property-groups/new/')

  // The list's filter by building says the same.
  await page.goto('/app/rental-units/')
  await expect(page.getByRole('search').getByRole('link', { name: 'Add a building' })).toHaveAttribute('href', '/app/buildings/new/')
})
