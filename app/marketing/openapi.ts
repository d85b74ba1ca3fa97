/**
 * Turns the live OpenAPI 3.1 document into what the /open-api/ page shows:
 * operations grouped by tag, each with its parameters, request body fields and
 * responses, and the named schemas they refer to. Pure, so it is tested alone.
 */

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  format?: string
  enum?: unknown[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  description?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  default?: unknown
  example?: unknown
}

type Content = Record<string, { schema?: JsonSchema }>

type OperationObject = {
  tags?: string[]
  summary?: string
  description?: string
  security?: unknown[]
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[]
  requestBody?: { content: Content; required?: boolean; description?: string }
  responses?: Record<string, { description?: string; content?: Content }>
}

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string }
  paths: Record<string, Record<string, OperationObject>>
  components?: { schemas?: Record<string, JsonSchema> }
}

/** How a type reads, in parts: text, and links to named schemas. */
export type TypePart = { text: string } | { schema: string; anchor: string }

export type FieldView = {
  name: string
  type: TypePart[]
  required: boolean
  description: string | null
  constraints: string[]
  /** The fields of an inline object (a named one is a link instead). */
  fields: FieldView[] | null
}

export type BodyView = { contentType: string; type: TypePart[]; fields: FieldView[] | null }

export type OperationView = {
  id: string
  method: string
  path: string
  summary: string
  description: string | null
  signedIn: boolean
  parameters: (FieldView & { location: string })[]
  requestBody: BodyView | null
  responses: { status: string; description: string; body: BodyView | null }[]
}

export type TagView = { name: string; slug: string; operations: OperationView[] }

export type SchemaView = { name: string; anchor: string; type: TypePart[]; fields: FieldView[] | null }

export type ApiReference = {
  title: string
  version: string
  description: string | null
  /** Every area with every operation, described or not. */
  tags: TagView[]
  /** The operations described in full (a search's matches, or one area's), with the schemas they use. */
  shown: TagView[]
  schemas: SchemaView[]
  operationCount: number
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

export const schemaAnchor = (name: string) => `schema-${slug(name)}`

const refName = (ref: string) => decodeURIComponent(ref.replace(/^#\/components\/schemas\//, ''))

function join(parts: TypePart[][], separator: string): TypePart[] {
  return parts.flatMap((p, i) => (i === 0 ? p : [{ text: separator }, ...p]))
}

/** A type as a person reads it: "string (uuid)", "array of Resident", "one of A, B", "string or null". */
export function typeOf(schema: JsonSchema | undefined): TypePart[] {
  if (!schema) return [{ text: 'any' }]
  if (schema.$ref) {
    const name = refName(schema.$ref)
    return [{ schema: name, anchor: schemaAnchor(name) }]
  }
  const union = schema.anyOf ?? schema.oneOf
  if (union) return join(union.map(typeOf), ' or ')
  if (schema.allOf) return join(schema.allOf.map(typeOf), ' and ')
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  const nullable = types.includes('null')
  const base = types.filter((t) => t !== 'null')
  let parts: TypePart[]
  if (schema.enum) {
    const values = schema.enum.filter((v) => v !== null).map((v) => JSON.stringify(v))
    parts = [{ text: `one of ${values.join(', ')}` }]
  } else if (base.includes('array')) {
    parts = [{ text: 'array of ' }, ...typeOf(schema.items)]
  } else if (base.includes('object') && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    parts = [{ text: 'map of string to ' }, ...typeOf(schema.additionalProperties)]
  } else {
    parts = [{ text: (base.length ? base.join(' or ') : schema.properties ? 'object' : 'any') + (schema.format ? ` (${schema.format})` : '') }]
  }
  return nullable ? [...parts, { text: ' or null' }] : parts
}

function constraintsOf(schema: JsonSchema): string[] {
  const found: string[] = []
  const characters = (n: number) => `${n} ${n === 1 ? 'character' : 'characters'}`
  if (schema.minLength !== undefined) found.push(`at least ${characters(schema.minLength)}`)
  if (schema.maxLength !== undefined) found.push(`at most ${characters(schema.maxLength)}`)
  if (schema.minimum !== undefined) found.push(`minimum ${schema.minimum}`)
  if (schema.maximum !== undefined) found.push(`maximum ${schema.maximum}`)
  if (schema.pattern !== undefined) found.push(`matches ${schema.pattern}`)
  if (schema.default !== undefined) found.push(`default ${JSON.stringify(schema.default)}`)
  if (schema.example !== undefined) found.push(`example ${JSON.stringify(schema.example)}`)
  return found
}

/** The fields of an object schema, with inline objects (and arrays of them) opened one level further each. */
export function fieldsOf(schema: JsonSchema | undefined, depth = 0): FieldView[] | null {
  if (!schema?.properties || depth > 4) return null
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties).map(([name, property]) => {
    const inline = property.properties ? property : property.items?.properties ? property.items : undefined
    return {
      name,
      type: typeOf(property),
      required: required.has(name),
      description: property.description ?? null,
      constraints: constraintsOf(property),
      fields: inline ? fieldsOf(inline, depth + 1) : null,
    }
  })
}

/**
 * A body's schema. A request body is opened (a named object too), so what to send is read where it is
 * sent; a response names its schema, described once under Schemas.
 */
function bodyOf(content: Content | undefined, schemas: Record<string, JsonSchema>, open: boolean): BodyView | null {
  const [contentType, media] = Object.entries(content ?? {})[0] ?? []
  if (!contentType) return null
  const schema = media?.schema
  const resolved = schema?.$ref ? schemas[refName(schema.$ref)] : schema
  return { contentType, type: typeOf(schema), fields: open || !schema?.$ref ? fieldsOf(resolved) : null }
}

/** Every named schema a value refers to, directly or through other schemas. */
function collectRefs(value: unknown, schemas: Record<string, JsonSchema>, found: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, schemas, found)
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') {
        const name = refName(item)
        if (!found.has(name)) {
          found.add(name)
          collectRefs(schemas[name], schemas, found)
        }
      } else collectRefs(item, schemas, found)
    }
  }
}

