import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import { attachmentAction, fileResponse, loadAttachments } from '~/components/resource/attachments.server'
import { resourceNamed } from '~/resources'
import type { Api } from '~/utils/api-client.server'
import { api, registerCompany, signedInMember } from '../factories/api'
import { pdfOf, PNG, PROGRAM, zipOf } from '../factories/files'
import { download, formOf, upload } from '../factories/uploads'
import { createSample } from '../factories/resources'

const MB = 1024 * 1024

let dataDir: string
let before: string | undefined
beforeAll(async () => {
  before = process.env.DATA_DIR
  dataDir = await mkdtemp(path.join(tmpdir(), 'lintel-attachments-'))
  process.env.DATA_DIR = dataDir
})
afterAll(async () => {
  process.env.DATA_DIR = before
  await rm(dataDir, { recursive: true, force: true })
})

const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([bytes as BlobPart], name, { type })
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A company with a rental unit to attach things to. */
async function companyWithUnit() {
  const company = await registerCompany()
  const unit = await createSample(resourceNamed('rental-units')!, company.token)
  return { ...company, unit: { record_type: 'rental-units', record_id: String(unit.id) } }
}

describe('notes on a record', () => {
  it('adds, lists newest first, reads and rewords notes, with author and date', async () => {
    const { token, unit, first_name } = await companyWithUnit()
    const first = await api('POST', 'notes/', { token, body: { ...unit, body: '  Tenant asked about the parking spot.  ' } })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ ...unit, body: 'Tenant asked about the parking spot.', author_name: `${first_name} Manager` })
    const second = await api('POST', 'notes/', { token, body: { ...unit, body: 'Keys returned.' } })
    expect(second.status).toBe(201)

    const list = await api('GET', `notes/?record_type=rental-units&record_id=${unit.record_id}`, { token })
    expect(list.status).toBe(200)
    expect(list.body.count).toBe(2)
    expect(list.body.results.map((n: { body: string }) => n.body)).toEqual(['Keys returned.', 'Tenant asked about the parking spot.'])
    expect((await api('GET', 'notes/?search=PARKING', { token })).body.count).toBe(1)

    const changed = await api('PUT', `notes/${first.body.id}/`, { token, body: { body: 'Tenant took parking spot 12.' } })
    expect(changed.status).toBe(200)
    expect(changed.body.body).toBe('Tenant took parking spot 12.')
    expect(Date.parse(changed.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.updated_at))
    expect((await api('GET', `notes/${first.body.id}`, { token })).body).toEqual(changed.body)
  })

  it('answers a missing text, an unknown kind of record or a record that does not exist with 400 naming the field', async () => {
    const { token, unit } = await companyWithUnit()
    const cases: [Record<string, unknown>, string][] = [
      [{ ...unit, body: '   ' }, 'body'],
      [{ ...unit, record_type: 'spaceships', body: 'x' }, 'record_type'],
      [{ ...unit, record_id: '00000000-0000-4000-8000-000000000000', body: 'x' }, 'record_id'],
      [{ ...unit, record_id: 'nope', body: 'x' }, 'record_id'],
    ]
    for (const [body, field] of cases) {
      const response = await api('POST', 'notes/', { token, body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(response.body.errors), JSON.stringify(body)).toEqual([field])
    }
    expect((await api('GET', 'notes/', { token })).body.count).toBe(0)
  })

  it('lets only the author (or a company admin) reword a note', async () => {
    const owner = await companyWithUnit()
    const colleague = await signedInMember(owner)
    const note = await api('POST', 'notes/', { token: colleague.token, body: { ...owner.unit, body: 'Mine.' } })
    expect(note.status).toBe(201)
    const adminNote = await api('POST', 'notes/', { token: owner.token, body: { ...owner.unit, body: "The admin's." } })
    const refused = await api('PUT', `notes/${adminNote.body.id}/`, { token: colleague.token, body: { body: 'Rewritten.' } })
    expect(refused.status).toBe(403)
    expect((await api('PUT', `notes/${note.body.id}/`, { token: owner.token, body: { body: 'Corrected by the admin.' } })).status).toBe(200)
  })
})

