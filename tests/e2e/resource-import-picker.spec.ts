import { readFile } from 'node:fs/promises'
import type { APIRequestContext } from '@playwright/test'
import { expect, test, type Page } from './support/fixtures'
import { registerCompany, unique, type Company } from './support/api'
import { hydrated, logIn, withoutJs } from './support/auth'

/**
 * Two parts of the generic resource pages, with JavaScript on and off:
 * importing a CSV from another system (preview with per-row errors, then all
 * rows or none), and the reference picker once there are more records than a
 * plain select should hold.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })

async function createThroughApi(request: APIRequestContext, company: Company, path: string, data: Record<string, unknown>) {
  const response = await request.post(`/api/${path}/`, { data, headers: bearer(company) })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: string } & Record<string, unknown>
}

async function unitCount(request: APIRequestContext, company: Company) {
  const response = await request.get('/api/rental-units/?page_size=1', { headers: bearer(company) })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { count: number }).count
}

const csvFile = (rows: string[][]) => ({
  name: 'units-from-our-old-system.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(rows.map((r) => r.map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\r\n') + '\r\n'),
})

async function preview(page: Page, file: ReturnType<typeof csvFile>) {
  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Preview' }).click()
}

test('a manager imports rental units from a CSV: a row with an error is named and nothing is written until the file is right', async ({ page, request }) => {
  const company = await registerCompany(request)
  const property = await createThroughApi(request, company, 'property-groups', { name: unique('Maple'), property_type: 'RESIDENTIAL' })
  await createThroughApi(request, company, 'buildings', { name: 'Maple House', property_group_id: property.id })
  await logIn(page, company.email, company.password)

  await page.goto('/app/rental-units/')
  await expect(page.getByText('No rental units yet')).toBeVisible()
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page).toHaveTitle('Import Rental Units | Lintel')

  // The template is the header row the import reads.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download a template' }).click()])
  expect(download.suggestedFilename()).toBe('rental-units-template.csv')
  const template = (await readFile((await download.path())!, 'utf8')).trim().split(',')
  expect(template).toEqual(expect.arrayContaining(['Unit number', 'Building', 'Unit type', 'Status', 'Market rent']))

  // Another system's headers, in its own order; the third row's unit type is not one we know.
  const header = ['Unit', 'Building', 'Beds', 'Market Rent', 'Unit Type', 'Status']
  const rows = [
    ['101', 'Maple House', '1', '$1,450.00', 'Apartment', 'Vacant'],
    ['102', 'Maple House', '2', '$1,725.00', 'Townhome', 'Occupied'],
    ['103', 'Maple House', '2', '$1,800.00', 'Spaceship', 'Occupied'],
  ]
  await preview(page, csvFile([header, ...rows]))
  await expect(page.getByRole('heading', { name: 'Preview: 3 rows' })).toBeVisible()
  await expect(page.getByTestId('import-counts')).toContainText('2 ready')
  await expect(page.getByTestId('import-counts')).toContainText('1 with errors')
  const errors = page.getByRole('table', { name: 'Rows with errors' })
  // Only the row with the error is listed, by its line in the file (the header is line 1), with the field named.
  await expect(errors.getByRole('row')).toHaveCount(2)
  const wrong = errors.getByRole('row').nth(1)
  await expect(wrong.getByRole('cell').first()).toHaveText('4')
  await expect(wrong).toContainText('103')
  await expect(wrong).toContainText(/Unit type must be one of: .*Apartment/)
  await expect(page.getByRole('button', { name: /^Import \d+ rows?$/ })).toHaveCount(0)
  // The preview wrote nothing.
  expect(await unitCount(request, company)).toBe(0)
  await page.goto('/app/rental-units/')
  await expect(page.getByText('No rental units yet')).toBeVisible()

  // The corrected file imports whole.
  await page.goto('/app/rental-units/import/')
  rows[2][4] = 'Condo'
  await preview(page, csvFile([header, ...rows]))
  await expect(page.getByTestId('import-counts')).toContainText('3 ready')
  await expect(page.getByTestId('import-counts')).not.toContainText('with errors')
  const ready = page.getByRole('table', { name: 'Rows to import' })
  await expect(ready.getByRole('row')).toHaveCount(4)
  await expect(ready.getByRole('row').nth(2)).toContainText('Townhouse')
  await page.getByRole('button', { name: 'Import 3 rows' }).click()

  await expect(page).toHaveTitle('Rental Units | Lintel')
  await expect(page.getByText('Imported 3 rental units.')).toBeVisible()
  await expect(page.getByText('3 results')).toBeVisible()
  for (const [unit, , , rent] of rows) await expect(page.getByRole('row').filter({ hasText: unit })).toContainText(rent)
  await expect(page.getByRole('row').filter({ hasText: '103' })).toContainText('Condo')
  await expect(page.getByRole('row').filter({ hasText: '101' })).toContainText('Maple House')
  expect(await unitCount(request, company)).toBe(3)
})

test('the import API gives the template, refuses a file with a bad row whole, and imports the corrected one', async ({ request }) => {
  const company = await registerCompany(request)
  const property = await createThroughApi(request, company, 'property-groups', { name: unique('Birch'), property_type: 'RESIDENTIAL' })
  await createThroughApi(request, company, 'buildings', { name: 'Birch Block', property_group_id: property.id })

  const template = await request.get('/api/imports/rental-units/template/', { headers: bearer(company) })
  expect(template.status()).toBe(200)
  expect(template.headers()['content-type']).toContain('text/csv')
  expect((await template.text()).split('\r\n')[0]).toContain('Unit number,Building,Unit type,Status')

  const csv = (bedrooms: string) => `Unit number,Building,Unit type,Status,Bedrooms\r\nA1,Birch Block,Apartment,Vacant,1\r\nA2,Birch Block,Apartment,Vacant,${bedrooms}\r\n`
  const refused = await request.post('/api/imports/rental-units/', { data: { csv: csv('two') }, headers: { ...bearer(company), 'idempotency-key': unique('imp') } })
  expect(refused.status()).toBe(400)
  const body = (await refused.json()) as { errors: { csv: string[] }; rows: { line: number; errors: Record<string, string[]> }[] }
  expect(body.rows.find((r) => r.line === 3)?.errors.bedrooms?.[0]).toMatch(/Bedrooms/)
  expect(body.errors.csv[0]).toMatch(/^Line 3: Bedrooms/)
  expect(await unitCount(request, company)).toBe(0)

  const created = await request.post('/api/imports/rental-units/', { data: { csv: csv('2') }, headers: { ...bearer(company), 'idempotency-key': unique('imp') } })
  expect(created.status(), await created.text()).toBe(201)
  expect(await created.json()).toEqual({ created: 2 })
  expect(await unitCount(request, company)).toBe(2)
})

/** A company with 120 rental units in one building, made in one request through the import API; two of them are penthouses. */
async function companyWithManyUnits(request: APIRequestContext) {
  const company = await registerCompany(request)
  const property = await createThroughApi(request, company, 'property-groups', { name: unique('Cedar'), property_type: 'RESIDENTIAL' })
  await createThroughApi(request, company, 'buildings', { name: 'Cedar Tower', property_group_id: property.id })
  const units = [...Array.from({ length: 118 }, (_, i) => `${1001 + i}`), 'PH-East', 'PH-West']
  const csv = ['Unit number,Building,Unit type,Status', ...units.map((u) => `${u},Cedar Tower,Apartment,Vacant`)].join('\r\n')
  const imported = await request.post('/api/imports/rental-units/', { data: { csv }, headers: { ...bearer(company), 'idempotency-key': unique('imp') } })
  expect(imported.status(), await imported.text()).toBe(201)
  return company
}

