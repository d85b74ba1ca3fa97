import { createHmac, randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'
import { timeZoneOf } from '~/db/clock.server'
import { crossCompany, getDb, withCompany, type Executor } from '~/db/client.server'
import { companies, documents, leaseAttachments, leaseResidents, residents, signatureRequests, signatureRequestSigners, stateChanges, users } from '~/db/schema'
import { documentTypeOf } from '~/domain/leasing/lease-attachments'
import { storeFile } from '~/utils/file-store.server'
import { conflict, DomainError } from '~/domain/errors'
import {
  certificateLetter,
  DEFAULT_REMINDER_DAYS,
  instantIn,
  nextToSign,
  planSigners,
  refusalFor,
  reminderDue,
  roleLabel,
  type Refusal,
} from '~/domain/leasing/signatures'
import { resourceNamed } from '~/resources/index'
import { sha256, sha256Hex } from '~/utils/crypto.server'
import { instanceSecret } from '~/utils/instance.server'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { safeTextFor } from '~/utils/pdf.server'
import { linkEmail, sendEmail } from '~/utils/mailer.server'
import { leasePdf } from './lease-document.server'

/**
 * The engine's action runner, read when first needed: the lease's definition imports these
 * services, and the runner imports the API's, which a definition must not pull in as it loads.
 */
const engineActions = () => import('~/resources/engine/actions.server')

/*
 * E-signature of leases (issue 17 item 7): what the lease's `generate-signature-request` action and
 * the signature requests' own actions run, and what the public signing page reads and writes. A
 * signer's link carries a token made from the installation's secret and the signer's id (so a
 * reminder can send it again); only its SHA-256 is stored, and the link is found by that hash.
 * The public reads find the link's company first (as the tables' owner, one row by hash), then
 * work as that company.
 */

type Row = Record<string, unknown>
type AfterCommit = (effect: () => Promise<void>) => void
type Signer = typeof signatureRequestSigners.$inferSelect
type Request = typeof signatureRequests.$inferSelect

const REQUESTS = 'signature-requests'
/**
 * What the history calls the move to Completed: no one's action (the last signature makes it), so
 * the history's action column, which shows an action's label, carries these words instead.
 */
const SIGNED_BY_EVERYONE = 'Signed by everyone'
const requests = () => resourceNamed(REQUESTS)!

/** A signer's link token: the same every time it is made, so a reminder sends the link the signer already has. */
export async function linkToken(signerId: string) {
  return createHmac('sha256', await instanceSecret())
    .update(`signature-link:${signerId}`)
    .digest('base64url')
}

const signingUrl = (origin: string, token: string) => `${origin}/sign/${token}/`

/** The lease's residents with what signing needs of them, in the lease's order. */
async function partiesOf(tx: Executor, companyId: string, leaseId: string) {
  return tx
    .select({ residentId: residents.id, name: sql<string>`${residents.firstName} || ' ' || ${residents.lastName}`, email: residents.email, role: leaseResidents.role, position: leaseResidents.position })
    .from(leaseResidents)
    .innerJoin(residents, eq(residents.id, leaseResidents.residentId))
    .where(and(eq(leaseResidents.companyId, companyId), eq(leaseResidents.leaseId, leaseId)))
    .orderBy(asc(leaseResidents.position))
}

/**
 * Sends a draft lease to sign: refused while the workspace has e-signature off, while another
 * request for it is out, or when a resident who signs has no e-mail. Keeps the lease's PDF as it
 * is now with its SHA-256, lists the signers in order and sends the first one their link once the
 * action commits.
 */
export async function generateSignatureRequest(tx: Executor, companyId: string, userId: string, record: Row, input: Row, origin: string | undefined, afterCommit: AfterCommit) {
  const leaseId = String(record.id)
  const [[company], open, parties, [staff]] = await Promise.all([
    tx.select({ on: companies.hasESignatureEnabled, name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    tx
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(and(eq(signatureRequests.companyId, companyId), eq(signatureRequests.leaseId, leaseId), eq(signatureRequests.status, 'SENT'))),
    partiesOf(tx, companyId, leaseId),
    tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)),
  ])
  if (!company?.on) throw conflict('E-signature is off for your workspace: turn it on under Settings (workspace switches) to send leases to sign online.')
  if (open.length) throw conflict('This lease is already out for signature: cancel that request before sending another.')
  const companySigns = input.company_signs === true && staff
  const plan = planSigners(parties, companySigns ? { userId, name: [staff.firstName, staff.lastName].filter(Boolean).join(' ') || staff.email, email: staff.email } : null)
  if ('error' in plan) throw conflict(plan.error)
  const pdf = await leasePdf(tx, companyId, leaseId)
  const linkOrigin = (process.env.APP_URL ?? origin ?? '').replace(/\/$/, '')
  const request = await createRequest(tx, companyId, userId, {
    leaseId,
    label: String(record.label),
    status: 'SENT',
    message: (input.message as string | null | undefined)?.trim() || null,
    reminderIntervalDays: (input.reminder_interval_days as number | null | undefined) ?? DEFAULT_REMINDER_DAYS,
    document: pdf.body,
    documentSha256: sha256Hex(pdf.body),
    documentName: pdf.filename,
    linkOrigin,
    sentById: userId,
  })
  const now = new Date()
  const rows = await Promise.all(
    plan.signers.map(async (s) => {
      const id = randomUUID()
      return {
        id,
        companyId,
        requestId: request.id,
        ...s,
        status: s.position === 1 ? 'NOTIFIED' : 'WAITING',
        notifiedAt: s.position === 1 ? now : null,
        tokenHash: sha256(await linkToken(id)),
        label: `${s.name} · ${String(record.label)}`,
      }
    }),
  )
  const signers = await tx.insert(signatureRequestSigners).values(rows).returning()
  afterCommit(() => mailLink(companyId, company.name, request, signers[0]!, 'first'))
}

/** Of a page of leases, those that can be sent to sign now: drafts, in a workspace with e-signature on, with no request out. */
export async function sendableToSign(tx: Executor, companyId: string, records: Row[]) {
  const drafts = records.filter((r) => r.status === 'DRAFT').map((r) => String(r.id))
  if (!drafts.length) return new Set<string>()
  const [[company], out] = await Promise.all([
    tx.select({ on: companies.hasESignatureEnabled }).from(companies).where(eq(companies.id, companyId)),
    tx
      .select({ leaseId: signatureRequests.leaseId })
      .from(signatureRequests)
      .where(and(eq(signatureRequests.companyId, companyId), inArray(signatureRequests.leaseId, drafts), eq(signatureRequests.status, 'SENT'))),
  ])
  if (!company?.on) return new Set<string>()
  const busy = new Set(out.map((r) => r.leaseId))
  return new Set(drafts.filter((id) => !busy.has(id)))
}

/** The request as the engine creates any record (its first state in the history, its palette entry). */
async function createRequest(tx: Executor, companyId: string, userId: string, stored: Omit<typeof signatureRequests.$inferInsert, 'companyId'>) {
  const { createRecord } = await import('~/resources/engine/api.server')
  return (await createRecord(tx, companyId, requests(), { values: {}, stored }, { userId })) as Request
}

/** E-mails a signer their link: when their turn comes, or again as a reminder. */
async function mailLink(companyId: string, companyName: string, request: Pick<Request, 'label' | 'message' | 'linkOrigin'>, signer: Pick<Signer, 'id' | 'name' | 'email'>, kind: 'first' | 'reminder') {
  const url = signingUrl(request.linkOrigin, await linkToken(signer.id))
  const mail = linkEmail({
    greeting: `Hello ${signer.name},`,
    paragraphs: [
      kind === 'reminder' ? `A reminder: ${companyName} is waiting for your signature on your lease, ${request.label}.` : `${companyName} asks you to sign your lease, ${request.label}, online.`,
      ...(request.message ? [request.message] : []),
      'Read the lease, then sign it with your name, on a phone or a computer. The link is yours alone: do not forward it.',
    ],
    action: 'Read and sign the lease',
    url,
    secret: true,
    footer: 'If you did not expect this, reply to this e-mail.',
  })
  await sendEmail({ companyId, to: signer.email, subject: kind === 'reminder' ? `Reminder: please sign your lease with ${companyName}` : `Please sign your lease with ${companyName}`, category: 'signature_request', ...mail })
}

/** Sends the signer whose turn it is their link again, now (a manager's Remind), and counts it. */
export async function remindNow(tx: Executor, companyId: string, record: Row, afterCommit: AfterCommit) {
  const signers = await tx
    .select()
    .from(signatureRequestSigners)
    .where(and(eq(signatureRequestSigners.companyId, companyId), eq(signatureRequestSigners.requestId, String(record.id))))
  const next = nextToSign(signers)
  if (!next || next.status !== 'NOTIFIED') throw conflict('No one is waiting to sign this request.')
  await markReminded(tx, companyId, next)
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
  afterCommit(() => mailLink(companyId, company?.name ?? '', record as Request, next, 'reminder'))
}

async function markReminded(tx: Executor, companyId: string, signer: Signer) {
  await tx
    .update(signatureRequestSigners)
    .set({ remindersSent: sql`${signatureRequestSigners.remindersSent} + 1`, lastRemindedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(signatureRequestSigners.companyId, companyId), eq(signatureRequestSigners.id, signer.id)))
}

/**
 * The reminders job: every signer sent a link who has not signed after their request's reminder
 * interval (since the link or the last reminder) is sent it again, at most three times. Each
 * company's reminders are one transaction.
 */
export async function sendDueReminders(now = new Date()) {
  const due = await crossCompany(() =>
    getDb()
      .select({ companyId: signatureRequests.companyId })
      .from(signatureRequestSigners)
      .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
      .where(and(eq(signatureRequests.status, 'SENT'), eq(signatureRequestSigners.status, 'NOTIFIED')))
      .groupBy(signatureRequests.companyId),
  )
  let sent = 0
  const { committing } = await engineActions()
  for (const { companyId } of due) {
    sent += await withCompany(companyId, () =>
      committing(getDb(), async (tx, afterCommit) => {
        const rows = await tx
          .select({ signer: signatureRequestSigners, request: signatureRequests })
          .from(signatureRequestSigners)
          .innerJoin(signatureRequests, eq(signatureRequests.id, signatureRequestSigners.requestId))
          .where(and(eq(signatureRequests.companyId, companyId), eq(signatureRequests.status, 'SENT'), eq(signatureRequestSigners.status, 'NOTIFIED')))
          .for('update', { of: signatureRequestSigners, skipLocked: true })
        const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId))
        const dueNow = rows.filter((r) => reminderDue(r.signer, r.request.reminderIntervalDays, now))
        for (const { signer, request } of dueNow) {
          await markReminded(tx, companyId, signer)
          afterCommit(() => mailLink(companyId, company?.name ?? '', request, signer, 'reminder'))
        }
        return dueNow.length
      }),
    )
  }
  return { sent }
}

