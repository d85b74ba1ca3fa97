/**
 * The kinds of field a resource can have (DESIGN.md §7). A field says how its
 * value is validated, stored, sent over the API and shown; the engine derives
 * the zod schemas, the form inputs and the list cells from it. Pure data: it
 * also travels to the browser inside a resource's view.
 */

/** A choice of a select; a `system` one is set by Lintel itself (shown, filtered on, never accepted as input). */
export type Option = { readonly value: string; readonly label: string; readonly system?: boolean }
/** The choices a select accepts from a person or an API client. */
export const choosable = (options: readonly Option[]) => options.filter((o) => !o.system)

type Base = {
  label: string
  required?: boolean
  help?: string
  /** Shown on the detail page and in the API, never written by a form or a client. */
  readOnly?: boolean
  /**
   * Written only as the record is made (`create`: what a deposit received, fixed after) or only as
   * it is changed (`update`: the day a correction's reversal posts); absent, both. In the other
   * mode the field is as a read-only one: left out of the form and the API's body, refused when sent.
   */
  writableOn?: 'create' | 'update'
  /** Left out of the new and edit forms (set by domain code), still in the API and on the detail page. */
  hiddenInForm?: boolean
  /** Shown as a link made of the record's (or line's) values, by API name: `#{entry_number}` to `/app/accounting/journal/{journal_entry_id}/`. */
  link?: { text: string; href: string }
}

export type TextField = Base & { kind: 'text' | 'longText' | 'email' | 'phone'; max?: number }
export type NumberField = Base & { kind: 'number'; min?: number; max?: number; /** digits after the point; 0 = whole numbers */ decimals?: number; unit?: string }
export type MoneyField = Base & { kind: 'money'; /** in cents */ min?: number }
export type PercentField = Base & { kind: 'percent'; /** in hundredths of a percent (10000 = 100%) */ max?: number }
export type DateField = Base & {
  kind: 'date'
  /** The key of a date field of the same record this one cannot come before (a move-out and its move-in). */
  notBefore?: string
  /** Cannot be later than the company's today (a date of birth). */
  notFuture?: boolean
  /** A new record's form starts at the company's today (a deposit's date). */
  startsToday?: boolean
}
export type SelectField = Base & { kind: 'select'; options: readonly Option[] }
export type BooleanField = Base & { kind: 'boolean' }
/** A postal address in one jsonb column: street, street2, city, province (or state), postal code, country. */
export type AddressField = Base & { kind: 'address' }
/** The id of another resource's record in this company (a uuid column ending in Id). */
export type ReferenceField = Base & {
  kind: 'reference'
  resource: string
  /**
   * Filters of the target's list (by API name) a picker narrows its choices by, on a form or a record's page:
   * a value, or `{field}` of the record the form is on (`{ vendor_id: '{vendor_id}', owing: 'true' }`
   * offers the record's vendor's bills still owing). The API still checks what is sent.
   */
  narrowedBy?: Record<string, string>
}
/** Stored encrypted; the API and pages only ever show its last four characters. */
export type SecretField = Base & {
  kind: 'secret'
  max?: number
  /** A number of so many digits (a bank account's): spaces and dashes between them are dropped, anything else refused. */
  digits?: { min: number; max: number }
}
/**
 * An uploaded file: a document of the company's store (its limits, the type read from its bytes,
 * the sandboxed download), kept on the record `keptOn` names, so that record's documents and
 * permission are the file's. The column holds the document's id (`file_id`); the file arrives on
 * create, in a multipart part named without `_id` (`file`), and stays the record's file.
 */
export type FileField = Base & { kind: 'file'; /** The key of the required reference field naming the record the file is kept on. */ keptOn: string }

/**
 * A document's lines (ADR 013): rows of a child table, each with `company_id`, the parent's id
 * (`parentKey`) and its `position`, and the line's own fields. The API sends and takes them as
 * an array under `lines`; an update replaces them together. The table is the server's: views
 * leave it out.
 */
export type LinesField = Base & {
  kind: 'lines'
  // The child's Drizzle table, typed loosely so fields stay free of the database schema.
  table?: object
  parentKey: string
  fields: Record<string, Field>
  min?: number
  max?: number
  /** The line fields its page shows, in order (default all). */
  columns?: readonly string[]
  /** The key of the parent's money field that is the sum of its lines' `line` amounts, never typed (a deposit's amount, a bill's total: each line's amount and its tax). */
  total?: { field: string; line: string | readonly string[] }
  picks?: Picks
  shape?: LineShape
  /**
   * Each line may have photos of its own (an inspection item's): a photo of the record names one of
   * its lines by `line_id`, and the photo form and gallery name the line by this template of its
   * fields: `{room}: {item}`.
   */
  photos?: { label: string }
  /**
   * Lines whose debits and credits must be equal (a journal entry's), by the keys of those two money
   * fields: the form adds them up as they are typed (with JavaScript) and says whether they balance.
   */
  balance?: { debit: string; credit: string }
}

/**
 * Lines whose fields are not their table's columns one for one: a journal line's debit and credit,
 * kept as one signed amount. `store` gives the columns of a line as sent (by field key; the fields
 * stay beside them, so the rules still see what was sent), `read` the fields of a stored line.
 * Server code: views leave it out.
 */
export type LineShape = {
  // Optional only so that a view, which travels to the browser, can leave them out.
  store?: (line: Record<string, unknown>) => Record<string, unknown>
  read?: (line: Record<string, unknown>) => Record<string, unknown>
}