async function residentCount(request: APIRequestContext, company: Company) {
  const response = await request.get('/api/residents/?page_size=1', { headers: bearer(company) })
  return ((await response.json()) as { count: number }).count
}

const FIRST_HUNDRED = 'Showing the first 100; search to narrow the list.'

test('past a hundred records the reference picker searches: a resident is given one unit among many', async ({ page, request }, testInfo) => {
  const company = await companyWithManyUnits(request)
  await logIn(page, company.email, company.password)
  await page.goto('/app/residents/new/')
  await expect(page).toHaveTitle('Add Resident | Lintel')
  const unit = page.getByLabel('Rental unit', { exact: true })
  const search = page.getByRole('searchbox', { name: 'Search rental unit' })
  // A plain select of all 120 would be unusable: it holds the first hundred and asks to search.
  await expect(search).toBeVisible()
  await expect(page.getByText(FIRST_HUNDRED)).toBeVisible()
  await expect(unit.locator('option')).toHaveCount(101)
  await expect(unit.locator('option', { hasText: 'PH-West' })).toHaveCount(0)

  const last = unique('Penthouse')
  await page.getByLabel('First name').fill('Robin')
  await page.getByLabel('Last name').fill(last)
  await page.getByLabel('Resident type').selectOption('CURRENT_RESIDENT')
  const js = !withoutJs(testInfo.project.name)
  if (js) await hydrated(page)
  await search.fill('ph-')
  if (!js) {
    // Without JavaScript the form goes to the server and comes back narrowed, with what was typed kept.
    await page.getByRole('button', { name: 'Find' }).click()
    await expect(page.getByLabel('Last name')).toHaveValue(last)
    await expect(page.getByLabel('Resident type')).toHaveValue('CURRENT_RESIDENT')
    await expect(search).toHaveValue('ph-')
  }
  // As you type (or after Find): only the matches are offered.
  await expect(unit.locator('option')).toHaveText(['—', 'PH-East · Cedar Tower', 'PH-West · Cedar Tower'])
  await expect(page.getByText(FIRST_HUNDRED)).toHaveCount(0)
  await unit.selectOption({ label: 'PH-West · Cedar Tower' })
  // Enter in a text field saves the form, as it does in any form.
  await page.getByLabel('First name').press('Enter')

  await expect(page).toHaveTitle(`Robin ${last} | Lintel`)
  const field = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Rental unit$/ }) })
  await expect(field.getByRole('link', { name: 'PH-West · Cedar Tower' })).toBeVisible()
  await field.getByRole('link', { name: 'PH-West · Cedar Tower' }).click()
  await expect(page).toHaveTitle('PH-West · Cedar Tower | Lintel')
  await expect(page.getByRole('region', { name: 'Residents (1)' }).getByRole('row').filter({ hasText: last })).toBeVisible()
  expect(await residentCount(request, company)).toBe(1)
})

