import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { sessions, users } from '~/db/schema'
import { createSession } from '~/utils/session.server'
import { instanceSecret } from '~/utils/instance.server'
import { readJwtClaims, signJwt, type JwtPayload } from '~/utils/jwt.server'
import { api, PASSWORD, registerCompany, unique } from '../factories/api'
import { linkIn, mailTo, receivedMail } from '../setup/smtp'

describe('register and login', () => {
  it('creates a company whose first manager has every permission', async () => {
    const company = await registerCompany()
    const permissions = await api('GET', 'user-permissions', { token: company.token })
    expect(permissions.status).toBe(200)
    expect(permissions.body).toMatchObject({
      has_management_company_permissions: true,
      has_leasing_permissions: true,
      has_lintel_ai_permissions: true,
      is_company_admin: true,
    })
    const type = await api('GET', 'get-user-type/', { token: company.token })
    expect(type.body).toEqual({ user_type: 'property_manager' })
  })

  it('answers every path with and without its trailing slash', async () => {
    const company = await registerCompany()
    expect((await api('GET', 'get-user-type', { token: company.token })).status).toBe(200)
    expect((await api('GET', 'user-permissions/', { token: company.token })).status).toBe(200)
  })


  it('names each invalid field', async () => {
    const response = await api('POST', 'register/', { body: { company_name: '', first_name: 'A', last_name: 'B', email: 'nope', password: 'short' } })
    expect(response.status).toBe(400)
    expect(Object.keys(response.body.errors).sort()).toEqual(['company_name', 'email', 'password'])
    expect(response.body.errors.password[0]).toBe('Password must be at least 8 characters.')
  })

  it('keeps the site’s own page addresses from companies, whose listings page lives beside them', async () => {
    const body = { first_name: 'A', last_name: 'B', email: 'pricing-co@example.test', password: 'a long enough password' }
    const named = await api('POST', 'register/', { body: { ...body, company_name: 'Pricing' } })
    expect(named.status).toBe(400)
    expect(named.body.errors).toEqual({ company_name: ['That address is one of the site’s own pages; choose another company address.'] })
    const chosen = await api('POST', 'register/', { body: { ...body, company_name: 'Anything', company_slug: 'listings' } })
    expect(chosen.body.errors).toEqual({ company_slug: ['That address is one of the site’s own pages; choose another.'] })
  })

  it('logs in with the right password and says the same for a wrong password or unknown e-mail', async () => {
    const company = await registerCompany()
    const ok = await api('POST', 'login/', { body: { email: company.email, password: PASSWORD } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ user_type: 'property_manager' })
    const wrong = await api('POST', 'login/', { body: { email: company.email, password: 'not the password' } })
    const unknown = await api('POST', 'login/', { body: { email: `${unique()}@example.test`, password: 'not the password' } })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.detail).toBe('Incorrect e-mail or password.')
  })

  it('limits repeated failed logins with a 429 and a clear message', async () => {
    const company = await registerCompany()
    const ip = '192.0.2.77'
    for (let i = 0; i < 10; i++) {
      expect((await api('POST', 'login/', { ip, body: { email: company.email, password: `wrong-${i}` } })).status).toBe(401)
    }
    const blocked = await api('POST', 'login/', { ip, body: { email: company.email, password: PASSWORD } })
    expect(blocked.status).toBe(429)
    expect(blocked.body.detail).toMatch(/Too many attempts\. Please wait 15 minutes/)
    // Another address is not affected.
    expect((await api('POST', 'login/', { ip: '192.0.2.78', body: { email: company.email, password: PASSWORD } })).status).toBe(200)
  }, 60_000)
})

