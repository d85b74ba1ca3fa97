import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'
import { receivedMail } from '../setup/smtp'

/*
 * The waitlist as the public and staff meet it: anyone joins a company's waitlist by its public
 * address with their consent (refused by field without it, kept once per e-mail, a honeypot keeping
 * nothing); staff list them but do not change them; a published listing e-mails those it suits,
 * each once.
 */

describe('the waitlist', () => {
  it('is joined by the public with consent, and a published listing e-mails the subscribers it suits, each once', async () => {
    const { token, post, home } = await leasingCompany()
    const { slug } = await get(token, 'property-management-company/')
    const join = (body: Record<string, unknown>) => api('POST', `${slug}/waitlist-subscribers/`, { body: { first_name: 'Ada', last_name: 'Lovelace', consented: true, ...body } })
    const [ada, grace, rich] = ['ada', 'grace', 'rich'].map((name) => `${name}-${slug}@example.test`)

    const noConsent = await join({ email: ada, consented: false })
    expect(noConsent.status).toBe(400)
    expect(noConsent.body.errors).toEqual({ consented: ['Tick the box to agree to be e-mailed: the waitlist only writes to those who asked.'] })
    expect((await join({ email: 'not-an-address' })).body.errors).toEqual({ email: ['Enter a valid e-mail address.'] })
    expect((await api('POST', 'no-such-company-xyz/waitlist-subscribers/', { body: { first_name: 'A', last_name: 'B', email: ada, consented: true } })).status).toBe(404)

    expect((await join({ email: ada, bedrooms: 2, max_rent: '2200.00', move_in_date: '2031-05-01' })).status).toBe(201)
    expect((await join({ email: ada.toUpperCase(), bedrooms: 1 })).status).toBe(201)
    expect((await join({ email: grace, first_name: 'Grace', bedrooms: 3 })).status).toBe(201)
    expect((await join({ email: rich, first_name: 'Rich', max_rent: '1500.00' })).status).toBe(201)
    // A script filling the hidden field is answered alike and kept out.
    expect((await join({ email: 'bot@example.test', company_website: 'http://spam.example' })).status).toBe(201)

    const listed = await get(token, 'waitlist-subscribers/')
    expect(listed.count).toBe(3)
    expect(listed.results.find((s: { email: string }) => s.email === ada)).toMatchObject({ bedrooms: 2, max_rent: '2200.00', source: 'PUBLIC', consented: true })
    // Kept as they gave it: there is no update.
    expect((await api('PUT', `waitlist-subscribers/${listed.results[0].id}/`, { token, body: { notes: 'x' } })).status).toBe(404)
    expect((await get(token, `waitlist-subscribers/${listed.results[0].id}/`)).notes).toBeNull()

    const building = await post('buildings/', { name: 'Bronson Court', property_group_id: home.id })
    const unit = await post('rental-units/', { unit_number: '204', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', bedrooms: 2 })
    const listing = await post('rental-unit-listings/', { rental_unit_id: unit.id, title: 'Two-bedroom near the canal', description: 'Sunny.', rent: '2150.00', available_on: '2031-05-10' })
    const draftMail = await api('POST', `rental-unit-listings/${listing.id}/email-waitlist/`, { token, body: {} })
    expect(draftMail.status).toBe(409)
    expect((await api('POST', `rental-unit-listings/${listing.id}/publish/`, { token, body: {} })).status).toBe(200)
    const before = receivedMail().length
    const sent = await api('POST', `rental-unit-listings/${listing.id}/email-waitlist/`, { token, body: {} })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    // Ada suits it (two bedrooms, within her rent, free nine days after her move-in); Grace needs three, Rich pays less.
    const mails = receivedMail().slice(before)
    expect(mails.map((m) => m.to).flat()).toEqual([ada])
    expect(mails[0].subject).toBe('A home you asked about: Two-bedroom near the canal')
    expect(mails[0].text).toContain(`/listings/${listing.id}/`)
    const again = await api('POST', `rental-unit-listings/${listing.id}/email-waitlist/`, { token, body: {} })
    expect(again.status).toBe(409)
    expect(again.body.detail).toMatch(/No one on the waitlist is left to tell/)
  })
})