test('Enter in the picker’s search box searches; it does not save the form', async ({ page, request }, testInfo) => {
  const company = await companyWithManyUnits(request)
  await logIn(page, company.email, company.password)
  await page.goto('/app/residents/new/')
  if (!withoutJs(testInfo.project.name)) await hydrated(page)
  await page.getByLabel('First name').fill('Sam')
  await page.getByLabel('Last name').fill('Searcher')
  await page.getByLabel('Resident type').selectOption('CURRENT_RESIDENT')
  const search = page.getByRole('searchbox', { name: 'Search rental unit' })
  await search.fill('PH-E')
  await search.press('Enter')
  const unit = page.getByLabel('Rental unit', { exact: true })
  await expect(unit.locator('option')).toHaveText(['—', 'PH-East · Cedar Tower'])
  await expect(page).toHaveTitle('Add Resident | Lintel')
  await expect(page.getByLabel('Last name')).toHaveValue('Searcher')
  await expect(search).toHaveValue('PH-E')
  expect(await residentCount(request, company)).toBe(0)

  await unit.selectOption({ label: 'PH-East · Cedar Tower' })
  await page.getByRole('button', { name: 'Add Resident' }).click()
  await expect(page).toHaveTitle('Sam Searcher | Lintel')
  await expect(page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Rental unit$/ }) }).getByRole('link', { name: 'PH-East · Cedar Tower' })).toBeVisible()
  // One resident: the Enter in the search box saved nothing.
  expect(await residentCount(request, company)).toBe(1)
})

/** The id of one of a company's rental units, by its number. */
async function unitId(request: APIRequestContext, company: Company, unitNumber: string) {
  const response = await request.get(`/api/rental-units/?search=${encodeURIComponent(unitNumber)}`, { headers: bearer(company) })
  const unit = ((await response.json()) as { results: { id: string; unit_number: string }[] }).results.find((u) => u.unit_number === unitNumber)
  expect(unit, unitNumber).toBeTruthy()
  return unit!.id
}

test('past a hundred records a list filter searches: the residents of one unit among many', async ({ page, request }, testInfo) => {
  const company = await companyWithManyUnits(request)
  const penthouse = await unitId(request, company, 'PH-West')
  const last = unique('Skyview')
  await createThroughApi(request, company, 'residents', { first_name: 'Pat', last_name: last, resident_type: 'CURRENT_RESIDENT', rental_unit_id: penthouse })
  await createThroughApi(request, company, 'residents', { first_name: 'Lee', last_name: unique('Groundfloor'), resident_type: 'CURRENT_RESIDENT', rental_unit_id: await unitId(request, company, '1001') })
  await logIn(page, company.email, company.password)

  // A related list's "View all" sets the filter by id: it shows the unit by name, though it is past the first hundred.
  await page.goto(`/app/residents/?rental_unit_id=${penthouse}`)
  const filter = page.getByLabel('Rental unit', { exact: true })
  await expect(filter).toHaveValue(penthouse)
  await expect(filter.locator('option')).toHaveText(['All', 'None', 'PH-West · Cedar Tower'])
  await expect(page.getByText('1 result', { exact: true })).toBeVisible()

  // Nothing else is offered until you search: a select of 120 units would be unusable.
  await page.goto('/app/residents/')
  await expect(page.getByText('2 results', { exact: true })).toBeVisible()
  await expect(filter.locator('option')).toHaveText(['All', 'None'])
  const search = page.getByRole('searchbox', { name: 'Search rental unit' })
  const js = !withoutJs(testInfo.project.name)
  if (js) await hydrated(page)
  // With JavaScript the choices narrow as you type; without it Apply sends the search and the page comes back narrowed.
  await search.fill('basement')
  if (!js) await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('no rental unit matches')).toBeVisible()
  await expect(filter.locator('option')).toHaveText(['All', 'None'])
  await search.fill('ph-')
  if (!js) await page.getByRole('button', { name: 'Apply' }).click()
  await expect(filter.locator('option')).toHaveText(['All', 'None', 'PH-East · Cedar Tower', 'PH-West · Cedar Tower'])
  await expect(search).toHaveValue('ph-')
  await filter.selectOption({ label: 'PH-West · Cedar Tower' })
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('1 result', { exact: true })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: last })).toBeVisible()
  await expect(filter).toHaveValue(penthouse)
  await expect(page).toHaveURL(new RegExp(`rental_unit_id=${penthouse}`))
})

