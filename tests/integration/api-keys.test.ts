import { describe, expect, it } from 'vitest'
import { api, registerCompany } from '../factories/api'

describe('API keys', () => {
  it('shows the key once; it works as a bearer token until revoked', async () => {
    const company = await registerCompany()
    const created = await api('POST', 'api-keys/', { token: company.token, body: { name: 'Export script' } })
    expect(created.status).toBe(201)
    const key = created.body.key as string
    expect(key.startsWith('lk_')).toBe(true)
    expect(key.startsWith(created.body.prefix)).toBe(true)
    const listed = await api('GET', 'api-keys/', { token: company.token })
    expect(listed.body.results[0]).not.toHaveProperty('key')
    expect(JSON.stringify(listed.body)).not.toContain(key)
    expect((await api('GET', `api-keys/${created.body.id}/`, { token: company.token })).body).not.toHaveProperty('key')

    const asKey = await api('GET', 'property-managers/', { token: key })
    expect(asKey.status).toBe(200)
    expect((await api('GET', `api-keys/${created.body.id}/`, { token: company.token })).body.last_used_at).not.toBeNull()

    const renamed = await api('PUT', `api-keys/${created.body.id}/`, { token: company.token, body: { name: 'Nightly export' } })
    expect(renamed.body).toMatchObject({ name: 'Nightly export', is_active: true })
    const revoked = await api('PUT', `api-keys/${created.body.id}/`, { token: company.token, body: { is_active: false } })
    expect(revoked.body.is_active).toBe(false)
    const refused = await api('GET', 'property-managers/', { token: key })
    expect(refused.status).toBe(401)
    expect(refused.body.detail).toBe('Invalid or revoked API key.')
    const restore = await api('PUT', `api-keys/${created.body.id}/`, { token: company.token, body: { is_active: true } })
    expect(restore.status).toBe(400)
    expect(restore.body.errors.is_active).toBeDefined()
  })

  it('another company cannot see or revoke the key', async () => {
    const mine = await registerCompany()
    const theirs = await registerCompany()
    const created = await api('POST', 'api-keys/', { token: theirs.token, body: { name: 'Theirs' } })
    expect((await api('GET', `api-keys/${created.body.id}/`, { token: mine.token })).status).toBe(404)
    expect((await api('PUT', `api-keys/${created.body.id}/`, { token: mine.token, body: { is_active: false } })).status).toBe(404)
    expect((await api('GET', 'property-managers/', { token: created.body.key })).status).toBe(200)
  })

  it('names the field when the name is missing', async () => {
    const company = await registerCompany()
    const response = await api('POST', 'api-keys/', { token: company.token, body: { name: '  ' } })
    expect(response.status).toBe(400)
    expect(response.body.errors.name).toEqual(['Name the key.'])
  })
})