/** The signer a token names, with their company: undefined for any other token. */
async function linkOf(token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined
  const [found] = await crossCompany(() =>
    getDb()
      .select({ id: signatureRequestSigners.id, companyId: signatureRequestSigners.companyId, requestId: signatureRequestSigners.requestId })
      .from(signatureRequestSigners)
      .where(eq(signatureRequestSigners.tokenHash, sha256(token))),
  )
  return found
}

/** What a link's page says when it cannot sign, in the signer's words. */
function refusalMessage(refusal: Refusal, me: Signer, next: Signer | undefined, timeZone: string, companyName: string) {
  switch (refusal) {
    case 'signed':
      return `You signed this lease on ${instantIn(me.signedAt!, timeZone)}. ${next ? 'Nothing more is needed from you; everyone gets the signed copy once all have signed.' : 'Everyone has signed: the signed copy was e-mailed to you.'}`
    case 'canceled':
      return `${companyName} canceled this signature request: the link no longer signs anything. If you were expecting to sign, ask them for a new one.`
    case 'completed':
      return 'Everyone has signed this lease already.'
    case 'not-your-turn':
      return `It is not your turn to sign yet: ${next?.name ?? 'another signer'} signs before you. You will get an e-mail when it is your turn.`
  }
}

/** A request's signers in order, and who signs next. */
async function signersOf(tx: Executor, companyId: string, requestId: string, lock = false) {
  const query = tx
    .select()
    .from(signatureRequestSigners)
    .where(and(eq(signatureRequestSigners.companyId, companyId), eq(signatureRequestSigners.requestId, requestId)))
    .orderBy(asc(signatureRequestSigners.position))
  return lock ? query.for('update') : query
}

