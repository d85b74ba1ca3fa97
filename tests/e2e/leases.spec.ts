import { expect, test } from './support/fixtures'
import { registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A property manager leases a vacant unit to two residents through the pages, with JavaScript on
 * and off: the draft lease keeps every value when refused, activating it (through its confirmation
 * step) lets the unit, which then reads Occupied with the lease on its page, and notice given on
 * the lease puts the unit on notice. Renewing a lease from its page starts the renewal filled in
 * from it; the lease renewed runs until the renewal begins.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })

test('leases a vacant unit to two residents, activates the lease and records notice', async ({ page, request }) => {
  const company = await registerCompany(request)
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { headers: bearer(company), data })
    expect(response.status(), await response.text()).toBe(201)
    return (await response.json()) as { id: string }
  }
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await post('rental-units/', { unit_number: '102', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  await post('residents/', { first_name: 'Ada', last_name: 'Lovelace', resident_type: 'APPLICANT' })
  await post('residents/', { first_name: 'Ben', last_name: 'Franklin', resident_type: 'APPLICANT' })

  await logIn(page, company.email, company.password)
  await page.goto('/app/leases/')
  await expect(page).toHaveTitle('Leases | Lintel')
  await page.getByRole('link', { name: 'Add Lease' }).first().click()
  await expect(page).toHaveTitle('Add Lease | Lintel')

  await page.getByLabel(/^Rental unit/).selectOption({ label: '102 · Bronson Court' })
  await page.getByLabel(/^Lease type/).selectOption('FIXED')
  await page.getByLabel(/^Start date/).fill('2026-07-01')
  await page.getByRole('textbox', { name: 'Rent', exact: true }).fill('1850.00')
  await page.getByLabel(/^Rent frequency/).selectOption('MONTHLY')
  await page.getByLabel('Line 1: Resident').selectOption({ label: 'Ada Lovelace' })
  await page.getByLabel('Line 1: Role').selectOption('PRIMARY')
  await page.getByRole('button', { name: 'Add line' }).click()
  await page.getByLabel('Line 2: Resident').selectOption({ label: 'Ben Franklin' })
  await page.getByLabel('Line 2: Role').selectOption('CO_TENANT')
  await page.getByRole('button', { name: 'Add Lease' }).click()

  // A fixed term without its end: refused at the field, every value kept, nothing saved.
  await expect(page.getByText('A fixed-term lease needs its end date.').first()).toBeVisible()
  await expect(page.getByLabel(/^Start date/)).toHaveValue('2026-07-01')
  await expect(page.getByLabel('Line 2: Resident')).toHaveValue(/.+/)
  await page.getByLabel(/^End date/).fill('2027-06-30')
  await page.getByRole('button', { name: 'Add Lease' }).click()

  await expect(page).toHaveTitle('102 · Bronson Court from 2026-07-01 | Lintel')
  await expect(page.getByRole('region', { name: /Residents/ }).getByRole('cell', { name: 'Ben Franklin' })).toBeVisible()
  const lease = page.url()

  // Activating lets the unit: through the confirmation step.
  await page.getByRole('link', { name: 'Activate' }).click()
  await page.getByRole('button', { name: 'Yes, activate' }).click()
  await expect(page.getByText('Lease activated: the unit is let to its residents.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'History' }).getByRole('row').nth(1)).toContainText('Draft → Active')

  await page.goto(`/app/rental-units/${unit.id}/`)
  await expect(page.locator('dd', { hasText: 'Occupied' })).toBeVisible()
  await expect(page.getByRole('link', { name: '102 · Bronson Court from 2026-07-01' })).toBeVisible()

  // Notice, with its dates: the unit is on notice.
  await page.goto(lease)
  const actions = page.getByRole('region', { name: 'Actions' })
  await actions.getByLabel(/^Notice given on/).fill('2027-03-01')
  await actions.getByLabel(/^Move-out date/).fill('2027-06-30')
  await actions.getByRole('button', { name: 'Give notice' }).click()
  await expect(page.getByText('Notice recorded: the unit is on notice.')).toBeVisible()
  await page.goto(`/app/rental-units/${unit.id}/`)
  await expect(page.locator('dd', { hasText: 'On notice' })).toBeVisible()
})

test('renews a lease from its page: the renewal starts filled in from it, and the lease renewed runs until it begins', async ({ page, request }) => {
  const company = await registerCompany(request)
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { headers: bearer(company), data })
    expect(response.status(), await response.text()).toBe(201)
    return (await response.json()) as { id: string }
  }
  const settings = await (await request.get('/api/property-management-company/', { headers: bearer(company) })).json()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: settings.time_zone }).format(new Date())
  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await post('rental-units/', { unit_number: '102', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const ada = await post('residents/', { first_name: 'Ada', last_name: 'Lovelace', resident_type: 'APPLICANT' })
  const ends = shift(today, 5)
  const lease = await post('leases/', { rental_unit_id: unit.id, lease_type: 'FIXED', start_date: shift(today, -360), end_date: ends, rent: '1500.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: ada.id, role: 'PRIMARY' }] })
  expect((await request.post(`/api/leases/${lease.id}/activate/`, { headers: bearer(company), data: {} })).status()).toBe(200)

  await logIn(page, company.email, company.password)
  await page.goto(`/app/leases/${lease.id}/`)
  await page.getByRole('link', { name: 'Renew lease' }).click()
  await expect(page).toHaveTitle('Add Lease | Lintel')
  // Filled in from the lease it renews: the unit, the next day on, its rent and its residents.
  const starts = shift(ends, 1)
  await expect(page.getByLabel(/^Rental unit/)).toHaveValue(unit.id)
  await expect(page.getByLabel(/^Start date/)).toHaveValue(starts)
  await expect(page.getByLabel(/^End date/)).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  await expect(page.getByRole('textbox', { name: 'Rent', exact: true })).toHaveValue('1,500.00')
  await expect(page.getByLabel('Line 1: Resident')).toHaveValue(ada.id)
  await page.getByRole('button', { name: 'Add Lease' }).click()

  await expect(page).toHaveTitle(`102 · Bronson Court from ${starts} | Lintel`)
  await page.getByRole('link', { name: 'Activate' }).click()
  await page.getByRole('button', { name: 'Yes, activate' }).click()
  await expect(page.getByText('Lease activated: the unit is let to its residents.')).toBeVisible()
  // The lease renewed goes on until the renewal begins, and lists it.
  await page.goto(`/app/leases/${lease.id}/`)
  await expect(page.locator('dd', { hasText: 'Active' })).toBeVisible()
  await expect(page.getByRole('region', { name: /Renewed by/ }).getByRole('link', { name: `102 · Bronson Court from ${starts}` })).toBeVisible()
})