describe('documents', () => {
  it('uploads a file and gives back exactly the same bytes, under its name and sniffed type', async () => {
    const { token, unit } = await companyWithUnit()
    const bytes = pdfOf(300_000)
    const created = await upload('documents/', token, { file: file(bytes, 'C:\\scans\\lease "signed".pdf', 'image/png'), document_type: 'LEASE', ...unit })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      ...unit,
      name: 'lease signed.pdf',
      document_type: 'LEASE',
      content_type: 'application/pdf',
      size_bytes: 300_000,
      sha256: sha256(bytes),
      download_url: `/api/documents/${created.body.id}/download/`,
    })
    const [companyDir] = await readdir(path.join(dataDir, 'files'))
    expect((await readdir(path.join(dataDir, 'files', companyDir))).length).toBeGreaterThan(0)

    const fetched = await download(`documents/${created.body.id}/download/`, token)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-type')).toBe('application/pdf')
    expect(fetched.headers.get('content-length')).toBe('300000')
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename="lease signed.pdf"/)
    expect(fetched.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(fetched.bytes).equals(Buffer.from(bytes))).toBe(true)

    const renamed = await api('PUT', `documents/${created.body.id}/`, { token, body: { name: 'Lease 2026', document_type: 'LEASE_ADDENDUM' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Lease 2026', document_type: 'LEASE_ADDENDUM', sha256: sha256(bytes) })
    expect((await download(`documents/${created.body.id}/download`, token)).headers.get('content-disposition')).toMatch(/filename="Lease 2026.pdf"/)
    expect((await api('PUT', `documents/${created.body.id}/`, { token, body: { document_type: 'MIXTAPE' } })).body.errors).toHaveProperty('document_type')
  })

  it('keeps documents on their own or on a record, and lists them by record, type and name', async () => {
    const { token, unit } = await companyWithUnit()
    const docx = zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml'])
    const attached = await upload('documents/', token, { file: file(docx, 'notice.docx'), name: 'N4 notice', document_type: 'NOTICE', ...unit })
    expect(attached.status).toBe(201)
    expect(attached.body.content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    const alone = await upload('documents/', token, { file: file(new TextEncoder().encode('unit,rent\n101,1450.00\n'), 'rent-roll.csv'), document_type: 'OTHER', record_type: '', record_id: '' })
    expect(alone.status).toBe(201)
    expect(alone.body).toMatchObject({ record_type: null, record_id: null, content_type: 'text/csv', name: 'rent-roll.csv' })
    expect((await download(`documents/${alone.body.id}/download/`, token)).headers.get('content-type')).toBe('text/csv; charset=utf-8')

    const byRecord = await api('GET', `documents/?record_type=rental-units&record_id=${unit.record_id}`, { token })
    expect(byRecord.body.results.map((d: { id: string }) => d.id)).toEqual([attached.body.id])
    expect((await api('GET', 'documents/?document_type=OTHER', { token })).body.results.map((d: { id: string }) => d.id)).toEqual([alone.body.id])
    expect((await api('GET', 'documents/?search=n4', { token })).body.results.map((d: { id: string }) => d.id)).toEqual([attached.body.id])
    expect((await api('GET', 'documents/?ordering=name', { token })).body.results.map((d: { name: string }) => d.name)).toEqual(['N4 notice', 'rent-roll.csv'])
    expect((await api('GET', 'documents/?ordering=color', { token })).body.errors).toHaveProperty('ordering')
    expect((await upload('documents/', token, { file: file(PNG, 'x.png'), document_type: 'OTHER', record_type: 'rental-units' })).body.errors).toHaveProperty('record_id')
  })

  it('refuses a file over the limit and a file that is not what it claims, with 400 naming `file`, storing nothing', async () => {
    const { token, unit } = await companyWithUnit()
    const refusals = [
      { what: 'one byte over 25 MB', fields: { file: file(pdfOf(25 * MB + 1), 'big.pdf', 'application/pdf'), document_type: 'LEASE' }, message: /larger than 25 MB/ },
      { what: 'far over the limit', fields: { file: file(pdfOf(40 * MB), 'huge.pdf', 'application/pdf'), document_type: 'LEASE' }, message: /larger than 25 MB/ },
      { what: 'a program named .pdf', fields: { file: file(PROGRAM, 'lease.pdf', 'application/pdf'), document_type: 'LEASE' }, message: /not a kind we accept/ },
      { what: 'a web page named .txt', fields: { file: file(new TextEncoder().encode('<html><script>steal()</script></html>'), 'notes.txt', 'text/plain'), document_type: 'OTHER' }, message: /not a kind we accept/ },
      { what: 'an archive named .docx', fields: { file: file(zipOf(['a.exe']), 'lease.docx'), document_type: 'LEASE' }, message: /not a kind we accept/ },
      { what: 'no file', fields: { file: file(new Uint8Array(0), ''), document_type: 'LEASE' }, message: /Choose a file/ },
      { what: 'text instead of a file', fields: { file: 'lease.pdf', document_type: 'LEASE' }, message: /Choose a file/ },
    ]
    for (const { what, fields, message } of refusals) {
      const response = await upload('documents/', token, { ...fields, ...unit })
      expect(response.status, what).toBe(400)
      expect(Object.keys(response.body.errors), what).toEqual(['file'])
      expect(response.body.errors.file[0], what).toMatch(message)
    }
    const photo = await upload('photos/', token, { file: file(pdfOf(), 'photo.jpg', 'image/jpeg'), ...unit })
    expect(photo.status).toBe(400)
    expect(photo.body.errors.file[0]).toMatch(/not a kind we accept for a photo/)
    const bigPhoto = await upload('photos/', token, { file: file(new Uint8Array(10 * MB + 1).fill(0xff), 'big.jpg'), ...unit })
    expect(bigPhoto.body.errors.file[0]).toMatch(/larger than 10 MB/)

    expect((await api('GET', 'documents/', { token })).body.count).toBe(0)
    expect((await api('GET', 'photos/', { token })).body.count).toBe(0)
  })
})

describe('photos', () => {
  it('uploads images of a record in order and shows them inline', async () => {
    const { token, unit } = await companyWithUnit()
    const kitchen = await upload('photos/', token, { file: file(PNG, 'kitchen.png'), caption: 'Kitchen', ...unit })
    expect(kitchen.status).toBe(201)
    expect(kitchen.body).toMatchObject({ ...unit, caption: 'Kitchen', sort_order: 0, content_type: 'image/png', size_bytes: PNG.length })
    const bath = await upload('photos/', token, { file: file(PNG, 'bath.png'), ...unit })
    expect(bath.body).toMatchObject({ sort_order: 1, caption: null })
    const first = await upload('photos/', token, { file: file(PNG, 'front.png'), sort_order: '0', ...unit })
    expect(first.body.sort_order).toBe(0)

    const list = await api('GET', `photos/?record_type=rental-units&record_id=${unit.record_id}`, { token })
    expect(list.body.results.map((p: { name: string }) => p.name)).toEqual(['kitchen.png', 'front.png', 'bath.png'])
    const image = await download(`photos/${kitchen.body.id}/download/`, token)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('content-disposition')).toMatch(/^inline; filename="kitchen.png"/)
    expect(Buffer.from(image.bytes).equals(Buffer.from(PNG))).toBe(true)
  })
})

