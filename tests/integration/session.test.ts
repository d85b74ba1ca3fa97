import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { crossCompany, getDb } from '~/db/client.server'
import { sessions, users } from '~/db/schema'
import { callApi, readBody, requireSession, SESSION_EXPIRED } from '~/utils/api-client.server'
import { instanceSecret } from '~/utils/instance.server'
import { signJwt } from '~/utils/jwt.server'
import { createSession, destroySession } from '~/utils/session.server'
import { api, registerCompany } from '../factories/api'

/** A loader's arguments for a document request: the request and its page's address. */
const page = (request: Request) => ({ request, url: new URL(request.url) })

async function browserRequest(company: Awaited<ReturnType<typeof registerCompany>>, access = company.token) {
  const [user] = await crossCompany(() => getDb().select().from(users).where(eq(users.email, company.email)))
  const setCookie = await createSession(user.id, { access, refresh: company.refresh }, 'vitest')
  const cookie = setCookie.split(';')[0]
  return { user, request: new Request('http://lintel.test/app/', { headers: { cookie } }) }
}

async function expiredAccessToken(user: { id: string; companyId: string }) {
  const past = Math.floor(Date.now() / 1000) - 60
  return signJwt({ sub: user.id, cid: user.companyId, typ: 'property_manager', iat: past - 900, exp: past }, await instanceSecret())
}

describe('browser sessions', () => {
  it('keeps tokens on the server: the cookie holds only an opaque id', async () => {
    const company = await registerCompany()
    const [user] = await crossCompany(() => getDb().select().from(users).where(eq(users.email, company.email)))
    const setCookie = await createSession(user.id, { access: company.token, refresh: company.refresh }, null)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    expect(setCookie).not.toContain(company.token)
    expect(setCookie).not.toContain(company.refresh)
  })

  it('refreshes an expired access token transparently and stores the new tokens', async () => {
    const company = await registerCompany()
    const [user] = await crossCompany(() => getDb().select().from(users).where(eq(users.email, company.email)))
    const { request } = await browserRequest(company, await expiredAccessToken(user))
    const { api: client, session } = await requireSession(page(request))
    const type = await client.get<{ user_type: string }>('get-user-type/')
    expect(type.user_type).toBe('property_manager')
    const [stored] = await getDb().select().from(sessions).where(eq(sessions.idHash, session.idHash))
    expect(stored.refreshToken).not.toBe(company.refresh)
    expect((await api('GET', 'get-user-type/', { token: stored.accessToken })).status).toBe(200)
  })

  it('ends a session that cannot be refreshed with a redirect to login and the expiry toast', async () => {
    const company = await registerCompany()
    const [user] = await crossCompany(() => getDb().select().from(users).where(eq(users.email, company.email)))
    const { request } = await browserRequest(company, await expiredAccessToken(user))
    await api('POST', 'logout/', { body: { refresh: company.refresh } })
    const { api: client, session } = await requireSession(page(request))
    const thrown = await client.get('get-user-type/').then(
      () => null,
      (e: unknown) => e,
    )
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login/?redirectTo=%2Fapp%2F')
    const cookies = response.headers.getSetCookie().join('\n')
    expect(cookies).toMatch(/lintel_session=;/)
    expect(decodeURIComponent(Buffer.from(/lintel_toast=([^;]+)/.exec(cookies)![1].split('.')[0], 'base64').toString())).toContain(SESSION_EXPIRED)
    expect(await getDb().select().from(sessions).where(eq(sessions.idHash, session.idHash))).toEqual([])
  })

  it('a page read moments after signing out, or after the session was ended elsewhere, is not let in', async () => {
    const company = await registerCompany()
    const { request } = await browserRequest(company)
    // Read once, so the session is kept for the pages that follow.
    expect((await (await requireSession(page(request))).api.get<{ user_type: string }>('get-user-type/')).user_type).toBe('property_manager')
    await destroySession(request)
    expect((await requireSession(page(request)).catch((e: Response) => e)) as Response).toHaveProperty('status', 302)

    // Ended where this process cannot see it (another app node, a password changed elsewhere): the kept session's token is refused.
    const second = await browserRequest(company)
    await (await requireSession(page(second.request))).api.get('get-user-type/')
    await api('POST', 'logout/', { body: { refresh: company.refresh } })
    const thrown = await (await requireSession(page(second.request))).api.get('get-user-type/').catch((e: Response) => e)
    expect((thrown as Response).headers.get('location')).toBe('/login/?redirectTo=%2Fapp%2F')
  })

  it('takes an answer made in this process as the API made it, without reading it back from a body stream, and as a copy of its own', async () => {
    const company = await registerCompany()
    const { request } = await browserRequest(company)
    const response = await callApi('auth/me/', { token: company.token, request })
    const me = await readBody<{ user: { email: string } }>(response)
    expect(me.user.email).toBe(company.email)
    expect(response.bodyUsed).toBe(false)
    // The API keeps this answer for the next page (kept-answers): a page changing what it was handed changes nothing there.
    me.user.email = 'someone-else@example.test'
    expect((await readBody<{ user: { email: string } }>(await callApi('auth/me/', { token: company.token, request }))).user.email).toBe(company.email)
    // A body sent in process reaches the API as sent, and its refusal comes back the same way.
    const refused = await callApi('auth/change-password', { method: 'PUT', body: { current_password: 'wrong', new_password: 'x' }, token: company.token, request })
    expect(refused.status).toBe(400)
    expect(await readBody<{ errors: Record<string, string[]> }>(refused)).toHaveProperty('errors')
  })

  it('sends a request without a session to login, remembering where it was going', async () => {
    const thrown = await requireSession(page(new Request('http://lintel.test/app/property-managers/?page=2'))).then(
      () => null,
      (e: unknown) => e as Response,
    )
    expect(thrown?.status).toBe(302)
    expect(thrown?.headers.get('location')).toBe('/login/?redirectTo=%2Fapp%2Fproperty-managers%2F%3Fpage%3D2')
  })
})
