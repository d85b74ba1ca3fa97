import { writeCsv, type CsvRecord } from '~/domain/csv'
import { toApiDecimal, type NumberFormat } from '~/domain/money'
import { COUNTRIES, DIVISIONS, ISO_COUNTRIES } from '~/domain/geo'
import type { AnyResource } from './define'
import { apiName, type Field, type Option } from './fields'
import { writableFields } from './validation'

/*
 * Importing records from another system's CSV (AppFolio, Buildium, Yardi, a
 * spreadsheet): which column fills which field, and each cell's text turned
 * into what the API takes. Pure, so the rules are unit-tested; looking up
 * the records a row names and writing it are import.server.ts's.
 */

export const IMPORT_MAX_ROWS = 5_000
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024

const ADDRESS_PARTS = ['street', 'street2', 'city', 'province', 'postal_code', 'country'] as const
type AddressPart = (typeof ADDRESS_PARTS)[number]

/** What a column fills. */
export type ImportTarget =
  | { kind: 'field'; key: string }
  /** One part of an address, or (`whole`) an address on one line: "12 Maple St, Ottawa, ON, K1P 1A1, CA". */
  | { kind: 'address'; key: string; part: AddressPart | 'whole' }
  /** A reference by the name (title) of the record it points to. */
  | { kind: 'reference'; key: string }
  /** The name of the referenced record's parent, to tell same-named records apart (unit 101 of which building). */
  | { kind: 'qualifier'; key: string }
  /** A full name, split into first and last name (or, for an owner that is a company, its name). */
  | { kind: 'name' }

type ImportSpec = {
  /** Header names other systems use, by field key, beyond each field's API name and label. */
  synonyms: Record<string, readonly string[]>
  /** A column naming the parent of a reference's record: `reference` is the field it narrows. */
  qualifier?: {
    reference: string
    id: string
    label: string
    names: readonly string[]
    /** Without a column for the reference itself, this column names the record (a Property column of a unit export is its building). */
    standsIn?: boolean
    inTemplate?: boolean
  }
  fullName?: { names: readonly string[]; companyKey?: string }
  /** Address parts match plain headers (City, ZIP) only when the record's address is the obvious one. */
  plainAddress?: boolean
  /** Fills fields the file leaves out from the ones it has; `derives` names them, so a file without their column is not short of it. */
  complete?: (body: Record<string, unknown>) => void
  derives?: readonly string[]
}

const PERSON_NAMES = {
  firstName: ['first', 'first name', 'given name', 'firstname', 'fname', 'forename'],
  lastName: ['last', 'last name', 'surname', 'family name', 'lastname', 'lname'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'emails', 'primary email', 'email 1'],
  phone: ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'cell', 'cell phone', 'mobile phone', 'home phone', 'phone numbers', 'primary phone', 'phone 1'],
  alternatePhone: ['alternate phone', 'alt phone', 'other phone', 'secondary phone', 'work phone', 'office phone', 'phone 2', 'mobile', 'cell', 'cell phone', 'mobile phone', 'home phone'],
}

