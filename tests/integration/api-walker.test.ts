import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import type { Gate } from '~/api/middleware/auth'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { getDb, withCompany } from '~/db/client.server'
import { users } from '~/db/schema'
import { RESOURCES } from '~/resources'
import { hashPassword } from '~/utils/crypto.server'
import { api, PASSWORD, registerCompany, signedInMember, unique } from '../factories/api'
import { createSample } from '../factories/resources'
import { companyTables, fingerprint } from './support/fingerprint'
import { resolve, sample, typeOf, type Schema } from './support/openapi'

/*
 * Walks /api/openapi.json and throws malformed input at every POST, PUT, PATCH
 * and DELETE it lists, now and as operations are added: wrong types, nulls,
 * empty strings, NUL bytes, 100k-character strings, prototype keys, impossible
 * dates, ambiguous money, unknown fields, bodies that are not JSON. No answer
 * may be a 5xx, and a request the API rejects (4xx) must change nothing.
 */

/** Operations a variant may legitimately be refused by differently, each with its reason. None are exempt today. */
const EXEMPT: Record<string, string> = {}

/** Tables a rejected request may write to by design, with the reason. */
const FINGERPRINT_EXCLUDED: Record<string, string> = {}

type Operation = {
  method: string
  path: string
  'x-lintel-gate'?: Gate
  requestBody?: { content: Record<string, { schema: Schema }> }
}
type Variant = { name: string; contentType: string; body: string | FormData }

const LONG = 'x'.repeat(100_000)
const AMBIGUOUS_MONEY = ['12,50', '1,250.00', '1e3', ' 12']
const BAD_DATES = ['2023-02-30', '1899-12-31', '2201-01-01']

const isMoney = (schema: Schema) => schema.format === 'money'

/** The wrong values for one property, by what the schema says it is. */
function badValues(schema: Schema): [string, unknown][] {
  const type = typeOf(schema)
  const values: [string, unknown][] = [
    ['null', null],
    ['empty string', ''],
    ['NUL byte', 'a\u0000b'],
    ['control character', 'a\u0007b'],
    ['100k characters', LONG],
    ['object', { nested: true }],
    ['prototype object', JSON.parse('{"__proto__": {"polluted": true}}')],
  ]
  if (type === 'string') values.push(['number instead of text', 12345], ['boolean instead of text', true])
  else values.push(['text instead of ' + (type ?? 'value'), 'not-a-value'], ['array', ['x']])
  if (type === 'number' || type === 'integer') values.push(['huge number', 1e300], ['fraction', 1.5], ['negative', -1])
  if (schema.format === 'date') for (const date of BAD_DATES) values.push([`date ${date}`, date])
  if (isMoney(schema)) for (const money of [...AMBIGUOUS_MONEY, '99999999999999999999']) values.push([`money "${money}"`, money])
  return values
}

function variants(operation: Operation, doc: Parameters<typeof resolve>[1]): Variant[] {
  const json = (name: string, body: string): Variant => ({
    name,
    contentType: 'application/json',
    body,
  })
  const out: Variant[] = [
    json('not JSON', '{"unclosed": '),
    json('JSON null', 'null'),
    json('JSON array', '[]'),
    json('JSON string', '"text"'),
    json('prototype key', '{"__proto__": {"isAdmin": true}}'),
    json('constructor key', '{"constructor": {"prototype": {"isAdmin": true}}}'),
    json('escaped prototype key', '{"\\u005f_proto__": {"isAdmin": true}}'),
  ]
  const content = operation.requestBody?.content ?? {}
  const jsonSchema = content['application/json']?.schema
  if (jsonSchema) {
    const schema = resolve(jsonSchema, doc)
    const base = sample(schema, doc) as Record<string, unknown>
    out.push(json('unknown field', JSON.stringify({ ...base, walker_unknown_field: 'x' })))
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
      const resolved = resolve(propertySchema, doc)
      for (const [name, value] of badValues(resolved)) out.push(json(`${property}: ${name}`, JSON.stringify({ ...base, [property]: value })))
      if (typeOf(resolved) === 'array' && resolved.items) {
        const item = resolve(resolved.items, doc)
        const itemSample = sample(item, doc)
        for (const [key, itemProperty] of Object.entries(item.properties ?? {})) {
          for (const [name, value] of badValues(resolve(itemProperty, doc))) {
            const items = [{ ...(itemSample as object), [key]: value }, itemSample]
            out.push(json(`${property}[].${key}: ${name}`, JSON.stringify({ ...base, [property]: items })))
          }
        }
      }
    }
  }
  const multipart = content['multipart/form-data']?.schema
  if (multipart) {
    const schema = resolve(multipart, doc)
    for (const property of Object.keys(schema.properties ?? {})) {
      for (const [name, value] of [
        ['NUL byte', 'a\u0000b'],
        ['100k characters', LONG],
        ['empty', ''],
      ] as const) {
        const form = new FormData()
        for (const other of Object.keys(schema.properties ?? {})) form.set(other, 'Walker text')
        form.set(property, value)
        out.push({
          name: `multipart ${property}: ${name}`,
          contentType: '',
          body: form,
        })
      }
    }
    const nul = new FormData()
    nul.set('file', new File(['Date,Description,Amount\n2026-01-05,\u0000,12,50\n'], 'nul.csv', { type: 'text/csv' }))
    out.push({
      name: 'multipart file with NUL byte',
      contentType: '',
      body: nul,
    })
  }
  return out
}

