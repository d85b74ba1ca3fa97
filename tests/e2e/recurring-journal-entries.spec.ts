import { expect, test } from './support/fixtures'
import { registerCompany } from './support/api'
import { logIn } from './support/auth'

/**
 * A recurring journal entry as an accountant sets one up, with JavaScript on and off:
 * an unbalanced one is refused with every value kept, more line rows come on request,
 * the saved one posts the periods already due, links to what it posted and can be
 * stopped and restarted; the ledger integrity page then says every entry balances.
 */

/** The first of the month `back` months before this one, in the company's time zone. */
function monthStart(back: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  const [y, m] = today.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10)
}

test('sets up a monthly depreciation entry, sees it post, stops it, and checks the ledger', async ({ page, request }) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)

  await page.goto('/app/accounting/recurring-journal-entries/')
  await expect(page).toHaveTitle('Recurring Journal Entries | Lintel')
  await expect(page.getByText('No recurring journal entries yet')).toBeVisible()
  await page.getByRole('link', { name: 'Add Recurring Journal Entry' }).first().click()
  await expect(page).toHaveTitle('Add Recurring Journal Entry | Lintel')

  await page.getByLabel(/^Name/).fill('Building depreciation')
  await page.getByLabel(/^Frequency/).selectOption('MONTHLY')
  await page.getByLabel(/^First posting/).fill(monthStart(2))
  await page.getByLabel('Line 1: Account').selectOption({ label: '6100 Depreciation' })
  await page.getByLabel('Line 1: Debit').fill('1500.00')
  await page.getByLabel('Line 2: Account').selectOption({ label: '1510 Accumulated Depreciation' })
  await page.getByLabel('Line 2: Credit').fill('1450.00')
  await page.getByRole('button', { name: 'Add Recurring Journal Entry' }).click()

  // Refused, the difference named, every value kept; nothing was saved.
  await expect(page.getByText(/differ by 50.00/).first()).toBeVisible()
  await expect(page.getByLabel(/^Name/)).toHaveValue('Building depreciation')
  await expect(page.getByLabel(/^First posting/)).toHaveValue(monthStart(2))
  // Kept as typed, or shown the company's way once the server sent the form back (without JavaScript).
  await expect(page.getByLabel('Line 1: Debit')).toHaveValue(/^1,?500.00$/)
  await expect(page.getByLabel('Line 2: Account')).toHaveValue(/.+/)

  // Another line comes on request, the others kept; a line left blank is no line.
  await page.getByRole('button', { name: 'Add line' }).click()
  await expect(page.getByLabel('Line 3: Account')).toBeVisible()
  await expect(page.getByLabel('Line 2: Credit')).toHaveValue(/^1,?450.00$/)
  await page.getByLabel('Line 2: Credit').fill('1500.00')
  await page.getByRole('button', { name: 'Add Recurring Journal Entry' }).click()

  // Saved: the three months already due posted at once, each linked to its journal entry.
  await expect(page).toHaveTitle('Building depreciation | Lintel')
  await expect(page.getByText(/Periods posted so far: 3\./)).toBeVisible()
  const posted = page.getByRole('region', { name: /Journal entries/ })
  await expect(posted.getByRole('link')).toHaveCount(3)
  await expect(page.locator('dd', { hasText: monthStart(-1) })).toBeVisible()
  await expect(page.getByRole('region', { name: /Lines/ }).getByRole('cell', { name: '6100 Depreciation' })).toBeVisible()
  await posted.getByRole('link', { name: '#1' }).click()
  await expect(page).toHaveTitle('Journal Entry #1 | Lintel')
  await expect(page.getByText(/Recurring journal entry/)).toBeVisible()
  await expect(page.getByRole('cell', { name: '6100 · Depreciation' })).toBeVisible()

  await page.goto('/app/accounting/recurring-journal-entries/')
  await expect(page.getByRole('row', { name: new RegExp(`Building depreciation.*Monthly.*${monthStart(-1)}.*3.*1,500.00`) })).toBeVisible()
  await page.getByRole('link', { name: 'Building depreciation' }).click()

  // Edited: the lines show their amounts the company's way (English: 1,500.00); a bad value is named with everything kept; the saved change applies to later postings only.
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveTitle('Edit Building depreciation | Lintel')
  await expect(page.getByLabel('Line 1: Debit')).toHaveValue('1,500.00')
  await expect(page.getByLabel(/^First posting/)).toHaveValue(monthStart(2))
  await page.getByLabel(/^Name/).fill('')
  await page.getByLabel('Line 1: Debit').fill('1600.00')
  await page.getByLabel('Line 2: Credit').fill('1600.00')
  await page.getByRole('button', { name: 'Save changes' }).click()
  // Listed in the summary at the top (linked to its field) and said again under the field.
  await expect(page.getByRole('alert').getByRole('link', { name: 'Name is required.' })).toBeVisible()
  await expect(page.getByText('Name is required.')).toHaveCount(2)
  await expect(page.getByLabel('Line 1: Debit')).toHaveValue(/^1,?600.00$/)
  await page.getByLabel(/^Name/).fill('Building depreciation, revised')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveTitle('Building depreciation, revised | Lintel')
  await expect(page.getByText(/Building depreciation, revised saved\. Periods posted so far: 3\./)).toBeVisible()
  await expect(page.locator('dd', { hasText: '1,600.00' })).toBeVisible()
  await expect(page.getByRole('region', { name: /Journal entries/ }).getByRole('link')).toHaveCount(3)

  // Stopped: nothing more posts and it says so; what it posted stays; it can be restarted.
  await page.getByRole('button', { name: 'Stop', exact: true }).click()
  await expect(page.getByText('Building depreciation, revised stopped.')).toBeVisible()
  await expect(page.getByText('Stopped', { exact: true })).toBeVisible()
  await expect(page.getByText(/what it posted stays in the journal/)).toBeVisible()
  await expect(page.locator('dd', { hasText: monthStart(-1) })).toHaveCount(0)
  await expect(page.getByRole('region', { name: /Journal entries/ }).getByRole('link')).toHaveCount(3)
  await page.getByRole('button', { name: 'Restart' }).click()
  await expect(page.getByText('Building depreciation, revised restarted.')).toBeVisible()
  await expect(page.locator('dd', { hasText: monthStart(-1) })).toBeVisible()

  await page.goto('/app/accounting/ledger-integrity/')
  await expect(page).toHaveTitle('Ledger Integrity | Lintel')
  await expect(page.getByRole('status')).toHaveText(/All 3 entries balance/)
})