/** What the public signing page shows for a token; undefined when no link has it. */
export async function signingView(token: string) {
  const link = await linkOf(token)
  if (!link) return undefined
  return withCompany(
    link.companyId,
    async () => {
      const db = getDb()
      const [[request], signers, [company], timeZone] = await Promise.all([
        db
          .select()
          .from(signatureRequests)
          .where(and(eq(signatureRequests.companyId, link.companyId), eq(signatureRequests.id, link.requestId))),
        signersOf(db, link.companyId, link.requestId),
        db.select({ name: companies.name }).from(companies).where(eq(companies.id, link.companyId)),
        timeZoneOf(db, link.companyId),
      ])
      const me = signers.find((s) => s.id === link.id)!
      const refusal = refusalFor(request!.status, me, signers)
      const next = nextToSign(signers)
      return {
        company_name: company!.name,
        lease_label: request!.label,
        message: request!.message,
        signer_name: me.name,
        signer_email: me.email,
        role: roleLabel(me.role),
        state: refusal ?? ('ready' as const),
        detail: refusal ? refusalMessage(refusal, me, next, timeZone, company!.name) : null,
        signers: signers.map((s) => ({ name: s.name, role: roleLabel(s.role), signed: s.status === 'SIGNED', you: s.id === me.id })),
      }
    },
    { read: true },
  )
}