describe('who may see attachments', () => {
  it("answers another company 404 on every note, document and photo, and never lists them", async () => {
    const owner = await companyWithUnit()
    const stranger = await registerCompany()
    const note = await api('POST', 'notes/', { token: owner.token, body: { ...owner.unit, body: 'Private.' } })
    const document = await upload('documents/', owner.token, { file: file(pdfOf(), 'lease.pdf'), document_type: 'LEASE', ...owner.unit })
    const photo = await upload('photos/', owner.token, { file: file(PNG, 'unit.png'), ...owner.unit })

    for (const [method, target, body] of [
      ['GET', `notes/${note.body.id}/`],
      ['PUT', `notes/${note.body.id}/`, { body: 'Changed.' }],
      ['GET', `documents/${document.body.id}/`],
      ['PUT', `documents/${document.body.id}/`, { name: 'Changed' }],
      ['GET', `documents/${document.body.id}/download/`],
      ['GET', `photos/${photo.body.id}/download/`],
    ] as const) {
      expect((await api(method, target, { token: stranger.token, body })).status, `${method} ${target}`).toBe(404)
    }
    for (const collection of ['notes', 'documents', 'photos']) {
      const theirs = await api('GET', `${collection}/?record_type=rental-units&record_id=${owner.unit.record_id}`, { token: stranger.token })
      expect(theirs.body.count, collection).toBe(0)
    }
    const attach = await api('POST', 'notes/', { token: stranger.token, body: { ...owner.unit, body: 'Sneaky.' } })
    expect(attach.status).toBe(400)
    expect(Object.keys(attach.body.errors)).toEqual(['record_id'])
    expect((await upload('documents/', stranger.token, { file: file(pdfOf(), 'x.pdf'), document_type: 'LEASE', ...owner.unit })).body.errors).toHaveProperty('record_id')
    expect((await api('GET', `notes/${note.body.id}/`, { token: owner.token })).body.body).toBe('Private.')
  })

  it('refuses a maintenance technician (403) on every route', async () => {
    const owner = await companyWithUnit()
    const technician = await signedInMember(owner, 'technician')
    const note = await api('POST', 'notes/', { token: owner.token, body: { ...owner.unit, body: 'Staff only.' } })
    const document = await upload('documents/', owner.token, { file: file(pdfOf(), 'lease.pdf'), document_type: 'LEASE', ...owner.unit })
    const photo = await upload('photos/', owner.token, { file: file(PNG, 'unit.png'), ...owner.unit })
    for (const [method, target, body] of [
      ['GET', 'notes/'],
      ['POST', 'notes/', { ...owner.unit, body: 'x' }],
      ['GET', `notes/${note.body.id}/`],
      ['PUT', `notes/${note.body.id}/`, { body: 'x' }],
      ['GET', 'documents/'],
      ['GET', `documents/${document.body.id}/`],
      ['PUT', `documents/${document.body.id}/`, { name: 'x' }],
      ['GET', `documents/${document.body.id}/download/`],
      ['GET', 'photos/'],
      ['GET', `photos/${photo.body.id}/download/`],
    ] as const) {
      expect((await api(method, target, { token: technician.token, body })).status, `${method} ${target}`).toBe(403)
    }
    expect((await upload('documents/', technician.token, { file: file(pdfOf(), 'x.pdf'), document_type: 'LEASE', ...owner.unit })).status).toBe(403)
    expect((await upload('photos/', technician.token, { file: file(PNG, 'x.png'), ...owner.unit })).status).toBe(403)
  })

  it("follows the record's permission: no Management Company permission, no notes on fee schedules", async () => {
    const owner = await registerCompany()
    const schedule = await createSample(resourceNamed('fee-schedules')!, owner.token)
    const onSchedule = { record_type: 'fee-schedules', record_id: String(schedule.id) }
    const note = await api('POST', 'notes/', { token: owner.token, body: { ...onSchedule, body: 'Negotiated down from 9%.' } })
    expect(note.status).toBe(201)
    const manager = await signedInMember(owner, 'manager')
    expect((await api('GET', `notes/${note.body.id}/`, { token: manager.token })).status).toBe(403)
    expect((await api('GET', `notes/?record_type=fee-schedules`, { token: manager.token })).status).toBe(403)
    expect((await api('POST', 'notes/', { token: manager.token, body: { ...onSchedule, body: 'x' } })).status).toBe(403)
    expect((await api('GET', 'notes/', { token: manager.token })).body.count).toBe(0)
    expect((await api('GET', 'notes/', { token: owner.token })).body.count).toBe(1)
  })
})

