import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { withCompany, getDb } from '~/db/client.server'
import { photos, workOrders } from '~/db/schema'
import { api, invitationToken, PASSWORD, unique } from '../factories/api'
import { PROGRAM } from '../factories/files'
import { get, leasingCompany, type Body } from '../factories/leasing'
import { download } from '../factories/uploads'

/*
 * A resident's work orders in the resident center (issue 15 item 3): they report one with a photo on
 * the unit of their lease, through the definitions' own create (first status, priority targets,
 * history); they follow and comment on theirs only; anyone else's id, a lease not theirs and a
 * photo of another's work order are not found; a photo that is not an image makes nothing.
 */

/** A JPEG's first bytes, enough for its type to be read from its contents. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...new Array(200).fill(0), 0xff, 0xd9])

type Company = Awaited<ReturnType<typeof leasingCompany>>

/** The lease's first resident, given an e-mail, invited and signed in: their access token. */
async function signedInResident(company: Company, lease: Body) {
  const residentId = (await get(company.token, `leases/${lease.id}/`)).lines[0].resident_id as string
  const email = `${unique('resident')}@example.test`
  expect((await api('PUT', `residents/${residentId}/`, { token: company.token, body: { email } })).status).toBe(200)
  expect((await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token: company.token, body: {} })).status).toBe(200)
  const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(email), first_name: 'Ada', last_name: 'Tenant', password: PASSWORD } })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  return { residentId, token: accepted.body.access as string }
}

/** Posts a report as the page does: multipart, photos as repeated `photos` parts. */
async function report(token: string, fields: Record<string, string>, files: File[] = []) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const file of files) form.append('photos', file)
  const response = await getApi().request('http://lintel.test/api/resident-center/work-orders/', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.10' },
    body: form,
  })
  return { status: response.status, body: await response.json() }
}

const jpeg = (name = 'leak.jpg') => new File([JPEG], name, { type: 'image/jpeg' })

async function twoTenants() {
  const company = await leasingCompany()
  const mineLease = await company.lease()
  const theirLease = await company.lease()
  const me = await signedInResident(company, mineLease)
  const them = await signedInResident(company, theirLease)
  return { company, mineLease, theirLease, me, them }
}

describe('a resident reporting a work order', () => {
  it('makes it through the definition on their lease’s unit, with its photo, first status and history', async () => {
    const { company, mineLease, me } = await twoTenants()
    const categories = (await get(me.token, 'resident-center/work-orders/')).categories as { id: string; name: string }[]
    const plumbing = categories.find((c) => c.name === 'Plumbing')
    const made = await report(
      me.token,
      {
        lease_id: mineLease.id,
        subject: 'Leak under the kitchen sink',
        description: 'Water pools under the sink after the tap runs.',
        location: 'Kitchen sink',
        category_id: plumbing?.id ?? '',
        priority: 'URGENT',
        permission_to_enter: 'on',
        entry_notes: 'Key with the concierge',
        pets_on_premises: 'on',
      },
      [jpeg()],
    )
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ subject: 'Leak under the kitchen sink', location: 'Kitchen sink', priority: 'URGENT', stage: 'NEW', permission_to_enter: true, pets_on_premises: true })
    expect(made.body.status_label).toBeTruthy()
    expect(made.body.photos).toHaveLength(1)
    // What the resident shows is the problem: before the work.
    expect(made.body.photos[0].phase).toBe('BEFORE')
    expect(made.body.history.map((h: Body) => h.status_label)).toEqual([made.body.status_label])

    // Staff see it as any work order: on the lease's unit and property, reported by the resident, with its targets.
    const staff = await get(company.token, `work-orders/${made.body.id}/`)
    expect(staff).toMatchObject({ rental_unit_id: (mineLease.unit as Body).id, property_group_id: company.home.id, reported_by_resident_id: me.residentId, priority: 'URGENT' })
    expect(staff.response_due_at).toBeTruthy()
    expect(staff.status_id).toBeTruthy()

    // The photo is the resident's to see, inline, as stored.
    const photo = await download(made.body.photos[0].download_url.replace(/^\/api\//, ''), me.token)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/jpeg')
    expect(photo.headers.get('content-disposition')).toMatch(/^inline/)
    expect(photo.bytes).toEqual(JPEG)
  })

  it('refuses a lease not theirs (404), a missing subject (400 by field) and a photo that is not an image, making nothing', async () => {
    const { company, mineLease, theirLease, me } = await twoTenants()
    const count = async () => (await withCompany(company.companyId, () => getDb().select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.companyId, company.companyId)))).length
    const before = await count()

    const notMine = await report(me.token, { lease_id: theirLease.id, subject: 'Leak' })
    expect(notMine.status).toBe(404)
    expect(notMine.body.detail).toBe('No such lease.')
    expect((await report(me.token, { lease_id: 'not-an-id', subject: 'Leak' })).status).toBe(404)

    const noSubject = await report(me.token, { lease_id: mineLease.id, subject: '  ' })
    expect(noSubject.status).toBe(400)
    expect(noSubject.body.errors.subject).toBeTruthy()

    const program = await report(me.token, { lease_id: mineLease.id, subject: 'Leak' }, [jpeg(), new File([PROGRAM], 'leak.jpg', { type: 'image/jpeg' })])
    expect(program.status).toBe(400)
    expect(program.body.errors.photos[0]).toMatch(/not a kind we accept/)

    const tooMany = await report(me.token, { lease_id: mineLease.id, subject: 'Leak' }, [1, 2, 3, 4, 5, 6].map((n) => jpeg(`${n}.jpg`)))
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors.photos).toBeTruthy()

    expect(await count()).toBe(before)
    const stored = await withCompany(company.companyId, () => getDb().select({ id: photos.id }).from(photos).where(eq(photos.recordType, 'work-orders')))
    expect(stored).toHaveLength(0)
  })

  it('refuses staff: the operations are a resident’s', async () => {
    const company = await leasingCompany()
    expect((await api('GET', 'resident-center/work-orders/', { token: company.token })).status).toBe(403)
  })
})

