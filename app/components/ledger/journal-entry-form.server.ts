import { data } from 'react-router'
import type { ErrorBody } from '~/api/errors'
import type { Page } from '~/api/pagination'
import { idempotencyKeyOf, numberFormatOf } from '~/utils/forms.server'
import type { Api } from '~/utils/api-client.server'
import { redirectWithToast } from '~/utils/toast.server'
import { toApiDecimal, type NumberFormat } from '~/domain/money'
import { chooseUnit, typedUnitNumber, type UnitCandidate, type UnitChoice } from '~/domain/ledger/line-units'
import { CARRIED_DIMENSIONS, emptyLine, LINE_FIELDS, LINE_ROWS, type EntryFormErrors, type EntryFormValues, type LineValues } from './journal-entry-form'

type Choice = { value: string; label: string }

/** The accounts and properties a line can name: active accounts by number, and the properties if this person may read them. */
export async function entryFormChoices(api: Api): Promise<{ accounts: Choice[]; properties: Choice[] }> {
  const [accounts, properties] = await Promise.all([
    api.get<Page<{ id: string; number: string; name: string }>>('accounting/accounts/?is_active=true&ordering=number&page_size=1000'),
    api.send<Page<{ id: string; name: string }>>('GET', 'property-groups/?ordering=name&page_size=1000'),
  ])
  return {
    accounts: accounts.results.map((a) => ({ value: a.id, label: `${a.number} · ${a.name}` })),
    properties: properties.ok ? properties.data.results.map((p) => ({ value: p.id, label: p.name })) : [],
  }
}

/** The line rows of a LineGrid as typed, blank ones included, so the page comes back exactly as it was. */
function lineValuesOf(formData: FormData): LineValues[] {
  const rows = Math.min(Math.max(Number(formData.get('rows')) || LINE_ROWS, 2), 500)
  const lines: LineValues[] = []
  for (let i = 0; i < rows; i++) {
    const line = emptyLine()
    for (const f of [...LINE_FIELDS, ...CARRIED_DIMENSIONS, 'tags', 'unit_label'] as const) line[f] = String(formData.get(`lines[${i}].${f}`) ?? '').trim()
    lines.push(line)
  }
  return lines
}

/** The form's values as typed: every line row, blank ones included, so the page comes back exactly as it was. */
function entryFormValues(formData: FormData): EntryFormValues {
  return {
    date: String(formData.get('date') ?? '').trim(),
    memo: String(formData.get('memo') ?? '').trim(),
    reversal_date: String(formData.get('reversal_date') ?? '').trim(),
    lines: lineValuesOf(formData),
  }
}

const isBlank = (line: LineValues) => LINE_FIELDS.every((f) => !line[f])

/** "Add lines": the same rows and four blank ones more. */
const withMoreLines = (lines: LineValues[]) => [...lines, ...Array.from({ length: 4 }, () => emptyLine())]

type Unit = { id: string; unit_number: string; building_id: string; building_label: string | null }
type Building = { id: string; name: string; property_group_id: string }

/**
 * The API reads that finding units takes, each made once per save however many lines need it:
 * an entry's lines often share a property, a building or a unit number.
 */
function unitLookups(api: Api) {
  const made = new Map<string, Promise<unknown>>()
  const once = <T>(path: string) => {
    if (!made.has(path)) made.set(path, api.send<T>('GET', path))
    return made.get(path) as ReturnType<typeof api.send<T>>
  }
  return {
    units: (number: string, buildingId?: string) => once<Page<Unit>>(`rental-units/?${new URLSearchParams({ search: number, page_size: '1000', ...(buildingId ? { building_id: buildingId } : {}) })}`),
    buildingsOf: (propertyId: string) => once<Page<Building>>(`buildings/?property_group_id=${encodeURIComponent(propertyId)}&page_size=1000`),
    property: (propertyId: string) => once<{ name: string }>(`property-groups/${encodeURIComponent(propertyId)}/`),
    building: (buildingId: string) => once<Building>(`buildings/${encodeURIComponent(buildingId)}/`),
  }
}

/**
 * The unit a line's typed unit names, with the unit's property: among its property's buildings'
 * units when the line has a property, else among the company's.
 */
async function findUnit(lookups: ReturnType<typeof unitLookups>, line: LineValues): Promise<UnitChoice & { propertyGroupId?: string }> {
  const number = typedUnitNumber(line.unit)
  const property = line.property_group_id
  let answers: Awaited<ReturnType<typeof lookups.units>>[]
  let propertyName: string | undefined
  if (property) {
    const [buildings, named] = await Promise.all([lookups.buildingsOf(property), lookups.property(property)])
    if (!buildings.ok) return { error: buildings.error.detail }
    if (!named.ok) return { error: named.error.detail }
    propertyName = named.data.name
    answers = await Promise.all(buildings.data.results.map((b) => lookups.units(number, b.id)))
  } else {
    answers = [await lookups.units(number)]
  }
  const candidates: UnitCandidate[] = []
  for (const answer of answers) {
    if (!answer.ok) return { error: answer.error.detail }
    // A number in more units than one answer holds (a "1" among thousands) may have its unit further on.
    if (answer.data.count > answer.data.results.length) {
      return { error: `more than ${answer.data.results.length} units contain "${number}": ${property ? 'type the whole unit number' : 'choose the line’s property first'}.` }
    }
    for (const u of answer.data.results) candidates.push({ id: u.id, unitNumber: u.unit_number, buildingId: u.building_id, buildingName: u.building_label ?? '' })
  }
  const choice = chooseUnit(line.unit, candidates, propertyName)
  if ('error' in choice || property) return choice
  // Without a property, the line takes the unit's: a unit's amounts belong to its property's books.
  const building = await lookups.building(choice.unit.buildingId)
  return building.ok ? { ...choice, propertyGroupId: building.data.property_group_id } : { error: building.error.detail }
}

