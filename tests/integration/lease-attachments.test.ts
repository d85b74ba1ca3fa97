import { describe, expect, it } from 'vitest'
import { api } from '../factories/api'
import { pdfOf, PNG, PROGRAM } from '../factories/files'
import { get, leasingCompany } from '../factories/leasing'
import { download, upload } from '../factories/uploads'

/*
 * Lease attachments as an API client meets them: a file kept on a lease, sent as a multipart form
 * with what it is. The file is the lease's document in the company's store (one home for a lease's
 * files), refused there as the store refuses any file, and only ever on a lease of the caller's
 * company.
 */

const pdf = (name = 'lease.pdf') => new File([pdfOf()], name, { type: 'application/pdf' })

describe('a lease attachment', () => {
  it('keeps its file as a document of the lease, named and typed as the attachment says', async () => {
    const company = await leasingCompany()
    const lease = await company.lease()
    const made = await upload('lease-attachments/', company.token, { lease_id: lease.id, title: 'Signed lease 2031', category: 'SIGNED_LEASE', description: 'Both pages, initialled', file: pdf() })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ lease_id: lease.id, title: 'Signed lease 2031', category: 'SIGNED_LEASE', shared_with_residents: false, lease_label: expect.stringMatching(/^101 · Bronson Court/) })

    const document = await get(company.token, `documents/${made.body.file_id}/`)
    expect(document).toMatchObject({ record_type: 'leases', record_id: lease.id, name: 'Signed lease 2031', document_type: 'LEASE', content_type: 'application/pdf' })
    expect((await download(`documents/${made.body.file_id}/download/`, company.token)).status).toBe(200)
    expect((await get(company.token, `lease-attachments/?lease_id=${lease.id}`)).results.map((a: { id: string }) => a.id)).toEqual([made.body.id])

    // Changed, it renames its document; moved to another lease, its file goes with it.
    const other = await company.lease()
    const changed = await api('PUT', `lease-attachments/${made.body.id}/`, { token: company.token, body: { title: 'Addendum: parking', category: 'ADDENDUM', lease_id: other.id } })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(await get(company.token, `documents/${made.body.file_id}/`)).toMatchObject({ record_id: other.id, name: 'Addendum: parking', document_type: 'LEASE_ADDENDUM' })
  })

  it('is a lease’s one way to keep a file: the documents API sends a lease’s files there, and keeps its attachments’ documents as they say', async () => {
    const company = await leasingCompany()
    const lease = await company.lease()
    const direct = await upload('documents/', company.token, { file: pdf(), document_type: 'LEASE', record_type: 'leases', record_id: lease.id })
    expect(direct.status).toBe(400)
    expect(direct.body.errors.record_type[0]).toMatch(/lease attachments: add it at lease-attachments\//)

    const made = await upload('lease-attachments/', company.token, { lease_id: lease.id, title: 'Notice', category: 'NOTICE', file: pdf() })
    const renamed = await api('PUT', `documents/${made.body.file_id}/`, { token: company.token, body: { name: 'Something else' } })
    expect(renamed.status).toBe(409)
    expect((await get(company.token, `documents/${made.body.file_id}/`)).name).toBe('Notice')
  })

  it('refuses a lease of another company at its field, and stores nothing', async () => {
    const company = await leasingCompany()
    const stranger = await leasingCompany()
    const theirs = await stranger.lease()
    const before = (await get(company.token, 'documents/')).count
    const made = await upload('lease-attachments/', company.token, { lease_id: theirs.id, title: 'Not ours', category: 'OTHER', file: pdf() })
    expect(made.status).toBe(400)
    expect(made.body.errors.lease_id[0]).toMatch(/no such lease in your company/)
    expect((await get(company.token, 'documents/')).count).toBe(before)
    expect((await get(stranger.token, `documents/?record_type=leases&record_id=${theirs.id}`)).count).toBe(0)
  })

  it('refuses a file the store refuses, at the file, and stores nothing', async () => {
    const company = await leasingCompany()
    const lease = await company.lease()
    const program = await upload('lease-attachments/', company.token, { lease_id: lease.id, title: 'Invoice', category: 'OTHER', file: new File([PROGRAM], 'invoice.pdf', { type: 'application/pdf' }) })
    expect(program.status).toBe(400)
    expect(program.body.errors.file[0]).toMatch(/not a kind we accept for a document/)
    const none = await upload('lease-attachments/', company.token, { lease_id: lease.id, title: 'Nothing', category: 'OTHER' })
    expect(none.status).toBe(400)
    expect(none.body.errors.file[0]).toBe('Choose a file to upload.')
    const blankFields = await upload('lease-attachments/', company.token, { lease_id: lease.id, title: '', category: 'PHOTO', file: new File([PNG], 'p.png', { type: 'image/png' }) })
    expect(blankFields.status).toBe(400)
    expect(Object.keys(blankFields.body.errors).sort()).toEqual(['category', 'title'])
    expect((await get(company.token, 'lease-attachments/')).count).toBe(0)
    expect((await get(company.token, 'documents/')).count).toBe(0)
  })
})