const SPECS: Record<string, ImportSpec> = {
  'rental-units': {
    synonyms: {
      unitNumber: ['unit', 'unit #', 'unit no', 'unit num', 'unit name', 'unit id', 'apt', 'apt #', 'apartment number', 'suite', 'suite number', 'door number'],
      buildingId: ['building', 'building name', 'bldg'],
      unitType: ['type', 'unit type', 'category', 'unit category', 'unit style'],
      status: ['status', 'unit status', 'occupancy', 'occupancy status', 'vacancy status', 'rent status'],
      bedrooms: ['beds', 'bed', 'bedroom', 'br', 'bd', 'bdrm', 'bdrms', 'number of bedrooms', 'num bedrooms', 'bedroom count'],
      bathrooms: ['baths', 'bath', 'bathroom', 'ba', 'number of bathrooms', 'num bathrooms', 'bathroom count'],
      areaSqFt: ['sq ft', 'sqft', 'sf', 'square feet', 'square footage', 'size', 'unit size', 'area sq ft', 'footage', 'sq ft area'],
      marketRent: ['rent', 'market rent', 'asking rent', 'monthly rent', 'rent amount', 'scheduled rent', 'unit rent', 'advertised rent', 'market rate', 'list rent'],
      description: ['notes', 'note', 'comments', 'remarks', 'unit description', 'details'],
    },
    qualifier: { reference: 'buildingId', id: 'property', label: 'Property', names: ['property', 'property name', 'property group', 'complex', 'community'], standsIn: true },
  },
  residents: {
    synonyms: {
      firstName: PERSON_NAMES.firstName,
      lastName: PERSON_NAMES.lastName,
      residentType: ['status', 'type', 'tenant status', 'resident status', 'tenant type', 'lease status'],
      rentalUnitId: ['unit', 'unit #', 'unit number', 'unit no', 'unit name', 'apt', 'apt #', 'apartment', 'apartment number', 'suite'],
      email: PERSON_NAMES.email,
      phone: PERSON_NAMES.phone,
      alternatePhone: PERSON_NAMES.alternatePhone,
      dateOfBirth: ['dob', 'birth date', 'birthdate', 'birthday', 'date of birth'],
      moveInDate: ['move in', 'moved in', 'move in date', 'movein', 'move in on'],
      moveOutDate: ['move out', 'moved out', 'move out date', 'moveout', 'move out on'],
      emergencyContactName: ['emergency contact', 'emergency contact name', 'emergency name'],
      emergencyContactPhone: ['emergency phone', 'emergency contact phone', 'emergency contact number', 'emergency number'],
      emergencyContactRelationship: ['relationship', 'emergency contact relationship', 'emergency relationship'],
    },
    qualifier: { reference: 'rentalUnitId', id: 'building', label: 'Building', names: ['building', 'building name', 'bldg', 'property', 'property name'], inTemplate: true },
    fullName: { names: ['name', 'full name', 'tenant', 'tenant name', 'resident', 'resident name', 'tenants', 'primary tenant'] },
  },
  'property-owners': {
    synonyms: {
      ownerType: ['type', 'owner type', 'entity type', 'ownership type'],
      companyName: ['company', 'company name', 'business', 'business name', 'entity name', 'corporation', 'legal name'],
      firstName: PERSON_NAMES.firstName,
      lastName: PERSON_NAMES.lastName,
      email: PERSON_NAMES.email,
      phone: PERSON_NAMES.phone,
      alternatePhone: PERSON_NAMES.alternatePhone,
      taxId: ['tax id', 'taxpayer id', 'tin', 'ssn', 'ein', 'sin', 'business number', 'bn', 'tax number', 'taxpayer identification number', 'federal tax id', 'tax id number'],
      taxForm: ['tax form', '1099', 'year end tax form', 'tax form type'],
      paymentMethod: ['payment method', 'distribution method', 'payment type', 'pay method', 'payout method', 'disbursement method'],
      reserveAmount: ['reserve', 'owner reserve', 'reserve amount', 'property reserve'],
    },
    fullName: { names: ['name', 'owner', 'owner name', 'full name', 'display name'], companyKey: 'companyName' },
    plainAddress: true,
    derives: ['ownerType'],
    complete(body) {
      // Spreadsheets rarely say whether an owner is a person; the name columns filled in do.
      if (body.owner_type !== undefined) return
      if (body.company_name && !body.first_name && !body.last_name) body.owner_type = 'COMPANY'
      else if (body.first_name || body.last_name) body.owner_type = 'PERSON'
    },
  },
}

export const IMPORTABLE = Object.keys(SPECS)

