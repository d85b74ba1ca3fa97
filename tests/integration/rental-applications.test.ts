import { describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { api } from '../factories/api'
import { get, leasingCompany } from '../factories/leasing'
import { eq, sql } from 'drizzle-orm'
import { crossCompany, getDb } from '~/db/client.server'
import { applicationUploads } from '~/db/schema'
import { forgetExpiredUploads } from '~/leasing/applications.server'
import { receivedMail } from '../setup/smtp'

/*
 * Rental applications as applicants and staff meet them: the public reads a form with the homes it
 * is for, applies with a co-applicant and a file (refused by field, keeping nothing, when anything
 * is wrong); staff see the applicants, add one, approve (future residents on a draft lease of the
 * unit) or decline (the reason e-mailed). The choices of a form read as records.
 */

const PDF = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')])

// A Windows program's first bytes: not a document, whatever its name or claimed type.
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00])

async function applyMultipart(slug: unknown, fields: Record<string, string>, files: Record<string, { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }> = {}, ip = '203.0.113.77') {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const [k, f] of Object.entries(files)) form.append(k, new File([f.bytes], f.name, { type: f.type }))
  const response = await getApi().request(`http://lintel.test/api/apply/${slug}/`, { method: 'POST', body: form, headers: { [CLIENT_IP_HEADER]: ip } })
  return { status: response.status, body: await response.json() }
}

async function homeToApplyFor() {
  const company = await leasingCompany()
  const { post, home } = company
  const building = await post('buildings/', { name: 'Bronson Court', property_group_id: home.id })
  const unit = await post('rental-units/', { unit_number: '204', building_id: building.id, unit_type: 'APARTMENT', status: 'VACANT', bedrooms: 2 })
  const form = await post('rental-application-forms/', {
    name: 'Standard Application',
    lines: [
      { section: 'About you', label: 'Date of birth', kind: 'DATE', required: true },
      { section: 'Where you live now', label: 'Do you rent or own?', kind: 'CHOICE', required: true, choices: 'Rent\nOwn\nLive with family' },
      { section: 'Income', label: 'Household income a month', kind: 'MONEY', required: false },
      { section: 'Income', label: 'Pay stub or employment letter', kind: 'FILE', required: true },
      { section: 'Pets', label: 'Any pets?', kind: 'YES_NO', required: true },
    ],
  })
  const listing = await post('rental-unit-listings/', { rental_unit_id: unit.id, title: 'Two-bedroom near the canal', description: 'Sunny.', rent: '2150.00', deposit: '2150.00', available_on: '2031-05-01', application_form_id: form.id })
  const q = Object.fromEntries((form.lines as { id: string; kind: string }[]).map((l) => [l.kind, l.id]))
  return { ...company, unit, form, listing, q }
}

