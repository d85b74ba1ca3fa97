import { expect, test } from './support/fixtures'
import { registerCompany } from './support/api'
import { logIn } from './support/auth'

/**
 * The books' settings as an accountant changes them, with JavaScript on and off: the lock date
 * that closes the books, the month the fiscal year starts in, which the statements then count this
 * year from, and the GST/HST registration number invoices print.
 */
test('closes the books through a date and moves the fiscal year to April; the trial balance counts from it', async ({ page, request }) => {
  const company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers })).json()).results as { id: string; number: string }[]
  const id = (number: string) => accounts.find((a) => a.number === number)!.id
  for (const [date, amount] of [
    ['2025-03-15', '100.00'],
    ['2025-05-01', '250.00'],
  ]) {
    const posted = await request.post('/api/accounting/journal-entries/', { headers, data: { date, memo: 'Rent', lines: [{ account_id: id('1010'), debit: amount }, { account_id: id('4000'), credit: amount }] } })
    expect(posted.status()).toBe(201)
  }
  await logIn(page, company.email, company.password)

  await page.goto('/app/accounting/settings/')
  await expect(page).toHaveTitle('Books Settings | Lintel')
  // A lock date ahead of today is refused on its field, with the date kept as typed.
  await page.getByLabel('Books closed through').fill('2199-01-31')
  await page.getByRole('button', { name: 'Save lock date' }).click()
  await expect(page.getByLabel('Books closed through')).toHaveAccessibleDescription('Lock date cannot be after today.')
  await expect(page.getByLabel('Books closed through')).toHaveValue('2199-01-31')
  await page.getByLabel('Books closed through').fill('2025-03-31')
  await page.getByRole('button', { name: 'Save lock date' }).click()
  await expect(page.getByText('The books are closed through 2025-03-31.')).toBeVisible()
  await expect(page.getByLabel('Books closed through')).toHaveValue('2025-03-31')

  await expect(page.getByLabel('Fiscal year starts in')).toHaveValue('1')
  await page.getByLabel('Fiscal year starts in').selectOption({ label: 'April' })
  await page.getByRole('button', { name: 'Save fiscal year' }).click()
  await expect(page.getByText('The fiscal year starts in April.')).toBeVisible()
  await expect(page.getByLabel('Fiscal year starts in')).toHaveValue('4')
  await expect(page.getByLabel('Books closed through')).toHaveValue('2025-03-31')

  // A registration number not as the CRA writes it is refused on its field, kept as typed.
  const registration = page.getByLabel('GST/HST registration number')
  await registration.fill('12345 RT0001')
  await page.getByRole('button', { name: 'Save registration' }).click()
  await expect(registration).toHaveAccessibleDescription('GST/HST registration number is 9 digits, RT and 4 digits, as 123456789RT0001.')
  await expect(registration).toHaveValue('12345 RT0001')
  await registration.fill('123456789 RT0001')
  await page.getByRole('button', { name: 'Save registration' }).click()
  await expect(page.getByText('Invoices now print GST/HST registration 123456789RT0001.')).toBeVisible()

  // March 2025 belongs to the fiscal year before: it shows as prior years' earnings.
  await page.goto('/app/reporting/trial-balance/?as_of=2025-12-31')
  await expect(page.getByRole('row', { name: /Prior years’ net income \(retained earnings before 2025-04-01\).*100\.00/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /4000.*250\.00/ })).toBeVisible()
})
