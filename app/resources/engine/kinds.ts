import { z } from '@hono/zod-openapi'
import { dateInput, moneyInput } from '~/api/values'
import { COUNTRIES, DIVISIONS, isDivisionOf, isPostalCodeOf } from '~/domain/geo'
import { formatDecimal, parseDecimal, toApiDecimal, type NumberFormat } from '~/domain/money'
import { hasControlCharacters, MASK } from '~/domain/text'
import { apiName, choosable, optionLabel, type Address, type Field, type FieldKind } from './fields'
import { fieldsSchema, outputShape } from './validation'

/**
 * What each kind of field is (DESIGN.md §7, ADR 013), in one table typed over every kind: a kind
 * added to `Field` without its entry here fails to compile, instead of falling through a switch
 * somewhere. Each entry says how a client's value is validated, what the API answers, how a
 * form's input becomes the API's value, how an export writes it, and what a test may send.
 */
export type FieldKindSpec<F extends Field> = {
  /** The schema of the value a client sends (before `null` for a blank optional field). */
  input: (field: F) => z.ZodType
  /** The schema of the value the API answers (before `null`). */
  output: (field: F) => z.ZodType
  /**
   * A form's input as the API wants it: empty is null, a checkbox true or false, an amount read in
   * the person's number format. `undefined` leaves the field out of the body (a secret left blank
   * on edit keeps the stored one).
   */
  fromForm: (raw: unknown, field: F, form: { mode: 'create' | 'update'; numbers: NumberFormat }) => unknown
  /** The cell an export writes; `label` is a reference's record name. */
  csv: (value: unknown, field: F, label: unknown) => string | number | null
  /** Exported as a number (a spreadsheet may sum it), not as text. */
  numeric: boolean
  /** A value a manager could have typed, valid for the kind; `unique` keeps texts apart. Undefined: a test supplies it otherwise. */
  sample: (field: F, key: string, unique: string) => unknown
}

const blank = (raw: unknown) => typeof raw !== 'string' || raw.trim() === ''
const textFromForm = (raw: unknown) => (blank(raw) ? null : raw)
const plainCsv = (value: unknown) => (value ?? null) as string | number | null

function textInput(field: Field, max: number) {
  const lineBreaks = field.kind === 'longText'
  return z
    .string({ error: `${field.label} must be text.` })
    .trim()
    .max(max, `${field.label} must be at most ${max} characters.`)
    .refine((v) => !hasControlCharacters(v, { lineBreaks }), `${field.label} cannot contain control characters${lineBreaks ? '' : ' or line breaks'}.`)
}

