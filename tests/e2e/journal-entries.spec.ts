import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { registerCompany, type Company } from './support/api'
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

async function apiCall<T>(request: APIRequestContext, company: Company, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api/${path}`, { method, data, headers: { authorization: `Bearer ${company.token}` } })
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as T
}

test('correcting an entry keeps the owner and resident its lines were tagged with through the API', async ({ page, request }) => {
  const company = await registerCompany(request)
  const accounts = await apiCall<{ results: { id: string; number: string }[] }>(request, company, 'GET', 'accounting/accounts/?page_size=200')
  const account = (number: string) => accounts.results.find((a) => a.number === number)!.id
  const owner = await apiCall<{ id: string }>(request, company, 'POST', 'property-owners/', { owner_type: 'PERSON', first_name: 'Olive', last_name: 'Owner' })
  const resident = await apiCall<{ id: string }>(request, company, 'POST', 'residents/', { resident_type: 'CURRENT_RESIDENT', first_name: 'Rowan', last_name: 'Resident' })
  const entry = await apiCall<{ id: string; number: number }>(request, company, 'POST', 'accounting/journal-entries/', {
    date: '2026-05-31',
    memo: 'Owner contribution for a resident credit',
    lines: [
      { account_id: account('1010'), debit: '200.00', property_owner_id: owner.id },
      { account_id: account('4000'), credit: '200.00', resident_id: resident.id },
    ],
  })

  await logIn(page, company.email, company.password)
  await page.goto(`/app/accounting/journal-entries/${entry.id}/edit/`)
  await expect(page).toHaveTitle(`Correct Entry #${entry.number} | Lintel`)
  await expect(page.getByText('Also tagged: Olive Owner')).toBeVisible()
  await expect(page.getByText('Also tagged: Rowan Resident')).toBeVisible()
  await page.getByLabel('Line 1 debit').fill('250.00')
  await page.getByRole('button', { name: 'Save correction' }).click()
  // Refused (unbalanced): the tags come back with every value.
  await expect(page.getByText(/differ by 50.00/)).toBeVisible()
  await expect(page.getByText('Also tagged: Rowan Resident')).toBeVisible()
  await page.getByLabel('Line 2 credit').fill('250.00')
  await page.getByRole('button', { name: 'Save correction' }).click()
  await expect(page).toHaveTitle(`Journal Entry #${entry.number + 2} | Lintel`)

  const replacement = await apiCall<{ lines: { debit: string | null; credit: string | null; property_owner_id: string | null; resident_id: string | null }[] }>(
    request,
    company,
    'GET',
    `accounting/journal-entries/${new URL(page.url()).pathname.split('/').at(-2)}/`,
  )
  expect(replacement.lines).toEqual([
    expect.objectContaining({ debit: '250.00', property_owner_id: owner.id, resident_id: null }),
    expect.objectContaining({ credit: '250.00', property_owner_id: null, resident_id: resident.id }),
  ])
})
