import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpApp } from '../../server/http'
import { api, invitationToken, registerCompany, unique } from '../factories/api'
import { linkIn, mailTo, receivedMail, withoutSmtp } from '../setup/smtp'

const REDACTED = '[link removed: it was sent only to its recipient]'

/** What someone with the Communications permission reads under Emails about `email`. */
async function storedMail(token: string, email: string) {
  const list = await api('GET', `email-messages/?search=${encodeURIComponent(email)}`, { token })
  expect(list.body.count).toBe(1)
  return (await api('GET', `email-messages/${list.body.results[0].id}/`, { token })).body
}

describe('e-mail that carries a secret link', () => {
  it('keeps a password reset without its link; the delivered link works', async () => {
    const company = await registerCompany()
    await api('POST', 'auth/password-reset/', { body: { email: company.email } })
    const token = linkIn(mailTo(company.email, /Reset your Lintel password/), '/reset-password/').searchParams.get('token')!
    const stored = await storedMail(company.token, company.email)
    expect(stored).toMatchObject({ category: 'password_reset', redacted: true, status: 'sent' })
    expect(stored.text_body).toContain(REDACTED)
    expect(stored.text_body).not.toContain(token)
    expect(stored.html_body).not.toContain(token)
    expect(stored.text_body).not.toMatch(/reset-password\/\?token=/)
    expect((await api('POST', 'auth/password-reset/confirm/', { body: { token, password: 'a brand new secret' } })).status).toBe(200)
  })

  it('keeps an invitation without its link, so the admin reading Emails cannot accept it', async () => {
    const company = await registerCompany()
    const email = `pm-${unique()}@example.test`
    await api('POST', 'invite-property-manager/', { token: company.token, body: { email, first_name: 'Pat', last_name: 'Invitee', has_accounting_permissions: true } })
    const stored = await storedMail(company.token, email)
    expect(stored).toMatchObject({ category: 'invitation', redacted: true })
    expect(stored.text_body).not.toMatch(/accept-invitation\/\w/)
    expect(stored.html_body).not.toMatch(/accept-invitation\/\w/)
    const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(email), first_name: 'Pat', last_name: 'Invitee', password: 'a good password' } })
    expect(accepted.status).toBe(200)
  })

  it('without SMTP, writes the whole message once to the server log only, and the detail says it was removed', async () => {
    const company = await registerCompany()
    const email = `tech-${unique()}@example.test`
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    const sentBefore = receivedMail().length
    await withoutSmtp(() => api('POST', 'invite-maintenance-technician/', { token: company.token, body: { email, first_name: 'Tess', last_name: 'Wrench' } }))
    expect(receivedMail()).toHaveLength(sentBefore)
    const stored = await storedMail(company.token, email)
    expect(stored).toMatchObject({ status: 'stored', redacted: true })
    expect(stored.text_body).toContain(REDACTED)
    expect(log).toHaveBeenCalledTimes(1)
    const logged = String(log.mock.calls[0][0])
    expect(logged).toContain(email)
    const token = /\/accept-invitation\/([^/\s]+)\//.exec(logged)![1]
    expect(stored.text_body).not.toContain(token)
    expect((await api('GET', `accept-invitation/${token}/`)).status).toBe(200)
  })

  it('keeps a message without secrets as it was written, and does not log it', async () => {
    const company = await registerCompany()
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    // Registering again with a known e-mail mails that address a plain notice with a sign-in link.
    await withoutSmtp(() => api('POST', 'register/', { body: { company_name: `Again ${unique()}`, first_name: 'Ada', last_name: 'Manager', email: company.email, password: 'whatever it is' } }))
    const stored = await storedMail(company.token, company.email)
    expect(stored).toMatchObject({ category: 'registration', redacted: false, status: 'stored' })
    expect(stored.text_body).toMatch(/https?:\/\/[^\s]+\/login\//)
    expect(log).not.toHaveBeenCalled()
  })
})

describe('where links in e-mails point', () => {
  const saved = { APP_URL: process.env.APP_URL, ALLOWED_HOSTS: process.env.ALLOWED_HOSTS, HOST: process.env.HOST }
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  // The HTTP face of Lintel, as `npm start` serves it (its pages are not needed to reach the API).
  const clientDir = mkdtempSync(path.join(tmpdir(), 'lintel-no-assets-'))
  const httpApp = () => createHttpApp({} as ServerBuild, { clientDir })
  const resetRequest = (app: ReturnType<typeof httpApp>, origin: string, email: string) =>
    app.request(`${origin}/api/auth/password-reset/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) })

  it('refuses a request naming a host the server was not told it serves, before anything runs', async () => {
    const company = await registerCompany()
    delete process.env.APP_URL
    delete process.env.ALLOWED_HOSTS
    delete process.env.HOST
    const before = receivedMail().length
    const refused = await resetRequest(httpApp(), 'http://evil.example.com', company.email)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toMatch(/ALLOWED_HOSTS/)
    expect(receivedMail()).toHaveLength(before)
    const ok = await resetRequest(httpApp(), 'http://localhost:3000', company.email)
    expect(ok.status).toBe(200)
    expect(linkIn(mailTo(company.email, /Reset/), '/reset-password/').origin).toBe('http://localhost:3000')
  })

  it('serves the hosts of ALLOWED_HOSTS and APP_URL', async () => {
    const company = await registerCompany()
    delete process.env.APP_URL
    process.env.ALLOWED_HOSTS = 'lintel.example.org, other.example.net:8443'
    expect((await resetRequest(httpApp(), 'https://lintel.example.org', company.email)).status).toBe(200)
    expect(linkIn(mailTo(company.email, /Reset/), '/reset-password/').origin).toBe('https://lintel.example.org')
    expect((await resetRequest(httpApp(), 'https://other.example.net', company.email)).status).toBe(200)
    expect((await resetRequest(httpApp(), 'https://evil.example.com', company.email)).status).toBe(400)
    delete process.env.ALLOWED_HOSTS
    process.env.APP_URL = 'https://rentals.example.com/'
    expect((await resetRequest(httpApp(), 'https://rentals.example.com', company.email)).status).toBe(200)
  })

  it('with APP_URL set, links start with it whatever host the request named', async () => {
    const company = await registerCompany()
    process.env.APP_URL = 'https://rentals.example.com'
    process.env.ALLOWED_HOSTS = 'internal.example'
    expect((await resetRequest(httpApp(), 'http://internal.example:3000', company.email)).status).toBe(200)
    expect(linkIn(mailTo(company.email, /Reset/), '/reset-password/').origin).toBe('https://rentals.example.com')
  })
})
