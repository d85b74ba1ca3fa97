import { expect, test } from './support/fixtures'
import { createThroughApi, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A bill from the accountant's screen (issue 16 item 2), with JavaScript on and off: entered with
 * two lines for a property (one on the vendor's default account), due on the vendor's terms, paid
 * in part and then marked as paid, after which the payables list no longer shows it and its
 * payments list both payments.
 */

test('a bill is entered, paid in part, then marked as paid', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers: { authorization: `Bearer ${company.token}` } })).json()).results as { id: string; number: string }[]
  const account = (number: string) => accounts.find((a) => a.number === number)!.id
  await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  await createThroughApi(request, company, 'bank-accounts', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })
  await createThroughApi(request, company, 'vendors', { name: 'Rapid Plumbing', payment_terms: 'NET_30', default_expense_account_id: account('5000') })

  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/bills/new/')
  await page.getByLabel(/^Vendor(?!’)/).selectOption({ label: 'Rapid Plumbing' })
  await page.getByLabel(/^Vendor’s invoice number/).fill('4411')
  await page.getByLabel(/^Bill date/).fill('2026-11-02')
  await page.getByLabel('Line 1: Description').fill('Boiler service')
  await page.getByLabel('Line 1: Property').selectOption({ label: 'Bronson Court' })
  await page.getByLabel('Line 1: Amount').fill('300.00')
  await page.getByRole('button', { name: 'Add line' }).click()
  await page.getByLabel('Line 2: Expense account').selectOption({ label: '5100 Utilities' })
  await page.getByLabel('Line 2: Description').fill('Water heater fuse')
  await page.getByLabel('Line 2: Amount').fill('20.50')
  await page.getByRole('button', { name: 'Add Bill' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bill 4411 · Rapid Plumbing of 2026-11-02')
  const details = page.getByRole('main')
  await expect(details).toContainText('2026-12-02')
  await expect(details).toContainText('320.50')
  await expect(page.getByRole('region', { name: /^Lines/ })).toContainText('5000 Repairs and Maintenance')

  // Part of it now, by cheque.
  const partly = page.getByRole('form', { name: 'Record a payment' })
  await partly.getByLabel(/^Amount paid/).fill('120.50')
  await partly.getByLabel(/^Paid on/).fill('2026-11-10')
  await partly.getByLabel(/^Paid from/).selectOption({ label: 'Operating' })
  await partly.getByLabel(/^Method/).selectOption('CHEQUE')
  await partly.getByLabel(/^Reference/).fill('1001')
  await partly.getByRole('button', { name: /Record a payment/i }).click()
  await expect(page.getByText('Payment recorded.')).toBeVisible()
  await expect(page.getByRole('main')).toContainText('200.00')

  // The rest, by EFT.
  const rest = page.getByRole('form', { name: 'Mark as paid' })
  await rest.getByLabel(/^Paid on/).fill('2026-11-20')
  await rest.getByLabel(/^Paid from/).selectOption({ label: 'Operating' })
  await rest.getByLabel(/^Method/).selectOption('EFT')
  await rest.getByRole('button', { name: /Mark as paid/i }).click()
  await expect(page.getByText('Bill paid: a payment of what it owed is recorded.')).toBeVisible()
  const payments = page.getByRole('region', { name: /^Payments/ })
  await expect(payments.getByRole('row')).toHaveCount(3)
  await expect(payments).toContainText('1001')

  // Payables are what is still owed: nothing now.
  await page.goto('/app/accounting/bills/')
  await expect(page.getByRole('link', { name: /Rapid Plumbing/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Pay bills' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay Bills')
  await expect(page.getByText('Every bill is paid.')).toBeVisible()
})
