import { and, eq } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { documents, leaseAttachments } from '~/db/schema'
import { documentTypeOf, LEASE_ATTACHMENT_CATEGORIES } from '~/domain/leasing/lease-attachments'
import { defineResource } from './engine/define'
import { boolean, file, longText, reference, select, text } from './engine/fields'

/*
 * A file kept on a lease (SPEC.md §7 lease-attachments/, issue 14 item 1), as AppFolio and Buildium
 * keep a lease's signed copy, addenda, notices and inspections.
 *
 * Why not a store of its own: a lease already had files, the documents of the company's store kept
 * on it (the generic Attachments). A lease attachment is that same document, not a copy: its file
 * is a document kept on the lease (uploaded through the store's one path: limits, type read from the
 * bytes, sandboxed download), and this row is what the lease keeps about it (title, category,
 * description, whether its residents see it). So a lease's files have one home: every document on
 * a lease is a lease attachment (migration 0034 made one of each earlier document), the lease's page
 * lists them here instead of in a Documents drawer, and the documents API sends a new file for a
 * lease here. The resident center shows a lease's documents only where their attachment is shared.
 */

/** The document holding the file is named and typed as the attachment says, wherever the store lists it. */
async function nameTheFile(tx: Executor, companyId: string, record: Record<string, unknown>) {
  await tx
    .update(documents)
    .set({ name: String(record.title), documentType: documentTypeOf(String(record.category)), updatedAt: new Date() })
    .where(and(eq(documents.companyId, companyId), eq(documents.id, String(record.fileId))))
}

export const leaseAttachmentsResource = defineResource({
  name: 'lease-attachments',
  singular: 'Lease Attachment',
  plural: 'Lease Attachments',
  description: 'Files kept on leases — the signed lease, addenda, notices, move-in and move-out inspections, ID and insurance — each shared with the lease’s residents in the resident center or kept for the office.',
  group: 'Leasing',
  permission: 'leasing',
  table: leaseAttachments,
  fields: {
    leaseId: reference('Lease', 'leases', { required: true }),
    title: text('Title', { required: true }),
    category: select('Category', LEASE_ATTACHMENT_CATEGORIES, { required: true }),
    fileId: file('File', { required: true, keptOn: 'leaseId', help: 'PDF, image, text, CSV, Word or Excel; at most 25 MB. It stays this attachment’s file.' }),
    description: longText('Description', { max: 2000 }),
    sharedWithResidents: boolean('Shared with residents', { help: 'The lease’s residents see it and can download it in the resident center' }),
  },
  title: ['title'],
  columns: ['title', 'leaseId', 'category', 'sharedWithResidents'],
  search: ['title', 'description'],
  filters: ['leaseId', 'category', 'sharedWithResidents'],
  ordering: '-created_at',
  methods: ['list', 'create', 'get', 'update'],
  // Its file is its own document; notes about it go on the lease.
  attachments: false,
  rules: {
    created: ({ tx, companyId, record }) => nameTheFile(tx as Executor, companyId, record),
    updated: ({ tx, companyId, record }) => nameTheFile(tx as Executor, companyId, record),
  },
})
