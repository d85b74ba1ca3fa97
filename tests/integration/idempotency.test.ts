import { describe, expect, it } from 'vitest'
import { api, registerCompany, unique } from '../factories/api'

describe('Idempotency-Key', () => {
  it('a repeated invitation with the same key invites once and answers the same', async () => {
    const company = await registerCompany()
    const body = { email: `twice-${unique()}@example.test`, first_name: 'Dub', last_name: 'Click' }
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
    const bad = await api('POST', 'api-keys/', { token: company.token, body: { name: '' }, headers })
    expect(bad.status).toBe(400)
    const good = await api('POST', 'api-keys/', { token: company.token, body: { name: 'Second try' }, headers })
    expect(good.status).toBe(201)
    expect(good.body.name).toBe('Second try')
  })

  it('refuses a key reused for a different request, and keys do not cross callers', async () => {
    const company = await registerCompany()
    const other = await registerCompany()
    const headers = { 'Idempotency-Key': unique('key') }
    expect((await api('POST', 'api-keys/', { token: company.token, body: { name: 'One' }, headers })).status).toBe(201)
    const reused = await api('POST', 'invite-maintenance-technician/', { token: company.token, body: { email: `x-${unique()}@example.test`, first_name: 'A', last_name: 'B' }, headers })
    expect(reused.status).toBe(400)
    expect(reused.body.detail).toMatch(/already used for POST \/api\/api-keys/)
    const theirs = await api('POST', 'api-keys/', { token: other.token, body: { name: 'Theirs' }, headers })
    expect(theirs.status).toBe(201)
    expect(theirs.body.name).toBe('Theirs')
  })
})
