import { readFile } from 'node:fs/promises'
import { PDFDocument } from 'pdf-lib'
import { expect, test } from './support/fixtures'
import { createThroughApi, mailTo, registerCompany, unique } from './support/api'
import { logIn } from './support/auth'

/**
 * Raising the rent through the pages, with JavaScript on and off: staff see the leases whose rent
 * may rise on a new bulk notice's form, make the notices for two of them at the guideline (one PDF
 * of two letters, e-mailed to the tenants), apply one increase to its rent schedule through its
 * confirmation, and download the schedule's PAD agreement.
 */

const TIME_ZONE = 'America/Toronto'
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

test('staff see the leases whose rent may rise, make their notices in bulk, and apply an increase to the rent schedule', async ({ page, request }) => {
  const company = await registerCompany(request)
  const make = (path: string, data: Record<string, unknown>) => createThroughApi(request, company, path, data)
  const today = todayIn(TIME_ZONE)
  const [y, m] = today.split('-').map(Number)
  // Moved in thirteen months ago: their rent may rise now.
  const start = new Date(Date.UTC(y, m - 14, 1)).toISOString().slice(0, 10)
  const effective = addDays(today, 100)
  const property = await make('property-groups', {
    name: 'Elgin Place',
    property_type: 'RESIDENTIAL',
    address: { street: '455 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6J3', country: 'CA' },
  })
  const building = await make('buildings', { name: 'Elgin Place', property_group_id: property.id })
  const tag = unique('ri')
  const leaseOf = async (unitNumber: string, first: string, rent: string) => {
    const unit = await make('rental-units', { unit_number: unitNumber, building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
    const resident = await make('residents', { first_name: first, last_name: 'Tenant', resident_type: 'APPLICANT', email: `${first.toLowerCase()}-${tag}@example.test` })
    const lease = await make('leases', { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: start, rent, rent_frequency: 'MONTHLY', lines: [{ resident_id: resident.id, role: 'PRIMARY' }] })
    const activated = await request.post(`/api/leases/${lease.id}/activate/`, { headers: { authorization: `Bearer ${company.token}` }, data: {} })
    expect(activated.status()).toBe(200)
    return { ...lease, name: `${unitNumber} · Elgin Place from ${start}` }
  }
  const ada = await leaseOf('101', 'Ada', '1550.00')
  const ben = await leaseOf('102', 'Ben', '1200.00')

  await logIn(page, company.email, company.password)
  await page.goto('/app/bulk-rent-increase-notices/')
  await expect(page).toHaveTitle('Bulk Rent Increase Notices | Lintel')
  await page.getByRole('link', { name: 'Add Bulk Rent Increase Notice' }).first().click()

  // The leases whose rent may rise, each with its rent and the most Ontario's guideline allows.
  const offered = page.getByRole('group', { name: 'Leases whose rent may rise within four months' })
  await expect(offered.getByRole('row', { name: new RegExp(ada.name) })).toContainText('$1,550.00')
  await expect(offered.getByRole('row', { name: new RegExp(ada.name) })).toContainText('$1,582.55')
  await expect(offered.getByRole('row', { name: new RegExp(ben.name) })).toContainText('$1,225.20')

  // Nothing picked: refused at its field, the dates kept.
  await page.getByLabel(/^Takes effect on/).fill(effective)
  await page.getByRole('button', { name: 'Add Bulk Rent Increase Notice' }).click()
  await expect(page.getByText('Choose at least one lease.').first()).toBeVisible()
  await expect(page.getByLabel(/^Takes effect on/)).toHaveValue(effective)

  await page.getByRole('checkbox', { name: `Raise the rent of ${ada.name}` }).check()
  await page.getByRole('checkbox', { name: `Raise the rent of ${ben.name}` }).check()
  await page.getByRole('checkbox', { name: /^E-mail the letters to the tenants/ }).check()
  await page.getByRole('button', { name: 'Add Bulk Rent Increase Notice' }).click()
  await expect(page.getByText('Rent increases made: 2.')).toBeVisible()
  await expect(page).toHaveTitle(`Notices of rent increase of ${today} | Lintel`)
  const increases = page.getByRole('region', { name: /^Rent increases/ })
  await expect(increases.getByRole('row')).toHaveCount(3)

  // One PDF, a letter per lease; and each tenant has theirs by e-mail.
  const [letters] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Letters (PDF)' }).click()])
  expect(letters.suggestedFilename()).toBe(`notices-of-rent-increase-${today}.pdf`)
  expect((await PDFDocument.load(await readFile((await letters.path())!))).getPageCount()).toBe(2)
  const mail = await mailTo(`ada-${tag}@example.test`, /^Notice of Rent Increase/)
  expect(mail.text).toContain('New rent: $1,582.55 per month')

  // Ada's increase, applied through its confirmation: the schedule charges the new rent from its date.
  await increases.getByRole('link', { name: ada.name }).click()
  await expect(page).toHaveTitle(`Rent increase of ${ada.name} | Lintel`)
  await page.getByRole('link', { name: 'Apply to the rent schedule' }).click()
  await page.getByRole('button', { name: 'Yes, apply to the rent schedule' }).click()
  await expect(page.getByText('Increase applied: the rent schedule charges the new rent from its date.')).toBeVisible()
  await expect(page.locator('dd', { hasText: 'Applied' })).toBeVisible()

  await page.goto(`/app/leases/${ada.id}/`)
  await page.getByRole('region', { name: /^Rent schedules/ }).getByRole('link', { name: ada.name }).click()
  const lines = page.getByRole('region', { name: /^Charges \(2\)/ })
  await expect(lines.getByRole('row', { name: /\$1,550\.00/ })).toContainText(addDays(effective, -1))
  await expect(lines.getByRole('row', { name: /\$1,582\.55/ })).toContainText(effective)

  // The schedule's PAD agreement, to sign.
  const [agreement] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PAD agreement (PDF)' }).click()])
  expect(agreement.suggestedFilename()).toBe(`pad-agreement-101-Elgin-Place-from-${start}.pdf`)
  expect((await readFile((await agreement.path())!)).subarray(0, 5).toString()).toBe('%PDF-')
})
