import { registerCompany } from './support/api'
import { hydrated, logIn, withoutJs } from './support/auth'
import { expect, test } from './support/fixtures'

test('a refused form opens on a summary of its errors, each linked to its field', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)
  await expect(page).toHaveURL('/app/')
  await page.goto('/app/residents/new/')
  if (!withoutJs(testInfo.project.name)) await hydrated(page)
  await page.getByLabel('First name').fill('Rita')
  await page.getByLabel('Last name').fill('Resident')
  await page.getByLabel('Resident type').selectOption({ label: 'Current resident' })
  await page.getByLabel('Date of birth').fill(`${new Date().getFullYear() + 1}-01-01`)
  await page.getByLabel('Move-in date').fill('2026-05-01')
  await page.getByLabel('Move-out date').fill('2026-04-01')
  await page.getByRole('button', { name: 'Add Resident' }).click()

  const summary = page.getByRole('alert').filter({ hasText: 'Please correct 2 problems' })
  await expect(summary).toBeVisible()
  await expect(summary).toBeFocused()
  const moveOut = summary.getByRole('link', { name: 'Move-out date cannot be before the move-in date.' })
  await expect(summary.getByRole('link', { name: 'Date of birth cannot be in the future.' })).toBeVisible()
  await moveOut.click()
  await expect(page.getByLabel('Move-out date')).toBeInViewport()
  // Below the sticky header, not under it.
  const field = await page.getByLabel('Move-out date').boundingBox()
  expect(field!.y).toBeGreaterThanOrEqual(56)
})

test('the journal entry form calls lines balanced only once it has added them up', async ({ page, request }, testInfo) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)
  await expect(page).toHaveURL('/app/')
  await page.goto('/app/accounting/journal-entries/new/')
  const totals = page.locator('tfoot')
  if (withoutJs(testInfo.project.name)) {
    await expect(totals).toContainText('Totals are checked when you save.')
    await expect(totals).not.toContainText('Balanced')
    return
  }
  await hydrated(page)
  await expect(totals).toContainText('Balanced')
  await page.getByLabel('Line 1: Debit').fill('100.00')
  await expect(totals).toContainText('Out of balance by 100.00')
})

test('the summary of a form’s errors names the line each of its lines’ errors is on', async ({ page, request }) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/journal-entries/new/')
  await page.getByLabel('Line 1: Debit').fill('100.00')
  await page.getByLabel('Line 2: Account').selectOption({ label: '1010 Operating Bank Account' })
  await page.getByLabel('Line 2: Credit').fill('100.00')
  await page.getByRole('button', { name: 'Add Journal Entry' }).click()
  await expect(page.getByRole('alert').getByText('Line 1: Account is required.')).toBeVisible()
  // Beside the field, its label says the line already.
  await expect(page.getByLabel('Line 1: Debit')).toHaveValue(/^100\.00$/)
})
