import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { signatureRequestSigners } from '~/db/schema'
import { linkToken, sendDueReminders } from '~/leasing/signatures.server'
import { api } from '../factories/api'
import { get, leasingCompany, type Body } from '../factories/leasing'
import { linkIn, mailTo, receivedMail } from '../setup/smtp'
import { download, pdfPages } from './support/pdf-text'

/*
 * A lease signed online (issue 17 item 7 and the signing part of item 9): sent to sign from its
 * draft, its residents sign in order at the links mailed to them (each only in their turn, once,
 * never after a cancel), and once the last has signed the lease is active, the unit occupied and
 * the completed PDF carries a certificate with the document's SHA-256 and each signer.
 */

/** A company with e-signature on (unless told), a vacant unit and a draft lease of two tenants and an occupant, all but the occupant with e-mails. */
async function draftLease(options: { eSignature?: boolean } = {}) {
  const company = await leasingCompany()
  const { token, post, home } = company
  if (options.eSignature !== false) {
    expect((await api('PUT', 'user_settings/', { token, body: { has_e_signature_enabled: true, has_lintel_ai_enabled: false, sms: false } })).status).toBe(200)
  }
  const suffix = Math.random().toString(36).slice(2, 8)
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: home.id })
  const unit = await post('rental-units/', { unit_number: '204', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT' })
  const ada = await post('residents/', { first_name: 'Ada', last_name: 'Lovelace', email: `ada-${suffix}@example.test`, resident_type: 'FUTURE_RESIDENT' })
  const grace = await post('residents/', { first_name: 'Grace', last_name: 'Hopper', email: `grace-${suffix}@example.test`, resident_type: 'FUTURE_RESIDENT' })
  const kid = await post('residents/', { first_name: 'Kid', last_name: 'Lovelace', resident_type: 'FUTURE_RESIDENT' })
  const lease = await post('leases/', {
    rental_unit_id: unit.id,
    lease_type: 'FIXED',
    start_date: '2031-03-01',
    end_date: '2032-02-29',
    rent: '1850.00',
    rent_frequency: 'MONTHLY',
    lines: [
      { resident_id: grace.id, role: 'CO_TENANT' },
      { resident_id: kid.id, role: 'OCCUPANT' },
      { resident_id: ada.id, role: 'PRIMARY' },
    ],
  })
  const person = (body: Body) => body as Body & { email: string }
  return { ...company, unit, lease, ada: person(ada), grace: person(grace), kid }
}

const tokenOf = (email: string, subject = /Please sign your lease/) => linkIn(mailTo(email, subject), '/sign/').pathname.split('/')[2]!
const sign = (token: string, body: Record<string, unknown> = {}, ip = '198.51.100.7') =>
  api('POST', `sign/${token}/`, { body: { consent: true, typed_name: 'Someone', ...body }, ip, headers: { 'user-agent': 'Phone browser/1.0' } })

describe('signing a lease online', () => {
  it('mails the signers in order, signs in order, activates the lease and certifies the signed PDF', async () => {
    const { token, lease, unit, ada, grace } = await draftLease()
    const before = receivedMail().length
    const sent = await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: { message: 'Welcome to Bronson Court.' } })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.status).toBe('DRAFT')

    // Only the primary tenant is mailed first; the co-tenant waits for their turn, the occupant signs nothing.
    expect(receivedMail().slice(before).flatMap((m) => m.to)).toEqual([ada.email])
    expect(mailTo(ada.email).text).toContain('Welcome to Bronson Court.')
    const requests = await get(token, `signature-requests/?lease_id=${lease.id}`)
    expect(requests.count).toBe(1)
    const request = requests.results[0]
    expect(request).toMatchObject({ status: 'SENT', signed: '0 of 2', waiting_for: 'Ada Lovelace' })
    expect(request.document_sha256).toMatch(/^[0-9a-f]{64}$/)
    const signers = await get(token, `signature-request-signers/?request_id=${request.id}`)
    expect(signers.results.map((s: { name: string; role: string; status: string }) => [s.name, s.role, s.status])).toEqual([
      ['Ada Lovelace', 'PRIMARY', 'NOTIFIED'],
      ['Grace Hopper', 'CO_TENANT', 'WAITING'],
    ])
    // A second request for the same lease waits for this one.
    expect((await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: {} })).status).toBe(409)

    const adaToken = tokenOf(ada.email)
    const view = await api('GET', `sign/${adaToken}/`)
    expect(view.status).toBe(200)
    expect(view.body).toMatchObject({ signer_name: 'Ada Lovelace', state: 'ready', role: 'Primary tenant' })
    const pdf = await api('GET', `sign/${adaToken}/document/`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')

    // Consent and a name are needed, each named; nothing changes.
    const bad = await sign(adaToken, { consent: false, typed_name: '  ' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ consent: ['Tick the box to agree to sign electronically.'], typed_name: ['Type your full name to sign.'] })
    expect((await api('GET', `sign/no-such-token-at-all-xxxxxxxxxxxx/`)).body.detail).toBe('No such signing link.')
    expect((await api('GET', `sign/no-such-token-at-all-xxxxxxxxxxxx/`)).status).toBe(404)

    const drawn = `data:image/png;base64,${PNG_DOT}`
    const signed = await sign(adaToken, { typed_name: 'Ada Lovelace', signature_image: drawn })
    expect(signed.status, JSON.stringify(signed.body)).toBe(200)
    expect(signed.body.detail).toContain('Grace Hopper signs next')
    // Signing twice changes nothing and says when.
    const twice = await sign(adaToken, { typed_name: 'Ada Again' })
    expect(twice.status).toBe(409)
    expect(twice.body.detail).toMatch(/^You signed this lease on \d{4}-\d\d-\d\d /)
    expect((await api('GET', `sign/${adaToken}/`)).body.state).toBe('signed')

    const graceToken = tokenOf(grace.email)
    expect((await get(token, `leases/${lease.id}/`)).status).toBe('DRAFT')
    const last = await sign(graceToken, { typed_name: 'Grace Hopper' }, '203.0.113.99')
    expect(last.status, JSON.stringify(last.body)).toBe(200)

    const done = await get(token, `signature-requests/${request.id}/`)
    expect(done).toMatchObject({ status: 'COMPLETED', signed: '2 of 2', waiting_for: null, outcome: 'Signed by everyone: the lease was activated.' })
    expect((await get(token, `leases/${lease.id}/`)).status).toBe('ACTIVE')
    // Signed ahead of its start: the unit is let from then, its residents are to move in.
    expect((await get(token, `rental-units/${unit.id}/`)).status).toBe('VACANT')
    expect((await get(token, `residents/${ada.id}/`)).resident_type).toBe('FUTURE_RESIDENT')
    const history = await get(token, `signature-requests/${request.id}/history/`)
    expect(history.map((h: { action_label: string | null; to_state: string }) => [h.action_label, h.to_state])).toEqual([
      [null, 'SENT'],
      ['Signed by everyone', 'COMPLETED'],
    ])
    // The lease's own history says it was activated by its action, as signed online.
    expect((await get(token, `leases/${lease.id}/history/`)).at(-1)).toMatchObject({ action: 'activate', to_state: 'ACTIVE', note: 'Signed online by everyone' })
    // Everyone gets the signed copy.
    for (const email of [ada.email, grace.email]) expect(mailTo(email, /Your signed lease/).raw).toContain('application/pdf')

    const file = await download(`signature-requests/${request.id}/completed-pdf/`, token)
    expect(file.status).toBe(200)
    const pages = await pdfPages(file.bytes)
    const certificate = pages.slice(-3).join(' ')
    expect(certificate).toContain('Certificate of electronic signature')
    expect(certificate).toContain(request.document_sha256)
    expect(certificate).toContain('Ada Lovelace')
    expect(certificate).toContain('Grace Hopper')
    expect(certificate).toContain('203.0.113.99')
    expect(certificate).toContain('Phone browser/1.0')
    // The signed copy is kept on the lease too, shared with its residents.
    const attachments = await get(token, `lease-attachments/?lease_id=${lease.id}`)
    expect(attachments.results).toEqual([expect.objectContaining({ category: 'SIGNED_LEASE', title: 'Signed lease, with its certificate of signature', shared_with_residents: true })])
    // The pages before the certificate are the document as sent: its hash is the one certified.
    const original = await download(`leases/${lease.id}/generate-pdf/`, token)
    expect(pages.length).toBeGreaterThan((await pdfPages(original.bytes)).length)
    const signerRows = await crossCompany(() => getDb().select().from(signatureRequestSigners).where(eq(signatureRequestSigners.requestId, request.id)))
    expect(signerRows.find((s) => s.name === 'Ada Lovelace')).toMatchObject({ typedName: 'Ada Lovelace', signedIp: '198.51.100.7', drawnSignature: drawn })
    expect(signerRows.every((s) => /^[A-Za-z0-9_-]{43}$/.test(s.tokenHash) && s.tokenHash !== adaToken)).toBe(true)
    expect(createHash('sha256').update(original.bytes).digest('hex')).toHaveLength(64)
  })

  it('refuses a signer whose turn has not come, and every link once the request is canceled', async () => {
    const { token, lease, ada } = await draftLease()
    expect((await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: { company_signs: true } })).status).toBe(200)
    const [request] = (await get(token, `signature-requests/?lease_id=${lease.id}`)).results
    const signers = (await get(token, `signature-request-signers/?request_id=${request.id}`)).results
    expect(signers.map((s: { role: string }) => s.role)).toEqual(['PRIMARY', 'CO_TENANT', 'COMPANY'])

    // A manager's reminder sends the signer whose turn it is the same link again.
    const remind = await api('POST', `signature-requests/${request.id}/remind/`, { token, body: {} })
    expect(remind.status).toBe(200)
    expect(mailTo(ada.email, /Reminder/).subject).toContain('Reminder: please sign your lease')
    const adaToken = tokenOf(ada.email, /Reminder/)
    expect(adaToken).toBe(tokenOf(ada.email))

    // The manager edits what the signers are told and how often they are reminded; not the state.
    const edited = await api('PUT', `signature-requests/${request.id}/`, { token, body: { message: 'Please sign by Friday.', reminder_interval_days: 5 } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body).toMatchObject({ message: 'Please sign by Friday.', reminder_interval_days: 5, status: 'SENT' })

    const cancel = await api('POST', `signature-requests/${request.id}/cancel/`, { token, body: {} })
    expect(cancel.status).toBe(200)
    expect(cancel.body).toMatchObject({ status: 'CANCELED', signed: '0 of 3', waiting_for: null })
    const view = await api('GET', `sign/${adaToken}/`)
    expect(view.status).toBe(410)
    expect(view.body.detail).toMatch(/canceled this signature request/)
    const late = await sign(adaToken, { typed_name: 'Ada Lovelace' })
    expect(late.status).toBe(410)
    expect((await get(token, `signature-request-signers/?request_id=${request.id}`)).results.every((s: { status: string }) => s.status !== 'SIGNED')).toBe(true)
    expect((await api('PUT', `signature-requests/${request.id}/`, { token, body: { message: 'x' } })).status).toBe(409)
  })

  it('refuses a signer out of turn', async () => {
    const { token, lease } = await draftLease()
    expect((await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: {} })).status).toBe(200)
    const [request] = (await get(token, `signature-requests/?lease_id=${lease.id}`)).results
    // The co-tenant's link exists before their turn only if someone had it: the API still refuses it.
    const grace = (await get(token, `signature-request-signers/?request_id=${request.id}`)).results[1]
    const early = await sign(await linkToken(grace.id), { typed_name: 'Grace Hopper' })
    expect(early.status).toBe(409)
    expect(early.body.detail).toBe('It is not your turn to sign yet: Ada Lovelace signs before you. You will get an e-mail when it is your turn.')
  })

  it('says why it cannot send: e-signature off, or no resident with an e-mail', async () => {
    const off = await draftLease({ eSignature: false })
    const refused = await api('POST', `leases/${off.lease.id}/generate-signature-request/`, { token: off.token, body: {} })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toMatch(/^E-signature is off for your workspace/)
    expect((await get(off.token, 'signature-requests/')).count).toBe(0)

    const { token, post, lease, unit } = await draftLease()
    const nobody = await post('residents/', { first_name: 'No', last_name: 'Mail', resident_type: 'FUTURE_RESIDENT' })
    const other = await post('leases/', { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2033-03-01', rent: '1500.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: nobody.id, role: 'PRIMARY' }] })
    const noMail = await api('POST', `leases/${other.id}/generate-signature-request/`, { token, body: {} })
    expect(noMail.status).toBe(409)
    expect(noMail.body.detail).toMatch(/No resident on this lease has an e-mail address/)
    // From a draft only.
    expect((await api('POST', `leases/${lease.id}/activate/`, { token, body: {} })).status).toBe(200)
    expect((await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: {} })).status).toBe(409)
  })

  it('completes a request whose unit was let meanwhile, saying why the lease stayed a draft', async () => {
    const { token, post, lease, unit, ada, grace } = await draftLease()
    expect((await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: {} })).status).toBe(200)
    const someone = await post('residents/', { first_name: 'Other', last_name: 'Tenant', resident_type: 'FUTURE_RESIDENT' })
    const rival = await post('leases/', { rental_unit_id: unit.id, lease_type: 'MONTH_TO_MONTH', start_date: '2031-01-01', rent: '1500.00', rent_frequency: 'MONTHLY', lines: [{ resident_id: someone.id, role: 'PRIMARY' }] })
    expect((await api('POST', `leases/${rival.id}/activate/`, { token, body: {} })).status).toBe(200)
    expect((await sign(tokenOf(ada.email), { typed_name: 'Ada Lovelace' })).status).toBe(200)
    expect((await sign(tokenOf(grace.email), { typed_name: 'Grace Hopper' })).status).toBe(200)
    const [request] = (await get(token, `signature-requests/?lease_id=${lease.id}`)).results
    expect(request.status).toBe('COMPLETED')
    expect(request.outcome).toMatch(/^Signed by everyone, but the lease could not be activated: The unit is let for those dates/)
    expect((await get(token, `leases/${lease.id}/`)).status).toBe('DRAFT')
  })

  it('reminds a signer who has not signed after the interval, at most three times', async () => {
    const { token, lease, ada } = await draftLease()
    expect((await api('POST', `leases/${lease.id}/generate-signature-request/`, { token, body: { reminder_interval_days: 2 } })).status).toBe(200)
    const [request] = (await get(token, `signature-requests/?lease_id=${lease.id}`)).results
    const day = 24 * 60 * 60 * 1000
    const reminders = () => receivedMail().filter((m) => m.to.includes(ada.email) && /Reminder/.test(m.subject)).length
    await sendDueReminders(new Date(Date.now() + day))
    expect(reminders()).toBe(0)
    for (let i = 1; i <= 5; i++) await sendDueReminders(new Date(Date.now() + (2 * i + 0.1) * day))
    expect(reminders()).toBe(3)
    const [first] = (await get(token, `signature-request-signers/?request_id=${request.id}`)).results
    expect(first.reminders_sent).toBe(3)
  })
})

/** A 1×1 PNG. */
const PNG_DOT = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
