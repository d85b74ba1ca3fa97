import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { getApi } from '~/api'
import type { Gate } from '~/api/middleware/auth'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { getDb, withCompany } from '~/db/client.server'
import { users, type UserType } from '~/db/schema'
import { seedDemoLedger } from '~/db/seed-ledger.server'
import { seedDemoPortfolio } from '~/db/seed-portfolio.server'
import { PERMISSIONS, type PermissionGroup } from '~/domain/permissions'
import { RESOURCES, resourceNamed } from '~/resources'
import { hashPassword } from '~/utils/crypto.server'
import { api, invitationToken, PASSWORD, registerCompany, signedInMember, unique } from '../factories/api'
import { createSample } from '../factories/resources'
import { PNG } from '../factories/files'
import { upload } from '../factories/uploads'
import { changes, companyTables, fingerprint, type CompanyTable } from './support/fingerprint'
import { resolve, sample, type Schema } from './support/openapi'

/*
 * Walks /api/openapi.json, every operation present and future, three ways:
 * - isolation: another company's caller aimed at a record of ours gets 404 and
 *   changes nothing, and no list shows them any of our ids;
 * - gates: every kind of caller (each user type, a manager with each single
 *   permission, the company admin, an API key) gets exactly what the operation's
 *   documented `x-lintel-gate` says, a refused one 403 and nothing changed;
 * - foreign references: another company's id planted in any reference field of
 *   a write is a 400 naming that field, and nothing changes; planted in a read's
 *   query (a list's filter, a picker's `selected`), it narrows nothing to theirs.
 */

/** Operations no one signs in for, each with its reason; any other operation without a gate fails the walk. */
const PUBLIC: Record<string, string> = {
  'POST /api/register': 'signing up a new company',
  'GET /api/register/confirm/{token}': 'the link mailed on sign-up; the token is the credential',
  'POST /api/register/confirm': 'confirming a sign-up; the token is the credential',
  'POST /api/login': 'signing in',
  'POST /api/token/refresh': 'the refresh token is the credential',
  'POST /api/logout': 'the refresh token is the credential',
  'POST /api/auth/password-reset': 'asking for a reset link by e-mail',
  'POST /api/auth/password-reset/confirm': 'the mailed reset token is the credential',
  'GET /api/property-management-company/{slug}': "a company's public name and logo, for its sign-in and listing pages",
  'GET /api/update-timestamp': "the app's version check, before anyone signs in",
  'GET /api/accept-invitation/{invitationId}': 'the invitation id is the credential',
  'POST /api/accept-invitation': 'the invitation id is the credential',
  'POST /api/referral/affiliates': 'the public affiliate sign-up form',
  'GET /api/listings/{id}': 'a published listing, for anyone looking for a home; a draft or unpublished one is 404',
  'GET /api/rental-unit-listing-photos/{id}': "a published listing's photo; any other photo is 404",
  'POST /api/{slug}/waitlist-subscribers': "joining a company's waitlist from its public page (honeypot, rate limit)",
  'GET /api/rental-application-form-listings/{slug}': 'an active application form and the published listings it is for, for applicants; a closed one is 404',
  'POST /api/apply/{slug}': 'applying to rent on the public form (honeypot, rate limit, files checked by their contents)',
  'GET /api/sign/{token}': "a signer's e-mailed link: the lease to sign and where the signing stands; the token is the key",
  'GET /api/sign/{token}/document': "the lease a signing link sends to sign, for its signer to read",
  'POST /api/sign/{token}': 'signing a lease with the link mailed to the signer (rate limit; the token is the key)',
}

/**
 * Where a record of the signed-in company is found for a path's id, when it is
 * not the first row of the collection the path starts with.
 */