/** The lease's PDF as sent to sign, for the link's signer to read (any state but canceled); undefined for an unknown token. */
export async function signingDocument(token: string) {
  const link = await linkOf(token)
  if (!link) return undefined
  return withCompany(
    link.companyId,
    async () => {
      const [request] = await getDb()
        .select({ status: signatureRequests.status, document: signatureRequests.document, name: signatureRequests.documentName })
        .from(signatureRequests)
        .where(and(eq(signatureRequests.companyId, link.companyId), eq(signatureRequests.id, link.requestId)))
      return request
    },
    { read: true },
  )
}

export type Signature = { typedName: string; drawnSignature: string | null; ip: string; userAgent: string | null }

/**
 * Signs with a link: refused (nothing changes) when the signer has signed already, the request was
 * canceled or completed, or it is not their turn. Keeps what they typed and drew, when, from which
 * address and browser; sends the next signer their link; and when the last one signs, completes the
 * request, activates the lease by its own action in the same transaction (a unit let meanwhile to
 * another lease leaves it a draft, and the request says why) and sends everyone the signed copy.
 */
export async function signWithLink(token: string, signature: Signature): Promise<undefined | { refused: Refusal; detail: string } | { refused: null; detail: string }> {
  const link = await linkOf(token)
  if (!link) return undefined
  const { committing, recordStateChange } = await engineActions()
  return withCompany(link.companyId, () =>
    committing(getDb(), async (tx, afterCommit) => {
      const companyId = link.companyId
      const [[request], [company], timeZone] = await Promise.all([
        tx
          .select()
          .from(signatureRequests)
          .where(and(eq(signatureRequests.companyId, companyId), eq(signatureRequests.id, link.requestId)))
          .for('update'),
        tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
        timeZoneOf(tx, companyId),
      ])
      const signers = await signersOf(tx, companyId, link.requestId, true)
      const me = signers.find((s) => s.id === link.id)!
      const refusal = refusalFor(request!.status, me, signers)
      if (refusal) return { refused: refusal, detail: refusalMessage(refusal, me, nextToSign(signers), timeZone, company!.name) }
      const now = new Date()
      await tx
        .update(signatureRequestSigners)
        .set({ status: 'SIGNED', signedAt: now, signedIp: signature.ip, signedUserAgent: signature.userAgent?.slice(0, 500) ?? null, typedName: signature.typedName, drawnSignature: signature.drawnSignature, updatedAt: now })
        .where(and(eq(signatureRequestSigners.companyId, companyId), eq(signatureRequestSigners.id, me.id)))
      const next = nextToSign(signers.map((s) => (s.id === me.id ? { ...s, status: 'SIGNED' } : s)))
      if (next) {
        await tx
          .update(signatureRequestSigners)
          .set({ status: 'NOTIFIED', notifiedAt: now, updatedAt: now })
          .where(and(eq(signatureRequestSigners.companyId, companyId), eq(signatureRequestSigners.id, next.id)))
        afterCommit(() => mailLink(companyId, company!.name, request!, next, 'first'))
        return { refused: null, detail: `Thank you, ${me.name}: you signed the lease. ${next.name} signs next; everyone gets the signed copy once all have signed.` }
      }
      const outcome = await activateLease(tx, companyId, request!)
      await tx
        .update(signatureRequests)
        .set({ status: 'COMPLETED', completedAt: now, outcome, updatedAt: now })
        .where(and(eq(signatureRequests.companyId, companyId), eq(signatureRequests.id, request!.id)))
      await recordStateChange(tx, { companyId, resource: requests(), recordId: request!.id, action: SIGNED_BY_EVERYONE, from: 'SENT', to: 'COMPLETED', note: outcome, userId: null })
      await keepSignedCopy(tx, companyId, request!)
      const everyone = signers.map((s) => ({ name: s.name, email: s.email }))
      afterCommit(() => mailCompleted(companyId, company!.name, request!.id, everyone))
      return { refused: null, detail: `Thank you, ${me.name}: you signed the lease, and so has everyone else. The signed copy is on its way to your e-mail.` }
    }),
  )
}

