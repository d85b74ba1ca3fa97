import type { Letter } from '~/domain/letter'

/*
 * E-signature of leases (issue 17 item 7), as rules without a database: who signs a lease and in
 * what order, whose turn it is, why a link cannot be used, when a signer is due a reminder, and
 * what the certificate page of a completed request says.
 */

export const SIGNATURE_REQUEST_STATUSES = [
  { value: 'SENT', label: 'Out for signature' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'CANCELED', label: 'Canceled' },
] as const

export const SIGNER_STATUSES = [
  { value: 'WAITING', label: 'Waiting for their turn' },
  { value: 'NOTIFIED', label: 'Sent the link' },
  { value: 'SIGNED', label: 'Signed' },
] as const

export const SIGNER_ROLES = [
  { value: 'PRIMARY', label: 'Primary tenant' },
  { value: 'CO_TENANT', label: 'Co-tenant' },
  { value: 'GUARANTOR', label: 'Guarantor' },
  { value: 'COMPANY', label: 'Landlord’s representative' },
] as const

export const roleLabel = (role: string) => SIGNER_ROLES.find((r) => r.value === role)?.label ?? role

/** Reminders a signer gets at most, a reminder interval apart. */
export const MAX_REMINDERS = 3
export const DEFAULT_REMINDER_DAYS = 3

/** The lease roles that sign, in the order they sign: occupants live there but sign nothing. */
const SIGNING_ROLES = ['PRIMARY', 'CO_TENANT', 'GUARANTOR'] as const

export type LeaseParty = { residentId: string; name: string; email: string | null; role: string; position: number }
export type CompanySigner = { userId: string; name: string; email: string }
export type PlannedSigner = { position: number; residentId: string | null; userId: string | null; name: string; email: string; role: string }

/**
 * Who signs the lease, in order: the primary tenant, the co-tenants, the guarantors (each group in
 * the lease's own order), then the company's signer when it signs too. Refused (field errors, by
 * resident) when a resident who must sign has no e-mail: a link can reach only an address.
 */
export function planSigners(parties: readonly LeaseParty[], company: CompanySigner | null): { signers: PlannedSigner[] } | { error: string } {
  const signing = parties
    .filter((p) => (SIGNING_ROLES as readonly string[]).includes(p.role))
    .sort((a, b) => SIGNING_ROLES.indexOf(a.role as never) - SIGNING_ROLES.indexOf(b.role as never) || a.position - b.position)
  if (!signing.some((p) => p.email?.trim())) return { error: 'No resident on this lease has an e-mail address: add one to the tenant’s record to send it to sign.' }
  const missing = signing.filter((p) => !p.email?.trim())
  if (missing.length) return { error: `${missing.map((p) => p.name).join(', ')} must sign but ${missing.length === 1 ? 'has' : 'have'} no e-mail address: add one to send the lease to sign.` }
  const signers: PlannedSigner[] = signing.map((p, i) => ({ position: i + 1, residentId: p.residentId, userId: null, name: p.name, email: p.email!.trim().toLowerCase(), role: p.role }))
  if (company) signers.push({ position: signers.length + 1, residentId: null, userId: company.userId, name: company.name, email: company.email.toLowerCase(), role: 'COMPANY' })
  return { signers }
}

export type SignerState = { id: string; position: number; status: string }

/** The signer whose turn it is: the first, in order, who has not signed; undefined once all have. */
export function nextToSign<S extends SignerState>(signers: readonly S[]): S | undefined {
  return [...signers].sort((a, b) => a.position - b.position).find((s) => s.status !== 'SIGNED')
}

/** Why a signer's link cannot sign now, or null when it can. */
export type Refusal = 'canceled' | 'signed' | 'not-your-turn' | 'completed'

export function refusalFor(requestStatus: string, signer: SignerState, signers: readonly SignerState[]): Refusal | null {
  if (signer.status === 'SIGNED') return 'signed'
  if (requestStatus === 'CANCELED') return 'canceled'
  if (requestStatus === 'COMPLETED') return 'completed'
  if (nextToSign(signers)?.id !== signer.id) return 'not-your-turn'
  return null
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Whether a signer who was sent the link and has not signed is due another: `intervalDays` after
 * the link or the last reminder, at most `MAX_REMINDERS` times.
 */
export function reminderDue(signer: { status: string; notifiedAt: Date | null; lastRemindedAt: Date | null; remindersSent: number }, intervalDays: number, now: Date) {
  if (signer.status !== 'NOTIFIED' || signer.remindersSent >= MAX_REMINDERS) return false
  const since = signer.lastRemindedAt ?? signer.notifiedAt
  return !!since && now.getTime() - since.getTime() >= intervalDays * DAY_MS
}

/** An instant as people read it on the company's clock ("2031-03-01 14:05 EST"), and in UTC. */
export function instantIn(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false, timeZoneName: 'short' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  const hour = parts.hour === '24' ? '00' : parts.hour
  return `${parts.year}-${parts.month}-${parts.day} ${hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`
}

export const instantUtc = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`

export type CertificateSigner = {
  name: string
  email: string
  role: string
  typedName: string | null
  signedAt: Date | null
  ip: string | null
  userAgent: string | null
  drew: boolean
}

export type CertificateFacts = {
  company: string
  leaseLabel: string
  documentName: string
  sha256: string
  requestId: string
  sentAt: Date
  completedAt: Date | null
  timeZone: string
  signers: readonly CertificateSigner[]
  history: readonly { at: Date; what: string }[]
  outcome: string | null
}

/**
 * The certificate page a completed request's PDF ends with: the document signed and its SHA-256
 * (anyone can hash the pages before it and compare), each signer with what they typed, when (on the
 * company's clock and in UTC), from which address and browser, and the request's history.
 */
export function certificateLetter(facts: CertificateFacts): Letter {
  const when = (at: Date) => `${instantIn(at, facts.timeZone)} (${instantUtc(at)})`
  return {
    letterhead: [facts.company],
    title: 'Certificate of electronic signature',
    subtitle: `${facts.leaseLabel} · request ${facts.requestId}`,
    sections: [
      {
        heading: 'The document',
        rows: [
          ['Document', facts.documentName],
          ['Sent to sign', when(facts.sentAt)],
          ['Completed', facts.completedAt ? when(facts.completedAt) : 'Not completed'],
        ],
        paragraphs: [
          'SHA-256 of the document as sent to sign (the pages before this certificate):',
          facts.sha256,
          ...(facts.outcome ? [facts.outcome] : []),
        ],
      },
      ...facts.signers.map((s, i) => ({
        heading: `Signer ${i + 1}: ${s.name}`,
        rows: [
          ['E-mail', s.email],
          ['Signs as', roleLabel(s.role)],
          ['Typed name', s.typedName ?? '—'],
          ['Signed', s.signedAt ? when(s.signedAt) : 'Not signed'],
          ['IP address', s.ip ?? '—'],
          ['Browser', s.userAgent ?? '—'],
          ['Signature', s.signedAt ? (s.drew ? 'Drawn (shown after this page) and typed name' : 'Typed name') : '—'],
        ] as [string, string][],
        paragraphs: s.signedAt ? [`${s.name} agreed to sign electronically and signed by typing their full name.`] : [],
      })),
      { heading: 'History', rows: facts.history.map((h) => [instantUtc(h.at), h.what] as [string, string]) },
    ],
    signatures: [],
  }
}