const ID_SOURCES: Record<string, (company: { bankId: string }) => string> = {
  '/api/accounting/bank-accounts/{id}': () => 'bank-accounts/',
  '/api/bank-reconciliations/{id}': () => 'accounting/bank-reconciliations/',
  '/api/accounting/bank-statement-lines/{id}': (company) => `accounting/bank-accounts/${company.bankId}/statement-lines/`,
  // The resident center reads a resident's own leases, receipts (by payment), records and documents.
  '/api/resident-center/leases/{id}': () => 'leases/',
  '/api/resident-center/receipts/{id}': () => 'rent-payments/',
  '/api/resident-center/residents/{id}': () => 'residents/',
  '/api/resident-center/documents/{id}': () => 'documents/',
  '/api/resident-center/work-orders/{id}': () => 'work-orders/',
  // A technician's operations aim at the company's work orders, and at their own time entries (listed with their token).
  '/api/technician/work-orders/{id}': () => 'technician/work-orders/?when=all',
  '/api/technician/time-tracking-entries/{id}': () => 'technician/time-tracking-entries/',
}

/** Operations the isolation walk cannot aim at one of our records, with the reason. */
const ISOLATION_EXEMPT: Record<string, string> = {}

type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } }
type Operation = {
  method: string
  path: string
  parameters?: { name: string; in: string }[]
  security?: unknown[]
  'x-lintel-gate'?: Gate
  requestBody?: { content: Record<string, { schema: Schema }> }
}
type Caller = { who: string; token: string; userType: UserType; permissions: PermissionGroup[] }

const keyOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`
const hasParams = (op: Operation) => op.path.includes('{')
const isWrite = (op: Operation) => op.method !== 'get'

function project(value: unknown, schema: Schema, doc: Doc): unknown {
  const s = resolve(schema, doc)
  if (Array.isArray(value) && s.items) return value.map((item) => project(item, s.items!, doc))
  if (value && typeof value === 'object' && s.properties) {
    const record = value as Record<string, unknown>
    return Object.fromEntries(Object.entries(s.properties).filter(([key]) => key in record).map(([key, property]) => [key, project(record[key], property, doc)]))
  }
  return value
}

/**
 * A body the operation accepts in shape, so its answer is about the record it
 * is aimed at, not the input: the record as its owner reads it where the same
 * path is read, else a sample of the schema, or a small statement file.
 */
async function bodyFor(op: Operation, doc: Doc, path: string, ownerToken: string): Promise<string | FormData | undefined> {
  const content = op.requestBody?.content ?? {}
  if (content['multipart/form-data']) {
    const form = new FormData()
    form.set('file', statement())
    return form
  }
  const schema = content['application/json']?.schema
  if (!schema) return undefined
  // A new record is sent as a copy of one of the owner's records, where they can be read one by one.
  const copied = op.method === 'post' && doc.paths[`${op.path}/{id}`]?.get ? await listFirst(`${path.replace(/^\/api\//, '')}/`, ownerToken) : undefined
  const source = hasParams(op) && doc.paths[op.path].get ? path : copied && `${path}/${copied}`
  const read = source ? await api('GET', source.replace(/^\/api\//, ''), { token: ownerToken }) : undefined
  return JSON.stringify(read?.status === 200 ? project(read.body, schema, doc) : sample(schema, doc))
}

/** Sends a request in-process with a raw body, as an API client would. */
async function call(method: string, path: string, token: string, body?: string | FormData) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.77' }
  if (typeof body === 'string') headers['content-type'] = 'application/json'
  const response = await getApi().request(`http://lintel.test${path}`, { method: method.toUpperCase(), headers, body })
  return { status: response.status, text: await response.text() }
}

/** A company with a year of books, a record of every resource and of every hand-built kind, and its id. */
async function companyWithData() {
  const company = await registerCompany()
  const { token } = company
  const companyId = (await api('GET', 'property-management-company/', { token })).body.id as string
  await withCompany(companyId, () =>
    getDb().transaction(async (tx) => {
      await seedDemoPortfolio(tx, companyId)
      await seedDemoLedger(tx, companyId)
    }),
  )
  for (const resource of RESOURCES) if (resource.methods.includes('create')) await createSample(resource, token)
  const made = (what: string, response: { status: number; body: unknown }) => {
    if (response.status >= 300) throw new Error(`making ${what} failed: ${JSON.stringify(response.body)}`)
  }
  const unitId = (await api('GET', 'rental-units/?page_size=1', { token })).body.results[0].id as string
  const bankId = (await api('GET', 'bank-accounts/?page_size=1', { token })).body.results[0].id as string
  const unit = { record_type: 'rental-units', record_id: unitId }
  const technicianToken = (await signedInMember(company, 'technician')).token
  const propertyId = (await api('GET', 'property-groups/?page_size=1', { token })).body.results[0].id as string
  made('a technician’s work order', await api('POST', 'technician/work-orders/', { token: technicianToken, body: { subject: 'Walker repair', property_group_id: propertyId, location: 'Lobby', priority: 'ROUTINE' } }))
  made('a time tracking entry', await api('POST', 'technician/time-tracking-entries/', { token: technicianToken, body: { notes: 'Walker' } }))
  const owing = (await api('GET', 'accounting/bills/?owing=true&page_size=1', { token })).body.results[0].id as string
  made('bills paid together', await api('POST', 'accounting/bills/bulk-mark-as-paid/', { token, body: { bill_ids: [owing], date: '2026-03-10', bank_account_id: bankId, method: 'CHEQUE' } }))
  made('an API key', await api('POST', 'api-keys/', { token, body: { name: 'Walker' } }))
  // A signature request has no create of its own: a lease sent to sign makes it.
  await createSample(resourceNamed('signature-requests')!, token)
  made('a note', await api('POST', 'notes/', { token, body: { ...unit, body: 'Walker note' } }))
  made('a document', await upload('documents/', token, { file: new File([PNG], 'walker.png', { type: 'image/png' }), document_type: 'OTHER', ...unit }))
  made('a photo', await upload('photos/', token, { file: new File([PNG], 'walker.png', { type: 'image/png' }), ...unit }))
  made('a statement', await upload(`accounting/bank-accounts/${bankId}/statement-import/`, token, { file: statement() }))
  const chart = (await api('GET', 'accounting/accounts/?page_size=1000', { token })).body.results as { id: string; number: string; account_type: string }[]
  const receipt = [
    { account_id: chart.find((a) => a.number === '1100')!.id, debit: '40.00' },
    { account_id: chart.find((a) => a.account_type === 'INCOME')!.id, credit: '40.00' },
  ]
  made('a receipt waiting to be deposited', await api('POST', 'accounting/journal-entries/', { token, body: { date: '2026-03-02', memo: 'Walker receipt', lines: receipt } }))
  return { ...company, companyId, bankId, technicianToken, residentToken: await residentOnALease(token) }
}

/**
 * A resident of an active lease, invited to the resident center and signed in: the caller the
 * resident center's operations admit. The demo's residents have the same e-mails in every company
 * it seeds, and an e-mail is one account in all of Lintel, so theirs gets one of its own.
 */
async function residentOnALease(token: string) {
  const leaseId = (await api('GET', 'leases/?status=ACTIVE&page_size=1', { token })).body.results[0].id as string
  const residentId = (await api('GET', `leases/${leaseId}/`, { token })).body.lines[0].resident_id as string
  const email = `walker-resident-${unique()}@example.test`
  await api('PUT', `residents/${residentId}/`, { token, body: { email } })
  const invited = await api('POST', `residents/${residentId}/invite-to-resident-center/`, { token, body: {} })
  if (invited.status !== 200) throw new Error(`inviting a resident failed: ${JSON.stringify(invited.body)}`)
  const accepted = await api('POST', 'accept-invitation/', { body: { invitation_id: invitationToken(email), first_name: 'Walker', last_name: 'Resident', password: PASSWORD } })
  if (accepted.status !== 200) throw new Error(`accepting the invitation failed: ${JSON.stringify(accepted.body)}`)
  return accepted.body.access as string
}

/** The company's caller an operation's gate admits: its admin, or for what only technicians or residents may call, its technician or resident. */
function callerFor(company: { token: string; technicianToken: string; residentToken: string }, op: Operation) {
  const types = op['x-lintel-gate']!.user_types
  if (types.includes('property_manager')) return company.token
  return types.includes('maintenance_technician') ? company.technicianToken : company.residentToken
}

const statement = () => new File(['Date,Description,Amount\n2026-03-03,Walker deposit,12.50\n'], 'walker.csv', { type: 'text/csv' })

/** A user of a kind the API cannot invite (a resident, a property owner), made in the database and signed in. */
async function signedInUser(companyId: string, userType: UserType) {
  const email = `${userType}-${unique()}@example.test`
  const passwordHash = await hashPassword(PASSWORD)
  await withCompany(companyId, () => getDb().insert(users).values({ companyId, email, firstName: 'Walker', lastName: userType, userType, passwordHash }))
  const login = await api('POST', 'login/', { body: { email, password: PASSWORD }, ip: `198.51.100.${Math.floor(Math.random() * 250)}` })
  if (login.status !== 200) throw new Error(`signing in a ${userType} failed: ${JSON.stringify(login.body)}`)
  return login.body.access as string
}

/** The first record a company lists under a collection path, or undefined. */
async function listFirst(collection: string, token: string) {
  const list = await api('GET', `${collection}${collection.includes('?') ? '&' : '?'}page_size=1`, { token })
  return list.status === 200 ? (list.body?.results?.[0]?.id as string | undefined) : undefined
}

/** A record of the company for the first id of an operation's path. */
function idFor(path: string, company: { token: string; technicianToken: string; bankId: string }) {
  const prefix = path.slice(0, path.indexOf('/{'))
  const collection = ID_SOURCES[`${prefix}/{id}`]?.(company) ?? `${prefix.replace(/^\/api\//, '')}/`
  // A technician's own records are listed only to them.
  return listFirst(collection, collection.startsWith('technician/') ? company.technicianToken : company.token)
}

let doc: Doc
let tables: CompanyTable[]
let operations: Operation[]
let ours: Awaited<ReturnType<typeof companyWithData>>
let theirs: Awaited<ReturnType<typeof companyWithData>>

beforeAll(async () => {
  ;[ours, theirs] = await Promise.all([companyWithData(), companyWithData()])
  tables = await companyTables()
  doc = (await api('GET', 'openapi.json')).body
  operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ ...op, method, path })))
  // Deletions last, so the records the other operations are aimed at are still there.
  operations.sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'))
  expect(operations.length).toBeGreaterThan(200)
}, 180_000)