/** Activates the signed lease through its own `activate` action, in a savepoint: a refusal leaves the lease a draft and is said in the request. */
async function activateLease(tx: Executor, companyId: string, request: Request) {
  try {
    const { runAction } = await engineActions()
    await tx.transaction((inner) => runAction(inner, companyId, request.sentById!, resourceNamed('leases')!, request.leaseId, 'activate', { note: 'Signed online by everyone' }))
    return 'Signed by everyone: the lease was activated.'
  } catch (error) {
    if (error instanceof DomainError) return `Signed by everyone, but the lease could not be activated: ${error.message}`
    throw error
  }
}

/** The signed copy, with its certificate, kept among the lease's attachments (a signed lease, shared with its residents). */
async function keepSignedCopy(tx: Executor, companyId: string, request: Request) {
  const file = await completedPdf(tx, companyId, request.id)
  const bytes = new Uint8Array(file.body)
  const stored = await storeFile(companyId, { bytes, contentType: 'application/pdf', sha256: sha256Hex(bytes) })
  const [document] = await tx
    .insert(documents)
    .values({
      companyId,
      // Kept on the lease, as every lease attachment's file is (its `keptOn`).
      recordType: 'leases',
      recordId: request.leaseId,
      name: file.filename,
      documentType: documentTypeOf('SIGNED_LEASE'),
      ...stored,
      uploadedBy: request.sentById,
    })
    .returning({ id: documents.id })
  await tx.insert(leaseAttachments).values({
    companyId,
    leaseId: request.leaseId,
    title: 'Signed lease, with its certificate of signature',
    category: 'SIGNED_LEASE',
    fileId: document!.id,
    description: `Signed online by everyone (signature request ${request.label}).`,
    sharedWithResidents: true,
  })
}

/** Everyone who signed gets the completed PDF. */
async function mailCompleted(companyId: string, companyName: string, requestId: string, everyone: { name: string; email: string }[]) {
  const file = await completedPdf(getDb(), companyId, requestId)
  for (const person of everyone) {
    await sendEmail({
      companyId,
      to: person.email,
      subject: `Your signed lease with ${companyName}`,
      category: 'signature_request',
      text: `Hello ${person.name},\n\nEveryone has signed the lease ${file.label} with ${companyName}. The signed copy is attached, with its certificate of signature on the last pages.\n\nKeep it for your records.`,
      attachments: [{ filename: file.filename, contentType: 'application/pdf', content: file.body }],
    })
  }
}

/**
 * The completed PDF: the lease exactly as it was sent (its SHA-256 on the certificate matches
 * those pages), then the certificate (each signer, when, from where, the request's history), then
 * the signatures people drew.
 */