/**
 * Lines that pick existing records instead of being typed (a deposit's receipts, ADR 013): each
 * line is one picked record, its id kept in the line table's `key` column. The API takes the ids
 * as an array under `input` (one named twice is picked once) and answers the lines under `output`.
 * A line's fields are read from its record, as stored, by `read` (server code: views leave it out).
 */
export type Picks = {
  key: string
  input: string
  output: string
  /** What the API answers when none is picked: `Choose at least one receipt to deposit.` */
  none: string
  // The transaction is typed loosely so fields stay free of the database.
  read?: (context: { tx: unknown; companyId: string; ids: string[] }) => Promise<Map<string, Record<string, unknown>>>
  /** Each picked line's accessible name on the form, from its fields: `Deposit entry #{entry_number}, {memo} {amount}`. */
  describe: string
  candidates?: Candidates
}

/**
 * The records that can be picked now (a deposit's receipts waiting in undeposited funds), offered at
 * `GET {resource}/{path}/` and ticked on the document's form. `by` names a reference field of the
 * document whose value, sent under its API name, narrows them (the deposit's bank account). `load`
 * gives them as `read` gives a picked line's fields, the picked key included (server code: views
 * leave it out).
 */
export type Candidates = {
  path: string
  by?: string
  /** What they are, above them on the form and in the API's summary: `Receipts waiting in undeposited funds`. */
  label: string
  /** Said when there are none. */
  none: string
  load?: (context: { tx: unknown; companyId: string; by: string | undefined }) => Promise<Record<string, unknown>[]>
}

/** Where a document's lines travel in the API: `lines`, or its picks' names (`journal_line_ids` in, `items` out). */
export function linesName(field: LinesField, way: 'input' | 'output') {
  return field.picks ? field.picks[way] : 'lines'
}

export type Field = TextField | NumberField | MoneyField | PercentField | DateField | SelectField | BooleanField | AddressField | ReferenceField | SecretField | FileField | LinesField
export type FieldKind = Field['kind']

export type Address = { street: string; street2?: string | null; city: string; province: string; postal_code: string; country: string }

type Options<F extends Field> = Omit<F, 'kind' | 'label'>

export const text = (label: string, options: Options<TextField> = {}): TextField => ({ kind: 'text', label, max: 200, ...options })
export const longText = (label: string, options: Options<TextField> = {}): TextField => ({ kind: 'longText', label, max: 10_000, ...options })
export const email = (label: string, options: Options<TextField> = {}): TextField => ({ kind: 'email', label, max: 254, ...options })
export const phone = (label: string, options: Options<TextField> = {}): TextField => ({ kind: 'phone', label, max: 40, ...options })
export const number = (label: string, options: Options<NumberField> = {}): NumberField => ({ kind: 'number', label, decimals: 0, min: 0, ...options })
export const money = (label: string, options: Options<MoneyField> = {}): MoneyField => ({ kind: 'money', label, min: 0, ...options })
export const percent = (label: string, options: Options<PercentField> = {}): PercentField => ({ kind: 'percent', label, max: 10_000, ...options })
export const date = (label: string, options: Options<DateField> = {}): DateField => ({ kind: 'date', label, ...options })
export const select = (label: string, choices: readonly Option[], options: Omit<Options<SelectField>, 'options'> = {}): SelectField => ({
  kind: 'select',
  label,
  options: choices,
  ...options,
})
export const boolean = (label: string, options: Options<BooleanField> = {}): BooleanField => ({ kind: 'boolean', label, ...options })
export const address = (label: string, options: Options<AddressField> = {}): AddressField => ({ kind: 'address', label, ...options })
export const reference = (label: string, resource: string, options: Omit<Options<ReferenceField>, 'resource'> = {}): ReferenceField => ({
  kind: 'reference',
  label,
  resource,
  ...options,
})
export const secret = (label: string, options: Options<SecretField> = {}): SecretField => ({ kind: 'secret', label, max: 40, ...options })
export const file = (label: string, options: Options<FileField>): FileField => ({ kind: 'file', label, ...options })
export const lines = (label: string, options: Options<LinesField>): LinesField => ({ kind: 'lines', label, min: 1, max: 500, ...options })

/** Whether a form or a client writes the field as a record is made (`create`) or changed (`update`). */
export function writableIn(field: Pick<Base, 'readOnly' | 'writableOn'>, mode: 'create' | 'update') {
  return !field.readOnly && (field.writableOn ?? mode) === mode
}

const apiNames = new Map<string, string>()
/** `buildingId` → `building_id`: the API and the forms speak snake_case. Asked for every field of every request, so each key is worked out once. */
export function apiName(key: string) {
  let name = apiNames.get(key)
  if (name === undefined) apiNames.set(key, (name = key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)))
  return name
}

/** The multipart part a file field's upload arrives in: `file_id` → `file`. */
export function uploadKey(key: string) {
  return apiName(key).replace(/_id$/, '')
}

/** The extra key a reference's record name travels under: `building_id` → `building_label`. */
export function labelKey(key: string) {
  return `${apiName(key).replace(/_id$/, '')}_label`
}

export function optionLabel(options: readonly Option[], value: unknown) {
  return options.find((o) => o.value === value)?.label ?? (value == null ? '' : String(value))
}

/** The keys of a line's amounts that its parent's total adds up (`total.line`, one or several). */
export const totalKeys = (total: NonNullable<LinesField['total']>): readonly string[] => (typeof total.line === 'string' ? [total.line] : total.line)