describe('every operation in /api/openapi.json', () => {
  it('documents its gate, or is public for a written reason', () => {
    const undocumented = operations.filter((op) => !op['x-lintel-gate'] && !(keyOf(op) in PUBLIC)).map(keyOf)
    expect(undocumented).toEqual([])
    const stale = Object.keys(PUBLIC).filter((key) => !operations.some((op) => keyOf(op) === key && !op['x-lintel-gate']))
    expect(stale, 'operations listed as public that are not').toEqual([])
  })
})

describe('another company', () => {
  it('finds none of our records through any operation and changes nothing', { timeout: 120_000 }, async () => {
    const signedIn = operations.filter((op) => op['x-lintel-gate'])

    // Every id our company's lists show: none may appear in an answer to them.
    const ourIds = new Set<string>()
    for (const op of signedIn.filter((o) => o.method === 'get' && !hasParams(o))) {
      const answer = await call('get', `${op.path}/?page_size=1000`, callerFor(ours, op))
      for (const id of answer.text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []) ourIds.add(id)
    }
    const theirAnswers = await Promise.all(
      signedIn.filter((o) => o.method === 'get' && !hasParams(o)).map(async (op) => ({ op, answer: await call('get', `${op.path}/?page_size=1000`, callerFor(theirs, op)) })),
    )
    ourIds.delete(theirs.companyId)
    const failures: string[] = []
    for (const { op, answer } of theirAnswers) {
      const leaked = (answer.text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []).filter((id) => ourIds.has(id))
      if (leaked.length) failures.push(`${keyOf(op)} shows another company ${leaked.length} of our ids, e.g. ${leaked[0]}`)
    }

    let walked = 0
    for (const op of signedIn.filter(hasParams)) {
      const key = keyOf(op)
      if (key in ISOLATION_EXEMPT) continue
      const id = await idFor(op.path, ours)
      if (!id) {
        failures.push(`${key}: no record of ours to aim at (list one under ID_SOURCES, or exempt it with the reason)`)
        continue
      }
      const path = op.path.replace(/\{[^}]+\}/g, id)
      const before = await fingerprint(ours.companyId, tables)
      const body = await bodyFor(op, doc, path, ours.token)
      const answer = await call(op.method, path, callerFor(theirs, op), body)
      walked++
      if (answer.status !== 404) failures.push(`${key} by another company answered ${answer.status}, not 404: ${answer.text.slice(0, 200)}`)
      const changed = changes(before, await fingerprint(ours.companyId, tables))
      if (changed.length) failures.push(`${key} by another company changed ${changed.join(', ')}`)
    }
    expect(ourIds.size).toBeGreaterThan(500)
    expect(failures).toEqual([])
    expect(walked).toBeGreaterThan(60)
  })
})

