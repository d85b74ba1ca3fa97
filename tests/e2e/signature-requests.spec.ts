import { expect, test } from './support/fixtures'
import { createThroughApi, linkIn, mailTo, registerCompany, unique, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A lease signed online on a phone (issue 17 items 7, 9 and 10), with JavaScript on and off: the
 * manager sends a draft lease of two tenants to sign; each tenant opens the link mailed to them in
 * turn, is told what is missing (consent) with their name kept, signs (drawing too, with
 * JavaScript), and the lease becomes active (its unit let from its start). A used link says it was signed;
 * a wrong one is a 404.
 */

const PHONE = { width: 390, height: 844 }

test('two tenants sign their lease in turn on a phone, and the lease becomes active', async ({ page, request, browser, javaScriptEnabled }) => {
  const company: Company = await registerCompany(request)
  const headers = { authorization: `Bearer ${company.token}` }
  expect((await request.put('/api/user_settings/', { headers, data: { has_e_signature_enabled: true, has_lintel_ai_enabled: false, sms: false } })).status()).toBe(200)
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await createThroughApi(request, company, 'buildings', { name: 'Bronson Court', property_group_id: property.id })
  const unit = await createThroughApi(request, company, 'rental-units', { unit_number: '204', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const id = unique('sign')
  const ada = await createThroughApi(request, company, 'residents', { first_name: 'Ada', last_name: 'Lovelace', email: `ada-${id}@example.test`, resident_type: 'FUTURE_RESIDENT' })
  const grace = await createThroughApi(request, company, 'residents', { first_name: 'Grace', last_name: 'Hopper', email: `grace-${id}@example.test`, resident_type: 'FUTURE_RESIDENT' })
  const lease = await createThroughApi(request, company, 'leases', {
    rental_unit_id: unit.id,
    lease_type: 'FIXED',
    start_date: '2031-05-01',
    end_date: '2032-04-30',
    rent: '2150.00',
    rent_frequency: 'MONTHLY',
    lines: [
      { resident_id: ada.id, role: 'PRIMARY' },
      { resident_id: grace.id, role: 'CO_TENANT' },
    ],
  })
  const sent = await request.post(`/api/leases/${lease.id}/generate-signature-request/`, { headers, data: { message: 'Welcome to Bronson Court.' } })
  expect(sent.status(), await sent.text()).toBe(200)

  // The signers' phone is the test's own page, so axe checks the signing page in each state it shows.
  const phone = page
  await phone.setViewportSize(PHONE)
  const signAs = async (email: string, name: string) => {
    const link = linkIn(await mailTo(email, /Please sign your lease/), '/sign/')
    await phone.goto(link.pathname)
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Sign your lease')
    await expect(phone.getByText('Welcome to Bronson Court.')).toBeVisible()
    const pdf = await phone.request.get((await phone.getByRole('link', { name: 'Read the lease (PDF)' }).getAttribute('href'))!)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    // No consent: the form says so, and keeps the name typed.
    await phone.getByLabel('Your full name').fill(name)
    await phone.getByRole('button', { name: 'Sign the lease' }).click()
    await expect(phone.getByText('Tick the box to agree to sign electronically.').first()).toBeVisible()
    await expect(phone.getByLabel('Your full name')).toHaveValue(name)
    await phone.getByLabel(/I agree to sign this lease electronically/).check()
    if (javaScriptEnabled) {
      const pad = phone.getByTestId('signature-pad')
      await pad.scrollIntoViewIfNeeded()
      const box = (await pad.boundingBox())!
      await phone.mouse.move(box.x + 20, box.y + box.height / 2)
      await phone.mouse.down()
      await phone.mouse.move(box.x + 120, box.y + 30, { steps: 5 })
      await phone.mouse.move(box.x + 220, box.y + box.height - 30, { steps: 5 })
      await phone.mouse.up()
      await expect(phone.getByText('Signature drawn.')).toBeVisible()
    } else {
      await expect(phone.getByText('Your typed name is your signature.')).toBeVisible()
    }
    await phone.getByRole('button', { name: 'Sign the lease' }).click()
    await expect(phone.getByText('Thank you: your signature is recorded.')).toBeVisible()
    await expect(phone.getByText(/^You signed this lease on \d{4}-\d\d-\d\d/)).toBeVisible()
    return link
  }

  const adaLink = await signAs(ada.email as string, 'Ada Lovelace')
  await expect(phone.getByRole('listitem').filter({ hasText: 'Ada Lovelace (you)' })).toContainText('Signed')
  // The link used again: it says when it was signed, and offers nothing to sign.
  await phone.goto(adaLink.pathname)
  await expect(phone.getByText(/^You signed this lease on/)).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Sign the lease' })).toHaveCount(0)

  await signAs(grace.email as string, 'Grace Hopper')

  const after = await (await request.get(`/api/leases/${lease.id}/`, { headers })).json()
  expect(after.status).toBe('ACTIVE')
  // Signed ahead of its start: the unit is let from then.
  expect((await (await request.get(`/api/rental-units/${unit.id}/`, { headers })).json()).status).toBe('VACANT')
  const signers = (await (await request.get(`/api/signature-request-signers/?page_size=10`, { headers })).json()).results as { name: string; drew_signature: boolean }[]
  expect(signers.map((s) => [s.name, s.drew_signature])).toEqual([
    ['Ada Lovelace', javaScriptEnabled],
    ['Grace Hopper', javaScriptEnabled],
  ])

  const wrong = await phone.goto('/sign/not-a-real-signing-link-at-all-000000/')
  expect(wrong?.status()).toBe(404)
  await expect(phone.getByText('No such signing link.')).toBeVisible()

  // Staff see the request completed and the lease active.
  const staff = await (await browser.newContext({ javaScriptEnabled })).newPage()
  await logIn(staff, company.email, company.password)
  await staff.goto('/app/signature-requests/')
  await expect(staff.getByRole('row').filter({ hasText: '204 · Bronson Court' })).toContainText('Completed')
  await staff.goto(`/app/leases/${lease.id}/`)
  await expect(staff.getByText('Active', { exact: true }).first()).toBeVisible()
})