const ADDRESS_PART_NAMES: Record<AddressPart, { label: string; names: readonly string[] }> = {
  street: { label: 'Street', names: ['street', 'street address', 'address', 'address 1', 'address line 1', 'street 1', 'street line 1', 'addr', 'addr 1'] },
  street2: { label: 'Street 2', names: ['street 2', 'address 2', 'address line 2', 'street line 2', 'addr 2'] },
  city: { label: 'City', names: ['city', 'town', 'municipality', 'locality'] },
  province: { label: 'Province or state', names: ['province', 'state', 'province state', 'state province', 'prov', 'region', 'province or state', 'state or province', 'province territory'] },
  postal_code: { label: 'Postal or ZIP code', names: ['postal code', 'postal', 'zip', 'zip code', 'zipcode', 'postcode', 'postal zip', 'zip postal', 'postal or zip code', 'zip postal code', 'postal zip code'] },
  country: { label: 'Country', names: ['country', 'country code', 'nation'] },
}

/** Words other systems put before a field's name: "Tenant First Name", "Owner Phone", "Unit Status". */
const PREFIXES = ['tenant', 'resident', 'owner', 'primary', 'unit', 'current', 'mailing']

/** Case, spaces, accents and punctuation do not matter: "Unit #" and "unit" are the same header. */
export const normalize = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

const words = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

export const specOf = (resource: AnyResource) => SPECS[resource.name]

export function targetId(target: ImportTarget, resource: AnyResource): string {
  switch (target.kind) {
    case 'field':
    case 'reference':
      return apiName(target.key)
    case 'address':
      return target.part === 'whole' ? apiName(target.key) : `${apiName(target.key)}.${target.part}`
    case 'qualifier':
      return specOf(resource)?.qualifier?.id ?? 'qualifier'
    case 'name':
      return 'name'
  }
}

function targetLabel(target: ImportTarget, resource: AnyResource): string {
  const spec = specOf(resource)
  switch (target.kind) {
    case 'field':
    case 'reference':
      return resource.fields[target.key]!.label
    case 'address':
      return target.part === 'whole' ? resource.fields[target.key]!.label : `${resource.fields[target.key]!.label}: ${ADDRESS_PART_NAMES[target.part].label.toLowerCase()}`
    case 'qualifier':
      return `${spec?.qualifier?.label} (to tell ${resource.fields[target.key]!.label.toLowerCase()}s apart)`
    case 'name':
      return spec?.fullName?.companyKey ? 'Name (a person or a company)' : 'Full name'
  }
}

/** Every header a target answers to, normalized, in the order targets are preferred. */
function headerIndex(resource: AnyResource) {
  const spec = specOf(resource)
  const index = new Map<string, ImportTarget[]>()
  const add = (name: string, target: ImportTarget) => {
    const key = normalize(name)
    if (!key) return
    const list = index.get(key) ?? []
    if (!list.some((t) => targetId(t, resource) === targetId(target, resource))) list.push(target)
    index.set(key, list)
  }
  const addresses = writableFields(resource, 'create').filter(([, f]) => f.kind === 'address')
  for (const [key, field] of writableFields(resource, 'create')) {
    const target: ImportTarget =
      field.kind === 'reference' ? { kind: 'reference', key } : field.kind === 'address' ? { kind: 'address', key, part: 'whole' } : { kind: 'field', key }
    add(apiName(key), target)
    add(field.label, target)
    if (field.kind === 'reference') add(apiName(key).replace(/_id$/, ''), target)
    for (const name of spec?.synonyms[key] ?? []) add(name, target)
    if (field.kind === 'address') {
      const first = field.label.split(' ')[0]
      for (const part of ADDRESS_PARTS) {
        const target: ImportTarget = { kind: 'address', key, part }
        add(`${apiName(key)}.${part}`, target)
        for (const name of ADDRESS_PART_NAMES[part].names) {
          add(`${field.label} ${name}`, target)
          add(`${first} ${name}`, target)
          if (spec?.plainAddress && addresses[0][0] === key) add(name, target)
        }
      }
    }
  }
  if (spec?.qualifier) for (const name of spec.qualifier.names) add(name, { kind: 'qualifier', key: spec.qualifier.reference })
  if (spec?.fullName) for (const name of spec.fullName.names) add(name, { kind: 'name' })
  return index
}

export type ImportColumn = { header: string; field: string | null; label: string | null }