async function send(operation: Operation, path: string, token: string, variant: Variant) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    [CLIENT_IP_HEADER]: `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
  }
  if (variant.contentType) headers['content-type'] = variant.contentType
  const response = await getApi().request(`http://lintel.test${path}`, {
    method: operation.method.toUpperCase(),
    headers,
    body: variant.body,
  })
  await response.arrayBuffer()
  return response.status
}

describe('the API under malformed input', () => {
  it('answers every write operation in /api/openapi.json with no 5xx, and a rejected request changes nothing', { timeout: 120_000 }, async () => {
    const company = await registerCompany()
    const { token } = company
    for (const resource of RESOURCES) if (resource.methods.includes('create')) await createSample(resource, token)
    const me = await api('GET', 'property-management-company/', { token })
    const companyId = me.body.id as string
    // What only technicians may call is walked by one of the company's technicians.
    const technician = await signedInMember(company, 'technician')
    const doc = (await api('GET', 'openapi.json')).body
    // What only residents may call is walked by a resident of the company (with no lease: past the body's checks, their ids are not found).
    const email = `walker-resident-${unique()}@example.test`
    const passwordHash = await hashPassword(PASSWORD)
    await withCompany(companyId, () => getDb().insert(users).values({ companyId, email, firstName: 'Walker', lastName: 'Resident', userType: 'resident', passwordHash }))
    const residentToken = (await api('POST', 'login/', { body: { email, password: PASSWORD }, ip: '198.51.100.77' })).body.access as string
    /** The caller an operation's gate lets in: staff where staff may call it, else its resident or its technician. */
    const callerOf = (operation: Operation) => {
      const types = operation['x-lintel-gate']?.user_types ?? []
      if (types.includes('property_manager')) return token
      if (types.includes('resident')) return residentToken
      return types.includes('maintenance_technician') ? technician.token : token
    }
    const tables = (await companyTables()).filter((t) => !(t.table in FINGERPRINT_EXCLUDED))

    const operations: Operation[] = []
    for (const [path, item] of Object.entries<Record<string, Operation>>(doc.paths)) {
      for (const method of ['post', 'put', 'patch', 'delete']) if (item[method]) operations.push({ ...item[method], method, path })
    }
    // Deletions last, so the records the other operations are aimed at are still there.
    operations.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'))
    expect(operations.length).toBeGreaterThan(50)

    /** A real record's id for a path parameter where the collection lists one, else an id no record has. */
    const idFor = async (path: string) => {
      const collection = path.slice(0, path.indexOf('/{')).replace(/^\/api\//, '')
      const list = await api('GET', `${collection}/?page_size=1`, { token })
      return (list.status === 200 && list.body?.results?.[0]?.id) || randomUUID()
    }

    const failures: string[] = []
    let checked = 0
    for (const operation of operations) {
      const key = `${operation.method.toUpperCase()} ${operation.path}`
      if (key in EXEMPT) continue
      let path = operation.path
      for (const param of operation.path.match(/\{[^}]+\}/g) ?? []) path = path.replace(param, await idFor(operation.path))
      const all = variants(operation, doc)
      const before = await fingerprint(companyId, tables)
      const statuses = await Promise.all(all.map((variant) => send(operation, path, callerOf(operation), variant)))
      checked += statuses.length
      statuses.forEach((status, i) => {
        if (status >= 500) failures.push(`${key} [${all[i].name}] answered ${status}`)
      })
      if (statuses.every((s) => s >= 400 && s < 500)) {
        const after = await fingerprint(companyId, tables)
        for (const table of Object.keys(after)) if (after[table] !== before[table]) failures.push(`${key}: a rejected request changed ${table} (${before[table]} → ${after[table]})`)
      } else {
        // Some variant was accepted and changed things; the rejected ones are sent again together, alone, to see they change nothing.
        const rejected = all.filter((_, i) => statuses[i] >= 400)
        const alone = await fingerprint(companyId, tables)
        const again = await Promise.all(rejected.map((variant) => send(operation, path, callerOf(operation), variant)))
        const after = await fingerprint(companyId, tables)
        if (again.every((s) => s >= 400 && s < 500)) {
          for (const table of Object.keys(after)) if (after[table] !== alone[table]) failures.push(`${key}: a rejected request changed ${table} (${alone[table]} → ${after[table]})`)
        }
      }
      for (const [i, variant] of all.entries()) {
        if (/prototype key|constructor key|unknown field/.test(variant.name) && statuses[i] !== 400) failures.push(`${key} [${variant.name}] answered ${statuses[i]}, not 400`)
      }
      // The walk goes on signed in: a variant that signed this session out would hide every later failure.
      expect((await api('GET', 'property-management-company/', { token })).status, `still signed in after ${key}`).toBe(200)
    }
    expect(failures).toEqual([])
    expect(checked).toBeGreaterThan(1000)
  })
})
