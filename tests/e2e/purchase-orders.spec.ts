import { expect, test } from './support/fixtures'
import { createThroughApi, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A purchase order from the accountant's screen (issue 16 item 6), with JavaScript on and off:
 * drafted with two lines priced by quantity (one on the vendor's default account), sent for
 * approval, approved, then fulfilled, which enters the vendor's bill from its lines; the PO listing
 * shows it billed.
 */

test('a purchase order is drafted, approved and fulfilled into the vendor’s bill', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers: { authorization: `Bearer ${company.token}` } })).json()).results as { id: string; number: string }[]
  const account = (number: string) => accounts.find((a) => a.number === number)!.id
  await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  await createThroughApi(request, company, 'vendors', { name: 'Rapid Plumbing', payment_terms: 'NET_30', default_expense_account_id: account('5000') })

  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/purchase-orders/')
  await page.getByRole('link', { name: /Add Purchase Order/i }).first().click()
  await page.getByLabel(/^Vendor/).selectOption({ label: 'Rapid Plumbing' })
  await page.getByLabel(/^Property/).first().selectOption({ label: 'Bronson Court' })
  await page.getByLabel(/^PO date/).fill('2026-11-02')
  await page.getByLabel(/^Ship to/).fill('Boiler room')
  await page.getByLabel('Line 1: Description').fill('Circulator pump')
  await page.getByLabel('Line 1: Quantity').fill('2')
  await page.getByLabel('Line 1: Unit price').fill('412.50')
  await page.getByRole('button', { name: 'Add line' }).click()
  await page.getByLabel('Line 2: Description').fill('Labour')
  await page.getByLabel('Line 2: Expense account').selectOption({ label: '5100 Utilities' })
  await page.getByLabel('Line 2: Quantity').fill('3.5')
  await page.getByLabel('Line 2: Unit price').fill('95.00')
  await page.getByRole('button', { name: 'Add Purchase Order' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PO 1 · Rapid Plumbing')
  await expect(page.getByRole('main')).toContainText('1,157.50')
  await expect(page.getByRole('region', { name: /^Items/ })).toContainText('5000 Repairs and Maintenance')

  await page.getByRole('button', { name: 'Send for approval' }).click()
  await expect(page.getByText('Sent for approval: it is kept as sent until it is approved or rejected.')).toBeVisible()
  // Sent, it is kept as sent: nothing to edit, and nothing to fulfil before it is approved.
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Fulfill' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText(/^Purchase order approved/)).toBeVisible()

  const fulfil = page.getByRole('form', { name: 'Fulfill' })
  await fulfil.getByLabel(/^Bill date/).fill('2026-11-10')
  await fulfil.getByLabel(/^Vendor’s invoice number/).fill('RP-2240')
  await fulfil.getByRole('button', { name: /Fulfill/ }).click()
  await expect(page.getByText('Purchase order fulfilled: the vendor’s bill is entered from its lines.')).toBeVisible()

  await page.getByRole('link', { name: /^Bill RP-2240/ }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bill RP-2240 · Rapid Plumbing of 2026-11-10')
  await expect(page.getByRole('main')).toContainText('2026-12-10')
  const lines = page.getByRole('region', { name: /^Lines/ })
  await expect(lines).toContainText('Circulator pump (2.00 × 412.50)')
  await expect(lines).toContainText('5100 Utilities')
  const order = page.getByRole('region', { name: /^Purchase order/ })
  await expect(order.getByRole('link', { name: 'PO 1 · Rapid Plumbing' })).toBeVisible()
  await expect(order).toContainText('Fulfilled')

  await page.goto('/app/reporting/po-listing/?date_from=2026-11-01&date_to=2026-11-30')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PO Listing')
  const row = page.getByRole('row', { name: /Rapid Plumbing/ })
  await expect(row).toContainText('Fulfilled')
  await expect(row.getByRole('link', { name: /its bill/ })).toContainText('1,157.50')
})
