import { createThroughApi, invite, registerCompany, type Company } from './support/api'
import { logIn, TITLES } from './support/auth'
import { expect, test, type Page } from './support/fixtures'

const STEPS = ['Fill in your company details', 'Add a property', 'Add a building', 'Add its rental units', 'Add your residents', 'Add a bank account', 'Invite a colleague']

async function openDashboard(page: Page, company: Company) {
  await logIn(page, company.email, company.password)
  await expect(page).toHaveTitle(TITLES.manager)
}

/** The steps still to do, as the checklist links them. */
const undone = (page: Page) => page.getByTestId('getting-started').locator('li[data-done="false"]').allInnerTexts()

test('a new company’s dashboard lists the steps to set it up, ticks each one off as it is done, and drops the list when all are', async ({ page, request }) => {
  const company = await registerCompany(request)
  await openDashboard(page, company)
  const checklist = page.getByTestId('getting-started')
  await expect(checklist.getByRole('heading', { name: 'Getting started' })).toBeVisible()
  await expect(checklist.getByText('7 of 7 steps left')).toBeVisible()
  expect(await undone(page)).toEqual(STEPS)
  await checklist.getByRole('link', { name: 'Add a property' }).click()
  await expect(page).toHaveURL('/app/property-groups/new/')

  const headers = { authorization: `Bearer ${company.token}` }
  // What GET answers, less what only the server writes, is what a client sends back to change it.
  const current = (await (await request.get('/api/property-management-company/', { headers })).json()) as Record<string, unknown>
  const details = Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'id' && key !== 'created_at'))
  const saved = await request.put('/api/property-management-company/', {
    headers,
    data: { ...details, phone: '613 555 0101', street_address: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' },
  })
  expect(saved.status()).toBe(200)
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Elm Court', property_type: 'RESIDENTIAL' })
  const building = await createThroughApi(request, company, 'buildings', { name: 'Elm Court A', property_group_id: property.id })
  await page.goto('/app/')
  await expect(checklist.getByText('4 of 7 steps left')).toBeVisible()
  expect(await undone(page)).toEqual(STEPS.slice(3))
  await expect(checklist.getByText('Add a property')).toHaveCSS('text-decoration-line', 'line-through')

  await createThroughApi(request, company, 'rental-units', { unit_number: '101', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  await createThroughApi(request, company, 'residents', { first_name: 'Rae', last_name: 'Dent', resident_type: 'CURRENT_RESIDENT' })
  const accounts = (await (await request.get('/api/accounting/accounts/?page_size=200', { headers })).json()) as { results: { id: string; number: string }[] }
  const cash = accounts.results.find((a) => a.number === '1010')!
  await createThroughApi(request, company, 'bank-accounts', { name: 'Operating', bank_account_type: 'OPERATING', gl_account_id: cash.id })
  await page.goto('/app/')
  expect(await undone(page)).toEqual(['Invite a colleague'])

  await invite(request, company, 'property_manager')
  await page.goto('/app/')
  await expect(page.getByRole('heading', { name: 'Your team' })).toBeVisible()
  await expect(checklist).toHaveCount(0)
})

test('a manager can hide the checklist before finishing it, for the whole company', async ({ page, request }) => {
  const company = await registerCompany(request)
  await openDashboard(page, company)
  const checklist = page.getByTestId('getting-started')
  await checklist.getByRole('button', { name: 'Hide this checklist' }).click()
  const toast = page.getByTestId('toast')
  await expect(toast).toHaveText('The getting-started checklist is hidden.')
  // Nothing sits over the toast.
  const covered = await toast.evaluate((el) => {
    const box = el.getBoundingClientRect()
    return !el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2))
  })
  expect(covered).toBe(false)
  await expect(checklist).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your team' })).toBeVisible()
  await expect(checklist).toHaveCount(0)
})
