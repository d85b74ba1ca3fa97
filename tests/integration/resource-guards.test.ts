import { describe, expect, it } from 'vitest'
import { RESOURCES } from '~/resources'
import { apiPathOf } from '~/resources/engine/api.server'
import type { AnyResource } from '~/resources/engine/define'
import { apiName, writableIn } from '~/resources/engine/fields'
import { api, registerCompany, signedInMember } from '../factories/api'
import { createSample } from '../factories/resources'

/**
 * Every registered resource, present and future, walked through every route its
 * definition allows: another company's user finds nothing and changes nothing;
 * a user without the resource's permission (or not staff at all) is refused.
 */

/** Each route of a resource, as a request someone could try against one record. */
function attempts(resource: AnyResource, id: string, body: Record<string, unknown>) {
  const path = apiPathOf(resource)
  const methods = new Set(resource.methods)
  const list: { method: string; path: string; body?: unknown; collection?: boolean }[] = []
  if (methods.has('list')) {
    list.push({ method: 'GET', path: `${path}/`, collection: true }, { method: 'GET', path: `${path}/export/`, collection: true })
    list.push({ method: 'GET', path: `${path}/names/?selected=${id}`, collection: true })
  }
  if (methods.has('create')) list.push({ method: 'POST', path: `${path}/`, body, collection: true })
  if (methods.has('get')) list.push({ method: 'GET', path: `${path}/${id}/` })
  if (methods.has('update')) list.push({ method: 'PUT', path: `${path}/${id}/`, body })
  if (methods.has('delete')) list.push({ method: 'DELETE', path: `${path}/${id}/` })
  if (methods.has('delete') && resource.deactivates) list.push({ method: 'POST', path: `${path}/${id}/reactivate/` })
  return list
}

/** A body that would change the record: every text field rewritten. */
function changeOf(resource: AnyResource) {
  const body: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(resource.fields)) if (field?.kind === 'text' && writableIn(field, 'update')) body[apiName(key)] = 'Changed by someone else'.slice(0, field.max ?? 200)
  return body
}

describe('every resource is isolated by company and guarded by its permission', () => {
  it.each(RESOURCES.map((r) => [r.name, r] as const))('%s', async (_name, resource) => {
    const owner = await registerCompany()
    const stranger = await registerCompany()
    const record = await createSample(resource, owner.token)
    const id = String(record.id)
    const path = apiPathOf(resource)
    const before = resource.methods.includes('get') ? (await api('GET', `${path}/${id}/`, { token: owner.token })).body : record

    for (const attempt of attempts(resource, id, changeOf(resource))) {
      const response = await api(attempt.method, attempt.path, { token: stranger.token, body: attempt.body })
      const label = `${attempt.method} ${attempt.path} by another company`
      if (!attempt.collection) expect(response.status, label).toBe(404)
      else if (attempt.method === 'GET' && attempt.path.endsWith('/export/')) expect(String(response.body), label).not.toContain(id)
      else if (attempt.method === 'GET' && attempt.path.includes('/names/')) expect(JSON.stringify(response.body), label).not.toContain(id)
      else if (attempt.method === 'GET') expect(response.body.results.map((r: { id: string }) => r.id), label).not.toContain(id)
    }

    const outsiders = [{ who: 'a maintenance technician', token: (await signedInMember(owner, 'technician')).token }]
    if (resource.permission) outsiders.push({ who: `a manager without the ${resource.permission} permission`, token: (await signedInMember(owner, 'manager')).token })
    for (const { who, token } of outsiders) {
      for (const attempt of attempts(resource, id, changeOf(resource))) {
        const response = await api(attempt.method, attempt.path, { token, body: attempt.body })
        expect(response.status, `${attempt.method} ${attempt.path} by ${who}`).toBe(403)
      }
    }

    if (resource.methods.includes('get')) {
      const after = await api('GET', `${path}/${id}/`, { token: owner.token })
      expect(after.body, 'the record is unchanged').toEqual(before)
    }
    if (resource.methods.includes('list')) {
      const mine = await api('GET', `${path}/?page_size=1000`, { token: owner.token })
      const count = mine.body.count
      const theirs = await api('GET', `${path}/?page_size=1000`, { token: stranger.token })
      expect(theirs.body.results.some((r: { id: string }) => r.id === id)).toBe(false)
      expect(count).toBeGreaterThan(0)
    }
  })
})
