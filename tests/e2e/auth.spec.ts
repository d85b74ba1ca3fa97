import { acceptInvitation, DEMO, deactivateTechnician, invitationToken, invite, PASSWORD, registerCompany } from './support/api'
import { logIn, submitLogIn, TITLES } from './support/auth'
import { expect, test } from './support/fixtures'

test.describe('signing in', () => {
  test('a property manager signs in and lands on the staff dashboard', async ({ page }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveURL('/app/')
    await expect(page).toHaveTitle(TITLES.manager)
    await expect(page.getByRole('heading', { level: 1, name: 'Property Manager Dashboard' })).toBeVisible()
    await expect(page.getByText('Maple Street Properties', { exact: true })).toBeVisible()
  })

  test('a resident signs in to the resident center and is kept out of the staff area', async ({ page }) => {
    await logIn(page, DEMO.resident)
    await expect(page).toHaveURL('/rc/')
    await expect(page).toHaveTitle(TITLES.resident)
    await expect(page.getByRole('heading', { level: 1, name: 'Resident Center Dashboard' })).toBeVisible()

    await page.goto('/app/')
    await expect(page).toHaveURL('/rc/')
    await expect(page).toHaveTitle(TITLES.resident)
  })

  test('a maintenance technician signs in and lands on the technician dashboard', async ({ page }) => {
    await logIn(page, DEMO.technician)
    await expect(page).toHaveURL('/mt/')
    await expect(page).toHaveTitle(TITLES.technician)
    await expect(page.getByRole('heading', { level: 1, name: 'Maintenance Technician Dashboard' })).toBeVisible()
  })

  test('a wrong password is refused with a message, keeping the e-mail', async ({ page }) => {
    await logIn(page, DEMO.manager, 'not-the-password')
    await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible()
    await expect(page).toHaveURL(/\/login\/?$/)
    await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.manager)
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  })

  test('signing in from a deep link returns there', async ({ page }) => {
    await page.goto('/app/rental-units/')
    await expect(page).toHaveURL(/\/login\/\?redirectTo=%2Fapp%2Frental-units%2F$/)
    await submitLogIn(page, DEMO.manager)
    await expect(page).toHaveURL('/app/rental-units/')
    await expect(page).toHaveTitle('Rental Units | Lintel')
  })

  test('a session that ended while a page was open sends the next link to sign in, and back to that page', async ({ page, context }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveURL('/app/')
    await context.clearCookies()
    // With JavaScript the link fetches the page's data (a request of its own); the way back names the page, not that request.
    await page.getByRole('navigation').getByRole('link', { name: 'Rental Units', exact: true }).click()
    await expect(page).toHaveURL(/\/login\/\?redirectTo=%2Fapp%2Frental-units%2F$/)
    await submitLogIn(page, DEMO.manager)
    await expect(page).toHaveURL('/app/rental-units/')
  })
})

test.describe('leaving', () => {
  test('logging out goes home, and the staff area asks to sign in again', async ({ page }) => {
    await logIn(page, DEMO.manager)
    await expect(page).toHaveTitle(TITLES.manager)
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL('/')

    await page.goto('/app/')
    await expect(page).toHaveURL(/\/login\//)
    await expect(page).toHaveTitle(TITLES.login)
  })

  test('a session that can no longer be refreshed returns to login with a toast', async ({ page, request }) => {
    const company = await registerCompany(request)
    const technician = await invite(request, company)
    await acceptInvitation(request, await invitationToken(technician.email), technician)

    await logIn(page, technician.email, PASSWORD)
    await expect(page).toHaveURL('/mt/')
    await expect(page).toHaveTitle(TITLES.technician)

    // The admin deactivates the technician: their tokens stop working and cannot be refreshed.
    await deactivateTechnician(request, company, technician)
    await page.reload()

    await expect(page).toHaveURL(/\/login\/\?redirectTo=%2Fmt%2F$/)
    await expect(page).toHaveTitle(TITLES.login)
    await expect(page.getByTestId('toast')).toHaveText('Your session has expired, please log in again.')
  })
})
