import { randomUUID } from 'node:crypto'

/*
 * Reading /api/openapi.json as the walkers do: its schemas resolved through references,
 * alternatives and extensions, and a plausible value for any of them.
 */

export type Schema = {
  $ref?: string
  type?: string | string[]
  format?: string
  pattern?: string
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  minimum?: number
  example?: unknown
}

export type SchemaDoc = { components?: { schemas?: Record<string, Schema> } }

/** The schema a value must match: references followed, the non-null alternative, an extension merged with its base. */
export function resolve(schema: Schema | undefined, doc: SchemaDoc): Schema {
  if (!schema) return {}
  if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').pop()!], doc)
  const options = schema.anyOf ?? schema.oneOf
  // The alternatives' example (a decimal given as a string or a number) is the whole schema's.
  if (options) return { ...resolve(options.find((o) => o.type !== 'null') ?? options[0], doc), ...(schema.example !== undefined ? { example: schema.example } : {}) }
  // An extended schema is its base and the extension together, properties of both.
  if (schema.allOf) {
    const parts = schema.allOf.map((s) => resolve(s, doc))
    return Object.assign({}, ...parts, { properties: Object.assign({}, ...parts.map((p) => p.properties)) })
  }
  return schema
}

export const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type)

/** A plausible value for a schema, so a body passes validation and an answer is about the one thing a test changed. */
export function sample(schema: Schema, doc: SchemaDoc): unknown {
  const s = resolve(schema, doc)
  if (s.enum?.length) return s.enum[0]
  if (s.example !== undefined) return s.example
  if (s.format === 'money') return '125.50'
  if (s.format === 'date') return '2026-03-01'
  if (s.format === 'uuid') return randomUUID()
  if (s.format === 'email') return `walker-${randomUUID().slice(0, 8)}@example.test`
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, doc)]))
    default:
      return 'Walker text'
  }
}
