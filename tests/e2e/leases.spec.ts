import { expect, test } from './support/fixtures'
import { registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A property manager leases a vacant unit to two residents through the pages, with JavaScript on
 * and off: the draft lease keeps every value when refused, activating it (through its confirmation
 * step) lets the unit, which then reads Occupied with the lease on its page, and notice given on
 * the lease puts the unit on notice.
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
  await expect(page.getByText('Lease activated: the unit is occupied.')).toBeVisible()
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
