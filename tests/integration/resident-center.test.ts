import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { users } from '~/db/schema'
import { api, invitationToken, PASSWORD, registerCompany, signedInMember, unique } from '../factories/api'
import { PNG } from '../factories/files'
import { get, leasingCompany, runRentAt, type Body } from '../factories/leasing'
import { download, upload } from '../factories/uploads'
import { mailTo } from '../setup/smtp'

/*
 * The resident center as its API clients meet it: staff invite a resident (one, or every current
 * one) through the invitation mechanism staff are invited by; the resident accepts, signs in and
 * reads their balance, next charge, lease, ledger, receipts and documents, the same figures staff
 * see; and nothing of anyone else's: another resident's or company's ids, and staff-only ids,
 * answer 404, and staff operations refuse a resident.
 */

const REDACTED = '[link removed: it was sent only to its recipient]'

/** How many accounts an e-mail has, in all of Lintel. */
const accountsOf = async (email: string) =>
  (
    await crossCompany(() =>
      getDb()
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`),
    )
  ).length

type Company = Awaited<ReturnType<typeof leasingCompany>>

/** Gives the resident an e-mail, invites them from their record, and accepts the mailed invitation: the resident's access token. */
async function inviteAndAccept(company: Company, residentId: string, email = `${unique('resident')}@example.test`) {
  expect((await api('PUT', `residents/${residentId}/`, { token: company.token, body: { email } })).status).toBe(200)
  const invited = await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token: company.token, body: {} })
  expect(invited.status, JSON.stringify(invited.body)).toBe(200)
  const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(email), first_name: 'Ada', last_name: 'Tenant', password: PASSWORD } })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  expect(accepted.body.user_type).toBe('resident')
  return { email, token: accepted.body.access as string }
}

/** The lease's first resident. */
const residentOf = async (company: Company, lease: Body) => (await get(company.token, `leases/${lease.id}/`)).lines[0].resident_id as string

/** Two tenants of one company, each on a lease of their own; the first signed in to the resident center. */
async function twoTenants() {
  const company = await leasingCompany()
  const mineLease = await company.lease()
  const theirLease = await company.lease()
  const me = await residentOf(company, mineLease)
  const them = await residentOf(company, theirLease)
  const { token } = await inviteAndAccept(company, me)
  return { company, mineLease, theirLease, me, them, token }
}

describe('inviting a resident to the resident center', () => {
  it('mails a secret link through the invitation mechanism; inviting again re-sends it to the same account, never a second one', async () => {
    const company = await leasingCompany()
    const lease = await company.lease()
    const residentId = await residentOf(company, lease)

    // Without an e-mail there is no one to mail: refused at the field, nothing made.
    const noEmail = await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token: company.token, body: {} })
    expect(noEmail.status).toBe(400)
    expect(noEmail.body.errors.email[0]).toMatch(/has no e-mail/)
    expect((await get(company.token, `residents/${residentId}/`)).resident_center).toBe('NOT_INVITED')

    const email = `ada-${unique()}@example.test`
    await api('PUT', `residents/${residentId}/`, { token: company.token, body: { email } })
    const invited = await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token: company.token, body: {} })
    expect(invited.status, JSON.stringify(invited.body)).toBe(200)
    expect(invited.body.resident_center).toBe('INVITED')
    const firstLink = invitationToken(email)
    expect(mailTo(email, /invited you/).text).toMatch(/resident center/)

    // The copy kept under Emails cannot be used by whoever reads it.
    const kept = await api('GET', `email-messages/?search=${encodeURIComponent(email)}`, { token: company.token })
    const stored = (await api('GET', `email-messages/${kept.body.results[0].id}/`, { token: company.token })).body
    expect(stored).toMatchObject({ category: 'invitation', redacted: true })
    expect(stored.text_body).toContain(REDACTED)
    expect(stored.text_body).not.toContain(firstLink)

    // Again: a new link to the same account; the first link stops working.
    expect((await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token: company.token, body: {} })).status).toBe(200)
    const secondLink = invitationToken(email)
    expect(secondLink).not.toBe(firstLink)
    expect(await accountsOf(email)).toBe(1)
    expect((await api('GET', `accept-invitation/${firstLink}/`)).status).toBe(404)

    const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: secondLink, first_name: 'Ada', last_name: 'Tenant', password: PASSWORD } })
    expect(accepted.status).toBe(200)
    expect(accepted.body.user_type).toBe('resident')
    expect((await get(company.token, `residents/${residentId}/`)).resident_center).toBe('ACTIVE')

    // Once they use it, an invitation would only reset their password: refused.
    const again = await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token: company.token, body: {} })
    expect(again.status).toBe(409)
    expect(again.body.detail).toMatch(/uses the resident center already/)
  })

  it('refuses an e-mail that signs in to another Lintel account, at the field', async () => {
    const company = await leasingCompany()
    const staff = await signedInMember({ token: company.token }, 'technician')
    const resident = await company.post('residents/', { first_name: 'Tess', last_name: 'Taken', resident_type: 'CURRENT_RESIDENT', email: staff.email })
    const refused = await api('POST', `residents/${resident.id}/invite-to-resident-center/`, { token: company.token, body: {} })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.email[0]).toMatch(/another Lintel account/)
    // Another company's manager's e-mail: one e-mail is one account in all of Lintel.
    const elsewhere = await registerCompany()
    const other = await company.post('residents/', { first_name: 'Ela', last_name: 'Elsewhere', resident_type: 'CURRENT_RESIDENT', email: elsewhere.email })
    expect((await api('POST', `residents/${other.id}/invite-to-resident-center/`, { token: company.token, body: {} })).body.errors.email[0]).toMatch(/another Lintel account/)
    expect(await accountsOf(staff.email)).toBe(1)
    expect(await accountsOf(elsewhere.email)).toBe(1)
  })

  it('invites every current and future resident at once, once each, and says who was not invited and why', async () => {
    const company = await leasingCompany()
    const current = (first: string, email: string | null) => company.post('residents/', { first_name: first, last_name: 'Current', resident_type: 'CURRENT_RESIDENT', email })
    const one = await current('One', `one-${unique()}@example.test`)
    const two = await current('Two', `two-${unique()}@example.test`)
    // The same person kept twice (two leases, say): one account, one invitation.
    const twice = await current('Two', String(two.email))
    const without = await current('None', null)
    const technician = await signedInMember({ token: company.token }, 'technician')
    const taken = await current('Taken', technician.email)
    await company.post('residents/', { first_name: 'Applicant', last_name: 'Later', resident_type: 'APPLICANT', email: `applicant-${unique()}@example.test` })
    const active = await company.lease()
    const activeResident = await residentOf(company, active)
    await inviteAndAccept(company, activeResident)

    const run = await api('POST', 'invite-all-residents/', { token: company.token, body: {} })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    expect(run.body.invited).toBe(2)
    expect(run.body.skipped.map((s: { resident_id: string; reason: string }) => [s.resident_id, s.reason]).sort()).toEqual(
      [
        [without.id, 'NO_EMAIL'],
        [taken.id, 'EMAIL_TAKEN'],
        [activeResident, 'ALREADY_ACTIVE'],
      ].sort(),
    )
    expect(run.body.detail).toBe(
      'Invited 2 residents to the resident center. Not invited: 1 resident (no e-mail), 1 resident (uses the resident center already), 1 resident (their e-mail signs in to another Lintel account).',
    )
    for (const id of [one.id, two.id, twice.id]) expect((await get(company.token, `residents/${id}/`)).resident_center).toBe('INVITED')

    // Again: the same two are mailed new links; nobody gets a second account.
    const firstLink = invitationToken(String(one.email))
    const rerun = await api('POST', 'invite-all-residents/', { token: company.token, body: {} })
    expect(rerun.body.invited).toBe(2)
    expect(invitationToken(String(one.email))).not.toBe(firstLink)
    expect(await accountsOf(String(one.email))).toBe(1)
    expect(await accountsOf(String(two.email))).toBe(1)

    // The two records of one person are one resident center account.
    const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(String(two.email)), first_name: 'Two', last_name: 'Current', password: PASSWORD } })
    const dashboard = await get(accepted.body.access, 'resident-dashboard/')
    expect(dashboard.residents.map((r: { id: string }) => r.id).sort()).toEqual([two.id, twice.id].sort())

    // A body it does not take is refused; a resident cannot invite anyone.
    expect((await api('POST', 'invite-all-residents/', { token: company.token, body: { resident_type: 'APPLICANT' } })).status).toBe(400)
    expect((await api('POST', 'invite-all-residents/', { token: accepted.body.access, body: {} })).status).toBe(403)
  })
})

describe('a resident signed in to the resident center', () => {
  it('sees the balance, next charge, ledger and receipts staff see for their lease', async () => {
    const company = await leasingCompany()
    const lease = await company.lease({ rent_due_day: 1 })
    await runRentAt(company.companyId, '2031-04-02T16:00:00Z')
    const payment = await company.post('rent-payments/', { lease_id: lease.id, date: '2031-04-03', amount: '1000.00', method: 'E_TRANSFER', reference: 'ET-77' })
    const { token } = await inviteAndAccept(company, await residentOf(company, lease))
    const staffAccount = await get(company.token, `leases/${lease.id}/rent-account/`)
    expect(staffAccount.balance).toBe('2100.00')

    const dashboard = await api('GET', 'resident-dashboard/', { token })
    expect(dashboard.status).toBe(200)
    expect(dashboard.body).toMatchObject({
      balance: staffAccount.balance,
      next_charge: { lease_id: lease.id, date: '2031-05-01', amount: '1550.00' },
      leases: [{ id: lease.id, unit: expect.stringMatching(/^101 · Bronson Court/), unit_address: 'Unit 101', status: 'ACTIVE', rent: '1550.00', balance: staffAccount.balance }],
      recent_payments: [{ id: payment.id, amount: '1000.00', method: 'E_TRANSFER', reference: 'ET-77', status: 'RECEIVED', receipt_number: expect.stringMatching(/^R-\d{6}$/) }],
    })

    const mine = await api('GET', `resident-center/leases/${lease.id}/`, { token })
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ id: lease.id, balance: '2100.00', rent_frequency_label: 'Monthly', rent_due_day: 1, residents: [{ name: 'Ada Tenant', role: 'PRIMARY' }] })
    // The ledger is the lease's rent account, line for line, as staff read it.
    expect(mine.body.ledger).toEqual(staffAccount.lines.map((l: Record<string, string>) => ({ date: l.date, description: l.memo, charge: l.charge, payment: l.payment, balance: l.balance })))
    expect(mine.body.ledger.map((l: Record<string, string>) => l.balance)).toEqual(['1550.00', '3100.00', '2100.00'])
    expect(mine.body.receipts).toHaveLength(1)

    const receipt = await api('GET', `resident-center/receipts/${payment.id}/`, { token })
    expect(receipt.status).toBe(200)
    expect(receipt.body).toMatchObject({
      receipt_number: mine.body.receipts[0].receipt_number,
      date: '2031-04-03',
      amount: '1000.00',
      unit_address: 'Unit 101',
      tenants: ['Ada Tenant'],
      paid_for: [{ description: 'Rent', period: '2031-03-01 to 2031-03-31', amount: '1000.00' }],
      credit: '0.00',
      landlord: { name: expect.stringMatching(/^Company /) },
    })
  })

  it('sees nothing of anyone else: another resident’s, a draft’s or another company’s ids answer 404, and staff operations refuse them', async () => {
    const { company, mineLease, theirLease, me, them, token } = await twoTenants()
    await runRentAt(company.companyId, '2031-04-02T16:00:00Z')
    const theirPayment = await company.post('rent-payments/', { lease_id: theirLease.id, date: '2031-04-03', amount: '10.00', method: 'CASH' })
    // A draft lease they are on is not theirs yet.
    const unit = await company.post('rental-units/', {
      unit_number: '900',
      building_id: (await get(company.token, `rental-units/${mineLease.unit.id}/`)).building_id,
      unit_type: 'APARTMENT',
      status: 'VACANT',
    })
    const draft = await company.post('leases/', {
      rental_unit_id: unit.id,
      lease_type: 'MONTH_TO_MONTH',
      start_date: '2032-01-01',
      rent: '900.00',
      rent_frequency: 'MONTHLY',
      lines: [{ resident_id: me, role: 'PRIMARY' }],
    })
    const other = await leasingCompany()
    const otherLease = await other.lease()

    expect((await get(token, 'resident-dashboard/')).leases.map((l: { id: string }) => l.id)).toEqual([mineLease.id])
    for (const id of [theirLease.id, draft.id, otherLease.id, randomUUID(), 'not-an-id']) {
      const answer = await api('GET', `resident-center/leases/${id}/`, { token })
      expect([id, answer.status, answer.body.detail]).toEqual([id, 404, 'No such lease.'])
    }
    expect((await api('GET', `resident-center/receipts/${theirPayment.id}/`, { token })).status).toBe(404)
    expect((await api('GET', `resident-center/residents/${them}/documents/`, { token })).status).toBe(404)
    expect((await api('GET', `resident-center/residents/${me}/documents/`, { token })).status).toBe(200)

    // Staff operations are not theirs, even about their own lease: the gate refuses a resident.
    for (const path of ['leases/', `leases/${mineLease.id}/`, `leases/${mineLease.id}/rent-account/`, `residents/${me}/`, 'rent-payments/', 'documents/']) {
      expect([path, (await api('GET', path, { token })).status]).toEqual([path, 403])
    }
    expect((await api('POST', `residents/${me}/invite-to-resident-center/`, { token, body: {} })).status).toBe(403)
    // And the resident center is not staff's.
    expect((await api('GET', 'resident-dashboard/', { token: company.token })).status).toBe(403)
    expect((await api('GET', `resident-center/leases/${mineLease.id}/`, { token: company.token })).status).toBe(403)
  })

  it('reads the documents kept on their record and their leases’ attachments shared with them, and no one else’s', async () => {
    const { company, mineLease, theirLease, me, them, token } = await twoTenants()
    const file = (name: string) => new File([PNG], name, { type: 'image/png' })
    const onRecord = await upload('documents/', company.token, { file: file('insurance.png'), document_type: 'INSURANCE_CERTIFICATE', record_type: 'residents', record_id: me })
    const attach = (leaseId: string, title: string, shared: boolean) =>
      upload('lease-attachments/', company.token, { lease_id: leaseId, title, category: 'MOVE_IN_INSPECTION', description: 'Walls freshly painted', shared_with_residents: String(shared), file: file(`${title}.png`) })
    const onLease = await attach(mineLease.id, 'Move-in inspection', true)
    const officeOnly = await attach(mineLease.id, 'Screening notes', false)
    const onTheirLease = await attach(theirLease.id, 'Their inspection', true)
    const theirs = await upload('documents/', company.token, { file: file('theirs.png'), document_type: 'NOTICE', record_type: 'residents', record_id: them })
    const unrelated = await upload('documents/', company.token, { file: file('unit.png'), document_type: 'OTHER', record_type: 'rental-units', record_id: mineLease.unit.id })
    for (const made of [onRecord, onLease, officeOnly, onTheirLease, theirs, unrelated]) expect(made.status, JSON.stringify(made.body)).toBe(201)

    const all = await get(token, 'resident-center/documents/')
    expect(all.results.map((d: { id: string }) => d.id).sort()).toEqual([onRecord.body.id, onLease.body.file_id].sort())
    expect(all.results.find((d: { id: string }) => d.id === onLease.body.file_id)).toMatchObject({
      name: 'Move-in inspection',
      document_type_label: 'Move-in inspection',
      description: 'Walls freshly painted',
      about: expect.stringMatching(/^101 · Bronson Court from /),
    })
    const own = await get(token, `resident-center/residents/${me}/documents/`)
    expect(own.resident).toEqual({ id: me, name: 'Ada Tenant' })
    expect(own.results).toHaveLength(2)
    // The lease's own page lists its shared attachments only.
    expect((await get(token, `resident-center/leases/${mineLease.id}/`)).documents.map((d: { id: string }) => d.id)).toEqual([onLease.body.file_id])

    const fetched = await download(`resident-center/documents/${onLease.body.file_id}/download/`, token)
    expect(fetched.status).toBe(200)
    expect(fetched.bytes).toEqual(PNG)
    for (const id of [officeOnly.body.file_id, onTheirLease.body.file_id, theirs.body.id, unrelated.body.id]) expect((await download(`resident-center/documents/${id}/download/`, token)).status).toBe(404)

    // No longer shared, it is gone from the resident center.
    expect((await api('PUT', `lease-attachments/${onLease.body.id}/`, { token: company.token, body: { shared_with_residents: false } })).status).toBe(200)
    expect((await get(token, `resident-center/leases/${mineLease.id}/`)).documents).toEqual([])
    expect((await download(`resident-center/documents/${onLease.body.file_id}/download/`, token)).status).toBe(404)
    // And the staff API is not theirs.
    expect((await api('GET', `lease-attachments/${onLease.body.id}/`, { token })).status).toBe(403)
  })
})

describe('a resident on no lease yet', () => {
  it('has an empty dashboard: nothing owing, nothing coming', async () => {
    const company = await registerCompany()
    const resident = await api('POST', 'residents/', {
      token: company.token,
      body: { first_name: 'Solo', last_name: 'Person', resident_type: 'CURRENT_RESIDENT', email: `solo-${unique()}@example.test` },
    })
    await api('POST', `residents/${resident.body.id}/invite-to-resident-center/`, { token: company.token, body: {} })
    const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(resident.body.email), first_name: 'Solo', last_name: 'Person', password: PASSWORD } })
    expect(await get(accepted.body.access, 'resident-dashboard/')).toEqual({
      residents: [{ id: resident.body.id, name: 'Solo Person' }],
      balance: '0.00',
      next_charge: null,
      leases: [],
      recent_payments: [],
    })
  })
})
