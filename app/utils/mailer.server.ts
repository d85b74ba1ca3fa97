import { eq } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { getDb } from '~/db/client.server'
import { emailMessages } from '~/db/schema'

export type OutgoingEmail = {
  /** The workspace whose Emails keep the message; null for mail that belongs to none yet (a sign-up confirmation). */
  companyId: string | null
  to: string
  subject: string
  text: string
  html?: string
  /** What kind of message this is, shown in the Emails list (invitation, password_reset, …). */
  category: string
  /**
   * Parts only the recipient may read: a link that resets a password, accepts an invitation,
   * confirms a sign-up, signs in or signs a document. Only the SMTP delivery carries them.
   */
  secrets?: string[]
  /** Files sent with it (a notice's letter as a PDF): only the SMTP delivery carries them; the kept copy names them. */
  attachments?: { filename: string; contentType: string; content: Uint8Array }[]
}

/** What stands in a kept message where a secret link was. */
export const REDACTED_LINK = '[link removed: it was sent only to its recipient]'

let transport: { url: string; transporter: Transporter } | undefined

function transporterFor(url: string) {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) }
  return transport.transporter
}

export function mailFrom() {
  return process.env.MAIL_FROM ?? 'Lintel <no-reply@lintel.local>'
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** What the kept copy says was attached, since it keeps the words and not the files. */
const attachedNames = (email: OutgoingEmail) => (email.attachments?.length ? `\n\nAttached: ${email.attachments.map((a) => a.filename).join(', ')}` : '')

function redact(body: string, secrets: string[]) {
  let kept = body
  for (const secret of secrets) kept = kept.replaceAll(secret, REDACTED_LINK).replaceAll(escapeHtml(secret), escapeHtml(REDACTED_LINK))
  return kept
}

/**
 * The one way Lintel sends e-mail. Every message of a workspace is kept under its Emails, with
 * its secrets removed: whoever reads Emails must not be able to use a link meant for someone
 * else. With SMTP_URL set the message is delivered whole. Without it, a message that lost a
 * secret (or that no workspace keeps) is written once, whole, to the server's log, which only
 * the operator reads. Call it after the transaction that caused it has committed.
 */
export async function sendEmail(email: OutgoingEmail) {
  const db = getDb()
  const smtpUrl = process.env.SMTP_URL
  const secrets = (email.secrets ?? []).filter(Boolean)
  let id: string | null = null
  if (email.companyId) {
    const [message] = await db
      .insert(emailMessages)
      .values({
        companyId: email.companyId,
        toAddress: email.to,
        subject: email.subject,
        textBody: redact(email.text, secrets) + attachedNames(email),
        htmlBody: email.html === undefined ? undefined : redact(email.html, secrets),
        category: email.category,
        redacted: secrets.length > 0,
        status: 'stored',
      })
      .returning({ id: emailMessages.id })
    id = message.id
  }
  if (!smtpUrl) {
    if (secrets.length || !id) console.info(`[lintel] e-mail not sent (no SMTP_URL) to ${email.to}: ${email.subject}\n${email.text}\n[lintel] end of e-mail`)
    return { id, status: 'stored' as const }
  }
  const setStatus = (values: Partial<typeof emailMessages.$inferInsert>) => (id ? db.update(emailMessages).set(values).where(eq(emailMessages.id, id)) : undefined)
  try {
    const attachments = email.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) }))
    await transporterFor(smtpUrl).sendMail({ from: mailFrom(), to: email.to, subject: email.subject, text: email.text, html: email.html, attachments })
    await setStatus({ status: 'sent', sentAt: new Date() })
    return { id, status: 'sent' as const }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    await setStatus({ status: 'failed', error: reason })
    if (!id) console.error(`[lintel] e-mail to ${email.to} could not be sent: ${reason}`)
    return { id, status: 'failed' as const }
  }
}

/**
 * A plain message with one call-to-action link, as text and as simple HTML. A `secret` link
 * (one that acts for its recipient) is marked so that only the delivered message carries it.
 */
export function linkEmail(options: { greeting: string; paragraphs: string[]; action: string; url: string; secret: boolean; footer?: string }) {
  const text = [options.greeting, '', ...options.paragraphs.flatMap((p) => [p, '']), `${options.action}: ${options.url}`, '', options.footer ?? '']
    .join('\n')
    .trim()
  const html = `<p>${escapeHtml(options.greeting)}</p>${options.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(options.url)}">${escapeHtml(options.action)}</a></p>${options.footer ? `<p style="color:#555">${escapeHtml(options.footer)}</p>` : ''}`
  return { text, html, secrets: options.secret ? [options.url] : [] }
}
