import type { DocumentType } from '~/domain/reference-data'

/*
 * What a lease keeps on file, as AppFolio and Buildium keep a lease's attachments: the signed lease,
 * its addenda, notices, the move-in and move-out inspections, the residents' ID and insurance.
 * Each is a document of the company's store kept on the lease; its category says which kind of
 * document it is, for the store's lists and the resident center.
 */

export const LEASE_ATTACHMENT_CATEGORIES = [
  { value: 'SIGNED_LEASE', label: 'Signed lease' },
  { value: 'ADDENDUM', label: 'Addendum' },
  { value: 'NOTICE', label: 'Notice' },
  { value: 'MOVE_IN_INSPECTION', label: 'Move-in inspection' },
  { value: 'MOVE_OUT_INSPECTION', label: 'Move-out inspection' },
  { value: 'ID_OR_INSURANCE', label: 'ID or insurance' },
  { value: 'OTHER', label: 'Other' },
] as const
export type LeaseAttachmentCategory = (typeof LEASE_ATTACHMENT_CATEGORIES)[number]['value']

const DOCUMENT_TYPE_OF: Record<LeaseAttachmentCategory, DocumentType> = {
  SIGNED_LEASE: 'LEASE',
  ADDENDUM: 'LEASE_ADDENDUM',
  NOTICE: 'NOTICE',
  MOVE_IN_INSPECTION: 'INSPECTION_REPORT',
  MOVE_OUT_INSPECTION: 'INSPECTION_REPORT',
  // ID and insurance are two types in the store; "other" says neither wrongly.
  ID_OR_INSURANCE: 'OTHER',
  OTHER: 'OTHER',
}

/** The store's document type of an attachment of this category. */
export const documentTypeOf = (category: string): DocumentType => DOCUMENT_TYPE_OF[category as LeaseAttachmentCategory] ?? 'OTHER'
