import { PASSWORD, registerCompany, unique } from './support/api'
import { logIn } from './support/auth'
import { expect, test } from './support/fixtures'

// A company of its own, so writing numbers the French way changes no other test's pages.
test('a company that writes numbers in French types, sees and edits amounts that way', async ({ page, request }) => {
  const company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  const current = await (await request.get('/api/property-management-company/', { headers })).json()
  const settings = Object.fromEntries(Object.entries(current).filter(([name]) => name !== 'id' && name !== 'created_at'))
  expect((await request.put('/api/property-management-company/', { headers, data: { ...settings, number_format: 'fr' } })).status()).toBe(200)

  await logIn(page, company.email, PASSWORD)
  await page.goto('/app/fee-schedules/new/')
  const name = unique('Flat fee')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Fee type').selectOption('FLAT')
  const amount = page.getByLabel('Flat monthly fee')
  await expect(amount).toHaveAttribute('placeholder', 'e.g. 1\u00A0250,50')

  // English grouping is not French: refused, naming the field, never read as 1,25 $.
  await amount.fill('1,250.50')
  await page.getByRole('button', { name: 'Add Fee Schedule' }).click()
  await expect(page.getByText(/Flat monthly fee must be an amount/).first()).toBeVisible()
  await expect(amount).toHaveValue('1,250.50')
  await expect(amount).toHaveAttribute('aria-invalid', 'true')

  await amount.fill('1 250,50')
  await page.getByRole('button', { name: 'Add Fee Schedule' }).click()
  await expect(page).toHaveTitle(`${name} | Lintel`)
  await expect(page.locator('dt:text-is("Flat monthly fee") + dd')).toHaveText('1 250,50 $')

  const saved = (await (await request.get(`/api/property-management-fee-schedules/?search=${encodeURIComponent(name)}`, { headers })).json()).results
  expect(saved.map((s: { flat_amount: string }) => s.flat_amount)).toEqual(['1250.50'])

  await page.goto(`/app/fee-schedules/${saved[0].id}/edit/`)
  await expect(page.getByLabel('Flat monthly fee')).toHaveValue('1\u00A0250,50')
})
