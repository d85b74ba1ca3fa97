import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { PNG } from '../factories/files'
import { get, leasingCompany } from '../factories/leasing'
import { upload } from '../factories/uploads'

/*
 * Listings as an API client and the public meet them: a unit's listing is drafted, refused
 * publication by field until it says what the public page shows, published (then anyone reads it
 * and its photos, in their order, and the company's public address lists it), and unpublished
 * (then it and its photos are 404 to the public, as a draft always was).
 */

async function setUp() {
  const company = await leasingCompany()
  const { post, home } = company
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: home.id, address: { street: '210 Bronson Avenue', city: 'Ottawa', province: 'ON', postal_code: 'K1R 6H4', country: 'CA' } })
  const unit = await post('rental-units/', { unit_number: '204', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', bedrooms: 2, bathrooms: '1.0', area_sq_ft: 820 })
  return { ...company, unit }
}

const publicly = (path: string) => api('GET', path, {})

describe('listings', () => {
  it('is drafted, published once it says what the public sees, read by anyone with its photos in order, and hidden once unpublished', async () => {
    const { token, post, unit } = await setUp()
    const listing = await post('rental-unit-listings/', { rental_unit_id: unit.id, title: 'Bright two-bedroom near the canal', rent: '2150.00', deposit: '2150.00', amenities: 'In-suite laundry\nBalcony\n\nDishwasher', pet_policy: 'CATS' })
    expect(listing).toMatchObject({ status: 'DRAFT', label: 'Bright two-bedroom near the canal · 204 · Bronson Court' })
    // A draft is no one's business but the company's.
    expect((await publicly(`listings/${listing.id}/`)).status).toBe(404)

    const early = await api('POST', `rental-unit-listings/${listing.id}/publish/`, { token, body: {} })
    expect(early.status).toBe(400)
    expect(early.body.errors).toEqual({ description: ['Describe the unit before publishing it: the public page shows it.'], available_on: ['Say when the unit is available before publishing it.'] })
    expect((await get(token, `rental-unit-listings/${listing.id}/`)).status).toBe('DRAFT')

    expect((await api('PUT', `rental-unit-listings/${listing.id}/`, { token, body: { description: 'Sunny corner unit, steps from the Rideau Canal.', available_on: '2031-05-01' } })).status).toBe(200)
    const second = await upload('photos/', token, { file: new File([PNG], 'kitchen.png', { type: 'image/png' }), record_type: 'rental-unit-listings', record_id: listing.id, sort_order: '2', caption: 'Kitchen' })
    const first = await upload('photos/', token, { file: new File([PNG], 'living.png', { type: 'image/png' }), record_type: 'rental-unit-listings', record_id: listing.id, sort_order: '1' })
    expect([second.status, first.status]).toEqual([201, 201])
    // Unpublished photos are not public either.
    expect((await publicly(`rental-unit-listing-photos/${first.body.id}/`)).status).toBe(404)

    const published = await api('POST', `rental-unit-listings/${listing.id}/publish/`, { token, body: {} })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(published.body).toMatchObject({ status: 'PUBLISHED', published_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })

    const seen = await publicly(`listings/${listing.id}/`)
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({
      title: 'Bright two-bedroom near the canal',
      rent: '2150.00',
      deposit: '2150.00',
      available_on: '2031-05-01',
      amenities: ['In-suite laundry', 'Balcony', 'Dishwasher'],
      pet_policy: 'CATS',
      bedrooms: 2,
      area_sq_ft: 820,
      street: '210 Bronson Avenue',
      city: 'Ottawa',
    })
    expect(seen.body.photos.map((p: { id: string }) => p.id)).toEqual([first.body.id, second.body.id])
    const image = await publicly(`rental-unit-listing-photos/${first.body.id}/`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    // Only a listing's photos are public: another photo of the company is not, by its id.
    const unitPhoto = await upload('photos/', token, { file: new File([PNG], 'meter.png', { type: 'image/png' }), record_type: 'rental-units', record_id: unit.id })
    expect((await publicly(`rental-unit-listing-photos/${unitPhoto.body.id}/`)).status).toBe(404)

    // Photos change places: the kitchen first now, the living room after it; a wrong one is removed, bytes and all.
    const third = await upload('photos/', token, { file: new File([PNG], 'wrong.png', { type: 'image/png' }), record_type: 'rental-unit-listings', record_id: listing.id })
    const moved = await api('PUT', `photos/${second.body.id}/`, { token, body: { sort_order: 0 } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.sort_order).toBe(0)
    expect((await publicly(`listings/${listing.id}/`)).body.photos.map((p: { id: string }) => p.id)).toEqual([second.body.id, first.body.id, third.body.id])
    expect((await api('PUT', `photos/${second.body.id}/`, { token, body: { sort_order: -1 } })).body.errors).toEqual({ sort_order: ['Sort order cannot be negative.'] })
    expect((await api('DELETE', `photos/${third.body.id}/`, { token })).status).toBe(204)
    expect((await publicly(`rental-unit-listing-photos/${third.body.id}/`)).status).toBe(404)
    expect((await publicly(`listings/${listing.id}/`)).body.photos.map((p: { id: string }) => p.id)).toEqual([second.body.id, first.body.id])
    expect((await api('PUT', `photos/${first.body.id}/`, { token, body: { sort_order: 0, caption: 'Living room' } })).body).toMatchObject({ sort_order: 0, caption: 'Living room' })

    const { slug, name } = await get(token, 'property-management-company/')
    expect(seen.body.company).toMatchObject({ name, slug })
    const page = await publicly(`property-management-company/${slug}/`)
    expect(page.body.listings).toEqual([expect.objectContaining({ id: listing.id, rent: '2150.00', bedrooms: 2, city: 'Ottawa', photo_url: `/api/rental-unit-listing-photos/${first.body.id}/` })])

    expect((await api('POST', `rental-unit-listings/${listing.id}/unpublish/`, { token, body: {} })).status).toBe(200)
    expect((await publicly(`listings/${listing.id}/`)).status).toBe(404)
    expect((await publicly(`rental-unit-listing-photos/${first.body.id}/`)).status).toBe(404)
    expect((await publicly(`property-management-company/${slug}/`)).body.listings).toEqual([])
  })
})