test('editing a resident keeps a unit past the first hundred', async ({ page, request }) => {
  const company = await companyWithManyUnits(request)
  const penthouse = await unitId(request, company, 'PH-West')
  const resident = await createThroughApi(request, company, 'residents', { first_name: 'Dana', last_name: unique('Keeps'), resident_type: 'CURRENT_RESIDENT', rental_unit_id: penthouse })
  await logIn(page, company.email, company.password)
  await page.goto(`/app/residents/${resident.id}/edit/`)
  await expect(page.getByLabel('Rental unit', { exact: true })).toHaveValue(penthouse)
  await page.getByLabel('First name').fill('Danielle')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveTitle(/^Danielle /)
  await expect(page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Rental unit$/ }) }).getByRole('link', { name: 'PH-West · Cedar Tower' })).toBeVisible()
})

test('a document’s line searches its unit past the first hundred, and keeps it when edited', async ({ page, request }, testInfo) => {
  const company = await companyWithManyUnits(request)
  await logIn(page, company.email, company.password)
  await page.goto('/app/accounting/recurring-journal-entries/new/')
  const js = !withoutJs(testInfo.project.name)
  if (js) await hydrated(page)
  await page.getByLabel(/^Name/).fill('Penthouse cleaning')
  await page.getByLabel(/^Frequency/).selectOption('MONTHLY')
  await page.getByLabel(/^First posting/).fill('2040-01-31')
  await page.getByLabel('Line 1: Account').selectOption({ label: '5600 Cleaning and Janitorial' })
  await page.getByLabel('Line 1: Debit').fill('80.00')
  await page.getByLabel('Line 2: Account').selectOption({ label: '1010 Operating Bank Account' })
  await page.getByLabel('Line 2: Credit').fill('80.00')
  const unit = page.getByLabel('Line 1: Unit')
  await expect(unit.locator('option', { hasText: 'PH-West' })).toHaveCount(0)
  // Each line's unit is searched on its own: with JavaScript as you type, without it by the line's Find.
  const search = page.getByRole('searchbox', { name: 'Search unit' }).first()
  await search.fill('ph-w')
  if (!js) {
    await page.getByRole('button', { name: 'Find' }).first().click()
    await expect(page.getByLabel('Line 1: Debit')).toHaveValue(/^80\.00$/)
    await expect(page.getByLabel(/^Name/)).toHaveValue('Penthouse cleaning')
  }
  await expect(unit.locator('option')).toHaveText(['—', 'PH-West · Cedar Tower'])
  await expect(page.getByLabel('Line 2: Unit').locator('option', { hasText: 'PH-West' })).toHaveCount(0)
  await unit.selectOption({ label: 'PH-West · Cedar Tower' })
  await page.getByRole('button', { name: 'Add Recurring Journal Entry' }).click()

  await expect(page).toHaveTitle('Penthouse cleaning | Lintel')
  await expect(page.getByRole('region', { name: /Lines/ }).getByRole('link', { name: 'PH-West · Cedar Tower' })).toBeVisible()
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Line 1: Unit').locator('option:checked')).toHaveText('PH-West · Cedar Tower')
  await page.getByLabel('Line 1: Debit').fill('85.00')
  await page.getByLabel('Line 2: Credit').fill('85.00')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(/Penthouse cleaning saved/)).toBeVisible()
  await expect(page.getByRole('region', { name: /Lines/ }).getByRole('link', { name: 'PH-West · Cedar Tower' })).toBeVisible()
})
