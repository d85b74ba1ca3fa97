import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * Manual journal entries as an accountant posts them, with JavaScript on and off:
 * an unbalanced entry is refused with every value kept, the balanced one posts, a
 * correction is a reversal plus a replacement, and voiding posts a reversal. Each is a
 * document whose page lists what it posted; the journal lists every entry.
 */

test('posts, corrects and voids a journal entry through the pages', async ({ page, request }) => {
  const company = await registerCompany(request)
  await logIn(page, company.email, company.password)

  await page.goto('/app/accounting/journal-entries/')
  await expect(page).toHaveTitle('Journal Entries | Lintel')
  await expect(page.getByText('No journal entries yet')).toBeVisible()
  await page.getByRole('link', { name: 'Add Journal Entry' }).first().click()
  await expect(page).toHaveTitle('Add Journal Entry | Lintel')

  await page.getByLabel(/^Date/).fill('2026-06-30')
  await page.getByLabel(/^Memo/).fill('June window cleaning')
  await page.getByLabel('Line 1: Account').selectOption({ label: '5600 Cleaning and Janitorial' })
  await page.getByLabel('Line 1: Debit').fill('385.00')
  await page.getByLabel('Line 2: Account').selectOption({ label: '1010 Operating Bank Account' })
  await page.getByLabel('Line 2: Credit').fill('358.00')
  await page.getByRole('button', { name: 'Add Journal Entry' }).click()

  // Refused, with the difference named and every value kept.
  await expect(page.getByText(/differ by 27.00/).first()).toBeVisible()
  await expect(page.getByLabel(/^Memo/)).toHaveValue('June window cleaning')
  await expect(page.getByLabel('Line 1: Debit')).toHaveValue(/^385.00$/)
  await expect(page.getByLabel('Line 2: Account')).toHaveValue(/.+/)

  // Another row without losing any.
  await page.getByRole('button', { name: 'Add line' }).click()
  await expect(page.getByLabel('Line 3: Account')).toBeVisible()
  await expect(page.getByLabel('Line 1: Debit')).toHaveValue(/^385.00$/)

  await page.getByLabel('Line 2: Credit').fill('385.00')
  await page.getByRole('button', { name: 'Add Journal Entry' }).click()
  await expect(page).toHaveTitle('Journal Entry #1 | Lintel')
  await expect(page.getByRole('region', { name: /Lines/ }).getByRole('cell', { name: '5600 Cleaning and Janitorial' })).toBeVisible()
  const journal = page.getByRole('region', { name: /Journal entries/ })
  await expect(journal.getByRole('link')).toHaveCount(1)

  // A correction: reversal #2 and replacement #3, both listed on the entry's page.
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Line 1: Debit')).toHaveValue('385.00')
  await page.getByLabel('Line 1: Debit').fill('395.00')
  await page.getByLabel('Line 2: Credit').fill('395.00')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveTitle('Journal Entry #3 | Lintel')
  await expect(journal.getByRole('link')).toHaveCount(3)

  // The replacement's own page shows the history, and leads back to the entry.
  await journal.getByRole('link', { name: '#3' }).click()
  await expect(page).toHaveTitle('Journal Entry #3 | Lintel')
  const history = page.getByRole('region', { name: 'History' })
  await expect(history.getByText(/#1 · Original/)).toBeVisible()
  await expect(history.getByText(/#2 · Reversal/)).toBeVisible()
  await expect(history.getByText(/#3 · Replacement.*this entry/)).toBeVisible()
  await page.getByRole('link', { name: 'Correct or void' }).click()
  await expect(page).toHaveURL(/\/app\/accounting\/journal-entries\/[0-9a-f-]{36}\/$/)

  // Voiding asks first, then posts reversal #4; nothing disappears from the journal.
  await page.getByRole('region', { name: 'Actions' }).getByRole('link', { name: 'Void' }).click()
  await expect(page).toHaveURL(/\?confirm=void/)
  await expect(page.getByText(/Voiding posts the reversal of this entry/)).toBeVisible()
  await page.getByRole('button', { name: 'Yes, Void' }).click()
  await expect(page.getByText('Journal entry voided: its reversal is posted.')).toBeVisible()
  await expect(journal.getByRole('link')).toHaveCount(4)
  // Void, it is kept as it is: nothing offers to edit it, and its history says who corrected and voided it.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'History' }).getByRole('row')).toHaveCount(4)
  await page.goto('/app/accounting/journal/')
  await expect(page).toHaveTitle('Journal | Lintel')
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
  await expect(page.getByLabel('Line 1: Property owner')).toHaveValue(owner.id)
  await expect(page.getByLabel('Line 2: Resident')).toHaveValue(resident.id)
  await page.getByLabel('Line 1: Debit').fill('250.00')
  await page.getByRole('button', { name: 'Save changes' }).click()
  // Refused (unbalanced): the tags come back with every value.
  await expect(page.getByText(/differ by 50.00/).first()).toBeVisible()
  await expect(page.getByLabel('Line 2: Resident')).toHaveValue(resident.id)
  await page.getByLabel('Line 2: Credit').fill('250.00')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveTitle(`Journal Entry #${entry.number + 2} | Lintel`)

  const corrected = await apiCall<{ journal_entry_id: string; lines: { debit: string | null; credit: string | null; property_owner_id: string | null; resident_id: string | null }[] }>(
    request,
    company,
    'GET',
    `accounting/journal-entries/${entry.id}/`,
  )
  expect(corrected.lines).toEqual([
    expect.objectContaining({ debit: '250.00', property_owner_id: owner.id, resident_id: null }),
    expect.objectContaining({ credit: '250.00', property_owner_id: null, resident_id: resident.id }),
  ])
  const replacement = await apiCall<{ kind: string; lines: { property_owner_id: string | null; resident_id: string | null }[] }>(request, company, 'GET', `accounting/journal/${corrected.journal_entry_id}/`)
  expect(replacement.kind).toBe('REPLACEMENT')
  expect(replacement.lines.map((l) => [l.property_owner_id, l.resident_id])).toEqual([
    [owner.id, null],
    [null, resident.id],
  ])
})

test('a line’s unit is chosen by its name, with the building where the number is used twice, and gives the line its property', async ({ page, request }) => {
  const company = await registerCompany(request)
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
  await page.getByLabel(/^Memo/).fill('Repairs billed to two units')
  await page.getByLabel('Line 1: Account').selectOption({ label: '1010 Operating Bank Account' })
  await page.getByLabel('Line 1: Debit').fill('80.00')
  await page.getByLabel('Line 1: Property', { exact: true }).selectOption({ label: 'Elm Court' })
  await page.getByLabel('Line 1: Unit').selectOption({ label: '204 · Elm House' })
  await page.getByLabel('Line 2: Account').selectOption({ label: '4000 Rent Income' })
  await page.getByLabel('Line 2: Credit').fill('80.00')
  // Line 2 names its unit only: it counts for the unit's property.
  await page.getByLabel('Line 2: Unit').selectOption({ label: '101 · South Tower' })
  await page.getByRole('button', { name: 'Add Journal Entry' }).click()
  await expect(page).toHaveTitle(/Journal Entry #\d+ \| Lintel/)

  type Lines = { lines: { rental_unit_id: string | null; property_group_id: string | null }[] }
  const id = () => new URL(page.url()).pathname.split('/').at(-2)
  const posted = await apiCall<Lines>(request, company, 'GET', `accounting/journal-entries/${id()}/`)
  expect(posted.lines).toEqual([
    expect.objectContaining({ rental_unit_id: elmUnit.id, property_group_id: elm.id }),
    expect.objectContaining({ rental_unit_id: southUnit.id, property_group_id: harbor.id }),
  ])

  // A correction keeps a unit left as it was and drops one cleared.
  await page.goto(`/app/accounting/journal-entries/${id()}/edit/`)
  await expect(page.getByLabel('Line 1: Unit')).toHaveValue(elmUnit.id)
  await page.getByLabel('Line 2: Unit').selectOption('')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveTitle(/Journal Entry #\d+ \| Lintel/)
  const corrected = await apiCall<Lines>(request, company, 'GET', `accounting/journal-entries/${id()}/`)
  expect(corrected.lines).toEqual([
    expect.objectContaining({ rental_unit_id: elmUnit.id, property_group_id: elm.id }),
    expect.objectContaining({ rental_unit_id: null, property_group_id: harbor.id }),
  ])
})