export type ImportPlan = {
  resource: AnyResource
  columns: ImportColumn[]
  /** What each column of the file fills, by position; null for a column left out. */
  targets: (ImportTarget | null)[]
  /** Headers that match no field (and second columns for a field already taken): their cells are ignored. */
  unknown: string[]
  /** Required fields no column fills: every row will miss them. */
  missing: { field: string; label: string }[]
}

/**
 * Which column fills which field. A header matches a field by its API name,
 * its label or a name other systems use for it; failing that, with a leading
 * word such as "Tenant" or "Owner" dropped. The first column for a field wins.
 */
export function planImport(resource: AnyResource, header: string[]): ImportPlan {
  const spec = specOf(resource)
  const index = headerIndex(resource)
  const targets: (ImportTarget | null)[] = header.map(() => null)
  const taken = new Set<string>()
  const take = (i: number, candidates: ImportTarget[] | undefined) => {
    const free = candidates?.find((t) => !taken.has(targetId(t, resource)))
    if (!free) return
    targets[i] = free
    taken.add(targetId(free, resource))
  }
  header.forEach((h, i) => take(i, index.get(normalize(h))))
  header.forEach((h, i) => {
    if (targets[i] || index.has(normalize(h))) return
    const w = words(h)
    if (w.length > 1 && PREFIXES.includes(w[0])) take(i, index.get(normalize(w.slice(1).join(' '))))
  })
  const qualifier = spec?.qualifier
  if (qualifier?.standsIn && !taken.has(apiName(qualifier.reference))) {
    const i = targets.findIndex((t) => t?.kind === 'qualifier')
    if (i >= 0) targets[i] = { kind: 'reference', key: qualifier.reference }
  }

  const columns = header.map((h, i) => {
    const t = targets[i]
    return { header: h, field: t ? targetId(t, resource) : null, label: t ? targetLabel(t, resource) : null }
  })
  const filled = new Set<string>()
  for (const t of targets) {
    if (!t) continue
    if (t.kind === 'name') ['firstName', 'lastName', spec?.fullName?.companyKey].forEach((k) => k && filled.add(k))
    else if (t.kind !== 'qualifier') filled.add(t.key)
  }
  for (const key of spec?.derives ?? []) filled.add(key)
  const missing = writableFields(resource, 'create')
    .filter(([key, f]) => f.required && !filled.has(key))
    .map(([key, f]) => ({ field: apiName(key), label: f.label }))
  return { resource, columns, targets, unknown: header.filter((h, i) => !targets[i] && h !== ''), missing }
}

/** A record the row names by its title, to be looked up in the company. */
export type Lookup = { key: string; name: string; qualifier?: string }

export type CoercedRow = {
  line: number
  /** The API body of the row (snake_case), before references are looked up. */
  body: Record<string, unknown>
  errors: Record<string, string[]>
  lookups: Lookup[]
  /** The names of the records the lookups found, under the API's label keys (`building_label`). */
  labels: Record<string, string>
}

export type CoerceOptions = {
  /** How the file writes numbers, as chosen on the import page: English 1,250.00 or French 1 250,00. */
  numbers: NumberFormat
  /** Per column: how its slashed dates are ordered, when its values settle it (see dateOrders). */
  dateOrder?: ('MDY' | 'DMY')[]
}

/**
 * The order of a column's slashed dates. Month first (03/14/2026) unless a
 * value can only be day first (14/03/2026) and none can only be month first.
 */
export function dateOrders(plan: ImportPlan, records: CsvRecord[]): ('MDY' | 'DMY')[] {
  return plan.targets.map((t, i) => {
    if (t?.kind !== 'field' || plan.resource.fields[t.key]?.kind !== 'date') return 'MDY'
    let dayFirst = false
    let monthFirst = false
    for (const r of records) {
      const m = /^\s*(\d{1,2})\/(\d{1,2})\/\d{4}/.exec(r.cells[i] ?? '')
      if (!m) continue
      if (Number(m[1]) > 12) dayFirst = true
      if (Number(m[2]) > 12) monthFirst = true
    }
    return dayFirst && !monthFirst ? 'DMY' : 'MDY'
  })
}

