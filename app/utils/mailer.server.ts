import { eq } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { getDb } from '~/db/client.server'
import { emailMessages } from '~/db/schema'

export type OutgoingEmail = {
  companyId: string
  to: string
  subject: string
  text: string
  html?: string
  /** What kind of message this is, shown in the Emails list (invitation, password_reset, …). */
  category: string
}

let transport: { url: string; transporter: Transporter } | undefined

function transporterFor(url: string) {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) }
  return transport.transporter
}

export function mailFrom() {
  return process.env.MAIL_FROM ?? 'Lintel <no-reply@lintel.local>'
}

/**
 * The one way Lintel sends e-mail. Every message is recorded; with SMTP_URL set
 * it is delivered, otherwise it stays readable in the app under Emails.
 * Call it after the transaction that caused it has committed.
 */
export async function sendEmail(email: OutgoingEmail) {
  const db = getDb()
  const smtpUrl = process.env.SMTP_URL
  const [message] = await db
    .insert(emailMessages)
    .values({
      companyId: email.companyId,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      category: email.category,
      status: 'stored',
    })
    .returning({ id: emailMessages.id })
  if (!smtpUrl) return { id: message.id, status: 'stored' as const }
  try {
    await transporterFor(smtpUrl).sendMail({ from: mailFrom(), to: email.to, subject: email.subject, text: email.text, html: email.html })
    await db.update(emailMessages).set({ status: 'sent', sentAt: new Date() }).where(eq(emailMessages.id, message.id))
    return { id: message.id, status: 'sent' as const }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    await db.update(emailMessages).set({ status: 'failed', error: reason }).where(eq(emailMessages.id, message.id))
    return { id: message.id, status: 'failed' as const }
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** A plain message with one call-to-action link, as text and as simple HTML. */
export function linkEmail(options: { greeting: string; paragraphs: string[]; action: string; url: string; footer?: string }) {
  const text = [options.greeting, '', ...options.paragraphs.flatMap((p) => [p, '']), `${options.action}: ${options.url}`, '', options.footer ?? '']
    .join('\n')
    .trim()
  const html = `<p>${escapeHtml(options.greeting)}</p>${options.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(options.url)}">${escapeHtml(options.action)}</a></p>${options.footer ? `<p style="color:#555">${escapeHtml(options.footer)}</p>` : ''}`
  return { text, html }
}
