import { invitationToken, invite, linkIn, mailTo, PASSWORD, registerCompany, signupLink, unique } from './support/api'
import { logIn, TITLES } from './support/auth'
import { expect, test, type Page } from './support/fixtures'

async function fillSignup(page: Page, company: string, email: string) {
  await page.goto('/signup/')
  await expect(page).toHaveTitle('Sign up | Lintel')
  await page.getByLabel('Company name').fill(company)
  await page.getByLabel('First name').fill('Casey')
  await page.getByLabel('Last name').fill('Founder')
  await page.getByLabel('Work e-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
}

test('signing up sends a link; opening it creates the company and opens its dashboard, once', async ({ page }) => {
  // Six pages, each checked by axe: a whole journey, longer than one page's test.
  test.slow()
  const id = unique('signup')
  const email = `${id}@example.test`
  await fillSignup(page, `Cedar Court ${id}`, email)
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(`We have sent a link to ${email} to confirm the address. Open it within 24 hours to finish creating your account.`)

  const link = await signupLink(email)
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveTitle('Confirm your sign-up | Lintel')
  await expect(page.getByRole('heading', { level: 1, name: `Create Cedar Court ${id} on Lintel` })).toBeVisible()
  await page.getByRole('button', { name: 'Create the account and sign in' }).click()

  await expect(page).toHaveURL('/app/')
  await expect(page).toHaveTitle(TITLES.manager)
  await expect(page.getByTestId('toast')).toContainText('Your company is ready.')
  await expect(page.getByText(`Cedar Court ${id}`, { exact: true })).toBeVisible()
  await expect(page.getByText('Welcome, Casey.')).toBeVisible()

  // The link is spent.
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { level: 1, name: 'This sign-up link cannot be used' })).toBeVisible()
  await page.getByRole('link', { name: 'Sign up again' }).click()
  await expect(page).toHaveTitle('Sign up | Lintel')
})

test('signing up with an e-mail that has an account says the same, and mails that address a sign-in link', async ({ page, request }) => {
  const company = await registerCompany(request)
  await fillSignup(page, `Elm Row ${unique('again')}`, company.email)
  await expect(page.getByRole('status')).toHaveText(`We have sent a link to ${company.email} to confirm the address. Open it within 24 hours to finish creating your account.`)
  const mail = await mailTo(company.email, /You already have a Lintel account/)
  expect(linkIn(mail, '/login/').pathname).toBe('/login/')
})

test('an invited technician accepts in the browser and lands in the technician area', async ({ page, request }) => {
  const company = await registerCompany(request)
  const technician = await invite(request, company, 'maintenance_technician')
  const token = await invitationToken(technician.email)

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
  const token = await invitationToken(manager.email)

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

test('the administrator finds the invitation under Emails without its link; the invitee’s copy has it', async ({ page, request }) => {
  const company = await registerCompany(request)
  const technician = await invite(request, company, 'maintenance_technician')
  await logIn(page, company.email, company.password)
  await expect(page).toHaveURL('/app/')
  await page.goto('/app/email-messages/')
  await page.getByRole('link', { name: `${company.name} invited you to Lintel` }).click()
  await expect(page.getByRole('note')).toContainText('The private link in this message was removed from this copy.')
  await expect(page.getByTestId('email-body')).toContainText('Accept the invitation: [link removed: it was sent only to its recipient]')
  await expect(page.getByTestId('email-body')).not.toContainText('/accept-invitation/')
  expect(await invitationToken(technician.email)).toMatch(/^[\w-]{20,}$/)
})