/** What a caller the gate refuses is answered, whoever they are: signed in, so not 401, and not told whether the record exists. */
const REFUSED = 403

const admits = (gate: Gate, caller: Caller) =>
  gate.user_types.includes(caller.userType) && (!gate.any_permission.length || gate.any_permission.some((group) => caller.permissions.includes(group)))

describe('each kind of caller', () => {
  it('gets exactly what each operation documents as its gate, and a refused one changes nothing', { timeout: 120_000 }, async () => {
    const everyGroup = PERMISSIONS.map((p) => p.group)
    const callers: Caller[] = [{ who: 'the company admin', token: ours.token, userType: 'property_manager', permissions: everyGroup }]
    callers.push({ who: 'a manager with no permission', token: (await signedInMember(ours, 'manager')).token, userType: 'property_manager', permissions: [] })
    for (const p of PERMISSIONS) {
      const { token } = await signedInMember(ours, 'manager', { [p.flag]: true })
      callers.push({ who: `a manager with only the ${p.group} permission`, token, userType: 'property_manager', permissions: [p.group] })
    }
    const accountant = callers.find((c) => c.permissions.length === 1 && c.permissions[0] === 'accounting')!
    const key = await api('POST', 'api-keys/', { token: accountant.token, body: { name: 'Walker' } })
    expect(key.status).toBe(201)
    callers.push({ ...accountant, who: "an API key of a manager with only the accounting permission", token: key.body.key })
    callers.push({ who: 'a maintenance technician', token: (await signedInMember(ours, 'technician')).token, userType: 'maintenance_technician', permissions: [] })
    callers.push({ who: 'a resident', token: await signedInUser(ours.companyId, 'resident'), userType: 'resident', permissions: [] })
    callers.push({ who: 'a property owner', token: await signedInUser(ours.companyId, 'property_owner'), userType: 'property_owner', permissions: [] })

    const failures: string[] = []
    let checked = 0
    for (const op of operations) {
      const gate = op['x-lintel-gate']
      if (!gate) continue
      // A refused caller is aimed at one of our records with a body that would change it, so a gate left open shows.
      const target = hasParams(op) ? op.path.replace(/\{[^}]+\}/g, (await idFor(op.path, ours)) ?? randomUUID()) : op.path
      const change = await bodyFor(op, doc, target, ours.token)
      const refused = callers.filter((caller) => !admits(gate, caller))
      const before = await fingerprint(ours.companyId, tables)
      const refusals = await Promise.all(refused.map((caller) => call(op.method, target, caller.token, change)))
      refusals.forEach((answer, i) => {
        if (answer.status !== REFUSED) failures.push(`${keyOf(op)} by ${refused[i].who} answered ${answer.status}, not ${REFUSED}`)
      })
      const changed = changes(before, await fingerprint(ours.companyId, tables))
      if (changed.length) failures.push(`${keyOf(op)} refused yet changed ${changed.join(', ')}`)
      // An admitted caller is aimed at no record with a body of the wrong shape: past the gate, a 404 or a 400, and nothing is touched.
      const path = op.path.replace(/\{[^}]+\}/g, randomUUID())
      const body = op.requestBody ? '[]' : undefined
      const admitted = callers.filter((caller) => admits(gate, caller))
      const answers = await Promise.all(admitted.map((caller) => call(op.method, path, caller.token, body)))
      answers.forEach((answer, i) => {
        if (answer.status === 401 || answer.status === 403) failures.push(`${keyOf(op)} by ${admitted[i].who}, whom its gate admits, answered ${answer.status}: ${answer.text.slice(0, 160)}`)
      })
      checked += callers.length
    }
    expect(failures).toEqual([])
    expect(checked).toBeGreaterThan(2000)
  })
})

