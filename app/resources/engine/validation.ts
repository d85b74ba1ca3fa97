import { z } from '@hono/zod-openapi'
import { getTableColumns } from 'drizzle-orm'
import type { AnyResource } from './define'
import { apiName, choosable, labelKey, linesName, writableIn, type Field } from './fields'
import { kindOf } from './kinds'

/*
 * The zod schemas of a resource, derived from its fields: what a client may
 * send (create and update) and what it gets back. Messages name the field by
 * its label, so the page can show them beside the input.
 */

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

function required(field: Field) {
  // Lines that pick say what to pick, sent empty or not at all.
  return field.kind === 'lines' && field.picks ? field.picks.none : `${field.label} is required.`
}

/**
 * The fields a client may write as a record is made or changed (`mode`), or else in either: not
 * read-only, not files (those arrive as uploads).
 */
export function writableFields(resource: AnyResource, mode?: 'create' | 'update') {
  const writable = (field: Field) => (mode ? writableIn(field, mode) : !field.readOnly)
  // A document's state is moved by its actions only.
  return Object.entries(resource.fields).filter((entry): entry is [string, Field] => !!entry[1] && writable(entry[1]) && entry[1].kind !== 'file' && entry[0] !== resource.states?.field)
}

/**
 * The body of POST (mode `create`: required fields must be there) or PUT (mode
 * `update`: only the fields sent change). Keys are the API's snake_case names.
 */
export function inputSchema(resource: AnyResource, mode: 'create' | 'update') {
  const cached = schemas.get(resource)?.[mode]
  if (cached) return cached
  const schema = buildInputSchema(resource, mode)
  schemas.set(resource, { ...schemas.get(resource), [mode]: schema })
  return schema
}

// Built once per resource and mode: building one costs milliseconds, and imports validate thousands of rows.
const schemas = new WeakMap<AnyResource, Partial<Record<'create' | 'update', ReturnType<typeof buildInputSchema>>>>()

function buildInputSchema(resource: AnyResource, mode: 'create' | 'update') {
  const columns = getTableColumns(resource.table)
  // A document's lines are sent whole where they are written: on create always (unless it may have none), on update when they change (all of them).
  const lines: [string, Field][] = resource.lines && writableIn(resource.lines, mode) ? [[linesName(resource.lines, 'input'), { ...resource.lines, required: mode === 'create' && (resource.lines.min ?? 1) > 0 }]] : []
  return fieldsSchema([...writableFields(resource, mode), ...lines], mode, (key) => !!columns[key]?.notNull)
}

/**
 * The body that sets these fields, by API name. `hasDefault` says which optional fields may not
 * be cleared (their column has a default and no empty value).
 */
export function fieldsSchema(fields: [string, Field][], mode: 'create' | 'update', hasDefault: (key: string) => boolean = () => false) {
  const shape: Record<string, z.ZodType> = {}
  for (const [key, field] of fields) {
    // On update a select may be sent back with the system value it holds (a payment made from deposits): the update refuses a change to one.
    const base = mode === 'update' && field.kind === 'select' && field.options.some((o) => o.system) ? kindOf(field).input({ ...field, options: field.options.map(({ value, label }) => ({ value, label })) }) : kindOf(field).input(field)
    let schema: z.ZodType
    if (field.required) {
      const present = z.preprocess(blankToNull, base.nullable()).refine((v) => v !== null, required(field))
      schema = mode === 'create' ? z.preprocess((v) => (v === undefined ? null : v), present) : present.optional()
    } else if (hasDefault(key)) {
      // Optional because the column has a default; there is no empty value to clear it to. Left
      // empty on a new record (a form sends every field) it is not given: the default, or what the
      // definition's rules work out, applies.
      schema =
        mode === 'create'
          ? z.preprocess((v) => (blankToNull(v) === null ? undefined : v), base.optional())
          : z.preprocess(blankToNull, base.nullable().optional()).refine((v) => v !== null, `${field.label} cannot be empty.`)
    } else {
      schema = z.preprocess(blankToNull, base.nullable().optional())
    }
    shape[apiName(key)] = schema.openapi({ description: field.help ?? field.label })
  }
  return z.object(shape).strict()
}

/** What the API answers for these fields, by API name, with each reference's record name beside it. */
export function outputShape(fields: [string, Field | undefined][]) {
  const shape: Record<string, z.ZodType> = {}
  for (const [key, field] of fields) {
    if (!field) continue
    shape[apiName(key)] = kindOf(field).output(field).nullable().openapi({ description: field.help ?? field.label })
    if (field.kind === 'reference') shape[labelKey(key)] = z.string().nullable().openapi({ description: `The name of the ${field.label.toLowerCase()}` })
  }
  return shape
}

/** What the API answers for one record (a document's lines on the record itself, not in lists). */
export function outputSchema(resource: AnyResource) {
  const shape: Record<string, z.ZodType> = { id: z.uuid(), ...outputShape(Object.entries(resource.fields)) }
  if (resource.lines) shape[linesName(resource.lines, 'output')] = kindOf(resource.lines).output(resource.lines).optional().openapi({ description: `${resource.lines.label}, in order (on the record, not in lists)` })
  if ('isActive' in resource.table) shape.is_active = z.boolean()
  shape.created_at = z.string()
  shape.updated_at = z.string()
  return z.object(shape)
}

/** The select fields an update would set to a system value they do not already hold (only Lintel sets those): refused, as on create. */
export function systemChoiceErrors(fields: [string, Field][], values: Record<string, unknown>, current: Record<string, unknown>) {
  const errors: Record<string, string[]> = {}
  for (const [key, field] of fields) {
    if (field.kind !== 'select' || values[key] === undefined || values[key] === current[key]) continue
    if (field.options.some((o) => o.system && o.value === values[key])) errors[apiName(key)] = [`${field.label} must be one of: ${choosable(field.options).map((o) => o.label).join(', ')}.`]
  }
  return errors
}