describe('rental applications', () => {
  it('are sent by the public with a co-applicant and a file, refused by field with nothing kept, and approved into a draft lease', async () => {
    const { token, form, listing, unit, q } = await homeToApplyFor()
    // A draft listing's form does not offer it, and applying to it is 404.
    const before = await api('GET', `rental-application-form-listings/${form.slug}/`)
    expect(before.status).toBe(200)
    expect(before.body.listings).toEqual([])
    expect(before.body.questions.map((x: { kind: string; choices: string[] }) => `${x.kind}:${x.choices.length}`)).toEqual(['DATE:0', 'CHOICE:3', 'MONEY:0', 'FILE:0', 'YES_NO:0'])
    const unpublished = await applyMultipart(form.slug, { listing_id: listing.id, 'applicants[0].first_name': 'Ada', 'applicants[0].last_name': 'Lovelace', 'applicants[0].email': 'ada@example.test' })
    expect(unpublished.status).toBe(404)
    expect(unpublished.body.detail).toBe('No such listing. It may have been let already.')
    expect((await api('POST', `rental-unit-listings/${listing.id}/publish/`, { token, body: {} })).status).toBe(200)
    expect((await api('GET', `rental-application-form-listings/${form.slug}/`)).body.listings).toEqual([{ id: listing.id, title: 'Two-bedroom near the canal', rent: '2150.00', available_on: '2031-05-01' }])
    expect((await api('GET', 'rental-application-form-listings/no-such-form-here/')).status).toBe(404)

    const ada = `ada-${form.id.slice(0, 6)}@example.test`
    const charles = `charles-${form.id.slice(0, 6)}@example.test`
    const fields = {
      listing_id: listing.id,
      desired_move_in_date: '2031-05-01',
      'applicants[0].first_name': 'Ada',
      'applicants[0].last_name': 'Lovelace',
      'applicants[0].email': ada,
      'applicants[0].monthly_income': '5200.00',
      'applicants[0].employer': 'Analytical Engines Ltd.',
      'applicants[1].role': 'CO_APPLICANT',
      'applicants[1].first_name': 'Charles',
      'applicants[1].last_name': 'Babbage',
      'applicants[1].email': charles,
      [`answers.${q.DATE}`]: '1990-12-10',
      [`answers.${q.CHOICE}`]: 'Rent',
      [`answers.${q.MONEY}`]: '$7,400',
      [`answers.${q.YES_NO}`]: 'NO',
      credit_check_consent: 'on',
    }
    // Everything wrong is told at once, by field.
    const wrong = await applyMultipart(form.slug, { ...fields, [`answers.${q.CHOICE}`]: 'Castle', 'applicants[1].email': '', credit_check_consent: '' }, { [`files.${q.FILE}`]: { bytes: EXE, name: 'stub.exe', type: 'application/pdf' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual({
      'applicants[1].email': ['Enter their e-mail address: co-applicants and guarantors sign the lease.'],
      [`answers.${q.CHOICE}`]: ['Do you rent or own?: choose one of the answers given.'],
      [`answers.${q.FILE}`]: [expect.stringMatching(/not a kind we accept/)],
      credit_check_consent: ['Tick the box to consent to a credit check: this form asks for it.'],
    })
    expect((await get(token, 'rental-application-submissions/')).count).toBe(0)
    expect((await get(token, 'residents/?resident_type=APPLICANT')).count).toBe(0)

    expect(wrong.body.kept_files).toEqual({})
    // Too much sent at once is refused before it is read.
    const huge = await applyMultipart(form.slug, fields, { [`files.${q.FILE}`]: { bytes: new Uint8Array(61 * 1024 * 1024), name: 'huge.pdf', type: 'application/pdf' } })
    expect(huge.status).toBe(400)
    expect(huge.body.detail).toBe('The files sent together are larger than 60 MB: send fewer or smaller ones.')

    // Refused for something else, a good file is kept for the next try: its token claims it, once.
    const almost = await applyMultipart(form.slug, { ...fields, credit_check_consent: '' }, { [`files.${q.FILE}`]: { bytes: PDF, name: 'pay-stub.pdf', type: 'application/pdf' } })
    expect(almost.status).toBe(400)
    expect(Object.keys(almost.body.errors)).toEqual(['credit_check_consent'])
    expect(almost.body.kept_files).toEqual({ [q.FILE]: { token: expect.stringMatching(/^[\w-]{32}$/), name: 'pay-stub.pdf' } })
    const keptToken = almost.body.kept_files[q.FILE].token as string
    expect((await get(token, 'rental-application-submissions/')).count).toBe(0)
    const sentBefore = receivedMail().length
    const made = await applyMultipart(form.slug, { ...fields, [`kept.${q.FILE}`]: keptToken })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const mails = receivedMail().slice(sentBefore)
    const receipts = mails.filter((m) => m.subject.startsWith('Your application'))
    // A kept file no one comes back for within the day is forgotten by the scheduler, bytes and all.
    const later = await applyMultipart(form.slug, { ...fields, 'applicants[0].email': 'late@example.test', 'applicants[1].email': 'later@example.test', credit_check_consent: '' }, { [`files.${q.FILE}`]: { bytes: PDF, name: 'old.pdf', type: 'application/pdf' } })
    const lateToken = later.body.kept_files[q.FILE].token as string
    await crossCompany(() => getDb().update(applicationUploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(applicationUploads.formId, form.id)))
    expect((await forgetExpiredUploads()).forgotten).toBeGreaterThanOrEqual(1)
    expect(await crossCompany(() => getDb().select().from(applicationUploads).where(eq(applicationUploads.formId, form.id)))).toEqual([])
    const tooLate = await applyMultipart(form.slug, { ...fields, 'applicants[0].email': 'late@example.test', 'applicants[1].email': 'later@example.test', [`kept.${q.FILE}`]: lateToken })
    expect(tooLate.body.errors).toEqual({ [`answers.${q.FILE}`]: ['The file you chose before is no longer kept: choose it again.'] })

    const reused = await applyMultipart(form.slug, { ...fields, 'applicants[0].email': 'someone-else@example.test', 'applicants[1].email': 'another@example.test', [`kept.${q.FILE}`]: keptToken })
    expect(reused.status).toBe(400)
    expect(reused.body.errors).toEqual({ [`answers.${q.FILE}`]: ['The file you chose before is no longer kept: choose it again.'] })
    expect(receipts.map((m) => m.to).flat().sort()).toEqual([ada, charles].sort())
    // The company hears of it too, with a link to the application.
    expect(mails.find((m) => m.subject === 'New rental application from Ada Lovelace')?.text).toMatch(/\/app\/rental-applications\/[0-9a-f-]{36}\//)
    expect(receipts.find((m) => m.to.includes(ada))!.text).toContain(`Reference: ${made.body.reference}`)

    const list = await get(token, 'rental-application-submissions/')
    expect(list.count).toBe(1)
    const application = await get(token, `rental-application-submissions/${list.results[0].id}/`)
    expect(application).toMatchObject({ status: 'SUBMITTED', source: 'PUBLIC', rental_unit_id: unit.id, listing_id: listing.id, credit_check_consent: true, ip_address: '203.0.113.77', label: 'Ada Lovelace · 204 · Bronson Court' })
    expect(application.lines.map((l: { role: string; monthly_income: string | null }) => `${l.role}:${l.monthly_income}`)).toEqual(['APPLICANT:5200.00', 'CO_APPLICANT:null'])
    expect(application.answers.map((a: { answer_text: string }) => a.answer_text)).toEqual(['1990-12-10', 'Rent', '$7,400.00', 'pay-stub.pdf', 'No'])
    const file = application.answers[3]
    const download = await getApi().request(`http://lintel.test${file.file_url}`, { headers: { authorization: `Bearer ${token}` } })
    expect(download.status).toBe(200)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)
    const applicants = await get(token, 'residents/?resident_type=APPLICANT')
    expect(applicants.results.map((r: { first_name: string }) => r.first_name).sort()).toEqual(['Ada', 'Charles'])

    const added = await api('POST', `rental-application-submissions/${application.id}/add-applicant/`, { token, body: { role: 'GUARANTOR', first_name: 'Anne', last_name: 'Milbanke', email: 'anne@example.test' } })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect((await get(token, `rental-application-submissions/${application.id}/`)).lines.map((l: { role: string }) => l.role)).toEqual(['APPLICANT', 'CO_APPLICANT', 'GUARANTOR'])

    const approved = await api('POST', `rental-application-submissions/${application.id}/approve/`, { token, body: {} })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    const decided = await get(token, `rental-application-submissions/${application.id}/`)
    expect(decided.status).toBe('APPROVED')
    const lease = await get(token, `leases/${decided.lease_id}/`)
    expect(lease).toMatchObject({ status: 'DRAFT', rental_unit_id: unit.id, start_date: '2031-05-01', end_date: '2032-04-30', rent: '2150.00', lease_type: 'FIXED' })
    expect(lease.lines.map((l: { role: string }) => l.role)).toEqual(['PRIMARY', 'CO_TENANT', 'GUARANTOR'])
    expect((await get(token, 'residents/?resident_type=FUTURE_RESIDENT')).count).toBe(3)
    expect((await get(token, 'residents/?resident_type=APPLICANT')).count).toBe(0)
    const again = await api('POST', `rental-application-submissions/${application.id}/decline/`, { token, body: { reason: 'x' } })
    expect(again.status).toBe(409)
  })

  it('are declined with a reason the applicants are e-mailed; bots and floods are kept out', async () => {
    const { token, form, listing, q } = await homeToApplyFor()
    expect((await api('POST', `rental-unit-listings/${listing.id}/publish/`, { token, body: {} })).status).toBe(200)
    const body = (email: string) => ({
      listing_id: listing.id,
      applicants: [{ first_name: 'Grace', last_name: 'Hopper', email }],
      answers: { [q.DATE]: '1986-12-09', [q.CHOICE]: 'Own', [q.YES_NO]: 'YES' },
      credit_check_consent: true,
    })
    // A JSON application has no file to give: the required file question says so.
    const noFile = await api('POST', `apply/${form.slug}/`, { body: body('grace@example.test'), ip: '203.0.113.90' })
    expect(noFile.status).toBe(400)
    expect(noFile.body.errors).toEqual({ [`answers.${q.FILE}`]: ['Pay stub or employment letter: choose a file.'] })
    const edited = await api('PUT', `rental-application-forms/${form.id}/`, { token, body: { name: form.name, lines: (form.lines as Record<string, unknown>[]).map((l) => ({ ...l, required: false })) } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    const formNow = edited.body
    const qNow = Object.fromEntries((formNow.lines as { id: string; kind: string }[]).map((l) => [l.kind, l.id]))
    const bodyNow = (email: string) => ({ ...body(email), answers: { [qNow.DATE]: '1986-12-09', [qNow.CHOICE]: 'Own', [qNow.YES_NO]: 'YES' } })

    const bot = await api('POST', `apply/${form.slug}/`, { body: { ...bodyNow('bot@example.test'), company_website: 'http://spam.example' }, ip: '203.0.113.90' })
    expect(bot.status).toBe(201)
    expect((await get(token, 'rental-application-submissions/')).count).toBe(0)
    const grace = `grace-${form.id.slice(0, 6)}@example.test`
    const sent = await api('POST', `apply/${form.slug}/`, { body: bodyNow(grace), ip: '203.0.113.90' })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const [application] = (await get(token, 'rental-application-submissions/')).results
    const mailBefore = receivedMail().length
    const noReason = await api('POST', `rental-application-submissions/${application.id}/decline/`, { token, body: {} })
    expect(noReason.status).toBe(400)
    expect(Object.keys(noReason.body.errors)).toEqual(['reason'])
    const declined = await api('POST', `rental-application-submissions/${application.id}/decline/`, { token, body: { reason: 'The household income is below three times the rent.' } })
    expect(declined.status, JSON.stringify(declined.body)).toBe(200)
    const mail = receivedMail().slice(mailBefore)
    expect(mail.map((m) => m.to).flat()).toEqual([grace])
    expect(mail[0]!.text).toContain('The reason: The household income is below three times the rent.')
    expect(await get(token, `rental-application-submissions/${application.id}/`)).toMatchObject({ status: 'DECLINED', decline_reason: 'The household income is below three times the rent.' })

    // Ten an hour from one address (the bot's and Grace's counted); the eleventh is refused and nothing kept.
    for (let i = 0; i < 8; i++) expect((await api('POST', `apply/${form.slug}/`, { body: { ...bodyNow(`p${i}-${grace}`) }, ip: '203.0.113.90' })).status).toBe(201)
    const flood = await api('POST', `apply/${form.slug}/`, { body: bodyNow(`flood-${grace}`), ip: '203.0.113.90' })
    expect(flood.status).toBe(429)
    expect((await get(token, 'rental-application-submissions/')).count).toBe(9)
  })

  it('list their forms’ questions and choices as records', async () => {
    const { token, form, q } = await homeToApplyFor()
    const questions = await get(token, `rental-application-questions/?form_id=${form.id}`)
    expect(questions.results.map((x: { kind: string }) => x.kind)).toEqual(['DATE', 'CHOICE', 'MONEY', 'FILE', 'YES_NO'])
    const choices = await get(token, `rental-application-question-choices/?question_id=${q.CHOICE}`)
    expect(choices.results.map((c: { label: string; position: number }) => `${c.position} ${c.label}`)).toEqual(['1 Rent', '2 Own', '3 Live with family'])
    const other = await leasingCompany()
    expect((await api('GET', `rental-application-question-choices/?question_id=${q.CHOICE}`, { token: other.token })).status).toBe(400)
    expect((await get(other.token, 'rental-application-question-choices/')).count).toBe(0)
  })
})
