import { expect, test } from './support/fixtures'
import { createThroughApi, registerCompany, type Company } from './support/api'
import { logIn } from './support/auth'

/**
 * A listing from draft to the public and back (issue 17 item 1), with JavaScript on and off: the
 * manager adds its photo and publishes it from its page; anyone then sees it at its public address
 * and on the company's page, with its photo, rent and details; unpublished, its address is a 404.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

test('a listing is published with its photo, seen by the public on its page and the company’s, then unpublished', async ({ page, request, browser, javaScriptEnabled }) => {
  const company: Company = await registerCompany(request)
  const property = await createThroughApi(request, company, 'property-groups', { name: 'Bronson Court', property_type: 'RESIDENTIAL' })
  const building = await createThroughApi(request, company, 'buildings', {
    name: 'Bronson Court',
    property_group_id: property.id,
    address: { street: '210 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6H4', country: 'CA' },
  })
  const unit = await createThroughApi(request, company, 'rental-units', { unit_number: '204', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', bedrooms: 2, bathrooms: '1.0' })
  const listing = await createThroughApi(request, company, 'rental-unit-listings', {
    rental_unit_id: unit.id,
    title: 'Bright two-bedroom near the canal',
    description: 'Sunny corner unit, steps from the Rideau Canal.',
    rent: '2150.00',
    available_on: '2031-05-01',
    amenities: 'In-suite laundry\nBalcony',
  })
  const slug = (await (await request.get('/api/property-management-company/', { headers: { authorization: `Bearer ${company.token}` } })).json()).slug as string

  await logIn(page, company.email, company.password)
  await page.goto(`/app/rental-unit-listings/${listing.id}/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bright two-bedroom near the canal · 204 · Bronson Court')
  const photos = page.getByRole('region', { name: /^Photos/ })
  await photos.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: PNG })
  await photos.getByLabel('Caption').fill('Living room')
  await photos.getByRole('button', { name: 'Upload photo' }).click()
  await expect(page.getByText('Photo uploaded.')).toBeVisible()
  // A second photo goes after it; moved earlier, it leads the public page. A third, taken by mistake, is removed.
  await photos.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'bedroom.png', mimeType: 'image/png', buffer: PNG })
  await photos.getByLabel('Caption').fill('Bedroom')
  await photos.getByRole('button', { name: 'Upload photo' }).click()
  await expect(page.getByText('Photo uploaded.')).toBeVisible()
  await photos.getByRole('button', { name: 'Move earlier: Bedroom' }).click()
  await expect(page.getByText('Photo moved.')).toBeVisible()
  await expect(photos.getByRole('img').first()).toHaveAttribute('alt', 'Bedroom')
  await photos.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'blurry.png', mimeType: 'image/png', buffer: PNG })
  await photos.getByLabel('Caption').fill('Blurry')
  await photos.getByRole('button', { name: 'Upload photo' }).click()
  await expect(page.getByText('Photo uploaded.')).toBeVisible()
  await photos.getByLabel('Remove: Blurry').click()
  await photos.getByRole('button', { name: 'Yes, remove this photo' }).click()
  await expect(page.getByText('Photo removed.')).toBeVisible()
  await expect(photos.getByRole('img')).toHaveCount(2)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Listing published: anyone can see it at its public page and on your company’s page.')).toBeVisible()

  // The public, signed out.
  const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage()
  await visitor.goto(`/${slug}/`)
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Homes for rent from')
  await visitor.getByRole('link', { name: 'Bright two-bedroom near the canal' }).click()
  await expect(visitor).toHaveURL(`/listings/${listing.id}/`)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Bright two-bedroom near the canal')
  await expect(visitor.getByText('210 Bronson Avenue, Ottawa, ON K1R 6H4')).toBeVisible()
  await expect(visitor.getByText('$2,150.00').first()).toBeVisible()
  await expect(visitor.getByRole('img', { name: 'Living room' })).toBeVisible()
  await expect(visitor.getByRole('region', { name: 'Photos' }).getByRole('img').first()).toHaveAttribute('alt', 'Bedroom')
  await expect(visitor.getByRole('listitem').filter({ hasText: 'Balcony' })).toBeVisible()
  const structured = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
  expect(structured).toMatchObject({ '@type': 'Apartment', name: 'Bright two-bedroom near the canal', offers: { price: '2150.00', priceCurrency: 'CAD' } })

  await page.getByRole('button', { name: 'Unpublish' }).click()
  await expect(page.getByText('Listing unpublished: the public no longer sees it.')).toBeVisible()
  const gone = await visitor.goto(`/listings/${listing.id}/`)
  expect(gone?.status()).toBe(404)
  await visitor.close()
})

test('someone joins a company’s waitlist from its public page; without consent the form says so and keeps what was typed', async ({ page, request }) => {
  const company: Company = await registerCompany(request)
  const slug = (await (await request.get('/api/property-management-company/', { headers: { authorization: `Bearer ${company.token}` } })).json()).slug as string
  await page.goto(`/${slug}/waitlist/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Waitlist$/)
  await page.getByLabel('First name').fill('Ada')
  await page.getByLabel('Last name').fill('Lovelace')
  await page.getByLabel('E-mail', { exact: true }).fill(`ada-${slug}@example.test`)
  await page.getByLabel('Bedrooms').fill('2')
  await page.getByLabel('Most rent a month').fill('2200.00')
  await page.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(page.getByText('Tick the box to agree to be e-mailed: the waitlist only writes to those who asked.').first()).toBeVisible()
  await expect(page.getByLabel('Most rent a month')).toHaveValue('2200.00')
  await page.getByRole('checkbox', { name: /may e-mail me about homes/ }).check()
  await page.getByRole('button', { name: 'Join the waitlist' }).click()
  await expect(page.getByRole('status')).toContainText('You are on the waitlist')
  const listed = await (await request.get('/api/waitlist-subscribers/', { headers: { authorization: `Bearer ${company.token}` } })).json()
  expect(listed.results).toEqual([expect.objectContaining({ first_name: 'Ada', bedrooms: 2, max_rent: '2200.00', source: 'PUBLIC' })])
})
