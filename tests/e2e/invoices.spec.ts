import { expect, test } from './support/fixtures'
import { createThroughApi, registerCompany, type Company } from './support/api'
import { hydrated, logIn, withoutJs } from './support/auth'

/**
 * Receivables from the accountant's screen (issue 16 item 7), with JavaScript on and off: an
 * invoice to a film crew for a commercial property, taxed at Ontario's HST by default, paid in part
 * and then marked as paid, after which nothing is offered to pay; then duplicated. And a property's
 * finished work billed to its owner with a markup on one invoice.
 */

const ONTARIO = { street: '100 Queen Street', city: 'Ottawa', province: 'ON', postal_code: 'K1P 1J9', country: 'CA' }

async function books(request: Parameters<typeof registerCompany>[0], company: Company) {
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers: { authorization: `Bearer ${company.token}` } })).json()).results as { id: string; number: string }[]
  return (number: string) => accounts.find((a) => a.number === number)!.id
}

test('an invoice is taxed by its property, paid in part, marked as paid, and duplicated', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const account = await books(request, company)
  await createThroughApi(request, company, 'property-groups', { name: 'Queen Street Shops', property_type: 'COMMERCIAL', address: ONTARIO })
  await createThroughApi(request, company, 'bank-accounts', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: account('1010') })

  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/invoices/new/')
  await page.getByLabel(/^Billed to/).selectOption({ label: 'Other customer' })
  await page.getByLabel(/^Customer(?! e-mail| address)/).fill('Northern Lights Productions')
  await page.getByLabel(/^Property(?! owner)/).selectOption({ label: 'Queen Street Shops' })
  await page.getByLabel(/^Invoice date/).fill('2026-11-02')
  await page.getByLabel(/^Terms/).selectOption({ label: 'Net 15' })
  // The line's account offers income accounts only, not the bank's or an expense's.
  const incomeChoices = await page.getByLabel('Line 1: Income account').locator('option').allTextContents()
  expect(incomeChoices).toContain('4300 Laundry and Vending Income')
  expect(incomeChoices.filter((o) => /^[1235]\d{3} /.test(o))).toEqual([])
  await page.getByLabel('Line 1: Income account').selectOption({ label: '4300 Laundry and Vending Income' })
  await page.getByLabel('Line 1: Description').fill('Lobby rental, two days')
  await page.getByLabel('Line 1: Amount').fill('1000.00')
  await page.getByRole('button', { name: 'Add Invoice' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice 1001 · Northern Lights Productions')
  const details = page.getByRole('main')
  await expect(details).toContainText('2026-11-17')
  // Commercial space in Ontario: HST 13 % unless a line says it is exempt.
  await expect(details).toContainText('$1,130.00')
  await expect(page.getByRole('region', { name: /^Sales tax/ })).toContainText('HST 13 %')

  const partly = page.getByRole('form', { name: 'Record a payment' })
  await partly.getByLabel(/^Amount received/).fill('500.00')
  await partly.getByLabel(/^Received on/).fill('2026-11-10')
  await partly.getByLabel(/^Deposited to/).selectOption({ label: 'Operating' })
  await partly.getByLabel(/^Method/).selectOption('CHEQUE')
  await partly.getByLabel(/^Reference/).fill('2210')
  await partly.getByRole('button', { name: /Record a payment/i }).click()
  await expect(page.getByText('Payment recorded.')).toBeVisible()
  await expect(details).toContainText('$630.00')

  const rest = page.getByRole('form', { name: 'Mark as paid' })
  await rest.getByLabel(/^Received on/).fill('2026-11-20')
  await rest.getByLabel(/^Deposited to/).selectOption({ label: 'Operating' })
  await rest.getByLabel(/^Method/).selectOption('E_TRANSFER')
  await rest.getByRole('button', { name: /Mark as paid/i }).click()
  await expect(page.getByText('Invoice paid: a payment of what it owed is recorded.')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Payments/ }).getByRole('row')).toHaveCount(3)
  // Paid in full: nothing is offered to pay any more.
  await expect(page.getByRole('form', { name: 'Mark as paid' })).toHaveCount(0)
  await expect(page.getByRole('form', { name: 'Record a payment' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Duplicate' }).click()
  await expect(page.getByText('Invoice duplicated')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Duplicates/ })).toContainText('1002')
})

test('a property’s finished work orders are billed to its owner on one invoice with a markup', async ({ page, request }, testInfo) => {
  const company: Company = await registerCompany(request)
  const account = await books(request, company)
  const headers = { authorization: `Bearer ${company.token}` }
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL', address: ONTARIO })
  const owner = await createThroughApi(request, company, 'property-owners', { owner_type: 'PERSON', first_name: 'Olive', last_name: 'Owner' })
  await createThroughApi(request, company, 'property-ownerships', { property_group_id: property.id, property_owner_id: owner.id, percentage: '100.00' })
  await createThroughApi(request, company, 'accounting/markup-types', { name: 'Standard 10%', markup_kind: 'PERCENT', percentage: '10.00', income_account_id: account('4300') })
  const order = await createThroughApi(request, company, 'work-orders', { subject: 'Boiler service', property_group_id: property.id, location: 'Boiler room', priority: 'ROUTINE' })
  await createThroughApi(request, company, 'work-logs', { work_order_id: order.id, work_date: '2026-11-02', hours: '2', hourly_rate: '100.00' })
  const statuses = (await (await request.get('/api/work-orders/statuses/?page_size=100', { headers })).json()).results as { id: string; stage: string }[]
  const moved = await request.post(`/api/work-orders/${order.id}/change-status/`, { headers, data: { status_id: statuses.find((s) => s.stage === 'WORK_DONE')!.id } })
  expect(moved.status()).toBe(200)

  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/invoices/')
  await page.getByRole('link', { name: 'Invoice work orders to a property' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice Work Orders to a Property')
  // A choice made before React takes over the page would be undone by it.
  if (!withoutJs(testInfo.project.name)) await hydrated(page)
  await page.getByLabel('Property', { exact: true }).selectOption({ label: 'Bronson Court' })
  await page.getByRole('button', { name: 'Show its work orders' }).click()
  await page.getByRole('checkbox', { name: /Bill: Boiler service/ }).check()
  await page.getByLabel(/^Markup/).selectOption({ label: 'Standard 10%' })
  await page.getByLabel(/^Invoice date/).fill('2026-11-25')
  await page.getByRole('button', { name: 'Invoice the work orders ticked' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoice 1001 · Olive Owner')
  // Two hours at $100.00, and 10 % on top on a line of its own.
  await expect(page.getByRole('main')).toContainText('$220.00')
  await expect(page.getByRole('region', { name: /^Lines/ })).toContainText('Standard 10%: Boiler service')
  await page.goto(`/app/work-orders/${order.id}/`)
  await expect(page.getByRole('main')).toContainText('Closed')
})