/**
 * Each filled line's unit from what was typed: kept while it reads as the line was given, dropped
 * when emptied, otherwise found by number (resolveLineUnits' answer says which rows could not be).
 */
async function resolveLineUnits(api: Api, lines: LineValues[]): Promise<{ lines: LineValues[]; errors: Record<number, string[]> }> {
  const errors: Record<number, string[]> = {}
  const lookups = unitLookups(api)
  const resolved = await Promise.all(
    lines.map(async (line, row): Promise<LineValues> => {
      if (isBlank(line)) return line
      if (!line.unit) return { ...line, rental_unit_id: '', unit_label: '' }
      if (line.rental_unit_id && line.unit === line.unit_label) return line
      const found = await findUnit(lookups, line)
      if ('error' in found) {
        errors[row] = [`Line ${row + 1}: ${found.error}`]
        return line
      }
      // What was typed now stands for the unit found, so the same form sent again keeps it.
      return { ...line, rental_unit_id: found.unit.id, unit_label: line.unit, property_group_id: line.property_group_id || (found.propertyGroupId ?? '') }
    }),
  )
  return { lines: resolved, errors }
}

/** Finds the lines' units into `values` (resolveLineUnits), or answers the form back with each row's error. */
async function withLineUnits(api: Api, values: EntryFormValues) {
  const units = await resolveLineUnits(api, values.lines)
  values.lines = units.lines
  return Object.keys(units.errors).length ? data({ values, errors: { lines: units.errors } as EntryFormErrors }, { status: 400 }) : undefined
}

/** The filled rows (blank ones are left out) as the API's lines, amounts read in `numbers`, with the row each came from. */
function filledLines(lines: LineValues[], numbers: NumberFormat) {
  const rows = lines.map((line, row) => ({ line, row })).filter(({ line }) => !isBlank(line))
  return {
    rows,
    body: rows.map(({ line }) => ({
      account_id: line.account_id,
      debit: line.debit ? toApiDecimal(line.debit, numbers) : null,
      credit: line.credit ? toApiDecimal(line.credit, numbers) : null,
      memo: line.memo || null,
      property_group_id: line.property_group_id || null,
      // Only the dimensions the line carries.
      ...Object.fromEntries(CARRIED_DIMENSIONS.filter((d) => line[d]).map((d) => [d, line[d]])),
    })),
  }
}

/** The API's field errors placed on the form: a line's at the row people see, the named fields at theirs, the rest on the form. */
function entryFormErrors(rows: { row: number }[], error: ErrorBody, fields: string[]): EntryFormErrors {
  const errors: EntryFormErrors = { form: [], fields: {}, lines: {} }
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    const match = /^lines\[(\d+)\]\.(\w+)$/.exec(key)
    if (match) {
      const row = rows[Number(match[1])]?.row ?? 0
      ;(errors.lines![row] ??= []).push(...messages)
    } else if (fields.includes(key)) errors.fields![key] = messages
    else errors.form!.push(...messages)
  }
  if (!errors.form!.length && !Object.keys(errors.fields!).length && !Object.keys(errors.lines!).length) errors.form!.push(error.detail)
  return errors
}

/**
 * Handles the entry form: "Add lines" comes back with more rows; a save sends the filled
 * rows to the API and, on an error, comes back with every value and each error at its row.
 */
export async function submitEntryForm(api: Api, formData: FormData, target: { method: 'POST' | 'PUT'; path: string }) {
  const values = entryFormValues(formData)
  if (formData.get('intent') === 'add-lines') {
    return data({ values: { ...values, lines: withMoreLines(values.lines) }, errors: {} as EntryFormErrors })
  }
  const refused = await withLineUnits(api, values)
  if (refused) return refused
  // Blank rows are left out; the API's line numbers are then mapped back to the rows people see.
  const { rows, body: lines } = filledLines(values.lines, numberFormatOf(formData))
  const body = {
    date: values.date,
    memo: values.memo || null,
    ...(target.method === 'PUT' && values.reversal_date ? { reversal_date: values.reversal_date } : {}),
    lines,
  }
  const result = await api.send<{ id: string; number: number }>(target.method, target.path, body, { idempotencyKey: target.method === 'POST' ? idempotencyKeyOf(formData) : undefined })
  if (result.ok) {
    const verb = target.method === 'POST' ? 'posted' : 'corrected: the old version is reversed and this one replaces it'
    throw await redirectWithToast(`/app/accounting/journal-entries/${result.data.id}/`, { type: 'success', description: `Entry #${result.data.number} ${verb}.` })
  }
  const errors = entryFormErrors(rows, result.error, ['date', 'memo', 'reversal_date'])
  return data({ values, errors }, { status: typeof result.status === 'number' ? result.status : 400 })
}
