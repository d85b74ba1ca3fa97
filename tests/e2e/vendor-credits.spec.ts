import { expect, test } from './support/fixtures'
import { createThroughApi, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A vendor credit from the accountant's screen (issue 16 item 4), with JavaScript on and off:
 * entered from the vendor's credit memo, then applied to the vendor's open bill, whose page then
 * shows it owing that much less and lists the credit applied.
 */

test('a vendor credit is entered and applied to a bill, which then owes less', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers })).json()).results as { id: string; number: string }[]
  const account = (number: string) => accounts.find((a) => a.number === number)!.id
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const vendor = await createThroughApi(request, company, 'vendors', { name: 'Rapid Plumbing', payment_terms: 'NET_30', default_expense_account_id: account('5000') })
  const bill = await createThroughApi(request, company, 'accounting/bills', { vendor_id: vendor.id, reference: '4411', date: '2026-11-02', lines: [{ property_group_id: property.id, amount: '300.00' }] })
  const hydro = await createThroughApi(request, company, 'vendors', { name: 'Ottawa Hydro', payment_terms: 'NET_30', default_expense_account_id: account('5100') })
  await createThroughApi(request, company, 'accounting/bills', { vendor_id: hydro.id, reference: 'H-9', date: '2026-11-02', lines: [{ property_group_id: property.id, amount: '90.00' }] })

  await logIn(page, company.email, company.password)
  await page.goto('/app/vendor-credits/new/')
  await page.getByLabel(/^Vendor/).selectOption({ label: 'Rapid Plumbing' })
  await page.getByLabel(/^Credit memo number/).fill('CM-118')
  await page.getByLabel(/^Credit date/).fill('2026-11-05')
  await page.getByLabel(/^Type/).selectOption({ label: 'Return of goods' })
  await page.getByLabel('Line 1: Description').fill('Valve returned')
  await page.getByLabel('Line 1: Property').selectOption({ label: 'Bronson Court' })
  await page.getByLabel('Line 1: Amount').fill('75.00')
  await page.getByRole('button', { name: 'Add Vendor Credit' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credit CM-118 · Rapid Plumbing of 2026-11-05')
  await expect(page.getByRole('main')).toContainText('75.00')
  await expect(page.getByRole('region', { name: /^Lines/ })).toContainText('5000 Repairs and Maintenance')

  const apply = page.getByRole('form', { name: 'Apply to a bill' })
  // Only the vendor's own bills still owing are offered.
  await expect(apply.getByLabel(/^Bill/).locator('option', { hasText: 'Ottawa Hydro' })).toHaveCount(0)
  await apply.getByLabel(/^Bill/).selectOption({ label: String(bill.label) })
  await apply.getByLabel(/^Amount/).fill('75.00')
  await apply.getByLabel(/^Applied on/).fill('2026-11-06')
  await apply.getByRole('button', { name: /Apply to a bill/i }).click()
  await expect(page.getByText('Credit applied: the bill owes that much less.')).toBeVisible()
  const applied = page.getByRole('region', { name: /^Applied to bills/ })
  await expect(applied).toContainText('Bill 4411')
  // Applied in full, it offers no more applying.
  await expect(page.getByRole('form', { name: 'Apply to a bill' })).toHaveCount(0)

  await page.goto(`/app/accounting/bills/${bill.id}/`)
  const main = page.getByRole('main')
  await expect(main).toContainText('225.00')
  await expect(page.getByRole('region', { name: /^Credits applied/ })).toContainText('75.00')
})