/** One row of the file as the API body it stands for; what cannot be read is passed on as typed, for validation to name. */
export function coerceRow(plan: ImportPlan, record: CsvRecord, options: CoerceOptions): CoercedRow {
  const { resource } = plan
  const spec = specOf(resource)
  const body: Record<string, unknown> = {}
  const errors: Record<string, string[]> = {}
  const addresses = new Map<string, Partial<Record<AddressPart, string>>>()
  const names = new Map<string, string>()
  const qualifiers = new Map<string, string>()
  let fullName: string | undefined

  plan.targets.forEach((target, i) => {
    const text = (record.cells[i] ?? '').trim()
    if (!target || text === '') return
    switch (target.kind) {
      case 'field': {
        const field = resource.fields[target.key]!
        body[apiName(target.key)] = coerceValue(field, text, options.numbers, options.dateOrder?.[i] ?? 'MDY')
        break
      }
      case 'address': {
        const parts = addresses.get(target.key) ?? {}
        if (target.part === 'whole') for (const [part, value] of Object.entries(splitAddress(text))) parts[part as AddressPart] ??= value
        else parts[target.part] = text
        addresses.set(target.key, parts)
        break
      }
      case 'reference':
        names.set(target.key, text)
        break
      case 'qualifier':
        qualifiers.set(target.key, text)
        break
      case 'name':
        fullName = text
        break
    }
  })

  for (const [key, parts] of addresses) body[apiName(key)] = completeAddress(parts)
  if (fullName !== undefined && !body.first_name && !body.last_name && !(spec?.fullName?.companyKey && body[apiName(spec.fullName.companyKey)])) {
    const companyKey = spec?.fullName?.companyKey
    const ownerType = body.owner_type
    if (companyKey && (ownerType === 'COMPANY' || (ownerType === undefined && looksLikeCompany(fullName)))) body[apiName(companyKey)] = fullName
    else Object.assign(body, splitName(fullName))
  }
  spec?.complete?.(body)

  const lookups = [...names].map(([key, name]) => ({ key, name, qualifier: qualifiers.get(key) }))
  if (record.cells.slice(plan.targets.length).some((c) => c.trim() !== '')) {
    errors.__all__ = [`This line has more values than the header has columns; check for a comma that should be inside quotes.`]
  }
  return { line: record.line, body, errors, lookups, labels: {} }
}

function coerceValue(field: Field, text: string, numbers: NumberFormat, dateOrder: 'MDY' | 'DMY'): unknown {
  switch (field.kind) {
    case 'number': {
      // Spreadsheets write 2 as "2.0" and 1.5 as "1.50"; the zeros say nothing.
      const cleaned = toApiDecimal(text, numbers, NUMBER_PLACES)
      return cleaned === text ? text : cleaned.replace(/0+$/, '').replace(/\.$/, '')
    }
    case 'money':
      return toApiDecimal(text.replace(/^(?:[A-Z]{1,3})?[$€£]\s*|\s*[$€£]$|\s*(?:CAD|USD|EUR|GBP)$/gi, ''), numbers)
    case 'percent':
      return toApiDecimal(text, numbers)
    case 'date':
      return cleanDate(text, dateOrder)
    case 'select':
      return matchOption(field.options, text) ?? text
    case 'boolean':
      return parseBoolean(text) ?? text
    case 'text':
    case 'longText':
    case 'email':
    case 'phone':
    case 'secret':
    case 'reference':
    case 'address':
    case 'file':
    case 'lines':
      return text
  }
  // Every kind is handled above: a new one fails to compile here until it is.
  return field satisfies never
}

/** A count or measure is read with room for any decimals a spreadsheet writes; the field's own limit is the API's to check. */
const NUMBER_PLACES = 6

const pad = (n: string) => n.padStart(2, '0')

