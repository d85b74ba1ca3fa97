import { describe, expect, it } from 'vitest'
import { api, registerCompany } from '../factories/api'
import { PNG } from '../factories/files'
import { get, leasingCompany, type Body } from '../factories/leasing'
import { upload } from '../factories/uploads'
import { receivedMail } from '../setup/smtp'
import { download, pdfPages } from './support/pdf-text'

/*
 * Inspections (issue 15 item 6): a company starts with a standard form; a report made from it lays
 * the rooms out for the unit (a room per bedroom and bathroom), is of the unit's lease, and is
 * named by its type, unit and day. Finalizing asks for every item rated, a photo of a damaged item
 * where the form wants one, and the signatures; it locks the report (no change, no new file), opens
 * a work order for each item to repair and charges the lease for each item to charge. A move-out is
 * shown beside the unit's move-in, item by item. The PDF carries the items and the signatures.
 */

async function setUp() {
  const company = await leasingCompany()
  const lease = await company.lease()
  const sized = await api('PUT', `rental-units/${lease.unit.id}/`, { token: company.token, body: { bedrooms: 2, bathrooms: 1.5 } })
  expect(sized.status, JSON.stringify(sized.body)).toBe(200)
  const [form] = (await get(company.token, 'property-inspection-forms/')).results as Body[]
  const report = (body: Record<string, unknown> = {}) => company.post('inspection-reports/', { rental_unit_id: lease.unit.id, inspection_type: 'MOVE_IN', form_id: form.id, scheduled_date: '2031-03-01', ...body })
  const read = (id: string) => get(company.token, `inspection-reports/${id}/`) as Promise<Body>
  const put = (id: string, body: Record<string, unknown>) => api('PUT', `inspection-reports/${id}/`, { token: company.token, body })
  const act = (id: string, action: string, body: Record<string, unknown> = {}) => api('POST', `inspection-reports/${id}/${action}/`, { token: company.token, body })
  /** Rates every item of a report as told (by "room/item"), the rest Good. */
  const rate = async (id: string, ratings: Record<string, Record<string, unknown>> = {}) => {
    const current = await read(id)
    // What a client writes of each item: the rest (its form's photo rule, the names of what it opened) is the report's.
    const lines = (current.lines as Body[]).map(({ id: lineId, room, item, note }) => ({ id: lineId, room, item, note, rating: 'GOOD', ...ratings[`${room}/${item}`] }))
    const rated = await put(id, { lines })
    expect(rated.status, JSON.stringify(rated.body)).toBe(200)
    return rated.body as Body
  }
  const sign = { inspector_signature: 'Jordan Roy', resident_signature: 'Ada Tenant' }
  return { ...company, newLease: company.lease, lease, form, report, read, put, act, rate, sign }
}

describe('an inspection form', () => {
  it('is there for a new company, room by room', async () => {
    const { token } = await registerCompany()
    const forms = (await get(token, 'property-inspection-forms/')).results as Body[]
    expect(forms.map((f) => f.name)).toEqual(['Standard unit inspection'])
    const form = await get(token, `property-inspection-forms/${forms[0].id}/`)
    expect(form.lines.filter((l: Body) => l.repeat === 'EACH_BEDROOM').map((l: Body) => l.item)).toEqual(['Walls and ceiling', 'Flooring', 'Closet', 'Windows and blinds'])
  })
})

