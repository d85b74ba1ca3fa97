import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { registerCompany, unique, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * The financial statements as an accountant reads them, with JavaScript on and off: the
 * trial balance and balance sheet for books made through the API, their filters, their
 * downloads, and a figure followed down to the general ledger and the entry behind it.
 */

async function books(request: APIRequestContext, company: Company) {
  const headers = { authorization: `Bearer ${company.token}` }
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers })).json()).results as { id: string; number: string }[]
  const id = (number: string) => accounts.find((a) => a.number === number)!.id
  const property = await (await request.post('/api/property-groups/', { headers, data: { name: `Maple ${unique()}`, property_type: 'RESIDENTIAL' } })).json()
  const post = async (date: string, memo: string, debit: string, credit: string, amount: string, propertyId?: string) => {
    const response = await request.post('/api/accounting/journal-entries/', {
      headers,
      data: { date, memo, lines: [{ account_id: id(debit), debit: amount, property_group_id: propertyId }, { account_id: id(credit), credit: amount, property_group_id: propertyId }] },
    })
    expect(response.status()).toBe(201)
  }
  await post('2026-01-05', 'Owner funds the account', '1010', '3000', '5000.00', property.id)
  await post('2026-02-01', 'February rent', '1010', '4000', '1850.00', property.id)
  await post('2026-02-12', 'Furnace repair', '5000', '1010', '420.50')
  return { property }
}

test('the trial balance and balance sheet show the books, filter by property, download, and lead down to the journal lines', async ({ page, request }) => {
  const company = await registerCompany(request)
  const { property } = await books(request, company)
  await logIn(page, company.email, company.password)

  await page.goto('/app/reporting/trial-balance/?as_of=2026-03-31')
  await expect(page).toHaveTitle('Trial Balance | Lintel')
  const table = page.getByRole('table', { name: 'Trial balance as of 2026-03-31' })
  await expect(table.getByRole('row', { name: /1010 Operating Bank Account Asset \$6,429\.50/ })).toBeVisible()
  await expect(table.getByRole('row', { name: /4000 Rent Income Income \$1,850\.00/ })).toBeVisible()
  await expect(table.getByRole('row', { name: /Total \$6,850\.00 \$6,850\.00/ })).toBeVisible()

  // The property filter is a plain GET form: it works the same without JavaScript.
  await page.getByLabel('Property').selectOption({ label: property.name })
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(new RegExp(`property_group_id=${property.id}`))
  await expect(page.getByLabel('As of')).toHaveValue('2026-03-31')
  await expect(table.getByRole('row', { name: /1010 Operating Bank Account Asset \$6,850\.00/ })).toBeVisible()
  await expect(table.getByText('Repairs and Maintenance')).toHaveCount(0)

  // The downloads carry the same filters.
  const csv = await page.request.get((await page.getByRole('link', { name: 'CSV' }).getAttribute('href'))!)
  expect(csv.headers()['content-type']).toContain('text/csv')
  expect(await csv.text()).toContain('Total,,6850.00,6850.00')
  const pdf = await page.request.get((await page.getByRole('link', { name: 'PDF' }).getAttribute('href'))!)
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  const journal = await page.request.get((await page.getByRole('link', { name: 'hledger journal' }).getAttribute('href'))!)
  expect(await journal.text()).toContain('Assets:Bank:1010 Operating Bank Account  CAD -420.50 = CAD 6429.50')

  // A figure leads to the general ledger of its account, property and dates.
  await table.getByRole('link', { name: '$6,850.00: Operating Bank Account, debit' }).click()
  await expect(page).toHaveTitle('General Ledger | Lintel')
  await expect(page).toHaveURL(/date_from=2026-01-01&date_to=2026-03-31/)
  const ledger = page.getByRole('table', { name: /General ledger of 1010 Operating Bank Account/ })
  await expect(ledger.getByRole('row', { name: /February rent/ })).toContainText('$6,850.00')
  await expect(ledger.getByRole('row', { name: /Closing balance/ })).toContainText('$6,850.00')
  await expect(ledger.getByText('Furnace repair')).toHaveCount(0)

  // The balance sheet as of any date balances, and its figures lead down too.
  await page.goto('/app/reporting/balance-sheet/?as_of=2026-02-28')
  await expect(page).toHaveTitle('Balance Sheet | Lintel')
  const sheet = page.getByRole('table', { name: 'Balance sheet as of 2026-02-28' })
  await expect(sheet.getByRole('row', { name: /^Total assets \$6,429\.50$/ })).toBeVisible()
  await expect(sheet.getByRole('row', { name: /^Total liabilities and equity \$6,429\.50$/ })).toBeVisible()
  await expect(sheet.getByRole('row', { name: /Net income \(2026 to date\) \$1,429\.50/ })).toBeVisible()
  await sheet.getByRole('link', { name: '$1,429.50: Net income (2026 to date)' }).click()
  await expect(page).toHaveTitle('Income Statement | Lintel')
  await expect(page.getByRole('row', { name: /^Net operating income \$1,429\.50/ })).toBeVisible()
  await page.getByRole('link', { name: '$420.50: Repairs and Maintenance' }).click()
  await expect(page).toHaveTitle('General Ledger | Lintel')
  await expect(page.getByRole('link', { name: '#3' })).toHaveAttribute('href', /\/app\/accounting\/journal\/[0-9a-f-]+\/$/)
})

test('a bad filter is named beside the form, with the values kept', async ({ page, request }) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)
  await page.goto('/app/reporting/income-statement/?date_from=2026-04-01&date_to=2026-03-01')
  await expect(page).toHaveTitle('Income Statement | Lintel')
  await expect(page.getByText('Date from must be on or before date to.').first()).toBeVisible()
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-04-01')
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-03-01')
})

test('a long general ledger comes in pages that carry each balance forward', async ({ page, request }) => {
  const company = await registerCompany(request)
  await books(request, company)
  await logIn(page, company.email, company.password)

  await page.goto('/app/reporting/general-ledger/?date_from=2026-01-01&date_to=2026-03-31&page_size=2')
  await expect(page).toHaveTitle('General Ledger | Lintel')
  await expect(page.getByText('Lines 1–2 of 6 (page 1 of 3)').first()).toBeVisible()
  const bank = page.getByRole('table', { name: /General ledger of 1010 Operating Bank Account/ })
  await expect(bank.getByRole('row', { name: /February rent/ })).toContainText('$6,850.00')
  await expect(bank.getByText(/Continued on the next page: 1 more line/)).toBeVisible()

  await page.getByRole('link', { name: 'Next' }).first().click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText('Lines 3–4 of 6 (page 2 of 3)').first()).toBeVisible()
  await expect(bank.getByRole('row', { name: /Brought forward from line 2 of 3/ })).toContainText('$6,850.00')
  await expect(bank.getByRole('row', { name: /Furnace repair/ })).toContainText('$6,429.50')
  await expect(bank.getByRole('row', { name: /Closing balance/ })).toContainText('$6,429.50')

  await page.getByRole('link', { name: 'Previous' }).first().click()
  await expect(page.getByText('Lines 1–2 of 6 (page 1 of 3)').first()).toBeVisible()
})
