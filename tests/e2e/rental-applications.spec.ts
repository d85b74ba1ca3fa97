import { expect, test } from './support/fixtures'
import { createThroughApi, linkIn, mailTo, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * Applying for a home and deciding on it (issue 17 items 3–4), with JavaScript on and off: someone
 * finds a published listing, opens its application, applies with a co-applicant and a pay stub
 * (a missing e-mail refused by its field, everything typed and the file kept), and gets a receipt; the manager
 * sees them among the rental applicants, reads the answers and approves: a draft lease of the unit
 * with both on it.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

test('an applicant applies online with a co-applicant and a file; the manager approves; both sign the lease on a phone, and it is active', async ({ page, request, browser, javaScriptEnabled }) => {
  const company: Company = await registerCompany(request)
  const auth = { authorization: `Bearer ${company.token}` }
  expect((await request.put('/api/user_settings/', { headers: auth, data: { has_e_signature_enabled: true, has_lintel_ai_enabled: false, sms: false } })).status()).toBe(200)
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await createThroughApi(request, company, 'buildings', {
    name: 'Bronson Court',
    property_group_id: property.id,
    address: { street: '210 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6H4', country: 'CA' },
  })
  const unit = await createThroughApi(request, company, 'rental-units', { unit_number: '204', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', bedrooms: 2 })
  const form = await createThroughApi(request, company, 'rental-application-forms', {
    name: 'Standard Application',
    lines: [
      { section: 'About you', label: 'Date of birth', kind: 'DATE', required: true },
      { section: 'Where you live now', label: 'Do you rent or own?', kind: 'CHOICE', required: true, choices: 'Rent\nOwn' },
      { section: 'Income', label: 'Pay stub', kind: 'FILE', required: true },
    ],
  })
  const listing = await createThroughApi(request, company, 'rental-unit-listings', {
    rental_unit_id: unit.id,
    title: 'Bright two-bedroom near the canal',
    description: 'Sunny corner unit.',
    rent: '2150.00',
    deposit: '2150.00',
    available_on: '2031-05-01',
    application_form_id: form.id,
  })
  expect((await request.post(`/api/rental-unit-listings/${listing.id}/publish/`, { headers: auth, data: {} })).status()).toBe(200)
  const suffix = String(form.id).slice(0, 8)
  const ada = `ada-${suffix}@example.test`
  const charles = `charles-${suffix}@example.test`

  // The applicant, signed out, on a phone.
  const visitor = await (await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } })).newPage()
  await visitor.goto(`/listings/${listing.id}/`)
  await visitor.getByRole('link', { name: 'Apply online' }).click()
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Standard Application')
  await expect(visitor.getByRole('radio', { name: /Bright two-bedroom near the canal/ })).toBeChecked()
  await visitor.getByLabel('First name').first().fill('Ada')
  await visitor.getByLabel('Last name').first().fill('Lovelace')
  await visitor.getByLabel('E-mail', { exact: true }).first().fill(ada)
  await visitor.getByLabel('Monthly income').first().fill('5200.00')
  await visitor.getByText('Add a co-applicant, guarantor or occupant').click()
  await visitor.getByLabel('Role').first().selectOption('CO_APPLICANT')
  await visitor.getByLabel('First name').nth(1).fill('Charles')
  await visitor.getByLabel('Last name').nth(1).fill('Babbage')
  await visitor.getByLabel('Date of birth').fill('1990-12-10')
  await visitor.getByRole('radio', { name: 'Rent', exact: true }).check()
  await visitor.getByLabel('Pay stub').setInputFiles({ name: 'pay-stub.pdf', mimeType: 'application/pdf', buffer: PDF })
  await visitor.getByRole('checkbox', { name: /obtaining a credit report/ }).check()
  await visitor.getByRole('button', { name: 'Send application' }).click()

  // Refused by the field; everything typed is kept, and the file too (the page claims it by its token).
  await expect(visitor.getByText('Enter their e-mail address: co-applicants and guarantors sign the lease.').first()).toBeVisible()
  await expect(visitor.getByLabel('First name').nth(1)).toHaveValue('Charles')
  await expect(visitor.getByLabel('Date of birth')).toHaveValue('1990-12-10')
  await expect(visitor.getByRole('radio', { name: 'Rent', exact: true })).toBeChecked()
  await expect(visitor.getByLabel('Monthly income').first()).toHaveValue('5200.00')
  await expect(visitor.getByText('pay-stub.pdf is attached. Choose another file only to replace it.')).toBeVisible()
  await visitor.getByLabel('E-mail', { exact: true }).nth(1).fill(charles)
  if (!(await visitor.getByRole('checkbox', { name: /obtaining a credit report/ }).isChecked())) await visitor.getByRole('checkbox', { name: /obtaining a credit report/ }).check()
  await visitor.getByRole('button', { name: 'Send application' }).click()
  await expect(visitor.getByRole('status')).toContainText('Your application is in')
  const receipt = await mailTo(ada, /^Your application to /)
  expect(receipt.text).toContain('People on it: Ada Lovelace (applicant), Charles Babbage (co-applicant)')
  await mailTo(charles, /^Your application to /)
  await visitor.close()

  // The manager.
  await logIn(page, company.email, company.password)
  await page.goto('/app/rental-applicants/')
  await expect(page.getByRole('link', { name: 'Charles', exact: true })).toBeVisible()
  await page.goto('/app/rental-applications/')
  await page.getByRole('link', { name: 'Ada Lovelace · 204 · Bronson Court' }).click()
  const answers = page.getByRole('region', { name: /^Answers/ })
  await expect(answers.getByRole('row', { name: /Date of birth 1990-12-10/ })).toBeVisible()
  await expect(answers.getByRole('row', { name: /Pay stub pay-stub\.pdf/ })).toBeVisible()
  await page.getByRole('link', { name: 'Approve' }).click()
  await page.getByRole('button', { name: 'Yes, approve' }).click()
  await expect(page.getByText('Application approved: its draft lease is linked on this page.')).toBeVisible()
  await page.getByRole('link', { name: '204 · Bronson Court from 2031-05-01' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('204 · Bronson Court from 2031-05-01')
  const residents = page.getByRole('region', { name: /Residents/ })
  await expect(residents.getByRole('row', { name: /Ada Lovelace Primary tenant/ })).toBeVisible()
  await expect(residents.getByRole('row', { name: /Charles Babbage Co-tenant/ })).toBeVisible()

  // Sent to sign online from the lease's page.
  const actions = page.getByRole('region', { name: 'Actions' })
  await actions.getByLabel(/^Message to the signers/).fill('Welcome to Bronson Court.')
  await actions.getByRole('button', { name: 'Send to sign online' }).click()
  await expect(page.getByText('Sent to sign online: the first signer was e-mailed their link.', { exact: false })).toBeVisible()

  // Each signs on a phone, in turn, at the link mailed to them.
  const phone = await (await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } })).newPage()
  for (const [email, name] of [
    [ada, 'Ada Lovelace'],
    [charles, 'Charles Babbage'],
  ] as const) {
    await phone.goto(linkIn(await mailTo(email, /Please sign your lease/), '/sign/').pathname)
    await expect(phone.getByText('Welcome to Bronson Court.')).toBeVisible()
    await phone.getByLabel('Your full name').fill(name)
    await phone.getByLabel(/I agree to sign this lease electronically/).check()
    await phone.getByRole('button', { name: 'Sign the lease' }).click()
    await expect(phone.getByText('Thank you: your signature is recorded.')).toBeVisible()
  }
  await phone.close()

  await page.reload()
  await expect(page.locator('dd', { hasText: /^Active$/ })).toBeVisible()
  // Signed ahead of its start: the unit is let from then, and its residents are to move in.
  await page.goto(`/app/rental-units/${unit.id}/`)
  await expect(page.locator('dd', { hasText: 'Vacant' })).toBeVisible()
  await page.goto('/app/future-residents/')
  await expect(page.getByRole('row', { name: /Ada\s+Lovelace/ })).toContainText('2031-05-01')
})
