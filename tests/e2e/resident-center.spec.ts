import { expect, test } from './support/fixtures'
import { linkIn, mailTo, registerCompany, unique, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * The resident center through the pages, with JavaScript on and off, on a phone: staff invite a
 * resident from their page; the resident accepts the mailed invitation, lands in /rc/ and sees
 * what they owe, their lease's ledger and, once they paid, the receipt; another resident's lease
 * answers 404; staff then invite every other current resident from the residents list.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })
const TIME_ZONE = 'America/Toronto'
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
const PHONE = { width: 390, height: 844 }

test('staff invite a resident, who signs in and sees their balance, ledger and receipt, and no one else’s lease', async ({ page, request }) => {
  const company = await registerCompany(request)
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { headers: bearer(company), data })
    expect(response.status(), await response.text()).toBeLessThan(300)
    return (await response.json()) as { id: string }
  }
  const [y, m] = todayIn(TIME_ZONE).split('-').map(Number)
  const thisMonth = new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10)
  const address = { street: '455 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6J7', country: 'CA' }
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL', address })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id, address })
  const leaseOf = async (unitNumber: string, first: string, email: string) => {
    const unit = await post('rental-units/', { unit_number: unitNumber, building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    const resident = await post('residents/', { first_name: first, last_name: 'Lovelace', resident_type: 'APPLICANT', email })
    // From the 1st of this month: activating it charges this month's $1,550.00.
    const lease = await post('leases/', {
      rental_unit_id: unit.id,
      lease_type: 'MONTH_TO_MONTH',
      start_date: thisMonth,
      rent: '1550.00',
      rent_frequency: 'MONTHLY',
      lines: [{ resident_id: resident.id, role: 'PRIMARY' }],
    })
    await post(`leases/${lease.id}/activate/`, {})
    return { resident, lease }
  }
  const adaEmail = `${unique('ada')}@example.test`
  const ada = await leaseOf('101', 'Ada', adaEmail)
  const ben = await leaseOf('102', 'Ben', `${unique('ben')}@example.test`)

  // Staff invite Ada from her page.
  await logIn(page, company.email, company.password)
  await page.goto(`/app/residents/${ada.resident.id}/`)
  await page.getByRole('button', { name: 'Invite to resident center' }).click()
  await expect(page.getByText('Invitation e-mailed: the resident chooses a password from its link and signs in to the resident center.')).toBeVisible()
  await expect(page.locator('dd', { hasText: 'Invited, not accepted yet' })).toBeVisible()

  // Ada, on her phone, accepts the invitation she was mailed and lands in the resident center.
  await page.context().clearCookies()
  await page.setViewportSize(PHONE)
  const invitation = linkIn(await mailTo(adaEmail, /invited you/), '/accept-invitation/')
  await page.goto(invitation.pathname)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Accept and sign in' }).click()
  await expect(page).toHaveURL('/rc/')
  await expect(page).toHaveTitle('Resident Center Dashboard | Lintel')
  await expect(page.getByTestId('balance')).toHaveText('$1,550.00')
  await expect(page.getByText('Owing now.')).toBeVisible()
  const card = page.getByRole('article', { name: /^101 · Bronson Court/ })
  await expect(card).toContainText('Unit 101, 455 Bronson Avenue, Ottawa, ON K1R 6J7')
  await card.getByRole('link', { name: /View lease, ledger and receipts/ }).click()

  // Her lease: its terms and its ledger, line by line with the balance after each.
  await expect(page).toHaveURL(`/rc/leases/${ada.lease.id}/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^101 · Bronson Court/)
  await expect(page.getByText('Monthly, on the 1st')).toBeVisible()
  const ledger = page.getByRole('list', { name: 'Ledger' })
  await expect(ledger.getByRole('listitem')).toHaveCount(1)
  await expect(ledger.getByRole('listitem').first()).toContainText(`Rent, ${thisMonth} to`)
  await expect(ledger.getByRole('listitem').first()).toContainText('$1,550.00')

  // Ben's lease is not hers: not found, as if it did not exist.
  const other = await page.goto(`/rc/leases/${ben.lease.id}/`)
  expect(other?.status()).toBe(404)
  await expect(page.getByText('No such lease.')).toBeVisible()

  // She pays; the office records it: nothing owing, and her receipt says what Ontario asks of one.
  await post('rent-payments/', { lease_id: ada.lease.id, date: todayIn(TIME_ZONE), amount: '1550.00', method: 'E_TRANSFER', reference: 'ET-5' })
  await page.goto(`/rc/leases/${ada.lease.id}/`)
  await expect(page.getByTestId('balance')).toHaveText('$0.00')
  await expect(ledger.getByRole('listitem')).toHaveCount(2)
  await expect(ledger.getByRole('listitem').last()).toContainText('−$1,550.00')
  await page
    .getByRole('region', { name: 'Receipts' })
    .getByRole('link', { name: /^Receipt R-\d+/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Rent receipt' })).toBeVisible()
  const receipt = page.getByRole('article', { name: 'Rent receipt' })
  await expect(receipt).toContainText('Ada Lovelace')
  await expect(receipt).toContainText('Unit 101, 455 Bronson Avenue, Ottawa, ON K1R 6J7')
  await expect(receipt).toContainText(`Rent, ${thisMonth} to`)
  await expect(receipt).toContainText(company.name)

  // Back at the office: every other current resident is invited from the list, after a confirmation.
  await page.context().clearCookies()
  await page.setViewportSize({ width: 1680, height: 1000 })
  await logIn(page, company.email, company.password)
  await page.goto('/app/residents/')
  await page.getByRole('link', { name: 'Invite all residents' }).click()
  await page.getByRole('button', { name: 'Yes, invite all residents' }).click()
  await expect(page.getByText('Invited 1 resident to the resident center. Not invited: 1 resident (uses the resident center already).')).toBeVisible()
})
