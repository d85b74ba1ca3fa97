import { expect, test } from './support/fixtures'
import { registerCompany } from './support/api'
import { logIn } from './support/auth'

/**
 * Manual journal entries as an accountant posts them, with JavaScript on and off:
 * an unbalanced entry is refused with every value kept, the balanced one posts, a
 * correction is a reversal plus a replacement, and voiding posts a reversal.
 */

test('posts, corrects and voids a journal entry through the pages', async ({ page, request }) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)

  await page.goto('/app/accounting/journal-entries/')
  await expect(page).toHaveTitle('Journal Entries | Lintel')
  await expect(page.getByText('No journal entries match')).toBeVisible()
  await page.getByRole('link', { name: 'New journal entry' }).click()
  await expect(page).toHaveTitle('New Journal Entry | Lintel')

  await page.getByLabel('Date').fill('2026-06-30')
  await page.getByLabel('Memo', { exact: true }).fill('June window cleaning')
  await page.getByLabel('Line 1 account').selectOption({ label: '5600 · Cleaning and Janitorial' })
  await page.getByLabel('Line 1 debit').fill('385.00')
  await page.getByLabel('Line 2 account').selectOption({ label: '1010 · Operating Bank Account' })
  await page.getByLabel('Line 2 credit').fill('358.00')
  await page.getByRole('button', { name: 'Post entry' }).click()

  // Refused, with the difference named and every value kept.
  await expect(page.getByText(/differ by 27.00/)).toBeVisible()
  await expect(page.getByLabel('Memo', { exact: true })).toHaveValue('June window cleaning')
  await expect(page.getByLabel('Line 1 debit')).toHaveValue('385.00')
  await expect(page.getByLabel('Line 2 account')).toHaveValue(/.+/)

  // More rows without losing any.
  await page.getByRole('button', { name: 'Add lines' }).click()
  await expect(page.getByLabel('Line 8 account')).toBeVisible()
  await expect(page.getByLabel('Line 1 debit')).toHaveValue('385.00')

  await page.getByLabel('Line 2 credit').fill('385.00')
  await page.getByRole('button', { name: 'Post entry' }).click()
  await expect(page).toHaveTitle('Journal Entry #1 | Lintel')
  await expect(page.getByText('Entry #1 posted.')).toBeVisible()
  await expect(page.getByRole('cell', { name: '5600 · Cleaning and Janitorial' })).toBeVisible()

  // A correction: reversal #2 and replacement #3.
  await page.getByRole('link', { name: 'Correct' }).click()
  await expect(page).toHaveTitle('Correct Entry #1 | Lintel')
  await expect(page.getByLabel('Line 1 debit')).toHaveValue('385.00')
  await page.getByLabel('Line 1 debit').fill('395.00')
  await page.getByLabel('Line 2 credit').fill('395.00')
  await page.getByRole('button', { name: 'Save correction' }).click()
  await expect(page).toHaveTitle('Journal Entry #3 | Lintel')
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByText(/#1 · Original/)).toBeVisible()
  await expect(history.getByText(/#2 · Reversal/)).toBeVisible()
  await expect(history.getByText(/#3 · Replacement.*this entry/)).toBeVisible()

  // Voiding the replacement posts reversal #4; nothing disappears from the journal.
  await page.getByRole('button', { name: 'Void entry' }).click()
  await expect(page.getByText(/Reversed by entry #4/)).toBeVisible()
  await page.goto('/app/accounting/journal-entries/')
  await expect(page.getByText('4 entries')).toBeVisible()
  await page.getByLabel('Status').selectOption('REVERSED')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('2 entries')).toBeVisible()
})