/** 2026-03-14, 3/14/2026 (or 14/03/2026 in a day-first column), 14.03.2026, with any time after it dropped → 2026-03-14. */
export function cleanDate(text: string, order: 'MDY' | 'DMY' = 'MDY'): string {
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(text)
  if (m) return `${m[1]}-${pad(m[2])}-${pad(m[3])}`
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:\s.*)?$/.exec(text)
  if (m) return order === 'DMY' ? `${m[3]}-${pad(m[2])}-${pad(m[1])}` : `${m[3]}-${pad(m[1])}-${pad(m[2])}`
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text)
  if (m) return `${m[3]}-${pad(m[2])}-${pad(m[1])}`
  return text
}

export function parseBoolean(text: string): boolean | undefined {
  const n = normalize(text)
  if (['yes', 'y', 'true', 't', '1'].includes(n)) return true
  if (['no', 'n', 'false', 'f', '0'].includes(n)) return false
  return undefined
}

/** What other systems call our choices, by value. */
const VALUE_SYNONYMS: Record<string, readonly string[]> = {
  // Unit statuses (AppFolio writes "Vacant-Unrented", "Notice-Rented" …).
  VACANT: ['vacant unrented', 'vacant rented', 'available', 'unoccupied', 'empty'],
  OCCUPIED: ['rented', 'leased', 'occupied no notice'],
  NOTICE: ['notice unrented', 'notice rented', 'notice given', 'on notice'],
  DOWN: ['offline', 'not rentable', 'unavailable', 'down', 'model', 'under renovation'],
  // Unit types.
  APARTMENT: ['apt', 'multifamily', 'multi family', 'apartment unit', 'flat'],
  CONDO: ['condominium'],
  TOWNHOUSE: ['townhome', 'town house', 'row house'],
  SINGLE_FAMILY_HOUSE: ['house', 'single family', 'single family home', 'sfr', 'sfh', 'detached'],
  SEMI_DETACHED_HOUSE: ['semi', 'semi detached'],
  // Residents.
  CURRENT_RESIDENT: ['current', 'current tenant', 'active', 'tenant', 'resident', 'notice', 'evict', 'eviction'],
  FUTURE_RESIDENT: ['future', 'future tenant', 'upcoming', 'pending', 'pending move in'],
  FORMER_RESIDENT: ['past', 'past tenant', 'former tenant', 'moved out', 'inactive', 'previous'],
  APPLICANT: ['prospect', 'application', 'applied'],
  // Owners.
  PERSON: ['individual', 'personal', 'human', 'sole proprietor'],
  COMPANY: ['business', 'corporation', 'corp', 'llc', 'inc', 'trust', 'partnership', 'entity', 'organization', 'organisation'],
  EFT: ['direct deposit', 'ach', 'eft', 'bank transfer', 'electronic'],
  CHEQUE: ['check', 'cheque', 'paper check', 'paper cheque'],
  HOLD: ['hold', 'none'],
  '1099_MISC': ['1099', '1099 misc', '1099misc'],
}

/**
 * The choice a cell means: its value or label in any case ("Apartment",
 * "apartment", "APARTMENT"), a name other systems use, or the one choice
 * whose words include all of the cell's ("single family" → Single-family house).
 */
export function matchOption(options: readonly Option[], text: string): string | undefined {
  const n = normalize(text)
  if (!n) return undefined
  const exact = options.find((o) => normalize(o.value) === n || normalize(o.label) === n)
  if (exact) return exact.value
  const synonym = options.find((o) => VALUE_SYNONYMS[o.value]?.some((s) => normalize(s) === n))
  if (synonym) return synonym.value
  const typed = words(text)
  const partial = options.filter((o) => {
    const have = new Set([...words(o.label), ...words(o.value)])
    return typed.every((w) => have.has(w))
  })
  return partial.length === 1 ? partial[0].value : undefined
}

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'da', 'di', 'du', 'la', 'le', 'st', 'st.', 'mc', 'bin', 'ibn', 'al'])

