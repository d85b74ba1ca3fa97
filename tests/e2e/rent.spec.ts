import { expect, test } from './support/fixtures'
import { linkIn, mailTo, registerCompany, unique, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * Rent through the pages, with JavaScript on and off: activating a lease that began on the 15th
 * of last month charges that month's rest (prorated by its days) and this month's rent; the lease
 * shows its schedule, its charges and its balance; a line added to the schedule charges nothing
 * twice; a one-off charge is refused at its field when it is nothing, made, then voided. And the
 * whole of a month's rent: a unit leased to two residents, charged, paid in part and then in full,
 * the cheque returned NSF with its fee, the rent roll, aged receivables and trial balance agreeing,
 * and the resident, signed in, seeing what the office sees, and the signed lease the office shared.
 */

const bearer = (company: Company) => ({ authorization: `Bearer ${company.token}` })
const TIME_ZONE = 'America/Toronto'
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`

test('activating a lease charges its rent, prorated from the move-in, and a one-off charge is made and voided', async ({ page, request }) => {
  const company = await registerCompany(request)
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { headers: bearer(company), data })
    expect(response.status(), await response.text()).toBe(201)
    return (await response.json()) as { id: string }
  }
  const settings = await request.get('/api/property-management-company/', { headers: bearer(company) })
  expect((await settings.json()).time_zone).toBe(TIME_ZONE)
  const [y, m] = todayIn(TIME_ZONE).split('-').map(Number)
  const last = new Date(Date.UTC(y, m - 2, 15))
  const start = last.toISOString().slice(0, 10)
  const thisMonth = new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10)
  const daysInLast = new Date(Date.UTC(y, m - 1, 0)).getUTCDate()
  // From the 15th to the month's end, of its days, of $1,550.00 (rounded half up).
  const prorated = Math.floor((155_000 * (daysInLast - 14) * 2 + daysInLast) / (2 * daysInLast))

  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await post('rental-units/', { unit_number: '102', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const ada = await post('residents/', { first_name: 'Ada', last_name: 'Lovelace', resident_type: 'APPLICANT' })
  const ben = await post('residents/', { first_name: 'Ben', last_name: 'Franklin', resident_type: 'APPLICANT' })
  const lease = await post('leases/', {
    rental_unit_id: unit.id,
    lease_type: 'MONTH_TO_MONTH',
    start_date: start,
    rent: '1550.00',
    rent_frequency: 'MONTHLY',
    lines: [
      { resident_id: ada.id, role: 'PRIMARY' },
      { resident_id: ben.id, role: 'CO_TENANT' },
    ],
  })

  await logIn(page, company.email, company.password)
  await page.goto(`/app/leases/${lease.id}/`)
  await page.getByRole('link', { name: 'Activate' }).click()
  await page.getByRole('button', { name: 'Yes, activate' }).click()
  await expect(page.getByText('Lease activated: the unit is let to its residents.')).toBeVisible()

  // Its schedule, made from its rent, has charged last month's rest and this month.
  const charges = page.getByRole('region', { name: /^Charges/ })
  await expect(charges.getByRole('row')).toHaveCount(3)
  await expect(charges.getByRole('row', { name: new RegExp(start) })).toContainText(money(prorated))
  await expect(charges.getByRole('row', { name: new RegExp(thisMonth) })).toContainText('$1,550.00')
  await expect(page.locator('dd', { hasText: money(prorated + 155_000) })).toBeVisible()

  // Parking added to the schedule from next month: nothing charged twice.
  await page.getByRole('region', { name: /^Rent schedules/ }).getByRole('link', { name: /Bronson Court/ }).click()
  await expect(page.getByRole('region', { name: 'Charges made (2)' })).toBeVisible()
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveTitle(/^Edit .* \| Lintel$/)
  await page.getByRole('button', { name: 'Add line' }).click()
  await page.getByLabel('Line 2: Charge').selectOption('PARKING')
  await page.getByLabel('Line 2: Description').fill('Stall 12')
  await page.getByLabel('Line 2: Amount per period').fill('60.00')
  await page.getByLabel('Line 2: From').fill(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10))
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Charges made so far: 2.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Charges (2)' }).getByRole('cell', { name: 'Stall 12' })).toBeVisible()

  // A one-off charge from the lease's page: nothing is refused at its field, every value kept.
  await page.goto(`/app/leases/${lease.id}/`)
  await charges.getByRole('link', { name: 'Add Rent Charge' }).click()
  await expect(page.getByLabel(/^Lease/)).toHaveValue(lease.id)
  await page.getByLabel(/^Charge/).selectOption('OTHER')
  await page.getByLabel(/^Description/).fill('Key replacement')
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0')
  await page.getByRole('button', { name: 'Add Rent Charge' }).click()
  await expect(page.getByText('Amount must be more than zero.').first()).toBeVisible()
  await expect(page.getByLabel(/^Description/)).toHaveValue('Key replacement')
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('45.00')
  await page.getByRole('button', { name: 'Add Rent Charge' }).click()
  await expect(page).toHaveTitle(/^Key replacement of/)
  await expect(page.getByRole('region', { name: /^Journal entries/ }).getByRole('row')).toHaveCount(2)

  // Voided through its confirmation: reversed, and the lease owes what it did before.
  await page.getByRole('link', { name: 'Void' }).click()
  await page.getByRole('button', { name: 'Yes, void' }).click()
  await expect(page.getByText('Charge voided: its posting is reversed.')).toBeVisible()
  await expect(page.locator('dd', { hasText: 'Void' })).toBeVisible()
  await page.goto(`/app/leases/${lease.id}/`)
  await expect(page.locator('dd', { hasText: money(prorated + 155_000) })).toBeVisible()
})

test('staff lease a unit to two residents; rent is charged, paid in part then in full, returned NSF with its fee; reports, books and the resident agree', async ({ page, request }) => {
  const company = await registerCompany(request)
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await request.post(`/api/${path}`, { headers: bearer(company), data })
    expect(response.status(), await response.text()).toBe(201)
    return (await response.json()) as { id: string }
  }
  const [y, m] = todayIn(TIME_ZONE).split('-').map(Number)
  const thisMonth = new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10)
  const property = await post('property-groups/', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: property.id })
  await post('rental-units/', { unit_number: '102', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const adaEmail = `${unique('ada')}@example.test`
  const ada = await post('residents/', { first_name: 'Ada', last_name: 'Lovelace', resident_type: 'APPLICANT', email: adaEmail })
  await post('residents/', { first_name: 'Ben', last_name: 'Franklin', resident_type: 'APPLICANT' })
  const leaseName = `102 · Bronson Court from ${thisMonth}`

  // Staff lease the vacant unit to Ada and Ben from the 1st of this month; activating it runs the rent: this month's $1,550.00.
  await logIn(page, company.email, company.password)
  await page.goto('/app/leases/new/')
  await page.getByLabel(/^Rental unit/).selectOption({ label: '102 · Bronson Court' })
  await page.getByLabel(/^Lease type/).selectOption('MONTH_TO_MONTH')
  await page.getByLabel(/^Start date/).fill(thisMonth)
  await page.getByRole('textbox', { name: 'Rent', exact: true }).fill('1550.00')
  await page.getByLabel(/^Rent frequency/).selectOption('MONTHLY')
  await page.getByLabel('Line 1: Resident').selectOption({ label: 'Ada Lovelace' })
  await page.getByLabel('Line 1: Role').selectOption('PRIMARY')
  await page.getByRole('button', { name: 'Add line' }).click()
  await page.getByLabel('Line 2: Resident').selectOption({ label: 'Ben Franklin' })
  await page.getByLabel('Line 2: Role').selectOption('CO_TENANT')
  await page.getByRole('button', { name: 'Add Lease' }).click()
  await expect(page).toHaveTitle(`${leaseName} | Lintel`)
  const lease = { id: new URL(page.url()).pathname.split('/')[3] }
  await page.getByRole('link', { name: 'Activate' }).click()
  await page.getByRole('button', { name: 'Yes, activate' }).click()
  await expect(page.getByText('Lease activated: the unit is let to its residents.')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Charges/ }).getByRole('row', { name: new RegExp(thisMonth) })).toContainText('$1,550.00')

  // The signed lease is kept on it, shared with its residents, by a multipart form: a program is refused at the file, which is chosen again.
  await page.getByRole('region', { name: /^Attachments/ }).getByRole('link', { name: 'Add Lease Attachment' }).click()
  await expect(page).toHaveTitle('Add Lease Attachment | Lintel')
  await page.getByLabel(/^Title/).fill('Signed lease')
  await page.getByLabel(/^Category/).selectOption('SIGNED_LEASE')
  await page.getByLabel(/^Shared with residents/).check()
  await page.getByLabel(/^File/).setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]) })
  await page.getByRole('button', { name: 'Add Lease Attachment' }).click()
  await expect(page.getByText(/This file is not a kind we accept for a document/).first()).toBeVisible()
  await expect(page.getByLabel(/^Title/)).toHaveValue('Signed lease')
  await page.getByLabel(/^File/).setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\nsigned by both\n') })
  await page.getByRole('button', { name: 'Add Lease Attachment' }).click()
  await expect(page).toHaveTitle('Signed lease | Lintel')
  await expect(page.getByText('Lease Attachment Signed lease created.')).toBeVisible()
  await page.goto(`/app/leases/${lease.id}/`)
  await expect(page.getByRole('region', { name: /^Attachments/ }).getByRole('row', { name: /Signed lease/ })).toContainText('Signed lease')

  // A partial payment, applied to the rent.
  await page.goto('/app/rent-payments/')
  await expect(page).toHaveTitle('Rent Payments | Lintel')
  await expect(page.getByRole('link', { name: 'Add Rent Payment' }).first()).toBeVisible()
  // Recorded from the lease's page: the form comes with the lease chosen.
  await page.goto(`/app/leases/${lease.id}/`)
  await page.getByRole('link', { name: 'Record payment' }).click()
  await expect(page.getByLabel(/^Lease/)).toHaveValue(lease.id)
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('1000.00')
  await page.getByLabel(/^Method/).selectOption('E_TRANSFER')
  await page.getByRole('button', { name: 'Add Rent Payment' }).click()
  await expect(page).toHaveTitle(new RegExp(`^Payment of .* · ${leaseName} \\| Lintel$`))
  await expect(page.getByRole('region', { name: /^Applied to/ }).getByRole('row')).toHaveCount(2)

  // The rest, ticked on the bulk page.
  await page.goto('/app/rent-payments/bulk-mark-as-paid/')
  await expect(page).toHaveTitle('Mark Charges as Paid | Lintel')
  await page.getByRole('button', { name: 'Mark as paid' }).click()
  await expect(page.getByText('Choose at least one charge.').first()).toBeVisible()
  await page.getByRole('checkbox', { name: new RegExp(`^Paid: Rent of ${thisMonth} · ${leaseName}, \\$550\\.00$`) }).check()
  await page.getByLabel(/^Method/).selectOption('CHEQUE')
  await page.getByLabel(/^Reference/).fill('0042')
  await page.getByRole('button', { name: 'Mark as paid' }).click()
  await expect(page.getByText('1 payment recorded, one per lease.')).toBeVisible()
  await page.goto(`/app/leases/${lease.id}/`)
  await expect(page.locator('dd', { hasText: '$0.00' })).toBeVisible()
  // Both payments are listed on the lease's page.
  await expect(page.getByRole('region', { name: /^Payments/ }).getByRole('row')).toHaveCount(3)

  // The cheque comes back NSF, with a $45.00 fee: the lease owes $550.00 and the fee.
  await page.goto('/app/rent-payments/?search=0042')
  await page.getByRole('link', { name: todayIn(TIME_ZONE), exact: true }).click()
  await page.getByRole('link', { name: 'Returned (NSF)' }).click()
  const actions = page.getByRole('region', { name: 'Actions' })
  await actions.getByLabel(/^Returned on/).fill(todayIn(TIME_ZONE))
  await actions.getByRole('textbox', { name: 'NSF fee', exact: true }).fill('45.00')
  await actions.getByRole('button', { name: /^Yes/ }).click()
  await expect(page.getByText('Payment returned: its charges are owed again.')).toBeVisible()
  await page.goto(`/app/leases/${lease.id}/`)
  await expect(page.locator('dd', { hasText: '$595.00' })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Charges/ }).getByRole('row', { name: /NSF fee/ })).toContainText('$45.00')

  // The rent roll and aged receivables say the same: $595.00 owed, this month's, tied to the receivables account.
  await page.goto('/app/reporting/generate-report/')
  await page.getByRole('link', { name: 'Rent Roll' }).click()
  await expect(page).toHaveTitle('Rent Roll | Lintel')
  const rolled = page.getByRole('row', { name: /^102 · Bronson Court/ })
  await expect(rolled).toContainText('Ada Lovelace')
  await expect(rolled).toContainText('$1,550.00')
  await expect(rolled.getByRole('cell').last()).toHaveText('$595.00')
  await page.goto('/app/reporting/aged-receivables/')
  await expect(page.getByText('The receivables account’s balance that day is $595.00.')).toBeVisible()
  const aged = page.getByRole('row', { name: /^102 · Bronson Court/ })
  await expect(aged.getByRole('cell').nth(3)).toHaveText('$595.00')
  await expect(aged.getByRole('cell').last()).toHaveText('$595.00')
  // A filter that matches nothing says so, and a bad one is refused at its field with the value kept.
  await page.getByLabel('Owing at least').fill('600.00')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('No lease owes anything or holds a credit on this date.')).toBeVisible()
  await page.getByLabel('Owing at least').fill('6 hundred')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(/Minimum balance must be an amount/).first()).toBeVisible()
  await expect(page.getByLabel('Owing at least')).toHaveValue('6 hundred')

  // The books still balance: $1,000.00 waiting to be deposited and $595.00 owed, against $1,595.00 of rent and fee income.
  await page.goto('/app/reporting/trial-balance/')
  await expect(page.getByRole('row', { name: 'Total $1,595.00 $1,595.00' })).toBeVisible()

  // Ada, invited to the resident center, signs in and sees the same $595.00 owing.
  expect((await request.post(`/api/residents/${ada.id}/invite-to-resident-center/`, { headers: bearer(company), data: {} })).status()).toBeLessThan(300)
  await page.context().clearCookies()
  await page.goto(linkIn(await mailTo(adaEmail, /invited you/), '/accept-invitation/').pathname)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Accept and sign in' }).click()
  await expect(page).toHaveURL('/rc/')
  await expect(page.getByTestId('balance')).toHaveText('$595.00')
  // And reads the signed lease on her lease's page.
  await page.goto(`/rc/leases/${lease.id}/`)
  const shared = page.getByRole('region', { name: 'Documents' }).getByRole('link', { name: 'Signed lease' })
  await expect(shared).toBeVisible()
  const file = await page.request.get((await shared.getAttribute('href'))!)
  expect([file.status(), file.headers()['content-type']]).toEqual([200, 'application/pdf'])
})
