import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '~/api'
import { CLIENT_IP_HEADER } from '~/api/middleware/rate-limit'
import { crossCompany, getDb } from '~/db/client.server'
import { rentalUnits } from '~/db/schema'
import { conflict } from '~/domain/errors'
import { RESOURCES } from '~/resources'
import { defineResource, type AnyResource } from '~/resources/engine/define'
import { rentalUnitsResource } from '~/resources/properties'
import { registerCompany, signedInMember } from '../factories/api'
import { createSample } from '../factories/resources'

/*
 * The engine's states and actions (ADR 013), tried on a document declared here: rental units whose
 * status moves only by actions. What a client sees: the record starts in its initial state, an
 * action moves it along a declared transition and answers the record, an action from the wrong
 * state is refused with 409 naming that state and changes nothing, and every move is in the history.
 */
const TURNS_DOWN = 'unit-turns'
const turns = defineResource({
  ...(rentalUnitsResource as unknown as Parameters<typeof defineResource>[0]),
  name: TURNS_DOWN,
  palette: false,
  methods: ['list', 'create', 'get', 'update', 'delete'],
  states: {
    field: 'status',
    initial: 'VACANT',
    transitions: [
      ['VACANT', 'DOWN'],
      ['DOWN', 'VACANT'],
    ],
    deletable: ['VACANT'],
  },
  actions: {
    'take-down': {
      label: 'Take down',
      from: ['VACANT'],
      to: 'DOWN',
      input: { reason: { kind: 'text', label: 'Reason', required: true, max: 200 } },
      async run({ input, record }) {
        // A document's own rule, refusing as domain code does.
        if (input.reason === 'refuse') throw conflict(`Unit ${String(record.unitNumber)} has work booked; it cannot be taken down now.`)
      },
    },
    'bring-back': { label: 'Bring back', from: ['DOWN'], to: 'VACANT', confirm: 'The unit shows as vacant again.' },
  },
}) as AnyResource