/** The kind of record a reference field names, where its name does not say it. */
const REFERENCE_KINDS: Record<string, string> = {
  gl_account_id: 'account',
  parent_account_id: 'account',
  record_id: 'rental-unit',
  // The register lists journal lines as transactions.
  journal_line_id: 'transaction',
}

/** Fields named like references that are not, each with what it is. */
const NOT_REFERENCES: Record<string, string> = {
  tax_id: "an owner's tax number, stored encrypted",
}

/** Reference fields the walk does not plant another company's id in, each with its reason. */
const REFERENCE_EXEMPT: Record<string, string> = {
  'POST /api/resident-center/work-orders lease_id': 'a lease not the resident’s own is not found (404 "No such lease."), as ADR 024 says: the id tells them nothing',
}

/** What a body needs beyond a copy of one of our records for the planted field to be the only thing wrong with it. */
const BODY_ADDITIONS: Record<string, (company: { token: string; bankId: string; residentToken: string }) => Promise<Record<string, unknown>>> = {
  // A resident reports work on the unit of their own lease in force.
  'POST /api/resident-center/work-orders': async (company) => {
    const choices = await api('GET', 'resident-center/work-orders/', { token: company.residentToken })
    return { lease_id: choices.body.leases[0].id }
  },
  // A deposit is read back with its receipts, not their line ids: one of ours waiting to be deposited.
  'POST /api/accounting/bank-deposits': async (company) => {
    const waiting = await api('GET', 'accounting/bank-deposits/undeposited/', { token: company.token })
    return { journal_line_ids: [waiting.body.results[0].journal_line_id] }
  },
  // Bulk notices are read back with their leases, not their ids: one of ours whose rent may rise.
  'POST /api/bulk-rent-increase-notices': async (company) => {
    const offered = await api('GET', 'bulk-rent-increase-notices/eligible/', { token: company.token })
    return { lease_ids: [offered.body.results[0].lease_id] }
  },
  // A technician's new work order and time entry cannot be read back by the admin: a valid body of ours, without the optional fields.
  'POST /api/technician/work-orders': async (company) => {
    const property = await api('GET', 'property-groups/?page_size=1', { token: company.token })
    return { subject: 'Walker', property_group_id: property.body.results[0].id, rental_unit_id: null, category_id: null, location: 'Lobby', priority: 'ROUTINE', scheduled_date: null, scheduled_time: null, due_date: null, description: null, entry_notes: null }
  },
  'POST /api/technician/time-tracking-entries': async () => ({ started_at: null, ended_at: null, notes: null }),
  // Bills are marked as paid by their ids: one of ours still owing.
  'POST /api/accounting/bills/bulk-mark-as-paid': async (company) => {
    const owing = await api('GET', 'accounting/bills/?owing=true&page_size=1', { token: company.token })
    return { bill_ids: [owing.body.results[0].id] }
  },
  // Invoices are marked as paid by their ids: one of ours still owing.
  'POST /api/accounting/invoices/bulk-mark-as-paid': async (company) => {
    const owing = await api('GET', 'accounting/invoices/?owing=true&page_size=1', { token: company.token })
    return { invoice_ids: [owing.body.results[0].id] }
  },
  // Work orders are billed to a property's owner once their work is done: one of ours, done, at one of our properties, billed to an owner of ours.
  'POST /api/work-orders/generate-bulk-invoice': async (company) => {
    const token = company.token
    const property = (await api('GET', 'property-groups/?page_size=1', { token })).body.results[0]
    const owner = (await api('GET', 'property-owners/?page_size=1', { token })).body.results[0]
    const order = await api('POST', 'work-orders/', { token, body: { subject: 'Walker repair', property_group_id: property.id, location: 'Lobby', priority: 'ROUTINE' } })
    await api('POST', 'work-logs/', { token, body: { work_order_id: order.body.id, work_date: '2026-01-15', hours: '1', hourly_rate: '50.00' } })
    const done = (await api('GET', 'work-orders/statuses/?page_size=100', { token })).body.results.find((s: { stage: string }) => s.stage === 'WORK_DONE')
    await api('POST', `work-orders/${order.body.id}/change-status/`, { token, body: { status_id: done.id } })
    return { property_group_id: property.id, work_order_ids: [order.body.id], property_owner_id: owner.id, markup_type_id: null, terms: null }
  },
  // An expense's multipart body is sampled, not copied: one of our properties, accounts and bank accounts, the rest left out.
  'POST /api/accounting/expenses': async (company) => {
    const token = company.token
    const property = (await api('GET', 'property-groups/?page_size=1', { token })).body.results[0]
    const account = (await api('GET', 'accounting/accounts/?page_size=200', { token })).body.results.find((a: { number: string }) => a.number === '5000')
    return { property_group_id: property.id, account_id: account.id, bank_account_id: company.bankId, credit_card_id: undefined, vendor_id: undefined, rental_unit_id: undefined, tax_amount: '0.00' }
  },
  // An EFT file is made from one of our bank accounts.
  'POST /api/reporting/generate-eft-payment-file': async (company) => ({ bank_account_id: company.bankId, bill_payment_ids: [randomUUID()] }),
  // A photo of one of a record's lines is of a record of ours whose lines have photos: an inspection report of ours, without a line.
  'POST /api/photos': async (company) => {
    const reports = await api('GET', 'inspection-reports/?page_size=1&status=SCHEDULED', { token: company.token })
    return { record_type: 'inspection-reports', record_id: reports.body.results[0].id, line_id: undefined, phase: undefined }
  },
}