describe('an inspection report', () => {
  it('starts with its form’s items laid out for the unit, of the unit’s lease, named by type, unit and day', async () => {
    const { report, lease } = await setUp()
    const made = await report()
    expect(made).toMatchObject({ status: 'SCHEDULED', lease_id: lease.id, property_group_id: lease.property.id, label: `Move-in inspection · ${lease.unit.label} · 2031-03-01` })
    const rooms = [...new Set((made.lines as Body[]).map((l) => l.room))]
    expect(rooms).toEqual(['Entry', 'Living room', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bathroom 1', 'Bathroom 2', 'Whole unit'])
    expect((made.lines as Body[]).every((l) => l.rating === null && l.photo_required === true)).toBe(true)
  })

  it('refuses another company’s lease and a deactivated form, at their fields', async () => {
    const { token, form, lease: { unit } } = await setUp()
    const next = (await setUp()).lease
    const otherUnits = await api('POST', 'inspection-reports/', { token, body: { rental_unit_id: unit.id, inspection_type: 'PERIODIC', lease_id: next.id } })
    // Another company's lease is not one of this company's at all.
    expect(otherUnits.status).toBe(400)
    expect(otherUnits.body.errors).toHaveProperty('lease_id')
    expect((await api('DELETE', `property-inspection-forms/${form.id}/`, { token })).status).toBe(204)
    const retired = await api('POST', 'inspection-reports/', { token, body: { rental_unit_id: unit.id, inspection_type: 'PERIODIC', form_id: form.id } })
    expect(retired.status).toBe(400)
    expect(retired.body.errors.form_id[0]).toMatch(/deactivated/)
  })

  it('refuses a lease of another of the company’s units', async () => {
    const company = await setUp()
    const other = await company.newLease()
    const wrong = await api('POST', 'inspection-reports/', { token: company.token, body: { rental_unit_id: company.lease.unit.id, inspection_type: 'PERIODIC', lease_id: other.id } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.lease_id).toEqual(['Choose a lease of the report’s unit.'])
  })

  it('is finalized only rated, with a photo of a damaged item and both signatures; then it is locked', async () => {
    const { report, rate, act, put, read, token, sign, lease } = await setUp()
    const made = await report()
    const notRated = await act(made.id, 'finalize', sign)
    expect(notRated.status).toBe(400)
    expect(notRated.body.detail).toMatch(/Entry: Door and lock is not rated/)

    const rated = await rate(made.id, { 'Kitchen/Countertops': { rating: 'DAMAGED', note: 'Burn mark by the stove' } })
    const noPhoto = await act(made.id, 'finalize', sign)
    expect(noPhoto.status).toBe(400)
    expect(noPhoto.body.detail).toMatch(/Kitchen: Countertops is rated damaged and needs a photo/)

    const countertop = (rated.lines as Body[]).find((l) => l.item === 'Countertops')!
    const photo = await upload('photos/', token, { file: new File([PNG], 'burn.png', { type: 'image/png' }), record_type: 'inspection-reports', record_id: made.id, line_id: countertop.id })
    expect(photo.status, JSON.stringify(photo.body)).toBe(201)
    expect(photo.body.line_id).toBe(countertop.id)

    const unsigned = await act(made.id, 'finalize', { inspector_signature: 'Jordan Roy' })
    expect(unsigned.status).toBe(400)
    expect(unsigned.body.errors).toHaveProperty('resident_signature')
    const finalized = await act(made.id, 'finalize', sign)
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200)
    expect(finalized.body).toMatchObject({ status: 'FINALIZED', inspector_signature: 'Jordan Roy', resident_signature: 'Ada Tenant', resident_refused_to_sign: false })
    expect(finalized.body.finalized).toMatch(/\d{4}/)
    expect(finalized.body.inspected_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // Named by the day it was inspected, now that there is one.
    expect(finalized.body.label).toBe(`Move-in inspection · ${lease.unit.label} · ${finalized.body.inspected_date}`)
    const shown = (finalized.body.items as Body[]).find((i) => i.item === 'Countertops')!
    expect(shown).toMatchObject({ rating_label: 'Damaged', note: 'Burn mark by the stove', photos: [{ id: photo.body.id, name: 'burn.png' }], move_in_rating_label: null })

    // Locked: no change, no new file; a note is still welcome.
    const changed = await put(made.id, { summary: 'Changed later' })
    expect(changed.status).toBe(409)
    expect(changed.body.detail).toMatch(/Finalized: it is kept as it is/)
    const later = await upload('photos/', token, { file: new File([PNG], 'late.png', { type: 'image/png' }), record_type: 'inspection-reports', record_id: made.id })
    expect(later.status).toBe(409)
    expect((await api('POST', 'notes/', { token, body: { record_type: 'inspection-reports', record_id: made.id, body: 'Keys returned' } })).status).toBe(201)
    expect((await read(made.id)).summary).toBeNull()
    // Nothing to do any more.
    const todo = (await get(token, 'property-inspections/')).results as Body[]
    expect(todo.map((r) => r.id)).not.toContain(made.id)
  })

  it('sends the tenants with an e-mail address their copy once it is finalized', async () => {
    const { report, rate, act, sign, lease, token } = await setUp()
    const email = `ada-${lease.id.slice(0, 8)}@example.test`
    const [tenant] = (await get(token, `leases/${lease.id}/`)).lines as Body[]
    const named = await api('PUT', `residents/${tenant.resident_id}/`, { token, body: { first_name: 'Ada', last_name: 'Tenant', resident_type: 'CURRENT_RESIDENT', email } })
    expect(named.status, JSON.stringify(named.body)).toBe(200)
    const made = await report()
    await rate(made.id)
    const toThem = () => receivedMail().filter((m) => m.to.includes(email))
    expect(toThem()).toHaveLength(0)
    const finalized = await act(made.id, 'finalize', sign)
    expect(finalized.status).toBe(200)
    // The subject names the report ("Your signed inspection report: Move-in inspection · …", encoded for its "·").
    expect(toThem()).toHaveLength(1)
    expect(toThem()[0].subject).toContain('Your_signed_inspection_report')
    expect(toThem()[0].raw).toMatch(/Content-Type: application\/pdf; name=.*Move-in inspection/)
  })

  it('takes a photo of one of its own items only', async () => {
    const { report, token } = await setUp()
    const [one, two] = await Promise.all([report(), report({ inspection_type: 'PERIODIC' })])
    const line = (one.lines as Body[])[0]
    const elsewhere = await upload('photos/', token, { file: new File([PNG], 'x.png', { type: 'image/png' }), record_type: 'inspection-reports', record_id: two.id, line_id: line.id })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body.errors.line_id).toEqual(['No such line of this record.'])
    const alone = await upload('photos/', token, { file: new File([PNG], 'x.png', { type: 'image/png' }), line_id: line.id })
    expect(alone.status).toBe(400)
    expect(alone.body.errors).toHaveProperty('line_id')
    const listed = (await get(token, 'property-inspections/')).results as Body[]
    expect(listed.map((r) => r.id).sort()).toEqual([one.id, two.id].sort())
  })

  it('at move-out stands beside the move-in; its repairs open work orders and its charges charge the lease', async () => {
    const { report, rate, act, read, token, sign, lease } = await setUp()
    const moveIn = await report()
    await rate(moveIn.id, { 'Kitchen/Refrigerator': { rating: 'NEW' } })
    expect((await act(moveIn.id, 'finalize', sign)).status).toBe(200)

    const moveOut = await report({ inspection_type: 'MOVE_OUT', scheduled_date: '2032-02-28' })
    expect(moveOut.move_in_report_id).toBe(moveIn.id)
    expect(moveOut.move_in_report_label).toBe((await read(moveIn.id)).label)
    const withPhoto = async (item: string) => {
      const line = ((await read(moveOut.id)).lines as Body[]).find((l) => l.item === item)!
      const shot = await upload('photos/', token, { file: new File([PNG], `${item}.png`, { type: 'image/png' }), record_type: 'inspection-reports', record_id: moveOut.id, line_id: line.id })
      expect(shot.status).toBe(201)
    }
    await Promise.all([withPhoto('Refrigerator'), withPhoto('Stove and oven')])
    await rate(moveOut.id, {
      'Kitchen/Refrigerator': { rating: 'DAMAGED', note: 'Door seal torn', follow_up: 'REPAIR' },
      'Kitchen/Stove and oven': { rating: 'POOR', note: 'Burnt-on grease', follow_up: 'CHARGE', charge_amount: '85.00' },
    })
    const finalized = await act(moveOut.id, 'finalize', { inspector_signature: 'Jordan Roy', resident_refused_to_sign: true })
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200)
    expect(finalized.body).toMatchObject({ resident_signature: null, resident_refused_to_sign: true })

    const items = finalized.body.items as Body[]
    const fridge = items.find((i) => i.item === 'Refrigerator')!
    expect(fridge).toMatchObject({ move_in_rating_label: 'New', rating_label: 'Damaged', change: 'Worse', follow_up: 'Repair (opens a work order)' })
    expect(items.find((i) => i.item === 'Door and lock')).toMatchObject({ move_in_rating_label: 'Good', rating_label: 'Good', change: null })

    const order = await get(token, `work-orders/${fridge.work_order_id}/`)
    expect(order).toMatchObject({ subject: 'Kitchen: Refrigerator', rental_unit_id: lease.unit.id, property_group_id: lease.property.id, priority: 'ROUTINE', stage: 'NEW' })
    expect(order.description).toMatch(/Door seal torn/)
    const stove = items.find((i) => i.item === 'Stove and oven')!
    const charge = await get(token, `rent-receivables/${stove.charge_id}/`)
    expect(charge).toMatchObject({ lease_id: lease.id, amount: '85.00', charge_type: 'MAINTENANCE', description: 'Damage: Kitchen, Stove and oven (move-out inspection)' })
    const account = await get(token, `leases/${lease.id}/rent-account/`)
    expect(JSON.stringify(account)).toContain('Damage: Kitchen, Stove and oven')

    // The PDF: the items beside the move-in's, the photos, and who signed.
    const pdf = await download(`inspection-reports/${moveOut.id}/generate-pdf/`, token)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = (await pdfPages(pdf.bytes)).join('\n')
    expect(text).toContain(String(finalized.body.label))
    expect(text).toContain('At move-in')
    expect(text).toContain('Door seal torn')
    expect(text).toContain('Photos (2)')
    expect(text).toContain('Inspector: Jordan Roy')
    expect(text).toContain('Resident: refused to sign')
  })

  it('as a draft PDF says it is not finalized', async () => {
    const { report, token } = await setUp()
    const made = await report({ inspection_type: 'PERIODIC' })
    const text = (await pdfPages((await download(`inspection-reports/${made.id}/generate-pdf/`, token)).bytes)).join('\n')
    expect(text).toContain('Not finalized: this report can still change and is not signed.')
    expect(text).toContain('DRAFT')
  })
})