describe('a resident following their work orders', () => {
  it('lists and reads only their own; another resident’s id, photo and comments are not found', async () => {
    const { mineLease, theirLease, me, them } = await twoTenants()
    const mine = (await report(me.token, { lease_id: mineLease.id, subject: 'Leak' }, [jpeg()])).body
    const second = (await report(me.token, { lease_id: mineLease.id, subject: 'Door sticks' })).body
    const theirs = (await report(them.token, { lease_id: theirLease.id, subject: 'No hot water' }, [jpeg()])).body

    const list = await get(me.token, 'resident-center/work-orders/')
    expect(list.results.map((w: Body) => w.subject)).toEqual(['Door sticks', 'Leak'])
    expect(list.results[0].id).toBe(second.id)
    expect(list.leases.map((l: Body) => l.id)).toEqual([mineLease.id])

    expect((await api('GET', `resident-center/work-orders/${mine.id}/`, { token: me.token })).status).toBe(200)
    const other = await api('GET', `resident-center/work-orders/${theirs.id}/`, { token: me.token })
    expect(other.status).toBe(404)
    expect(other.body.detail).toBe('No such work order.')
    expect((await api('GET', 'resident-center/work-orders/nope/', { token: me.token })).status).toBe(404)
    expect((await api('POST', `resident-center/work-orders/${theirs.id}/comments/`, { token: me.token, body: { body: 'Hello?' } })).status).toBe(404)

    // A photo is theirs only through their own work order: another's, or one named under the wrong work order, is not found.
    const theirPhoto = theirs.photos[0].id
    expect((await download(`resident-center/work-orders/${theirs.id}/photos/${theirPhoto}/download/`, me.token)).status).toBe(404)
    expect((await download(`resident-center/work-orders/${mine.id}/photos/${theirPhoto}/download/`, me.token)).status).toBe(404)
    expect((await download(`resident-center/work-orders/${theirs.id}/photos/${theirPhoto}/download/`, them.token)).status).toBe(200)
  })

  it('shows the comments shared with them, never the internal ones, and signs theirs with their name; a closed work order refuses (409)', async () => {
    const { company, mineLease, me } = await twoTenants()
    const mine = (await report(me.token, { lease_id: mineLease.id, subject: 'Leak' })).body
    const staffComment = async (body: string, shared: boolean) =>
      expect((await api('POST', 'comments/', { token: company.token, body: { work_order_id: mine.id, body, visible_to_resident: shared } })).status).toBe(201)
    await staffComment('We will come Tuesday morning.', true)
    await staffComment('Check the shut-off valve too.', false)

    const commented = await api('POST', `resident-center/work-orders/${mine.id}/comments/`, { token: me.token, body: { body: 'Thanks, Tuesday works.' } })
    expect(commented.status, JSON.stringify(commented.body)).toBe(201)
    expect(commented.body.comments.map((c: Body) => c.body)).toEqual(['We will come Tuesday morning.', 'Thanks, Tuesday works.'])
    expect(commented.body.comments[1].author_name).toBe('Ada Tenant')

    // Staff read it as a comment shown to the resident.
    const staffSide = await get(company.token, `comments/?work_order_id=${mine.id}&visible_to_resident=true`)
    expect(staffSide.results.map((c: Body) => c.body)).toContain('Thanks, Tuesday works.')

    expect((await api('POST', `resident-center/work-orders/${mine.id}/comments/`, { token: me.token, body: { body: ' ' } })).status).toBe(400)

    const statuses = (await get(company.token, 'work-orders/statuses/?stage=CANCELED')).results as Body[]
    const canceled = await api('POST', `work-orders/${mine.id}/change-status/`, { token: company.token, body: { status_id: statuses[0].id } })
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200)
    const detail = await get(me.token, `resident-center/work-orders/${mine.id}/`)
    expect(detail.stage).toBe('CANCELED')
    expect(detail.status_label).toBe(statuses[0].name)
    expect(detail.history.map((h: Body) => h.status_label)).toEqual([expect.any(String), statuses[0].name])
    expect((await api('POST', `resident-center/work-orders/${mine.id}/comments/`, { token: me.token, body: { body: 'Still leaking' } })).status).toBe(409)
  })
})