const app = createApi([...RESOURCES, turns])
async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await app.request(`http://lintel.test/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '203.0.113.20', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

describe('a document moves between its states only by its actions', () => {
  let company: Awaited<ReturnType<typeof registerCompany>>
  let id: string
  beforeAll(async () => {
    company = await registerCompany()
    const unit = await createSample(RESOURCES.find((r) => r.name === 'rental-units')!, company.token, { status: 'OCCUPIED' })
    id = String(unit.id)
    // Created through the registered resource, so it starts where that left it: put it where this document starts.
    await crossCompany(() => getDb().update(rentalUnits).set({ status: 'VACANT' }).where(eq(rentalUnits.id, id)))
  })

  it('creates in the initial state, whatever the body says, with that in its history; an update cannot set the state', async () => {
    const existing = await call('GET', `rental-units/${id}/`, company.token)
    const sent = await call('POST', `${TURNS_DOWN}/`, company.token, { unit_number: 'T-1', building_id: existing.body.building_id, unit_type: existing.body.unit_type })
    expect(sent.status).toBe(201)
    expect(sent.body.status).toBe('VACANT')
    const history = await call('GET', `${TURNS_DOWN}/${sent.body.id}/history/`, company.token)
    expect(history.body.map((h: { action: string | null; from_state: string | null; to_label: string; user_name: string }) => [h.action, h.from_state, h.to_label, h.user_name])).toEqual([[null, null, 'Vacant', 'Ada Manager']])

    const withState = await call('POST', `${TURNS_DOWN}/`, company.token, { unit_number: 'T-2', building_id: existing.body.building_id, unit_type: existing.body.unit_type, status: 'DOWN' })
    expect(withState.status).toBe(400)
    const changed = await call('PUT', `${TURNS_DOWN}/${id}/`, company.token, { status: 'DOWN' })
    expect(changed.status).toBe(400)
    expect(JSON.stringify(changed.body.errors)).toMatch(/status is not a field this accepts/)
  })

  it('moves along a declared transition, keeps the note, and refuses the same action from the new state with 409', async () => {
    const missing = await call('POST', `${TURNS_DOWN}/${id}/take-down/`, company.token, {})
    expect(missing.status).toBe(400)
    expect(missing.body.errors.reason).toEqual(['Reason is required.'])

    const down = await call('POST', `${TURNS_DOWN}/${id}/take-down/`, company.token, { reason: 'Flooded', note: 'Pipe burst in 3B' })
    expect(down.status).toBe(200)
    expect(down.body.status).toBe('DOWN')

    const again = await call('POST', `${TURNS_DOWN}/${id}/take-down/`, company.token, { reason: 'Flooded' })
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('This rental unit is Down (not rentable); Take down needs it to be Vacant.')

    const back = await call('POST', `${TURNS_DOWN}/${id}/bring-back/`, company.token)
    expect(back.status).toBe(200)
    expect(back.body.status).toBe('VACANT')

    const history = await call('GET', `${TURNS_DOWN}/${id}/history/`, company.token)
    expect(history.status).toBe(200)
    expect(history.body.map((h: { action: string; from_label: string; to_label: string; note: string | null; user_name: string }) => [h.action, h.from_label, h.to_label, h.note, h.user_name])).toEqual([
      ['take-down', 'Vacant', 'Down (not rentable)', 'Pipe burst in 3B', 'Ada Manager'],
      ['bring-back', 'Down (not rentable)', 'Vacant', null, 'Ada Manager'],
    ])
  })

  it('changes nothing when the action’s own code refuses', async () => {
    const refused = await call('POST', `${TURNS_DOWN}/${id}/take-down/`, company.token, { reason: 'refuse', note: 'try' })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toMatch(/has work booked/)
    const [unit] = await crossCompany(() => getDb().select({ status: rentalUnits.status }).from(rentalUnits).where(eq(rentalUnits.id, id)))
    expect(unit.status).toBe('VACANT')
    const history = await call('GET', `${TURNS_DOWN}/${id}/history/`, company.token)
    expect(history.body).toHaveLength(2)
  })

  it('finds no record of another company and lets no one without the permission act', async () => {
    const other = await registerCompany()
    expect((await call('POST', `${TURNS_DOWN}/${id}/take-down/`, other.token, { reason: 'x' })).status).toBe(404)
    expect((await call('GET', `${TURNS_DOWN}/${id}/history/`, other.token)).status).toBe(404)
    const technician = await signedInMember(company, 'technician')
    expect((await call('POST', `${TURNS_DOWN}/${id}/take-down/`, technician.token, { reason: 'x' })).status).toBe(403)
  })

  it('deletes a record only in the states its definition allows, answering 409 naming its state otherwise', async () => {
    const existing = await call('GET', `rental-units/${id}/`, company.token)
    const made = await call('POST', `${TURNS_DOWN}/`, company.token, { unit_number: 'T-9', building_id: existing.body.building_id, unit_type: existing.body.unit_type })
    expect((await call('POST', `${TURNS_DOWN}/${made.body.id}/take-down/`, company.token, { reason: 'Mould' })).status).toBe(200)
    const refused = await call('DELETE', `${TURNS_DOWN}/${made.body.id}/`, company.token)
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('A down (not rentable) rental unit cannot be deleted; only a vacant one can.')
    expect((await call('GET', `${TURNS_DOWN}/${made.body.id}/`, company.token)).status).toBe(200)
    expect((await call('POST', `${TURNS_DOWN}/${made.body.id}/bring-back/`, company.token)).status).toBe(200)
    expect((await call('DELETE', `${TURNS_DOWN}/${made.body.id}/`, company.token)).status).toBe(204)
    expect((await call('GET', `${TURNS_DOWN}/${made.body.id}/`, company.token)).status).toBe(404)
  })

  it('documents each action with the states it starts from', async () => {
    const doc = await (await app.request('http://lintel.test/api/openapi.json')).json()
    expect(doc.paths[`/api/${TURNS_DOWN}/{id}/take-down`].post.summary).toBe('Take down (from Vacant; leaves the rental unit Down (not rentable))')
    expect(doc.paths[`/api/${TURNS_DOWN}/{id}/history`].get).toBeDefined()
  })
})