/** "Smith, Jane" or "Jane Smith" or "Jan van der Berg" → first and last name. */
export function splitName(full: string): { first_name?: string; last_name?: string } {
  const comma = full.indexOf(',')
  if (comma >= 0) {
    const last = full.slice(0, comma).trim()
    const first = full.slice(comma + 1).trim()
    return { ...(first ? { first_name: first } : {}), ...(last ? { last_name: last } : {}) }
  }
  const parts = full.trim().split(/\s+/)
  if (parts.length === 1) return { first_name: parts[0] }
  let start = parts.length - 1
  while (start > 1 && PARTICLES.has(parts[start - 1].toLowerCase())) start--
  return { first_name: parts.slice(0, start).join(' '), last_name: parts.slice(start).join(' ') }
}

const COMPANY_WORDS =
  /\b(inc|incorporated|ltd|limited|llc|llp|lp|ulc|plc|corp|corporation|co|company|trust|holdings|properties|property|partners|partnership|group|investments|realty|enterprises|estate|foundation|association|ventures|capital|management)\b\.?/i

export const looksLikeCompany = (name: string) => COMPANY_WORDS.test(name)

/** An address on one line, as our export and most spreadsheets write it: street[, street 2], city, province [postal code][, postal code][, country]. */
export function splitAddress(text: string): Partial<Record<AddressPart, string>> {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const out: Partial<Record<AddressPart, string>> = {}
  const end = parts[parts.length - 1] ?? ''
  // A two-letter last part is a country only after street, city, province and postal code (IL is Illinois before it is Israel).
  if (countryCode(end) && (parts.length >= 5 || (parts.length >= 3 && !/^[a-z]{2}$/i.test(end)))) out.country = parts.pop()
  const last = parts[parts.length - 1] ?? ''
  const together = /^(.+?)\s+([A-Z]\d[A-Z]\s?\d[A-Z]\d|\d{5}(?:-\d{4})?)$/i.exec(last)
  if (parts.length >= 3 && together) {
    parts.pop()
    out.province = together[1]
    out.postal_code = together[2]
  } else if (parts.length >= 4) {
    out.postal_code = parts.pop()
    out.province = parts.pop()
  }
  if (parts.length >= 2) out.city = parts.pop()
  out.street = parts.shift()
  if (parts.length) out.street2 = parts.join(', ')
  return out
}

const COUNTRY_ALIASES: Record<string, string> = { usa: 'US', unitedstatesofamerica: 'US', america: 'US', can: 'CA' }

function countryCode(text: string): string | undefined {
  const n = normalize(text)
  if (COUNTRY_ALIASES[n]) return COUNTRY_ALIASES[n]
  return ISO_COUNTRIES.find((c) => normalize(c.code) === n || normalize(c.name) === n)?.code
}

/** Province and country by code or name ("Ontario" → ON, "Canada" → CA); a known province settles a missing country. */
function completeAddress(parts: Partial<Record<AddressPart, string>>) {
  const address: Record<string, string> = { ...parts } as Record<string, string>
  const country = parts.country ? (countryCode(parts.country) ?? parts.country) : undefined
  const candidates = COUNTRIES.filter((c) => !country || c.code === country)
  const province = parts.province
  if (province) {
    const n = normalize(province)
    for (const c of candidates) {
      const division = DIVISIONS[c.code].find((d) => normalize(d.code) === n || normalize(d.name) === n)
      if (division) {
        address.province = division.code
        address.country = country ?? c.code
        break
      }
    }
  }
  if (country) address.country = country
  return address
}

/** The header row of a template a company fills in: the fields' labels, in the definition's order. */
export function templateHeaders(resource: AnyResource): string[] {
  const spec = specOf(resource)
  const headers: string[] = []
  for (const [key, field] of writableFields(resource, 'create')) {
    if (field.kind === 'address') {
      const first = field.label.split(' ')[0]
      for (const part of ADDRESS_PARTS) headers.push(spec?.plainAddress ? ADDRESS_PART_NAMES[part].label : `${first} ${ADDRESS_PART_NAMES[part].label.toLowerCase()}`)
      continue
    }
    headers.push(field.label)
    if (spec?.qualifier?.reference === key && spec.qualifier.inTemplate) headers.push(spec.qualifier.label)
  }
  return headers
}

export function templateCsv(resource: AnyResource) {
  return writeCsv([templateHeaders(resource)])
}