export async function completedPdf(tx: Executor, companyId: string, requestId: string) {
  const [[request], signers, [company], timeZone, history] = await Promise.all([
    tx
      .select()
      .from(signatureRequests)
      .where(and(eq(signatureRequests.companyId, companyId), eq(signatureRequests.id, requestId))),
    signersOf(tx, companyId, requestId),
    tx.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    timeZoneOf(tx, companyId),
    tx
      .select({ at: stateChanges.createdAt, to: stateChanges.toState, note: stateChanges.note })
      .from(stateChanges)
      .where(and(eq(stateChanges.companyId, companyId), eq(stateChanges.resource, REQUESTS), eq(stateChanges.recordId, requestId)))
      .orderBy(asc(stateChanges.createdAt)),
  ])
  if (!request) throw conflict('No such signature request.')
  const events = [
    ...history.map((h) => ({ at: h.at, what: [h.to === 'SENT' ? 'Sent to sign' : h.to === 'COMPLETED' ? 'Completed' : 'Canceled', h.note].filter(Boolean).join('. ') })),
    ...signers.flatMap((s) => [
      ...(s.notifiedAt ? [{ at: s.notifiedAt, what: `Link e-mailed to ${s.name} (${s.email})` }] : []),
      ...(s.remindersSent ? [{ at: s.lastRemindedAt!, what: `${s.name} reminded (${s.remindersSent} in all)` }] : []),
      ...(s.signedAt ? [{ at: s.signedAt, what: `Signed by ${s.name}` }] : []),
    ]),
  ].sort((a, b) => a.at.getTime() - b.at.getTime())
  const letter = certificateLetter({
    company: company!.name,
    leaseLabel: request.label,
    documentName: request.documentName,
    sha256: request.documentSha256,
    requestId: request.id,
    sentAt: request.createdAt,
    completedAt: request.completedAt,
    timeZone,
    signers: signers.map((s) => ({ name: s.name, email: s.email, role: s.role, typedName: s.typedName, signedAt: s.signedAt, ip: s.signedIp, userAgent: s.signedUserAgent, drew: !!s.drawnSignature })),
    history: events,
    outcome: request.outcome,
  })
  const doc = await PDFDocument.load(request.document)
  const certificate = await PDFDocument.load(await lettersPdf([letter], `Certificate — ${request.label}`))
  for (const page of await doc.copyPages(certificate, certificate.getPageIndices())) doc.addPage(page)
  const drawn = signers.filter((s) => s.drawnSignature?.startsWith('data:image/png;base64,'))
  if (drawn.length) {
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const bold = await doc.embedFont(StandardFonts.HelveticaBold)
    const safe = safeTextFor(font)
    const page = doc.addPage([612, 792])
    let y = 792 - 56
    page.drawText('Signatures as drawn', { x: 56, y, size: 14, font: bold })
    y -= 24
    for (const s of drawn) {
      const image = await doc.embedPng(Buffer.from(s.drawnSignature!.slice('data:image/png;base64,'.length), 'base64')).catch(() => undefined)
      if (!image) continue
      const scaled = image.scaleToFit(300, 90)
      if (y - scaled.height - 30 < 56) break
      page.drawText(safe(`${s.name} (${roleLabel(s.role)})`), { x: 56, y, size: 10, font })
      y -= scaled.height + 6
      page.drawImage(image, { x: 56, y, width: scaled.width, height: scaled.height })
      page.drawLine({ start: { x: 56, y: y - 2 }, end: { x: 356, y: y - 2 }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) })
      y -= 28
    }
  }
  return { label: request.label, filename: `signed-${request.documentName}`, body: await doc.save() }
}

/** For a page of requests: how many of its signers have signed, and whose turn it is while it is out. */
export async function requestSummaries(tx: Executor, companyId: string, records: Row[]) {
  const ids = records.map((r) => String(r.id))
  const out = new Set(records.filter((r) => r.status === 'SENT').map((r) => String(r.id)))
  const rows = ids.length
    ? await tx
        .select({ requestId: signatureRequestSigners.requestId, id: signatureRequestSigners.id, name: signatureRequestSigners.name, status: signatureRequestSigners.status, position: signatureRequestSigners.position })
        .from(signatureRequestSigners)
        .where(and(eq(signatureRequestSigners.companyId, companyId), inArray(signatureRequestSigners.requestId, ids)))
        .orderBy(asc(signatureRequestSigners.position))
    : []
  return new Map(
    ids.map((id) => {
      const mine = rows.filter((r) => r.requestId === id)
      return [id, { signed: `${mine.filter((s) => s.status === 'SIGNED').length} of ${mine.length}`, waiting_for: out.has(id) ? (nextToSign(mine)?.name ?? null) : null }]
    }),
  )
}

/** For a page of signers: when they were sent the link, reminded and signed, as instants (ISO 8601) and on the company's clock. */
export async function signerTimes(records: Row[], stored: Row[], timeZone: string) {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null)
  const local = (value: unknown) => (value instanceof Date ? instantIn(value, timeZone) : null)
  return new Map(
    records.map((r, i) => {
      const row = stored[i] ?? {}
      return [
        String(r.id),
        {
          notified_at: iso(row.notifiedAt),
          signed_at: iso(row.signedAt),
          last_reminded_at: iso(row.lastRemindedAt),
          notified_when: local(row.notifiedAt),
          signed_when: local(row.signedAt),
          reminded_when: local(row.lastRemindedAt),
          signed_ip: (row.signedIp as string | null) ?? null,
          drew_signature: !!row.drawnSignature,
        },
      ]
    }),
  )
}
