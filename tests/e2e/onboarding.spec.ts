import { invitationToken, invite, PASSWORD, registerCompany, unique } from './support/api'
import { TITLES } from './support/auth'
import { expect, test } from './support/fixtures'

test('signing up creates a company and opens its dashboard', async ({ page }) => {
  const id = unique('signup')
  await page.goto('/signup/')
  await expect(page).toHaveTitle('Sign up | Lintel')
  await page.getByLabel('Company name').fill(`Cedar Court ${id}`)
  await page.getByLabel('First name').fill('Casey')
  await page.getByLabel('Last name').fill('Founder')
  await page.getByLabel('Work e-mail').fill(`${id}@example.test`)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL('/app/')
  await expect(page).toHaveTitle(TITLES.manager)
  await expect(page.getByText(`Cedar Court ${id}`, { exact: true })).toBeVisible()
  await expect(page.getByText('Welcome, Casey.')).toBeVisible()
})

test('an invited technician accepts in the browser and lands in the technician area', async ({ page, request }) => {
  const company = await registerCompany(request)
  const technician = await invite(request, company, 'maintenance_technician')
  const token = await invitationToken(request, company, technician.email)

  await page.goto(`/accept-invitation/${token}/`)
  await expect(page).toHaveTitle('Accept your invitation | Lintel')
  await expect(page.getByRole('heading', { level: 1, name: `Join ${company.name} on Lintel` })).toBeVisible()
  await expect(page.getByText(`invited as a maintenance technician with ${technician.email}`)).toBeVisible()
  await expect(page.getByLabel('First name')).toHaveValue(technician.first_name)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Accept and sign in' }).click()

  await expect(page).toHaveURL('/mt/')
  await expect(page).toHaveTitle(TITLES.technician)
  await expect(page.getByText(`Welcome, ${technician.first_name}.`)).toBeVisible()

  // The link is spent.
  await page.goto(`/accept-invitation/${token}/`)
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible()
})

test('an invited property manager accepts in the browser and lands on the staff dashboard', async ({ page, request }) => {
  const company = await registerCompany(request)
  const manager = await invite(request, company, 'property_manager')
  const token = await invitationToken(request, company, manager.email)

  await page.goto(`/accept-invitation/${token}/`)
  await expect(page.getByText(`invited as a property manager with ${manager.email}`)).toBeVisible()
  await page.getByLabel('Last name').fill('Renamed')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Accept and sign in' }).click()

  await expect(page).toHaveURL('/app/')
  await expect(page).toHaveTitle(TITLES.manager)
  await expect(page.getByText(company.name, { exact: true })).toBeVisible()
  await expect(page.getByText(`${manager.first_name} Renamed`)).toBeVisible()
})