function matches(operation: OperationView, tag: string, words: string[]) {
  const text = [operation.method, operation.path, operation.summary, operation.description ?? '', tag, ...operation.parameters.map((p) => p.name)]
    .join(' ')
    .toLowerCase()
  return words.every((word) => text.includes(word))
}

/**
 * The reference for the page: every operation by area (its first tag), and in
 * full either the operations whose method, path, summary, description, area or
 * parameter names hold every word of `search`, or those of one area.
 */
export function apiReference(doc: OpenApiDocument, show: { search?: string; area?: string } = {}): ApiReference {
  const schemas = doc.components?.schemas ?? {}
  const words = (show.search ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const tags = new Map<string, TagView>()
  const shown = new Map<string, TagView>()
  const used = new Set<string>()
  let operationCount = 0
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const tag = operation.tags?.[0] ?? 'Other'
      const view: OperationView = {
        id: `${method}-${slug(path.replace(/^\/api\//, ''))}`,
        method: method.toUpperCase(),
        path: `${path}/`,
        summary: operation.summary ?? '',
        description: operation.description ?? null,
        signedIn: Boolean(operation.security?.length),
        parameters: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          location: p.in,
          type: typeOf(p.schema),
          required: Boolean(p.required),
          description: p.description ?? p.schema?.description ?? null,
          constraints: p.schema ? constraintsOf(p.schema) : [],
          fields: null,
        })),
        requestBody: bodyOf(operation.requestBody?.content, schemas, true),
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? '',
          body: status.startsWith('2') ? bodyOf(response.content, schemas, false) : null,
        })),
      }
      operationCount++
      const add = (into: Map<string, TagView>) => {
        if (!into.has(tag)) into.set(tag, { name: tag, slug: slug(tag), operations: [] })
        into.get(tag)!.operations.push(view)
      }
      add(tags)
      if (words.length ? matches(view, tag, words) : show.area === slug(tag)) {
        add(shown)
        collectRefs(operation, schemas, used)
      }
    }
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? null,
    tags: [...tags.values()],
    shown: [...shown.values()],
    schemas: Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => ({ name, anchor: schemaAnchor(name), type: typeOf({ ...schema, $ref: undefined }), fields: fieldsOf(schema) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    operationCount,
  }
}