/** Every reference field of a body schema: `x_id`, `x_ids`, and those of the objects in its lists, as `lines[].x_id`. */
function referenceFields(schema: Schema, doc: Doc): string[] {
  const fields: string[] = []
  for (const [name, property] of Object.entries(resolve(schema, doc).properties ?? {})) {
    if (/_ids?$/.test(name) && !(name in NOT_REFERENCES)) fields.push(name)
    const resolved = resolve(property, doc)
    if (resolved.items) for (const inner of Object.keys(resolve(resolved.items, doc).properties ?? {})) if (/_ids?$/.test(inner)) fields.push(`${name}[].${inner}`)
  }
  return fields
}

/** The body with `id` planted in the field (in the first item of a list, one item made if there is none). */
function planted(body: Record<string, unknown>, field: string, id: string, schema: Schema, doc: Doc) {
  const [list, inner] = field.split('[].')
  const value = (name: string) => (name.endsWith('_ids') ? [id] : id)
  if (!inner) return { ...body, [field]: value(field) }
  const items = [...((body[list] as Record<string, unknown>[] | undefined) ?? [])]
  if (!items.length) items.push(sample(resolve(resolve(schema, doc).properties![list], doc).items!, doc) as Record<string, unknown>)
  items[0] = { ...items[0], [inner]: value(inner) }
  return { ...body, [list]: items }
}

/** Values as a multipart form, a small image in each file field. */
function formOf(values: Record<string, unknown>, schema: Schema, doc: Doc) {
  const form = new FormData()
  for (const [name, property] of Object.entries(resolve(schema, doc).properties ?? {})) {
    if (resolve(property, doc).format === 'binary') form.set(name, new File([PNG], 'walker.png', { type: 'image/png' }))
    else if (values[name] !== undefined) form.set(name, String(values[name]))
  }
  return form
}

