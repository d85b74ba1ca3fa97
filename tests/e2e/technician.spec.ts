import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { acceptInvitation, invitationToken, invite, PASSWORD, registerCompany, type Company } from './support/api'
import { logIn, TITLES } from './support/auth'

/**
 * A maintenance technician at /mt on a phone, with JavaScript on and off (issue 15 item 4): they open
 * the work order due today from their dashboard, log an hour and a half with a material (priced at
 * their hourly rate) and mark it Work done; their list of 30 work orders stays under 50 KB of HTML.
 */

const PHONE = { width: 390, height: 844 }

async function technicianWithWork(request: APIRequestContext, workOrders = 1) {
  const company: Company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { headers, data })
    expect(response.status(), await response.text()).toBeLessThan(300)
    return (await response.json()) as { id: string }
  }
  const person = await invite(request, company)
  await acceptInvitation(request, await invitationToken(person.email), person)
  const rate = await request.put(`/api/maintenance-technicians/${person.id}/`, { headers, data: { first_name: person.first_name, last_name: person.last_name, hourly_rate: '80.00' } })
  expect(rate.status(), await rate.text()).toBe(200)
  const signedIn = await request.post('/api/login/', { data: { email: person.email, password: PASSWORD } })
  const techHeaders = { authorization: `Bearer ${((await signedIn.json()) as { access: string }).access}` }
  // Today on the company's clock, as the technician's list reads it.
  const { today } = (await (await request.get('/api/technician/work-orders/', { headers: techHeaders })).json()) as { today: string }
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await post('rental-units/', { unit_number: '101', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const first = await post('work-orders/', {
    subject: 'Leaking kitchen tap',
    property_group_id: property.id,
    rental_unit_id: unit.id,
    priority: 'URGENT',
    assigned_user_id: person.id,
    due_date: today,
    entry_notes: 'Key at the front desk',
  })
  for (let i = 1; i < workOrders; i++) {
    await post('work-orders/', { subject: `Repaint the hallway, floor ${i}`, property_group_id: property.id, location: `Hallway ${i}`, priority: 'ROUTINE', assigned_user_id: person.id })
  }
  return { company, person, workOrder: first }
}

test('a technician on a phone logs 1.5 hours with a material on today’s work order and marks it Work done', async ({ page, request }) => {
  const { person, workOrder } = await technicianWithWork(request)
  await page.setViewportSize(PHONE)
  await logIn(page, person.email, PASSWORD)
  await expect(page).toHaveTitle(TITLES.technician)
  await expect(page.getByTestId('open-count')).toHaveText('1')
  await page.getByRole('region', { name: 'Today’s work' }).getByRole('link', { name: /Leaking kitchen tap/ }).click()

  await expect(page).toHaveURL(`/mt/work-orders/${workOrder.id}/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leaking kitchen tap')
  await expect(page.getByText('Key at the front desk')).toBeVisible()

  // A material line left half done comes back with its error beside it and what was typed.
  const log = page.getByRole('region', { name: 'Log work' })
  await log.getByLabel('Hours').fill('1.5')
  await log.getByLabel('Material 1').fill('Cartridge')
  await log.getByLabel('Qty').first().fill('1')
  await log.getByRole('button', { name: 'Log work' }).click()
  await expect(log.getByLabel('Unit cost').first()).toHaveAttribute('aria-invalid', 'true')
  await expect(log.getByLabel('Hours')).toHaveValue('1.5')
  await expect(log.getByLabel('Material 1')).toHaveValue('Cartridge')
  await log.getByLabel('Unit cost').first().fill('18.40')
  await log.getByRole('button', { name: 'Log work' }).click()
  await expect(page.getByText('Work logged.')).toBeVisible()
  const logs = page.getByRole('region', { name: 'Work logs' })
  await expect(logs).toContainText('1.50 h')
  await expect(logs).toContainText('Labour 120.00 · Materials 18.40')
  await expect(logs).toContainText('Cartridge: 1.00 × 18.40 = 18.40')

  const status = page.getByRole('region', { name: 'Change status' })
  await status.getByLabel('New status').selectOption({ label: 'Work done' })
  await status.getByRole('button', { name: 'Change status' }).click()
  await expect(page.getByText('Status changed.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 }).locator('xpath=following-sibling::p')).toContainText('Work done')
})

test('the work order list of 30 is under 50 KB of HTML and needs no JavaScript', async ({ page, request }) => {
  const { person } = await technicianWithWork(request, 30)
  await page.setViewportSize(PHONE)
  await logIn(page, person.email, PASSWORD)
  await page.goto('/mt/work-orders/?when=all')
  await expect(page.getByText('30 work orders')).toBeVisible()
  await expect(page.getByRole('link', { name: /Repaint the hallway, floor 29/ })).toBeVisible()
  const html = await (await page.request.get('/mt/work-orders/')).body()
  expect(html.toString('utf8')).toContain('Repaint the hallway, floor 29')
  expect(html.byteLength).toBeLessThan(50_000)
  // Filtering by stage is a plain GET form.
  await page.getByLabel('Stage').selectOption({ label: 'Closed' })
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/stage=CLOSED/)
  await expect(page.getByText('No work orders here.')).toBeVisible()
})

test('a work log sent twice from a bad connection is logged once', async ({ page, request }) => {
  const { company, person, workOrder } = await technicianWithWork(request)
  await page.setViewportSize(PHONE)
  await logIn(page, person.email, PASSWORD)
  await page.goto(`/mt/work-orders/${workOrder.id}/`)
  const log = page.getByRole('region', { name: 'Log work' })
  await log.getByLabel('Hours').fill('2')
  // What a double tap (or a page sent again) sends: the same form, twice, from the same page.
  const fields = await log.locator('form').evaluate((element) => Object.fromEntries(new FormData(element as HTMLFormElement) as unknown as Iterable<[string, string]>))
  const form = { ...fields, intent: 'work-log' }
  const [first, second] = await Promise.all([
    page.request.post(`/mt/work-orders/${workOrder.id}/`, { form, maxRedirects: 0 }),
    page.request.post(`/mt/work-orders/${workOrder.id}/`, { form, maxRedirects: 0 }),
  ])
  expect([first.status(), second.status()]).toEqual([302, 302])
  const logs = await request.get(`/api/work-logs/?work_order_id=${workOrder.id}`, { headers: { authorization: `Bearer ${company.token}` } })
  expect((await logs.json()).count).toBe(1)
})
