import { expect, test } from './support/fixtures'
import { invitationToken, PASSWORD, registerCompany, unique, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A resident's work orders through the pages, with JavaScript on and off, on a phone: from the
 * dashboard's tile they report a leak with a photo (a missing subject is refused beside its field,
 * what they typed kept), land on the work order with its status and photo, find it in their list,
 * and comment on it, the comment signed with their name.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })
const PHONE = { width: 390, height: 844 }
/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

test('a resident on a phone reports a leak with a photo, follows it in their list and comments on it', async ({ page, request }) => {
  const company = await registerCompany(request)
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { headers: bearer(company), data })
    expect(response.status(), await response.text()).toBeLessThan(300)
    return (await response.json()) as { id: string }
  }
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await post('rental-units/', { unit_number: '101', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const email = `${unique('ada')}@example.test`
  const resident = await post('residents/', { first_name: 'Ada', last_name: 'Lovelace', resident_type: 'APPLICANT', email })
  const lease = await post('leases/', {
    rental_unit_id: unit.id,
    lease_type: 'MONTH_TO_MONTH',
    start_date: '2026-01-01',
    rent: '1550.00',
    rent_frequency: 'MONTHLY',
    lines: [{ resident_id: resident.id, role: 'PRIMARY' }],
  })
  await post(`leases/${lease.id}/activate/`, {})
  await post(`residents/${resident.id}/invite-to-resident-center/`, {})
  const accepted = await request.post('/api/accept-invitation/', { data: { invitation_id: await invitationToken(email), first_name: 'Ada', last_name: 'Lovelace', password: PASSWORD } })
  expect(accepted.status(), await accepted.text()).toBe(200)

  await page.setViewportSize(PHONE)
  await logIn(page, email, PASSWORD)
  await expect(page).toHaveURL('/rc/')
  await page.getByRole('link', { name: 'Create Work Order' }).first().click()
  await expect(page).toHaveURL('/rc/work-orders/new/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Work Order')

  // Sent without saying what needs fixing: refused beside the field, what was typed kept.
  await page.getByLabel('Where in the unit').fill('Kitchen sink')
  await page.getByRole('button', { name: 'Send to the office' }).click()
  await expect(page.locator('#new-work-order-subject-error')).toHaveText('Say what needs fixing.')
  await expect(page.getByLabel('Where in the unit')).toHaveValue('Kitchen sink')

  await page.getByLabel('What needs fixing?').fill('Leak under the kitchen sink')
  await page.getByLabel('Details').fill('Water pools in the cabinet after the tap runs.')
  await page.getByLabel('Urgent').check()
  await page.getByLabel('The technician may enter when nobody is home').check()
  await page.getByLabel('Photos').setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Send to the office' }).click()

  // The work order: its subject, the company's status, what was said and the photo.
  await expect(page).toHaveURL(/\/rc\/work-orders\/[0-9a-f-]{36}\/$/)
  const workOrderUrl = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leak under the kitchen sink')
  await expect(page.getByTestId('work-order-status')).toHaveText('New')
  await expect(page.getByText('Water pools in the cabinet after the tap runs.')).toBeVisible()
  await expect(page.locator('dd', { hasText: 'Kitchen sink' })).toBeVisible()
  await expect(page.locator('dd', { hasText: 'Urgent' })).toBeVisible()
  const photo = page.getByRole('region', { name: 'Photos' }).getByRole('img')
  await expect(photo).toHaveCount(1)
  const image = await page.request.get((await photo.getAttribute('src'))!)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/png')

  // In their list, from the dashboard's other tile.
  await page.goto('/rc/')
  await page.getByRole('link', { name: 'View Work Orders' }).first().click()
  await expect(page).toHaveURL('/rc/work-orders/')
  const card = page.getByRole('article', { name: 'Leak under the kitchen sink' })
  await expect(card).toContainText('101 · Bronson Court · Kitchen sink')
  await expect(card.getByTestId('work-order-status')).toHaveText('New')
  await card.getByRole('link', { name: 'Leak under the kitchen sink' }).click()
  await expect(page).toHaveURL(workOrderUrl)

  // A comment, signed with their name.
  await page.getByLabel('Add a comment').fill('The cabinet floor is soaked; I put a bucket under it.')
  await page.getByRole('button', { name: 'Add comment' }).click()
  const comments = page.getByRole('region', { name: 'Comments' })
  await expect(comments.getByRole('listitem')).toHaveCount(1)
  await expect(comments.getByRole('listitem').first()).toContainText('Ada Lovelace')
  await expect(comments.getByRole('listitem').first()).toContainText('The cabinet floor is soaked; I put a bucket under it.')
  await expect(page.getByLabel('Add a comment')).toHaveValue('')
})