/** Whether an error key names the field: `vendor_id`, `lines[0].vendor_id`, `journal_line_ids[0]`. */
const names = (key: string, field: string) => {
  const [list, inner] = field.split('[].')
  return inner ? new RegExp(`^${list}\\[\\d+\\]\\.${inner}$`).test(key) : key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`)
}

/** One of their records for a reference field: the first of the collection its name says, else an id no record has. */
async function theirIdFor(field: string) {
  const name = field.split('[].').pop()!
  if (name === 'journal_line_ids') return (await api('GET', 'accounting/bank-deposits/undeposited/', { token: theirs.token })).body.results[0].journal_line_id as string
  const kind = REFERENCE_KINDS[name] ?? name.replace(/_ids?$/, '').replaceAll('_', '-')
  const [collection] = Object.keys(doc.paths)
    .filter((path) => path.endsWith(`/${kind}s`) || path.endsWith(`-${kind}s`))
    .sort((a, b) => a.length - b.length)
  return (collection && (await listFirst(`${collection.replace(/^\/api\//, '')}/`, theirs.token))) || randomUUID()
}

describe('another company\'s ids in query parameters', () => {
  it('narrow nothing to their records: refused, or answered without them', { timeout: 120_000 }, async () => {
    const failures: string[] = []
    let planted_ = 0
    for (const op of operations.filter((o) => o['x-lintel-gate'] && o.method === 'get')) {
      // A list filter (`building_id`), a picker's record (`selected`) or a document's candidates (`bank_account_id`).
      const params = (op.parameters ?? []).filter((p) => p.in === 'query' && (/_id$/.test(p.name) || p.name === 'selected')).map((p) => p.name)
      if (!params.length) continue
      let path = op.path
      if (hasParams(op)) {
        const id = await idFor(op.path, ours)
        if (!id) continue
        path = op.path.replace(/\{[^}]+\}/g, id)
      }
      for (const param of params) {
        // `selected` names a record of the collection the picker lists.
        const theirId = param === 'selected' ? ((await listFirst(`${path.replace(/^\/api\//, '').replace(/\/names$/, '')}/`, theirs.token)) ?? randomUUID()) : await theirIdFor(param)
        const answer = await call('get', `${path}?${param}=${theirId}`, ours.token)
        planted_++
        // Refused, or answered with none of theirs: a record of theirs in the answer carries the id it was narrowed by.
        if (answer.status >= 500 || answer.text.includes(theirId)) {
          failures.push(`${keyOf(op)}?${param}= with another company's id answered ${answer.status}${answer.text.includes(theirId) ? ', naming their record' : ''}: ${answer.text.slice(0, 200)}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(planted_).toBeGreaterThan(20)
  })
})

describe('another company\'s ids in reference fields', () => {
  it('are refused with a 400 naming the field, and change nothing', { timeout: 120_000 }, async () => {
    const failures: string[] = []
    let planted_ = 0
    for (const op of operations.filter((o) => o['x-lintel-gate'] && isWrite(o) && o.requestBody)) {
      const json = op.requestBody!.content['application/json']?.schema
      const schema = json ?? op.requestBody!.content['multipart/form-data'].schema
      const fields = referenceFields(schema, doc).filter((field) => !(`${keyOf(op)} ${field}` in REFERENCE_EXEMPT))
      if (!fields.length) continue
      let path = op.path
      if (hasParams(op)) {
        const id = await idFor(op.path, ours)
        if (!id) {
          failures.push(`${keyOf(op)}: no record of ours to aim at`)
          continue
        }
        path = op.path.replace(/\{[^}]+\}/g, id)
      }
      const copy = json ? JSON.parse((await bodyFor(op, doc, path, ours.token)) as string) : sample(schema, doc)
      const base = { ...copy, ...(await BODY_ADDITIONS[keyOf(op)]?.(ours)) } as Record<string, unknown>
      for (const field of fields) {
        const body = planted(base, field, await theirIdFor(field), schema, doc)
        const before = await fingerprint([ours.companyId, theirs.companyId], tables)
        const answer = await call(op.method, path, callerFor(ours, op), json ? JSON.stringify(body) : formOf(body, schema, doc))
        planted_++
        const errors = answer.status === 400 ? Object.keys((JSON.parse(answer.text) as { errors?: object }).errors ?? {}) : []
        if (!errors.some((key) => names(key, field))) failures.push(`${keyOf(op)} with another company's id in ${field} answered ${answer.status}: ${answer.text.slice(0, 240)}`)
        const changed = changes(before, await fingerprint([ours.companyId, theirs.companyId], tables))
        if (changed.length) failures.push(`${keyOf(op)} with another company's id in ${field} changed ${changed.join(', ')}`)
      }
    }
    expect(failures).toEqual([])
    expect(planted_).toBeGreaterThan(30)
  })
})
