import { z } from '@hono/zod-openapi'
import { getTableColumns } from 'drizzle-orm'
import { dateInput, moneyInput } from '~/api/values'
import { COUNTRIES, DIVISIONS, isDivisionOf, isPostalCodeOf } from '~/domain/geo'
import { formatDecimal, parseDecimal } from '~/domain/money'
import { hasControlCharacters } from '~/domain/text'
import type { AnyResource } from './define'
import { apiName, labelKey, type Address, type Field } from './fields'

/*
 * The zod schemas of a resource, derived from its fields: what a client may
 * send (create and update) and what it gets back. Messages name the field by
 * its label, so the page can show them beside the input.
 */

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)

function required(field: Field) {
  return `${field.label} is required.`
}

function textInput(field: Field, max: number) {
  const lineBreaks = field.kind === 'longText'
  return z
    .string({ error: `${field.label} must be text.` })
    .trim()
    .max(max, `${field.label} must be at most ${max} characters.`)
    .refine((v) => !hasControlCharacters(v, { lineBreaks }), `${field.label} cannot contain control characters${lineBreaks ? '' : ' or line breaks'}.`)
}

/** A number the API's way: a JSON number, or a plain decimal string ("8.50") — never grouped, a comma, an exponent or a space. */
function decimalInput(field: Field & { kind: 'percent' | 'number' }, places: number, example: string) {
  return z
    .union([z.string(), z.number()], { error: `${field.label} must be a number like ${example}.` })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value
      const units = parseDecimal(text, places)
      if (units === null) {
        ctx.addIssue({ code: 'custom', message: places ? `${field.label} must be a number like ${example}, with at most ${places} decimal places.` : `${field.label} must be a whole number.` })
        return z.NEVER
      }
      return units
    })
}

/** The schema of one field's value as a client sends it; `null` clears an optional field. */
function inputOf(field: Field): z.ZodType {
  switch (field.kind) {
    case 'text':
    case 'longText':
    case 'secret':
      return textInput(field, field.max ?? 200)
    case 'email':
      return z.string({ error: `${field.label} must be text.` }).trim().toLowerCase().pipe(z.email(`${field.label} must be a valid e-mail address.`))
    case 'phone':
      return textInput(field, field.max ?? 40).refine((v) => /^[+()\d\s.\-x]+$/i.test(v) && v.replace(/\D/g, '').length >= 7, `${field.label} must be a phone number, e.g. 416-555-0134.`)
    case 'number': {
      const places = field.decimals ?? 0
      return decimalInput(field, places, places ? '1.5' : '2').superRefine((units, ctx) => {
        const scale = 10 ** places
        if (field.min !== undefined && units < field.min * scale) ctx.addIssue({ code: 'custom', message: `${field.label} must be at least ${field.min}.` })
        if (field.max !== undefined && units > field.max * scale) ctx.addIssue({ code: 'custom', message: `${field.label} must be at most ${field.max}.` })
      }).transform((units) => (places ? formatDecimal(units, places) : units))
    }
    case 'money':
      return moneyInput(field.label, { negative: field.min === undefined })
    case 'percent':
      return decimalInput(field, 2, '8.50')
        .refine((v) => v >= 0, `${field.label} cannot be negative.`)
        .refine((v) => field.max === undefined || v <= field.max, `${field.label} must be at most ${formatDecimal(field.max ?? 0)}%.`)
    case 'date':
      return dateInput(field.label)
    case 'select': {
      const values = field.options.map((o) => o.value)
      return z.enum(values as [string, ...string[]], { error: `${field.label} must be one of: ${field.options.map((o) => o.label).join(', ')}.` })
    }
    case 'boolean':
      return z.boolean({ error: `${field.label} must be true or false.` })
    case 'reference':
      return z.uuid({ error: `${field.label}: choose one from the list.` })
    case 'address':
      return addressInput(field.label)
    case 'file':
      return z.never()
  }
}

const countryCodes = COUNTRIES.map((c) => c.code) as string[]