describe('tokens', () => {
  it('rotates refresh tokens; a rotated token no longer works', async () => {
    const company = await registerCompany()
    const first = await api('POST', 'token/refresh/', { body: { refresh: company.refresh } })
    expect(first.status).toBe(200)
    expect(first.body.refresh).not.toBe(company.refresh)
    expect((await api('GET', 'get-user-type/', { token: first.body.access })).status).toBe(200)
    const replay = await api('POST', 'token/refresh/', { body: { refresh: company.refresh } })
    expect(replay.status).toBe(401)
    expect(replay.body.detail).toBe('Given token not valid for any token type')
  })

  it('rejects a tampered access token and a missing one', async () => {
    const company = await registerCompany()
    expect((await api('GET', 'get-user-type/', { token: company.token.slice(0, -2) + 'xx' })).status).toBe(401)
    const none = await api('GET', 'get-user-type/')
    expect(none.status).toBe(401)
    expect(none.body.detail).toBe('Authentication credentials were not provided.')
  })
})

describe('tokens checked once', () => {
  it('a token whose signature was checked is still refused once it expires', async () => {
    const company = await registerCompany()
    const claims = readJwtClaims(company.token)
    const soon = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 } as JwtPayload, await instanceSecret())
    expect((await api('GET', 'get-user-type/', { token: soon })).status).toBe(200)
    const later = Date.now() + 120_000
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later)
    try {
      expect((await api('GET', 'get-user-type/', { token: soon })).status).toBe(401)
    } finally {
      clock.mockRestore()
    }
  })
})