/** A number the API's way: a JSON number, or a plain decimal string ("8.50") — never grouped, a comma, an exponent or a space. */
function decimalInput(field: Field, places: number, example: string) {
  return z
    .union([z.string(), z.number()], { error: `${field.label} must be a number like ${example}.` })
    // The example the documentation gives is one the API takes (clients and the walkers send it).
    .openapi({ example })
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

/** An amount typed in a form, in the person's number format, as the API's decimal string. */
const decimalFromForm = (places: number) => (raw: unknown, _field: Field, form: { numbers: NumberFormat }) => (blank(raw) ? null : toApiDecimal(raw as string, form.numbers, places))

const countryCodes = COUNTRIES.map((c) => c.code) as string[]

function addressInput(label: string) {
  const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)
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

/** An address on one line, as a spreadsheet cell. */
function addressOnOneLine(address: Partial<Address>) {
  return [address.street, address.street2, address.city, address.province, address.postal_code, address.country].filter(Boolean).join(', ')
}

/** The text kinds differ only in how they are checked and what a test types into them. */
function textKind<F extends Field & { max?: number }>(input: (field: F) => z.ZodType, sample: FieldKindSpec<F>['sample']): FieldKindSpec<F> {
  return { input, output: () => z.string(), fromForm: textFromForm, csv: plainCsv, numeric: false, sample }
}

/** The field type a kind belongs to (text, longText, email and phone share TextField). */
type FieldOfKind<K extends FieldKind> = Field extends infer F ? (F extends { kind: infer Kinds } ? (K extends Kinds ? F : never) : never) : never

export const FIELD_KINDS: { [K in FieldKind]: FieldKindSpec<FieldOfKind<K>> } = {
  text: textKind(
    (field) => textInput(field, field.max ?? 200),
    (field, _key, unique) => `${field.label} ${unique}`.slice(0, field.max ?? 200),
  ),
  longText: textKind(
    (field) => textInput(field, field.max ?? 200),
    (field, _key, unique) => `${field.label} ${unique}`.slice(0, field.max ?? 200),
  ),
  email: textKind(
    (field) =>
      z
        .string({ error: `${field.label} must be text.` })
        .trim()
        .toLowerCase()
        .pipe(z.email(`${field.label} must be a valid e-mail address.`))
        .openapi({ type: 'string', format: 'email' }),
    (_field, key, unique) => `${key.toLowerCase()}-${unique}@example.test`,
  ),
  phone: textKind(
    (field) =>
      textInput(field, field.max ?? 40)
        .refine((v) => /^[+()\d\s.\-x]+$/i.test(v) && v.replace(/\D/g, '').length >= 7, `${field.label} must be a phone number, e.g. 416-555-0134.`)
        .openapi({ example: '416-555-0134' }),
    () => '416-555-0134',
  ),
  secret: {
    input: (field) => {
      const digits = field.kind === 'secret' ? field.digits : undefined
      const length = digits && (digits.min === digits.max ? `${digits.min}` : `${digits.min} to ${digits.max}`)
      const typed = digits
        ? textInput(field, 40)
            .transform((v) => v.replace(/[\s-]/g, ''))
            .refine((v) => v === '' || (/^\d+$/.test(v) && v.length >= digits.min && v.length <= digits.max), `${field.label} must be ${length} digits.`)
        : textInput(field, field.max ?? 200)
      // What reading it answers (its last four, masked) sent back keeps the stored one: a client that reads a record and writes it back changes nothing.
      return z.preprocess((v) => (typeof v === 'string' && v.startsWith(MASK) ? undefined : v), typed.optional())
    },
    output: () => z.string().openapi({ description: 'Only the last four characters, e.g. •••••6789' }),
    // A secret is never shown back; left blank on edit it keeps the stored one.
    fromForm: (raw, _field, form) => (!blank(raw) ? raw : form.mode === 'create' ? null : undefined),
    csv: plainCsv,
    numeric: false,
    sample: () => '123-456-789',
  },
  number: {
    input: (field) => {
      const places = field.decimals ?? 0
      return decimalInput(field, places, places ? '1.5' : '2')
        .superRefine((units, ctx) => {
          const scale = 10 ** places
          if (field.min !== undefined && units < field.min * scale) ctx.addIssue({ code: 'custom', message: `${field.label} must be at least ${field.min}.` })
          if (field.max !== undefined && units > field.max * scale) ctx.addIssue({ code: 'custom', message: `${field.label} must be at most ${field.max}.` })
        })
        .transform((units) => (places ? formatDecimal(units, places) : units))
    },
    output: () => z.number(),
    fromForm: (raw, field, form) => decimalFromForm(field.decimals ?? 0)(raw, field, form),
    csv: plainCsv,
    numeric: true,
    sample: (field) => String(field.min ?? 1),
  },
  money: {
    input: (field) => {
      const base = moneyInput(field.label, { negative: field.min === undefined })
      // A minimum above zero: a charge or a payment of nothing is no charge or payment.
      return field.min ? base.refine((v) => v >= field.min!, field.min === 1 ? `${field.label} must be more than zero.` : `${field.label} must be at least ${formatDecimal(field.min)}.`) : base
    },
    output: () => z.string().openapi({ example: '1250.00' }),
    fromForm: decimalFromForm(2),
    csv: plainCsv,
    numeric: true,
    sample: () => '125.50',
  },
  percent: {
    input: (field) =>
      decimalInput(field, 2, '8.50')
        .refine((v) => v >= 0, `${field.label} cannot be negative.`)
        .refine((v) => field.max === undefined || v <= field.max, `${field.label} must be at most ${formatDecimal(field.max ?? 0)}%.`),
    output: () => z.string().openapi({ example: '8.50' }),
    fromForm: decimalFromForm(2),
    csv: plainCsv,
    numeric: true,
    sample: () => '10.00',
  },
  date: {
    input: (field) => dateInput(field.label),
    output: () => z.string(),
    fromForm: textFromForm,
    csv: plainCsv,
    numeric: false,
    sample: () => '2026-03-01',
  },
  select: {
    input: (field) => z.enum(choosable(field.options).map((o) => o.value) as [string, ...string[]], { error: `${field.label} must be one of: ${choosable(field.options).map((o) => o.label).join(', ')}.` }),
    output: (field) => z.enum(field.options.map((o) => o.value) as [string, ...string[]]),
    fromForm: textFromForm,
    csv: (value, field) => (value == null ? '' : optionLabel(field.options, value)),
    numeric: false,
    sample: (field) => choosable(field.options)[0].value,
  },
  boolean: {
    input: (field) => z.boolean({ error: `${field.label} must be true or false.` }),
    output: () => z.boolean(),
    fromForm: (raw) => raw === 'on' || raw === 'true',
    csv: (value) => (value == null ? '' : value ? 'Yes' : 'No'),
    numeric: false,
    sample: () => true,
  },
  address: {
    input: (field) => addressInput(field.label),
    output: () => z.object({ street: z.string(), street2: z.string().nullable().optional(), city: z.string(), province: z.string(), postal_code: z.string(), country: z.string() }),
    // The country select always has a value; an address counts as given once anything else is typed.
    fromForm: (raw) => {
      const parts = (raw ?? {}) as Record<string, string | undefined>
      return Object.entries(parts).some(([key, v]) => key !== 'country' && typeof v === 'string' && v.trim()) ? parts : null
    },
    csv: (value) => (value == null ? '' : addressOnOneLine(value as Address)),
    numeric: false,
    sample: () => ({ street: '100 Queen Street', city: 'Ottawa', province: 'ON', postal_code: 'K1P 1J9', country: 'CA' }),
  },
  reference: {
    input: (field) => z.uuid({ error: `${field.label}: choose one from the list.` }),
    output: () => z.string(),
    fromForm: textFromForm,
    csv: (_value, _field, label) => (label ?? null) as string | null,
    numeric: false,
    // A reference needs a record to point at: the test makes one.
    sample: () => undefined,
  },
  lines: {
    input: (field) => {
      const min = field.min ?? 0
      const max = field.max ?? 500
      if (field.picks)
        return z
          .array(z.uuid({ error: `${field.label}: each must be an id.` }), { error: field.picks.none })
          .min(Math.max(min, 1), field.picks.none)
          .max(max, `${field.label}: at most ${max}.`)
      // A line sent with the id it was answered with stays that line (what it posted or charged keeps pointing at it).
      const each = fieldsSchema(Object.entries(field.fields), 'create')
      // An optional field whose column is NOT NULL (a flag, a follow-up with its default) left empty takes the column's default.
      const columns = (field.table ?? {}) as Record<string, { notNull?: boolean } | undefined>
      const defaulted = Object.entries(field.fields).flatMap(([key, f]) =>
        !f.required && columns[key]?.notNull ? [[apiName(key), z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), each.shape[apiName(key)])]] : [],
      )
      const line = each.extend({
        ...Object.fromEntries(defaulted),
        id: z.uuid({ error: `${field.label}: a line's id is the one it was answered with.` }).optional().openapi({ description: 'The line’s id, to keep it; a line without one is new' }),
      })
      return z
        .array(line, { error: `${field.label} must be a list of lines.` })
        .min(min, `Fill in at least ${min} ${min === 1 ? 'line' : 'lines'}: a line left blank does not count.`)
        .max(max, `${field.label} can have at most ${max} lines.`)
    },
    output: (field) => z.array(z.object({ id: z.uuid(), ...(field.picks ? { [apiName(field.picks.key)]: z.uuid() } : {}), ...outputShape(Object.entries(field.fields)) })),
    // The form's rows, each read as its fields read their inputs; a row left blank is no line.
    fromForm: (raw, field, form) => {
      const rows = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : []
      return rows
        .map((row) => {
          const line: Record<string, unknown> = Object.fromEntries(Object.entries(field.fields).map(([key, f]) => [apiName(key), kindOf(f).fromForm(row?.[apiName(key)], f, form)]))
          const blank = !Object.values(line).some((v) => v !== null && v !== undefined && v !== false)
          // The line's id rides in a hidden input; alone it makes no line.
          if (!blank && typeof row?.id === 'string' && row.id) line.id = row.id
          return blank ? null : line
        })
        .filter((line) => line !== null)
    },
    // A spreadsheet row is one record: its lines are counted, not spelt out.
    csv: (value) => (Array.isArray(value) ? value.length : null),
    numeric: true,
    sample: (field, _key, unique) => {
      const line = Object.fromEntries(Object.entries(field.fields).map(([key, f]) => [apiName(key), kindOf(f).sample(f, key, unique)]))
      return Object.values(line).some((v) => v === undefined) ? undefined : Array.from({ length: Math.max(field.min ?? 1, 1) }, () => line)
    },
  },
  file: {
    // Files arrive as uploads, never in a JSON body or a record form.
    input: () => z.never(),
    output: () => z.string(),
    fromForm: () => undefined,
    csv: () => null,
    numeric: false,
    sample: () => undefined,
  },
}

/** The entry of a field's kind, typed for that field. */
export function kindOf<F extends Field>(field: F): FieldKindSpec<F> {
  return FIELD_KINDS[field.kind] as unknown as FieldKindSpec<F>
}