function addressInput(label: string) {
  const part = (name: string, max = 200) => z.string({ error: `${label}: ${name} is required.` }).trim().min(1, `${label}: ${name} is required.`).max(max, `${label}: ${name} is too long.`)
  return z
    .object({
      street: part('street'),
      street2: z.preprocess(blankToNull, z.string().trim().max(200).nullable().optional()),
      city: part('city', 100),
      province: part('province or state', 100),
      postal_code: part('postal code', 20),
      country: z.string({ error: `${label}: country is required.` }).trim().toUpperCase().refine((c) => countryCodes.includes(c), `${label}: choose a country from the list.`),
    })
    .superRefine((a, ctx) => {
      if (a.country in DIVISIONS && !isDivisionOf(a.country, a.province.toUpperCase())) {
        ctx.addIssue({ code: 'custom', path: ['province'], message: `${label}: choose a ${a.country === 'US' ? 'state' : 'province or territory'} of ${COUNTRIES.find((c) => c.code === a.country)?.name}.` })
      }
      if (a.country in DIVISIONS && !isPostalCodeOf(a.country, a.postal_code)) {
        ctx.addIssue({ code: 'custom', path: ['postal_code'], message: a.country === 'US' ? `${label}: ZIP code must look like 12345 or 12345-6789.` : `${label}: postal code must look like A1A 1A1.` })
      }
    })
    .transform((a): Address => ({ ...a, province: a.province.toUpperCase(), postal_code: a.country === 'CA' ? a.postal_code.toUpperCase().replace(/^(\w{3})\s*(\w{3})$/, '$1 $2') : a.postal_code }))
}

/** The fields a client may write: not read-only, not files (those arrive as uploads). */
export function writableFields(resource: AnyResource) {
  return Object.entries(resource.fields).filter((entry): entry is [string, Field] => !!entry[1] && !entry[1].readOnly && entry[1].kind !== 'file')
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
  const shape: Record<string, z.ZodType> = {}
  const columns = getTableColumns(resource.table)
  for (const [key, field] of writableFields(resource)) {
    const base = inputOf(field)
    let schema: z.ZodType
    if (field.required) {
      const present = z.preprocess(blankToNull, base.nullable()).refine((v) => v !== null, required(field))
      schema = mode === 'create' ? z.preprocess((v) => (v === undefined ? null : v), present) : present.optional()
    } else if (columns[key]?.notNull) {
      // Optional because the column has a default; there is no empty value to clear it to.
      schema = z.preprocess(blankToNull, base.nullable().optional()).refine((v) => v !== null, `${field.label} cannot be empty.`)
    } else {
      schema = z.preprocess(blankToNull, base.nullable().optional())
    }
    shape[apiName(key)] = schema.openapi({ description: field.help ?? field.label })
  }
  return z.object(shape).strict()
}

/** What the API answers for one record. */
export function outputSchema(resource: AnyResource) {
  const shape: Record<string, z.ZodType> = { id: z.uuid() }
  for (const [key, field] of Object.entries(resource.fields)) {
    if (!field) continue
    shape[apiName(key)] = outputOf(field).nullable().openapi({ description: field.help ?? field.label })
    if (field.kind === 'reference') shape[labelKey(key)] = z.string().nullable().openapi({ description: `The name of the ${field.label.toLowerCase()}` })
  }
  if ('isActive' in resource.table) shape.is_active = z.boolean()
  shape.created_at = z.string()
  shape.updated_at = z.string()
  return z.object(shape)
}

function outputOf(field: Field): z.ZodType {
  switch (field.kind) {
    case 'number':
      return z.number()
    case 'money':
      return z.string().openapi({ example: '1250.00' })
    case 'percent':
      return z.string().openapi({ example: '8.50' })
    case 'boolean':
      return z.boolean()
    case 'select':
      return z.enum(field.options.map((o) => o.value) as [string, ...string[]])
    case 'address':
      return z.object({ street: z.string(), street2: z.string().nullable().optional(), city: z.string(), province: z.string(), postal_code: z.string(), country: z.string() })
    case 'secret':
      return z.string().openapi({ description: 'Only the last four characters, e.g. •••••6789' })
    default:
      return z.string()
  }
}
