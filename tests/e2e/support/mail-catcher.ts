// The mail server of an end-to-end run (see playwright.config.ts): Lintel delivers to it over real
// SMTP, and it appends each message as one JSON line to LINTEL_E2E_MAIL_FILE for the tests to read.
import { appendFileSync } from 'node:fs'
import { startSmtpServer } from '../../setup/smtp'

const file = process.env.LINTEL_E2E_MAIL_FILE!
const server = await startSmtpServer({ port: Number(process.env.LINTEL_E2E_SMTP_PORT), onMail: (mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`) })
console.log(`[mail-catcher] listening on ${server.url}, writing to ${file}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0)))
