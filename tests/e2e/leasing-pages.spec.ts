import { expect, test } from './support/fixtures'
import { createThroughApi, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * The vacancy pages, the leasing overview and a rent report, with JavaScript on and off, on a
 * portfolio made through the API around today: a unit never let, one its lease left ten days ago,
 * one on notice, a fixed term ending in a month and one ending in a hundred days; and residents of
 * each stage. Each page lists the units (or people) it is about and no others; the upcoming window
 * and a report's lease are chosen in their GET forms.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

test('the vacancy pages, the leasing overview and the rent ledger show the right units', async ({ page, request }) => {
  const company = await registerCompany(request)
  const post = (path: string, data: Record<string, unknown>) => createThroughApi(request, company, path, data)
  const act = async (path: string, data: Record<string, unknown> = {}) => {
    const response = await request.post(`/api/${path}/`, { headers: bearer(company), data })
    expect(response.status(), await response.text()).toBe(200)
  }
  const settings = await (await request.get('/api/property-management-company/', { headers: bearer(company) })).json()
  const today = todayIn(settings.time_zone)

  const property = await post('property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings', { name: 'Bronson Court', property_group_id: property.id })
  const unit = (number: string) => post('rental-units', { unit_number: number, building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', market_rent: '1400.00' })
  const let_ = async (number: string, name: string, terms: Record<string, unknown>) => {
    const resident = await post('residents', { first_name: name, last_name: 'Tenant', resident_type: 'APPLICANT' })
    const lease = await post('leases', { rental_unit_id: (await unit(number)).id, rent: '1300.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: resident.id, role: 'PRIMARY' }], ...terms })
    await act(`leases/${lease.id}/activate`)
    return lease
  }
  await unit('101')
  const left = await let_('105', 'Lena', { lease_type: 'MONTH_TO_MONTH', start_date: shift(today, -200) })
  await act(`leases/${left.id}/end`, { move_out_date: shift(today, -10) })
  const leaving = await let_('102', 'Noor', { lease_type: 'MONTH_TO_MONTH', start_date: shift(today, -90) })
  await act(`leases/${leaving.id}/give-notice`, { notice_date: today, move_out_date: shift(today, 20) })
  await let_('103', 'Theo', { lease_type: 'FIXED', start_date: shift(today, -335), end_date: shift(today, 30) })
  await let_('104', 'Uma', { lease_type: 'FIXED', start_date: shift(today, -265), end_date: shift(today, 100) })

  await logIn(page, company.email, company.password)
  const units = () => page.getByRole('table').getByRole('link', { name: /· Bronson Court$/ })
  const numbers = async () => (await units().allTextContents()).map((text) => text.split(' ')[0])

  // Vacant now: the unit never let, and the one its lease left ten days ago.
  await page.goto('/app/current-vacancies/')
  await expect(page).toHaveTitle('Current Vacancies | Lintel')
  await expect(units()).toHaveCount(2)
  expect(await numbers()).toEqual(['101', '105'])
  await expect(page.getByRole('row', { name: /^105/ })).toContainText(shift(today, -9))
  await expect(page.getByRole('row', { name: /^105/ })).toContainText('Lena Tenant')

  // Becoming vacant within 90 days; with the window at 120, the term ending in 100 days too.
  await page.getByRole('navigation', { name: 'Vacancies' }).getByRole('link', { name: 'Upcoming vacancies' }).click()
  await expect(page).toHaveTitle('Upcoming Vacancies | Lintel')
  await expect(units()).toHaveCount(2)
  expect(await numbers()).toEqual(['102', '103'])
  await expect(page.getByRole('row', { name: /^102/ })).toContainText('On notice')
  await expect(page.getByRole('row', { name: /^103/ })).toContainText('Lease ending')
  await page.getByLabel('Within').selectOption('120')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/within_days=120/)
  await expect(units()).toHaveCount(3)
  expect(await numbers()).toEqual(['102', '103', '104'])

  await page.goto('/app/leases-expiring-60-days/')
  await expect(page).toHaveTitle('Leases Expiring in 60 Days | Lintel')
  await expect(units()).toHaveCount(1)
  await expect(page.getByRole('row', { name: /^103/ })).toContainText('Theo Tenant')
  await page.goto('/app/leases-expiring-120-days/')
  await expect(units()).toHaveCount(2)
  expect(await numbers()).toEqual(['103', '104'])

  // The overview: occupancy, the vacant units, the notice, and each chart's figures as a table.
  await page.goto('/app/leasing/')
  await expect(page).toHaveTitle('Leasing | Lintel')
  await expect(page.locator('dd', { hasText: '60.0%' })).toBeVisible()
  const vacant = page.getByRole('region', { name: 'Vacant units' })
  expect((await vacant.getByRole('link').allTextContents()).map((text) => text.split(' ')[0])).toEqual(['101', '105'])
  await expect(page.getByRole('region', { name: 'Notices given' }).getByRole('row', { name: /^102/ })).toContainText(shift(today, 20))
  const expirations = page.getByRole('figure', { name: 'Leases expiring by month' })
  await expect(expirations.getByRole('img', { name: /Leases expiring by month/ })).toBeVisible()
  await expect(expirations.getByText(/2 fixed terms end with no renewal signed/)).toBeVisible()
  await expirations.getByText('The figures as a table').click()
  await expect(expirations.getByRole('table')).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Rent charged and collected by month' }).getByRole('img')).toBeVisible()

  // Residents by stage, each its own list, sorted in place.
  await post('residents', { first_name: 'Fay', last_name: 'Future', resident_type: 'FUTURE_RESIDENT', move_in_date: shift(today, 14) })
  await post('residents', { first_name: 'Abe', last_name: 'Applicant', resident_type: 'APPLICANT' })
  const people = page.getByRole('table').getByRole('row')
  for (const [path, title, name] of [
    ['/app/future-residents/', 'Future Residents', 'Fay'],
    ['/app/former-residents/', 'Former Residents', 'Lena'],
    ['/app/rental-applicants/', 'Rental Applicants', 'Abe'],
  ]) {
    await page.goto(path)
    await expect(page).toHaveTitle(`${title} | Lintel`)
    await expect(people).toHaveCount(2)
    await expect(people.nth(1)).toContainText(name)
  }
  await page.getByRole('link', { name: /^Last name/ }).click()
  await expect(page).toHaveURL(/\/app\/rental-applicants\/\?ordering=last_name/)
  await expect(people).toHaveCount(2)
  await expect(people.nth(1)).toContainText('Abe')
  // Future residents are listed by the day they move in, former ones by the day they left.
  await page.goto('/app/future-residents/')
  await page.getByRole('link', { name: /^Move-in date/ }).click()
  await expect(page).toHaveURL(/\/app\/future-residents\/\?ordering=move_in_date/)
  await expect(people.nth(1)).toContainText(shift(today, 14))
  await page.goto('/app/former-residents/')
  await expect(page.getByRole('columnheader', { name: /^Move-out date/ })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: /^Resident type/ })).toHaveCount(0)

  // A report with a filter: the rent ledger of the lease on notice, closing at its balance.
  const balance = (await (await request.get(`/api/leases/${leaving.id}/`, { headers: bearer(company) })).json()).balance as string
  await page.goto('/app/reporting/rent-ledger/')
  await expect(page.getByText('Choose a lease to see its charges and payments')).toBeVisible()
  await page.getByLabel('Lease', { exact: true }).selectOption({ label: `102 · Bronson Court from ${shift(today, -90)}` })
  await page.getByLabel('From').fill(shift(today, -120))
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(new RegExp(`lease_id=${leaving.id}`))
  await expect(page.getByRole('link', { name: `102 · Bronson Court from ${shift(today, -90)}` })).toBeVisible()
  const closing = page.getByRole('row', { name: /Closing balance/ })
  await expect(closing).toContainText(`$${Number(balance).toLocaleString('en-US', { minimumFractionDigits: 2 })}`)
  await expect(page.getByRole('row', { name: /Opening balance/ })).toContainText('$0.00')
})
