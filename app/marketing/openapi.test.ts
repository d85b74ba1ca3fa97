import { describe, expect, it } from 'vitest'
import { apiReference, fieldsOf, typeOf, type OpenApiDocument } from './openapi'

const doc: OpenApiDocument = {
  info: { title: 'Lintel API', version: '1.0.0' },
  paths: {
    '/api/residents': {
      get: {
        tags: ['Properties'],
        summary: 'List residents',
        security: [{ bearer: [] }],
        parameters: [{ name: 'search', in: 'query', schema: { type: 'string', maxLength: 200 } }],
        responses: { 200: { description: 'A page', content: { 'application/json': { schema: { $ref: '#/components/schemas/ResidentPage' } } } }, 401: { description: 'No' } },
      },
      post: {
        tags: ['Properties'],
        summary: 'Create a resident',
        security: [{ bearer: [] }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ResidentInput' } } } },
        responses: { 201: { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Resident' } } } } },
      },
    },
    '/api/referral/affiliates': {
      post: { tags: ['Referral program'], summary: 'Apply to the referral program', responses: { 201: { description: 'Received' } } },
    },
  },
  components: {
    schemas: {
      Resident: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] },
      ResidentPage: { type: 'object', properties: { results: { type: 'array', items: { $ref: '#/components/schemas/Resident' } } } },
      ResidentInput: {
        type: 'object',
        required: ['first_name'],
        properties: {
          first_name: { type: 'string', minLength: 1, description: 'First name' },
          resident_type: { type: ['string', 'null'], enum: ['CURRENT_RESIDENT', 'APPLICANT', null] },
          forwarding_address: { type: ['object', 'null'], properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
      Unused: { type: 'object', properties: {} },
    },
  },
}

describe('types as people read them', () => {
  it('names references, arrays, enums, formats, maps and null', () => {
    expect(typeOf({ $ref: '#/components/schemas/Rental%20UnitPage' })).toEqual([{ schema: 'Rental UnitPage', anchor: 'schema-rental-unitpage' }])
    expect(typeOf({ type: 'array', items: { $ref: '#/components/schemas/Resident' } })).toEqual([{ text: 'array of ' }, { schema: 'Resident', anchor: 'schema-resident' }])
    expect(typeOf({ type: ['string', 'null'], enum: ['A', 'B', null] })).toEqual([{ text: 'one of "A", "B"' }, { text: ' or null' }])
    expect(typeOf({ type: 'string', format: 'uuid' })).toEqual([{ text: 'string (uuid)' }])
    expect(typeOf({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } })).toEqual([
      { text: 'map of string to ' },
      { text: 'array of ' },
      { text: 'string' },
    ])
  })

  it('opens inline objects and says what is required and allowed', () => {
    const fields = fieldsOf(doc.components!.schemas!.ResidentInput)!
    expect(fields.map((f) => [f.name, f.required])).toEqual([
      ['first_name', true],
      ['resident_type', false],
      ['forwarding_address', false],
    ])
    expect(fields[0]).toMatchObject({ description: 'First name', constraints: ['at least 1 character'] })
    expect(fields[2].fields).toEqual([{ name: 'city', type: [{ text: 'string' }], required: true, description: null, constraints: [], fields: null }])
  })
})

describe('the API reference', () => {
  it('lists every operation by area and describes none in full by default', () => {
    const reference = apiReference(doc)
    expect(reference.operationCount).toBe(3)
    expect(reference.tags.map((t) => [t.slug, t.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['properties', ['GET /api/residents/', 'POST /api/residents/']],
      ['referral-program', ['POST /api/referral/affiliates/']],
    ])
    expect(reference.shown).toEqual([])
    expect(reference.schemas).toEqual([])
  })

  it('describes one area in full with the schemas it uses, request bodies opened', () => {
    const reference = apiReference(doc, { area: 'properties' })
    const [list, create] = reference.shown[0].operations
    expect(list).toMatchObject({ id: 'get-residents', signedIn: true, parameters: [{ name: 'search', location: 'query', constraints: ['at most 200 characters'] }] })
    expect(list.responses.map((r) => [r.status, r.body?.fields ?? null])).toEqual([
      ['200', null],
      ['401', null],
    ])
    expect(create.requestBody?.fields?.map((f) => f.name)).toEqual(['first_name', 'resident_type', 'forwarding_address'])
    expect(reference.schemas.map((s) => s.name)).toEqual(['Resident', 'ResidentInput', 'ResidentPage'])
  })

  it('finds operations holding every word of a search', () => {
    const reference = apiReference(doc, { search: 'POST referral' })
    expect(reference.shown.flatMap((t) => t.operations.map((o) => o.id))).toEqual(['post-referral-affiliates'])
    expect(reference.shown[0].operations[0].signedIn).toBe(false)
    expect(apiReference(doc, { search: 'search' }).shown.flatMap((t) => t.operations.map((o) => o.id))).toEqual(['get-residents'])
    expect(apiReference(doc, { search: 'nothing like this' }).shown).toEqual([])
  })
})
