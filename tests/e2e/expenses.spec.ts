import { expect, test } from './support/fixtures'
import { createThroughApi, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * Recording an expense paid on the spot (issue 16 item 9), with JavaScript on and off: from Record
 * Expense, in one step with its receipt, paid by the company's credit card with the HST it included;
 * for a commercial property that tax is claimed back: its page shows the receipt and the credit, and
 * the GST/HST return worksheet counts it.
 */

test('an expense is recorded in one step with its receipt and its tax credit counted', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  await createThroughApi(request, company, 'property-groups', { name: 'Somerset Shops', property_type: 'COMMERCIAL' })
  const card = await createThroughApi(request, company, 'accounting/accounts', { number: '2050', name: 'Company Visa', account_type: 'LIABILITY', subtype: 'CREDIT_CARD' })
  await createThroughApi(request, company, 'credit-cards', { name: 'Company Visa', gl_account_id: card.id, last_four: '4242' })
  expect((await request.get('/api/credit-cards/', { headers })).status()).toBe(200)

  await logIn(page, company.email, company.password)
  await page.goto('/app/record-expense/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Expense')
  await page.getByLabel(/^Paid on/).fill('2026-11-20')
  await page.getByLabel(/^Payee/).fill('Home Depot')
  await page.getByLabel(/^Property/).selectOption({ label: 'Somerset Shops' })
  await page.getByLabel(/^Expense account/).selectOption({ label: '5000 Repairs and Maintenance' })
  await page.getByLabel(/^Amount paid/).fill('113.00')
  await page.getByLabel(/^GST\/HST included/).fill('13.00')
  await page.getByLabel(/^Paid by credit card/).selectOption({ label: 'Company Visa' })
  await page.getByLabel(/^Receipt/).setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% receipt\n') })
  await page.getByRole('button', { name: 'Add Expense' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Expense of 2026-11-20 · Home Depot')
  const main = page.getByRole('main')
  await expect(main).toContainText('$113.00')
  await expect(main.locator('dt', { hasText: /^Tax credit$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('$13.00')
  await expect(main.getByRole('link', { name: 'Download', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Journal entries/ })).toContainText('$113.00')

  await page.goto('/app/reporting/gst-hst-return/?date_from=2026-11-01&date_to=2026-11-30')
  await expect(page.getByRole('table')).toContainText('$13.00')
})