describe('the OpenAPI document', () => {
  it('describes the attachment routes under Documents, uploads as multipart', async () => {
    const doc = await api('GET', 'openapi.json')
    expect(doc.status).toBe(200)
    const upload = doc.body.paths['/api/documents']?.post ?? doc.body.paths['/documents']?.post
    expect(upload.tags).toEqual(['Documents'])
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data'])
  })
})

/**
 * The session's API client as the page helpers use it, sending FormData as
 * multipart (as callApi does for a FormData body) and JSON otherwise.
 */
function clientAs(token: string): Api {
  const call = (method: string, path: string, body?: unknown) =>
    getApi().request(`http://lintel.test/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  return {
    async send(method: string, path: string, body?: unknown) {
      const response = await call(method, path, body)
      const json = await response.json()
      return response.ok ? { ok: true, status: response.status, data: json } : { ok: false, status: response.status, error: json }
    },
    raw: (path: string) => call('GET', path),
  } as unknown as Api
}

/** What the action threw (a redirect) or returned (a form's reply). */
async function act(...args: Parameters<typeof attachmentAction>) {
  try {
    return { returned: await attachmentAction(...args) }
  } catch (thrown) {
    if (thrown instanceof Response) return { thrown }
    throw thrown
  }
}

describe('the Attachments section of a record page (server half)', () => {
  it('adds a note and uploads files from plain forms, then goes back to the record with a toast', async () => {
    const { token, unit } = await companyWithUnit()
    const client = clientAs(token)
    const page = `/app/rental-units/${unit.record_id}/`

    const note = await act(client, formOf({ intent: 'add-note', body: 'Smoke detector replaced.' }), 'rental-units', unit.record_id)
    expect(note.thrown?.status).toBe(302)
    expect(note.thrown?.headers.get('location')).toBe(page)
    expect(note.thrown?.headers.get('set-cookie')).toContain('lintel_toast=')

    const bytes = pdfOf(5000)
    const uploaded = await act(client, formOf({ intent: 'upload-document', file: file(bytes, 'inspection.pdf'), document_type: 'INSPECTION_REPORT', name: '' }), 'rental-units', unit.record_id)
    expect(uploaded.thrown?.headers.get('location')).toBe(page)
    const photo = await act(client, formOf({ intent: 'upload-photo', file: file(PNG, 'hall.png'), caption: 'Hallway' }), 'rental-units', unit.record_id, { redirectTo: '/app/elsewhere/' })
    expect(photo.thrown?.headers.get('location')).toBe('/app/elsewhere/')

    const loaded = await loadAttachments(client, 'rental-units', unit.record_id)
    expect(loaded.notes?.results.map((n) => n.body)).toEqual(['Smoke detector replaced.'])
    expect(loaded.documents?.results).toMatchObject([{ name: 'inspection.pdf', document_type: 'INSPECTION_REPORT', size_bytes: 5000 }])
    expect(loaded.photos?.results).toMatchObject([{ name: 'hall.png', caption: 'Hallway' }])

    const downloaded = await fileResponse(client, `documents/${loaded.documents!.results[0].id}/download/`)
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment; filename="inspection.pdf"/)
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
    const missing = await fileResponse(clientAs((await registerCompany()).token), `documents/${loaded.documents!.results[0].id}/download/`)
    expect(missing.status).toBe(404)
  })

  it("answers a refused form with its errors, marked with the form's name, and ignores intents that are not its own", async () => {
    const { token, unit } = await companyWithUnit()
    const client = clientAs(token)
    const empty = await act(client, formOf({ intent: 'add-note', body: '  ' }), 'rental-units', unit.record_id)
    expect(empty.returned).toMatchObject({ data: { form: 'add-note', result: { error: { body: ['Note is required.'] } } }, init: { status: 400 } })

    const disguised = await act(client, formOf({ intent: 'upload-document', file: file(PROGRAM, 'lease.pdf', 'application/pdf'), document_type: 'LEASE', name: 'Lease' }), 'rental-units', unit.record_id)
    expect(disguised.returned).toMatchObject({ data: { form: 'upload-document', result: { error: { file: [expect.stringMatching(/not a kind we accept/)] }, initialValue: { name: 'Lease' } } }, init: { status: 400 } })
    const noFile = await act(client, formOf({ intent: 'upload-photo', file: file(new Uint8Array(0), '') }), 'rental-units', unit.record_id)
    expect(noFile.returned).toMatchObject({ data: { form: 'upload-photo', result: { error: { file: ['Choose a file to upload.'] } } } })
    const gone = await act(client, formOf({ intent: 'add-note', body: 'x' }), 'rental-units', '00000000-0000-4000-8000-000000000000')
    expect(gone.returned).toMatchObject({ data: { form: 'add-note', result: { error: { '': ['No such rental unit in your company.'] } } } })

    expect(await act(client, formOf({ intent: 'delete' }), 'rental-units', unit.record_id)).toEqual({ returned: undefined })
  })
})
