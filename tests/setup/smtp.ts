import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string }

/** A real SMTP server on loopback that keeps what it receives, for tests of the mailer. */
export async function startSmtpServer(options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        const [head, ...rest] = raw.split(/\r?\n\r?\n/)
        const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? ''
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          text: decodeQuotedPrintable(rest.join('\n\n')),
        }
        received.push(mail)
        options.onMail?.(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function decodeQuotedPrintable(s: string) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
}

/** The first link in a message that starts with `prefix` (after the origin). */
export function linkIn(mail: ReceivedMail, pathPrefix: string) {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(mail.text)
  if (!match) throw new Error(`No ${pathPrefix} link in: ${mail.text}`)
  return new URL(match[0])
}

let mailbox: Awaited<ReturnType<typeof startSmtpServer>> | undefined

/**
 * Every test file delivers its mail (SMTP_URL) to one such server, opened by the per-file setup:
 * tests read secret links the way their recipient does, since the app keeps none.
 */
export async function openMailbox() {
  mailbox = await startSmtpServer()
  process.env.SMTP_URL = mailbox.url
  return mailbox
}

export async function closeMailbox() {
  delete process.env.SMTP_URL
  await mailbox?.close()
  mailbox = undefined
}

/** Every message the file's mailbox received so far. */
export function receivedMail() {
  if (!mailbox) throw new Error('No mailbox: the per-file setup opens it.')
  return mailbox.received
}

/** The newest message delivered to `email` (whose subject matches, when given). */
export function mailTo(email: string, subject?: RegExp) {
  const mail = receivedMail().findLast((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()) && (!subject || subject.test(m.subject)))
  if (!mail) throw new Error(`No e-mail${subject ? ` matching ${subject}` : ''} was delivered to ${email}.`)
  return mail
}

/** Runs `work` as on a server without SMTP_URL (mail is only kept, or logged). */
export async function withoutSmtp<T>(work: () => Promise<T>) {
  const url = process.env.SMTP_URL
  delete process.env.SMTP_URL
  try {
    return await work()
  } finally {
    process.env.SMTP_URL = url
  }
}
