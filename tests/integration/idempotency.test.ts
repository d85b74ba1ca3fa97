import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDatabase, crossCompany, getDb } from '~/db/client.server'
import { idempotencyKeys } from '~/db/schema'
import { api, PASSWORD, registerCompany, unique } from '../factories/api'

const technician = () => ({ email: `tech-${unique()}@example.test`, first_name: 'Dub', last_name: 'Click' })
const techniciansCalled = async (token: string, email: string) =>
  (await api('GET', `maintenance-technicians/?search=${encodeURIComponent(email)}`, { token })).body.count as number

describe('Idempotency-Key', () => {
  it('a repeated invitation with the same key invites once and answers the same', async () => {
    const company = await registerCompany()
    const body = technician()
    const headers = { 'Idempotency-Key': unique('key') }
    const [first, second] = await Promise.all([
      api('POST', 'invite-maintenance-technician/', { token: company.token, body, headers }),
      api('POST', 'invite-maintenance-technician/', { token: company.token, body, headers }),
    ])
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body).toEqual(first.body)
    expect([first.headers.get('idempotent-replayed'), second.headers.get('idempotent-replayed')]).toContain('true')
    expect((await api('GET', 'maintenance-technicians/', { token: company.token })).body.count).toBe(1)
    expect((await api('GET', `email-messages/?search=${encodeURIComponent(body.email)}`, { token: company.token })).body.count).toBe(1)
  })

  it('a refused request keeps nothing, so the corrected repeat runs', async () => {
    const company = await registerCompany()
    const headers = { 'Idempotency-Key': unique('key') }
    const bad = await api('POST', 'invite-maintenance-technician/', { token: company.token, body: { ...technician(), email: 'not an address' }, headers })
    expect(bad.status).toBe(400)
    const body = technician()
    const good = await api('POST', 'invite-maintenance-technician/', { token: company.token, body, headers })
    expect(good.status).toBe(201)
    expect(good.body.email).toBe(body.email)
  })

  it('is keyed to the user and company, not the token: a refreshed token or the same user’s API key gets the first answer', async () => {
    const company = await registerCompany()
    const body = technician()
    const headers = { 'Idempotency-Key': unique('key') }
    const first = await api('POST', 'invite-maintenance-technician/', { token: company.token, body, headers })
    expect(first.status).toBe(201)

    const refreshed = await api('POST', 'token/refresh/', { body: { refresh: company.refresh } })
    expect(refreshed.status).toBe(200)
    const again = await api('POST', 'invite-maintenance-technician/', { token: refreshed.body.access, body, headers })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body).toEqual(first.body)

    const apiKey = (await api('POST', 'api-keys/', { token: refreshed.body.access, body: { name: 'Script' } })).body.key as string
    const viaKey = await api('POST', 'invite-maintenance-technician/', { token: apiKey, body, headers })
    expect(viaKey.status).toBe(201)
    expect(viaKey.headers.get('idempotent-replayed')).toBe('true')
    expect(await techniciansCalled(company.token, body.email)).toBe(1)
  })

  it('answers 422 to the same key with another body or path, and does nothing; keys do not cross callers', async () => {
    const company = await registerCompany()
    const other = await registerCompany()
    const headers = { 'Idempotency-Key': unique('key') }
    const body = technician()
    expect((await api('POST', 'invite-maintenance-technician/', { token: company.token, body, headers })).status).toBe(201)

    const changed = technician()
    const reused = await api('POST', 'invite-maintenance-technician/', { token: company.token, body: changed, headers })
    expect(reused.status).toBe(422)
    expect(reused.body.detail).toMatch(/already used for a different request \(POST \/api\/invite-maintenance-technician\)/)
    expect(await techniciansCalled(company.token, changed.email)).toBe(0)
    const elsewhere = await api('POST', 'invite-property-manager/', { token: company.token, body, headers })
    expect(elsewhere.status).toBe(422)

    const theirBody = technician()
    const theirs = await api('POST', 'invite-maintenance-technician/', { token: other.token, body: theirBody, headers })
    expect(theirs.status).toBe(201)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    expect(await techniciansCalled(other.token, theirBody.email)).toBe(1)
  })

  it('a key held by a request that died is free at once: the repeat runs, once', async () => {
    const company = await registerCompany()
    const me = (await api('GET', 'auth/me/', { token: company.token })).body
    const key = unique('key')
    const body = technician()
    // Another connection claims the key and dies mid-request, its transaction never committed.
    const dying = createDatabase(process.env.DATABASE_URL!, { max: 1 })
    const holding = dying
      .transaction(async (tx) => {
        await tx.insert(idempotencyKeys).values({ scope: `${me.company.id}:${me.user.id}`, key, method: 'POST', path: '/api/invite-maintenance-technician', requestHash: 'x' })
        await new Promise(() => {})
      })
      .catch(() => 'connection lost')
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = Date.now()
    const retry = api('POST', 'invite-maintenance-technician/', { token: company.token, body, headers: { 'Idempotency-Key': key } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    await crossCompany(() => getDb().execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where state = 'idle in transaction' and query like 'insert into "idempotency_keys"%' and pid <> pg_backend_pid()`))
    const answered = await retry
    expect(answered.status).toBe(201)
    expect(answered.headers.get('idempotent-replayed')).toBeNull()
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(await holding).toBe('connection lost')
    expect(await techniciansCalled(company.token, body.email)).toBe(1)
    await dying.$client.end({ timeout: 1 })
  })
})

describe('answers holding tokens or secrets are never replayed', () => {
  it('a login with a key another person already used signs in the caller, with their own tokens', async () => {
    const [ann, bob] = [await registerCompany(), await registerCompany()]
    const headers = { 'Idempotency-Key': unique('shared') }
    const annLogin = await api('POST', 'login/', { body: { email: ann.email, password: PASSWORD }, headers })
    expect(annLogin.status).toBe(200)
    const bobLogin = await api('POST', 'login/', { body: { email: bob.email, password: PASSWORD }, headers })
    expect(bobLogin.status).toBe(200)
    expect(bobLogin.headers.get('idempotent-replayed')).toBeNull()
    expect(bobLogin.body.access).not.toBe(annLogin.body.access)
    expect((await api('GET', 'auth/me/', { token: bobLogin.body.access })).body.user.email).toBe(bob.email)
  })

  it('a token refresh, logout or new API key repeated with its key runs again rather than replaying', async () => {
    const company = await registerCompany()
    const headers = { 'Idempotency-Key': unique('key') }
    expect((await api('POST', 'token/refresh/', { body: { refresh: company.refresh }, headers })).status).toBe(200)
    const replayed = await api('POST', 'token/refresh/', { body: { refresh: company.refresh }, headers })
    expect(replayed.status).toBe(401)

    const keyHeaders = { 'Idempotency-Key': unique('key') }
    const first = await api('POST', 'api-keys/', { token: company.token, body: { name: 'Once' }, headers: keyHeaders })
    const second = await api('POST', 'api-keys/', { token: company.token, body: { name: 'Once' }, headers: keyHeaders })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.key).not.toBe(first.body.key)

    const [{ n }] = await getDb().execute<{ n: number }>(
      sql`select count(*)::int as n from idempotency_keys where body like '%"access"%' or body like '%"refresh"%' or body like '%lk\\_%'`,
    )
    expect(n).toBe(0)
  })
})
