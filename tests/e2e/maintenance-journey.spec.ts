import type { Browser, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { acceptInvitation, invitationToken, invite, leasedUnit, PASSWORD, registerCompany, unique, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A leaking tap from the resident's phone to the technician's hands and back to the ledger (issue 15
 * item 13), everyone on a phone, with JavaScript on and off: the resident reports the leak with a
 * photo; the office assigns it to the technician; the technician logs time and a material and marks
 * it Work done; the office charges it to the resident; the resident's ledger shows the charge.
 */

const PHONE = { width: 390, height: 844 }
/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/** A signed-in person on their own phone: their own browser context, so three people can work side by side. */
async function phoneOf(browser: Browser, javaScriptEnabled: boolean, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled })
  const page = await context.newPage()
  await logIn(page, email, password)
  return page
}

test('a leak reported from a phone is assigned, fixed, logged and charged to the resident’s ledger', async ({ browser, request }, testInfo) => {
  const javaScript = testInfo.project.name !== 'js-off'
  const company: Company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  // The building, the unit, its resident on a lease, and the company's technician at $85.00 an hour.
  const residentEmail = `${unique('ada')}@example.test`
  const { post, resident, lease } = await leasedUnit(request, company, { start: '2031-01-01', email: residentEmail })
  await post(`residents/${resident.id}/invite-to-resident-center/`, {})
  const accepted = await request.post('/api/accept-invitation/', { data: { invitation_id: await invitationToken(residentEmail), first_name: 'Ada', last_name: 'Lovelace', password: PASSWORD } })
  expect(accepted.status(), await accepted.text()).toBe(200)
  const technician = await invite(request, company)
  await acceptInvitation(request, await invitationToken(technician.email), technician)
  const rate = await request.put(`/api/maintenance-technicians/${technician.id}/`, { headers, data: { first_name: technician.first_name, last_name: technician.last_name, hourly_rate: '85.00' } })
  expect(rate.status(), await rate.text()).toBe(200)
  const technicianName = `${technician.first_name} ${technician.last_name}`

  // The resident reports the leak with a photo.
  const ada = await phoneOf(browser, javaScript, residentEmail, PASSWORD)
  await ada.goto('/rc/work-orders/new/')
  await ada.getByLabel('What needs fixing?').fill('Leak under the kitchen sink')
  await ada.getByLabel('Where in the unit').fill('Kitchen sink')
  await ada.getByLabel('The technician may enter when nobody is home').check()
  await ada.getByLabel('Photos').setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG })
  await ada.getByRole('button', { name: 'Send to the office' }).click()
  await expect(ada).toHaveURL(/\/rc\/work-orders\/[0-9a-f-]{36}\/$/)
  const workOrderId = new URL(ada.url()).pathname.split('/')[3]
  await expect(ada.getByTestId('work-order-status')).toHaveText('New')

  // The office assigns it to the technician and moves it to Assigned.
  const office = await phoneOf(browser, javaScript, company.email, company.password)
  await office.goto(`/app/work-orders/${workOrderId}/edit/`)
  await office.getByLabel(/^Assigned to/).selectOption({ label: technicianName })
  await office.getByRole('button', { name: 'Save' }).click()
  await expect(office).toHaveURL(`/app/work-orders/${workOrderId}/`)
  const changeStatus = office.getByRole('form', { name: 'Change status' })
  await changeStatus.getByLabel(/^Status/).selectOption({ label: 'Assigned' })
  await changeStatus.getByRole('button', { name: 'Change status' }).click()
  await expect(office.getByText('Status changed.')).toBeVisible()
  await expect(ada.reload().then(() => ada.getByTestId('work-order-status'))).resolves.toHaveText('Assigned')

  // The technician logs an hour and a half and a cartridge, and marks the work done.
  const jordan = await phoneOf(browser, javaScript, technician.email, PASSWORD)
  await jordan.goto(`/mt/work-orders/${workOrderId}/`)
  await expect(jordan.getByRole('heading', { level: 1 })).toHaveText('Leak under the kitchen sink')
  const log = jordan.getByRole('region', { name: 'Log work' })
  await log.getByLabel('Hours').fill('1.5')
  await log.getByLabel('Material 1').fill('Cartridge')
  await log.getByLabel('Qty').first().fill('1')
  await log.getByLabel('Unit cost').first().fill('18.40')
  await log.getByRole('button', { name: 'Log work' }).click()
  await expect(jordan.getByText('Work logged.')).toBeVisible()
  const status = jordan.getByRole('region', { name: 'Change status' })
  await status.getByLabel('New status').selectOption({ label: 'Work done' })
  await status.getByRole('button', { name: 'Change status' }).click()
  await expect(jordan.getByText('Status changed.')).toBeVisible()

  // The office charges the resident: 1.5 h × $85.00 + $18.40, at least the $75.00 minimum: $145.90.
  await office.goto(`/app/work-orders/${workOrderId}/`)
  await office.getByRole('link', { name: 'Charge the resident' }).click()
  const charge = office.getByRole('form', { name: 'Charge the resident' })
  await charge.getByLabel(/^Minimum trip charge/).fill('75.00')
  await charge.getByRole('button', { name: /^Yes, charge the resident/i }).click()
  await expect(office.getByText('Charged to the lease')).toBeVisible()
  await expect(office.getByRole('region', { name: 'Charges' })).toContainText('145.90')

  // The resident sees the charge on their lease's ledger, and the work order closed.
  await ada.goto(`/rc/leases/${lease.id}/`)
  const ledger = ada.getByRole('list', { name: 'Ledger' })
  await expect(ledger).toContainText('Repair: Leak under the kitchen sink')
  await expect(ledger).toContainText('$145.90')
  await expect(ledger).toContainText('Balance $145.90')
  await ada.goto(`/rc/work-orders/${workOrderId}/`)
  await expect(ada.getByTestId('work-order-status')).toHaveText('Closed')
})
