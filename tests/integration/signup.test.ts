import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { getDb } from '~/db/client.server'
import { pendingRegistrations } from '~/db/schema'
import { api, PASSWORD, registerCompany, signupToken, unique } from '../factories/api'
import { linkIn, mailTo, receivedMail, withoutSmtp } from '../setup/smtp'

const newSignup = () => {
  const id = unique()
  return { company_name: `Signup ${id}`, first_name: 'Sam', last_name: 'Signup', email: `sam-${id}@example.test`, password: PASSWORD }
}

describe('sign-up confirmed by e-mail', () => {
  it('creates nothing until the mailed link is confirmed, then signs the first manager in, once', async () => {
    const body = newSignup()
    const response = await api('POST', 'register/', { body })
    expect(response.status).toBe(202)
    expect(response.body).toEqual({ detail: `We have sent a link to ${body.email} to confirm the address. Open it within 24 hours to finish creating your account.` })
    expect((await api('POST', 'login/', { body: { email: body.email, password: PASSWORD } })).status).toBe(401)
    const token = signupToken(body.email)
    const info = await api('GET', `register/confirm/${token}/`)
    expect(info.body).toEqual({ email: body.email, first_name: 'Sam', company_name: body.company_name })
    const confirmed = await api('POST', 'register/confirm/', { body: { token } })
    expect(confirmed.status).toBe(201)
    expect(confirmed.body.user_type).toBe('property_manager')
    const me = await api('GET', 'auth/me/', { token: confirmed.body.access })
    expect(me.body.user).toMatchObject({ email: body.email, first_name: 'Sam', is_company_admin: true })
    expect(me.body.company.name).toBe(body.company_name)
    expect((await api('POST', 'login/', { body: { email: body.email, password: PASSWORD } })).status).toBe(200)
    const again = await api('POST', 'register/confirm/', { body: { token } })
    expect(again.status).toBe(400)
    expect(again.body.errors.token[0]).toMatch(/invalid, already used or expired/)
    expect((await api('GET', `register/confirm/${token}/`)).status).toBe(404)
  })

  it('answers the same for an e-mail that already has an account, and mails that address instead', async () => {
    const company = await registerCompany()
    const body = { ...newSignup(), email: company.email.toUpperCase() }
    const response = await api('POST', 'register/', { body })
    expect(response.status).toBe(202)
    expect(response.body).toEqual({ detail: `We have sent a link to ${company.email} to confirm the address. Open it within 24 hours to finish creating your account.` })
    const mail = mailTo(company.email)
    expect(mail.subject).toBe('You already have a Lintel account')
    expect(mail.text).not.toMatch(/signup\/confirm/)
    expect(linkIn(mail, '/login/').pathname).toBe('/login/')
    // Nothing was created: the old password still signs in, the new one does not.
    expect((await api('POST', 'login/', { body: { email: company.email, password: PASSWORD } })).status).toBe(200)
    expect((await api('POST', 'register/', { body: { ...newSignup(), company_slug: company.company_name.toLowerCase().replace(/\s+/g, '-') } })).status).toBe(400)
  })

  it('still names bad fields and a taken company address', async () => {
    const company = await registerCompany()
    const invalid = await api('POST', 'register/', { body: { company_name: '', first_name: 'A', last_name: 'B', email: 'nope', password: 'short' } })
    expect(invalid.status).toBe(400)
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['company_name', 'email', 'password'])
    const before = receivedMail().length
    const taken = await api('POST', 'register/', { body: { ...newSignup(), company_name: company.company_name } })
    expect(taken.status).toBe(400)
    expect(taken.body.errors.company_name[0]).toMatch(/already taken/)
    expect(receivedMail()).toHaveLength(before)
  })

  it('refuses an expired link', async () => {
    const body = newSignup()
    await api('POST', 'register/', { body })
    const token = signupToken(body.email)
    await getDb()
      .update(pendingRegistrations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pendingRegistrations.email, body.email))
    expect((await api('GET', `register/confirm/${token}/`)).status).toBe(404)
    const confirmed = await api('POST', 'register/confirm/', { body: { token } })
    expect(confirmed.status).toBe(400)
    expect(confirmed.body.errors.token[0]).toMatch(/Sign up again/)
  })

  it('without SMTP, keeps the confirmation in no workspace and writes it to the server log only', async () => {
    const body = newSignup()
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    await withoutSmtp(() => api('POST', 'register/', { body }))
    expect(log).toHaveBeenCalledTimes(1)
    const token = /\/signup\/confirm\/\?token=([^\s]+)/.exec(String(log.mock.calls[0][0]))![1]
    expect((await api('POST', 'register/confirm/', { body: { token: decodeURIComponent(token) } })).status).toBe(201)
  })
})