describe('passwords', () => {
  it('changes the password after checking the current one', async () => {
    const company = await registerCompany()
    const wrong = await api('PUT', 'auth/change-password', { token: company.token, body: { current_password: 'nope', new_password: 'a new password' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.current_password).toEqual(['Your current password is incorrect.'])
    const ok = await api('PUT', 'auth/change-password', { token: company.token, body: { current_password: PASSWORD, new_password: 'a new password' } })
    expect(ok.status).toBe(200)
    expect((await api('POST', 'login/', { body: { email: company.email, password: 'a new password' } })).status).toBe(200)
  })

  it('resets a forgotten password through the e-mailed link, once', async () => {
    const company = await registerCompany()
    const before = receivedMail().length
    const request = await api('POST', 'auth/password-reset/', { body: { email: company.email } })
    expect(request.status).toBe(200)
    const unknown = await api('POST', 'auth/password-reset/', { body: { email: `${unique()}@example.test` } })
    expect(unknown.body).toEqual(request.body)
    expect(receivedMail()).toHaveLength(before + 1)
    const mail = mailTo(company.email, /Reset your Lintel password/)
    const token = linkIn(mail, '/reset-password/').searchParams.get('token')!
    const confirm = await api('POST', 'auth/password-reset/confirm/', { body: { token, password: 'brand new secret' } })
    expect(confirm.status).toBe(200)
    expect((await api('POST', 'login/', { body: { email: company.email, password: 'brand new secret' } })).status).toBe(200)
    // The old login is over, and the link cannot be used twice.
    expect((await api('POST', 'token/refresh/', { body: { refresh: company.refresh } })).status).toBe(401)
    const again = await api('POST', 'auth/password-reset/confirm/', { body: { token, password: 'another secret' } })
    expect(again.status).toBe(400)
    expect(again.body.errors.token[0]).toMatch(/invalid, already used or expired/)
  })
})

describe('sessions that end', () => {
  const login = async (email: string, password = PASSWORD) => {
    const response = await api('POST', 'login/', { body: { email, password } })
    expect(response.status).toBe(200)
    return response.body as { access: string; refresh: string }
  }
  const works = async (token: string) => (await api('GET', 'auth/me/', { token })).status

  it('logging out voids the access token of that login, not of the others', async () => {
    const company = await registerCompany()
    const other = await login(company.email)
    expect(await works(company.token)).toBe(200)
    expect((await api('POST', 'logout/', { body: { refresh: company.refresh } })).status).toBe(204)
    expect(await works(company.token)).toBe(401)
    expect(await works(other.access)).toBe(200)
  })

  it('changing the password ends every other login and browser session, keeps this one and the API keys', async () => {
    const company = await registerCompany()
    const [user] = await crossCompany(() => getDb().select().from(users).where(eq(users.email, company.email)))
    const here = await login(company.email)
    const elsewhere = await login(company.email)
    await createSession(user.id, here, 'this browser')
    await createSession(user.id, elsewhere, 'another browser')
    const apiKey = (await api('POST', 'api-keys/', { token: here.access, body: { name: 'Script' } })).body.key as string

    const changed = await api('PUT', 'auth/change-password/', { token: here.access, body: { current_password: PASSWORD, new_password: 'a changed password' } })
    expect(changed.status).toBe(200)
    expect(changed.body.detail).toMatch(/other sessions are signed out/)

    expect(await works(here.access)).toBe(200)
    expect((await api('POST', 'token/refresh/', { body: { refresh: here.refresh } })).status).toBe(200)
    expect(await works(apiKey)).toBe(200)
    for (const ended of [company, { token: elsewhere.access, refresh: elsewhere.refresh }]) {
      expect(await works(ended.token)).toBe(401)
      expect((await api('POST', 'token/refresh/', { body: { refresh: ended.refresh } })).status).toBe(401)
    }
    const left = await getDb().select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, user.id))
    expect(left.map((s) => s.userAgent)).toEqual(['this browser'])
  })

  it('a newer reset link voids the older ones; the reset voids every link and ends every login', async () => {
    const company = await registerCompany()
    const requestLink = async () => {
      const before = receivedMail().length
      expect((await api('POST', 'auth/password-reset/', { body: { email: company.email } })).status).toBe(200)
      await expect.poll(() => receivedMail().length).toBe(before + 1)
      return linkIn(mailTo(company.email, /reset/i), '/reset-password/').searchParams.get('token')!
    }
    const older = await requestLink()
    const newer = await requestLink()
    const refused = await api('POST', 'auth/password-reset/confirm/', { body: { token: older, password: 'from the old link' } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors.token[0]).toMatch(/newer reset link/)
    expect((await api('POST', 'auth/password-reset/confirm/', { body: { token: newer, password: 'from the new link' } })).status).toBe(200)
    expect((await api('POST', 'auth/password-reset/confirm/', { body: { token: older, password: 'from the old link' } })).status).toBe(400)
    expect(await works(company.token)).toBe(401)
    expect((await api('POST', 'login/', { body: { email: company.email, password: 'from the new link' } })).status).toBe(200)
  })
})

describe('sign-in throttling cannot lock people out', () => {
  const attempt = (email: string, password: string, ip: string) => api('POST', 'login/', { ip, body: { email, password } })

  it('an address failing twenty times does not stop the owner from signing in elsewhere: it only slows them', async () => {
    const owner = await registerCompany()
    const attacker = '192.0.2.120'
    const statuses = []
    for (let i = 0; i < 20; i++) statuses.push((await attempt(owner.email, `guess-${i}`, attacker)).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(10).fill(429))
    expect((await attempt(owner.email, PASSWORD, attacker)).status).toBe(429)

    const started = Date.now()
    const fromHome = await attempt(owner.email, PASSWORD, '198.51.100.200')
    expect(fromHome.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000)
  }, 60_000)

  it('failures from many addresses slow the right password and never refuse it', async () => {
    const owner = await registerCompany()
    await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(owner.email, `guess-${i}`, `203.0.113.${100 + i}`)))
    const started = Date.now()
    expect((await attempt(owner.email, PASSWORD, '203.0.113.250')).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400)
  }, 60_000)

  it('two people behind one address: one failing again and again does not lock out the other', async () => {
    const [careless, colleague] = [await registerCompany(), await registerCompany()]
    const office = '192.0.2.140'
    for (let i = 0; i < 10; i++) await attempt(careless.email, `typo-${i}`, office)
    expect((await attempt(careless.email, PASSWORD, office)).status).toBe(429)
    expect((await attempt(colleague.email, PASSWORD, office)).status).toBe(200)
  }, 60_000)
})
