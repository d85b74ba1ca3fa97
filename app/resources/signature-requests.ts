import { z } from '@hono/zod-openapi'
import type { Executor } from '~/db/client.server'
import { timeZoneOf } from '~/db/clock.server'
import { signatureRequests, signatureRequestSigners } from '~/db/schema'
import { SIGNATURE_REQUEST_STATUSES, SIGNER_ROLES, SIGNER_STATUSES } from '~/domain/leasing/signatures'
import { completedPdf, remindNow, requestSummaries, signerTimes } from '~/leasing/signatures.server'
import { defineResource } from './engine/define'
import { boolean, email, longText, number, reference, select, text } from './engine/fields'

/*
 * E-signature of leases (issue 17 item 7): a lease sent to sign online is a signature request,
 * made by the lease's `generate-signature-request` action (there is no create of its own). Its
 * signers sign in order at their own links (/sign/{token}/); when the last one signs it is
 * completed, the lease activated and everyone sent the signed copy. The rules are the services of
 * ~/leasing/signatures.server; shown only where the workspace has e-signature on.
 */
export const signatureRequestsResource = defineResource({
  name: 'signature-requests',
  singular: 'Signature Request',
  plural: 'Signature Requests',
  description: 'Leases sent to be signed online: who signs, in what order, who has signed, and the signed copy with its certificate once everyone has.',
  group: 'Leasing',
  permission: 'leasing',
  table: signatureRequests,
  fields: {
    leaseId: reference('Lease', 'leases', { readOnly: true }),
    label: text('Name', { readOnly: true }),
    status: select('Status', SIGNATURE_REQUEST_STATUSES, { readOnly: true }),
    message: longText('Message to the signers', { max: 2000, help: 'Said in the e-mails that carry their links (and the reminders)' }),
    reminderIntervalDays: number('Remind after (days)', { min: 1, max: 30, help: 'A signer who has not signed is sent the link again after this many days, at most three times' }),
    documentSha256: text('SHA-256 of the document', { readOnly: true }),
    outcome: text('Outcome', { readOnly: true, help: 'What came of activating the lease once everyone signed' }),
  },
  title: ['label'],
  label: 'label',
  columns: ['label', 'signed', 'waiting_for', 'status'],
  search: ['label'],
  filters: ['status', 'leaseId'],
  ordering: '-created_at',
  methods: ['list', 'get', 'update'],
  attachments: false,
  states: {
    field: 'status',
    initial: 'SENT',
    transitions: [
      ['SENT', 'COMPLETED'],
      ['SENT', 'CANCELED'],
    ],
    locked: ['COMPLETED', 'CANCELED'],
  },
  actions: {
    remind: {
      label: 'Remind',
      from: ['SENT'],
      done: 'The signer whose turn it is was e-mailed their link again.',
      run: ({ tx, companyId, record, afterCommit }) => remindNow(tx as Executor, companyId, record, afterCommit),
    },
    cancel: {
      label: 'Cancel',
      from: ['SENT'],
      to: 'CANCELED',
      confirm: 'Canceling stops the signing: no link signs anything any more, and those who signed are not asked again. The lease stays a draft.',
      done: 'Signature request canceled: its links no longer sign anything.',
    },
  },
  documents: {
    'completed-pdf': {
      label: 'Signed lease with certificate (PDF)',
      contentType: 'application/pdf',
      from: ['COMPLETED'],
      make: ({ tx, companyId, record }) => completedPdf(tx as Executor, companyId, String(record.id)),
    },
  },
  outputs: {
    summary: {
      schema: {
        signed: z.string().openapi({ description: 'How many of its signers have signed: “1 of 2”' }),
        waiting_for: z.string().nullable().openapi({ description: 'Whose turn it is to sign; null once all have, or once it is canceled' }),
      },
      fields: { signed: text('Signed'), waiting_for: text('Waiting for') },
      load: ({ tx, companyId, records }) => requestSummaries(tx as Executor, companyId, records),
    },
  },
  page: {
    sections: [
      // The document's SHA-256 is in its API answer and on the certificate: one long word a card cannot wrap.
      { kind: 'fields', fields: ['leaseId', 'status', 'signed', 'waiting_for', 'outcome', 'message', 'reminderIntervalDays'] },
      { kind: 'actions' },
      { kind: 'related', related: { resource: 'signature-request-signers', field: 'requestId', label: 'Signers, in order' } },
      { kind: 'history' },
      { kind: 'notes' },
    ],
  },
})

/** Who signs each request, in order, and when each was sent the link and signed: read-only, written by the signing itself. */
export const signatureRequestSignersResource = defineResource({
  name: 'signature-request-signers',
  singular: 'Signer',
  plural: 'Signers',
  description: 'Everyone asked to sign a lease online, in the order they sign: when each was sent the link, reminded, and signed.',
  group: 'Leasing',
  permission: 'leasing',
  table: signatureRequestSigners,
  fields: {
    requestId: reference('Signature request', 'signature-requests', { readOnly: true }),
    position: number('Order', { readOnly: true }),
    name: text('Name', { readOnly: true }),
    email: email('E-mail', { readOnly: true }),
    role: select('Signs as', SIGNER_ROLES, { readOnly: true }),
    status: select('Status', SIGNER_STATUSES, { readOnly: true }),
    residentId: reference('Resident', 'residents', { readOnly: true }),
    remindersSent: number('Reminders sent', { readOnly: true }),
    typedName: text('Typed name', { readOnly: true }),
    signedUserAgent: text('Browser', { readOnly: true, max: 500 }),
    label: text('Label', { readOnly: true }),
  },
  title: ['label'],
  label: 'label',
  columns: ['position', 'name', 'role', 'status', 'signed_when', 'remindersSent'],
  search: ['label', 'email'],
  filters: ['requestId', 'status', 'residentId'],
  ordering: 'position',
  methods: ['list', 'get'],
  palette: false,
  attachments: false,
  outputs: {
    summary: {
      schema: {
        notified_at: z.string().nullable().openapi({ description: 'When they were e-mailed their link (ISO 8601)' }),
        signed_at: z.string().nullable().openapi({ description: 'When they signed (ISO 8601)' }),
        last_reminded_at: z.string().nullable(),
        signed_ip: z.string().nullable().openapi({ description: 'The address they signed from' }),
        drew_signature: z.boolean().openapi({ description: 'Whether they drew a signature besides typing their name' }),
        notified_when: z.string().nullable().openapi({ description: 'When they were e-mailed their link, on the company’s clock' }),
        signed_when: z.string().nullable().openapi({ description: 'When they signed, on the company’s clock' }),
        reminded_when: z.string().nullable().openapi({ description: 'When they were last reminded, on the company’s clock' }),
      },
      fields: { notified_when: text('Link sent'), signed_when: text('Signed'), reminded_when: text('Last reminded'), signed_ip: text('IP address'), drew_signature: boolean('Drew a signature') },
      common: ({ tx, companyId }) => timeZoneOf(tx as Executor, companyId),
      load: async ({ records, stored, common }) => signerTimes(records, stored, String(common)),
    },
  },
  page: {
    sections: [
      { kind: 'fields', fields: ['requestId', 'position', 'name', 'email', 'role', 'status', 'residentId'] },
      { kind: 'fields', label: 'Signing', fields: ['notified_when', 'remindersSent', 'reminded_when', 'signed_when', 'typedName', 'drew_signature', 'signed_ip', 'signedUserAgent'] },
    ],
  },
})
