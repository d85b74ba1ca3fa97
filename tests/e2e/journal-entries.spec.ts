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

test('a line’s unit is typed by its number, with the building where the number is used twice, and tags its property', async ({ page, request }) => {
  const company = await registerCompany(request)
  const accounts = await apiCall<{ results: { id: string; number: string }[] }>(request, company, 'GET', 'accounting/accounts/?page_size=200')
  const account = (number: string) => accounts.results.find((a) => a.number === number)!.id
  const create = (path: string, data: Record<string, unknown>) => apiCall<{ id: string }>(request, company, 'POST', `${path}/`, data)
  const harbor = await create('property-groups', { name: 'Harbor View', property_type: 'RESIDENTIAL' })
  const elm = await create('property-groups', { name: 'Elm Court', property_type: 'RESIDENTIAL' })
  const [north, south, elmHouse] = await Promise.all([
    create('buildings', { name: 'North Tower', property_group_id: harbor.id }),
    create('buildings', { name: 'South Tower', property_group_id: harbor.id }),
    create('buildings', { name: 'Elm House', property_group_id: elm.id }),
  ])
  const unit = (building: { id: string }, unit_number: string) => create('rental-units', { unit_number, building_id: building.id, unit_type: 'APARTMENT', status: 'OCCUPIED' })
  const [, southUnit, , elmUnit] = await Promise.all([unit(north, '101'), unit(south, '101'), unit(elmHouse, '101'), unit(elmHouse, '204')])

  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/journal-entries/new/')
  await page.getByLabel('Memo', { exact: true }).fill('Repairs billed to two units')
  await page.getByLabel('Line 1 account').selectOption({ label: '1010 · Operating Bank Account' })
  await page.getByLabel('Line 1 debit').fill('80.00')
  await page.getByLabel('Line 1 unit').fill('204')
  await page.getByLabel('Line 2 account').selectOption(account('4000'))
  await page.getByLabel('Line 2 credit').fill('80.00')
  await page.getByLabel('Line 2 property').selectOption({ label: 'Harbor View' })
  await page.getByLabel('Line 2 unit').fill('101')
  await page.getByRole('button', { name: 'Post entry' }).click()
  // "101" is a unit in both of Harbor View's buildings: the line says how to name either; nothing is posted, nothing typed is lost.
  const ambiguous = 'Line 2: 2 units are numbered "101" at Harbor View: type "101 · North Tower", "101 · South Tower".'
  // Said once in the summary at the top (naming its line once) and once under the line itself.
  await expect(page.getByRole('alert').getByRole('link', { name: ambiguous, exact: true })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: ambiguous }).last()).toBeVisible()
  await expect(page.getByLabel('Line 2 unit')).toHaveValue('101')
  await expect(page.getByLabel('Line 1 unit')).toHaveValue('204')
  await expect(page.getByLabel('Line 1 debit')).toHaveValue('80.00')
  await page.getByLabel('Line 2 unit').fill('101 · South Tower')
  await page.getByRole('button', { name: 'Post entry' }).click()
  await expect(page).toHaveTitle(/Journal Entry #\d+ \| Lintel/)

  type Lines = { lines: { rental_unit_id: string | null; property_group_id: string | null }[] }
  const id = () => new URL(page.url()).pathname.split('/').at(-2)
  const posted = await apiCall<Lines>(request, company, 'GET', `accounting/journal-entries/${id()}/`)
  // Unit 204 is Elm Court's only "204": the line found it without a property, and took Elm Court with it.
  expect(posted.lines).toEqual([
    expect.objectContaining({ rental_unit_id: elmUnit.id, property_group_id: elm.id }),
    expect.objectContaining({ rental_unit_id: southUnit.id, property_group_id: harbor.id }),
  ])

  // A correction keeps a unit left as it was and drops one cleared.
  await page.goto(`/app/accounting/journal-entries/${id()}/edit/`)
  // Each unit comes back named with its building, as everywhere.
  await expect(page.getByLabel('Line 1 unit')).toHaveValue('204 · Elm House')
  await expect(page.getByLabel('Line 2 unit')).toHaveValue('101 · South Tower')
  await page.getByLabel('Line 2 unit').fill('')
  await page.getByRole('button', { name: 'Save correction' }).click()
  await expect(page).toHaveTitle(/Journal Entry #\d+ \| Lintel/)
  const corrected = await apiCall<Lines>(request, company, 'GET', `accounting/journal-entries/${id()}/`)
  expect(corrected.lines).toEqual([
    expect.objectContaining({ rental_unit_id: elmUnit.id, property_group_id: elm.id }),
    expect.objectContaining({ rental_unit_id: null, property_group_id: harbor.id }),
  ])
})
