import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import { ApiError, badRequest } from '~/api/errors'
import { DomainError } from '~/domain/errors'
import type { Executor, Transaction } from '~/db/client.server'
import type { NumberFormat } from '~/domain/money'
import { hasControlCharacters } from '~/domain/text'
import { CsvSyntaxError, parseCsv, type CsvTable } from '~/domain/csv'
import { resourceNamed } from '../index'
import { createRecord, parseInput, titleSql, type ParsedInput } from './api.server'
import type { AnyResource } from './define'
import { apiName, labelKey, type Field } from './fields'
import { coerceRow, dateOrders, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, planImport, specOf, type CoercedRow, type ImportColumn } from './import'

/*
 * An import runs every row through the same path as POST (validation,
 * references, domain rules, the palette's search entry) inside one
 * transaction, each row in its own savepoint so one bad row cannot hide the
 * next one's errors. The preview rolls the transaction back; the import
 * commits it only when every row went in.
 */

export type ImportRow = { line: number; values: Record<string, unknown>; errors: Record<string, string[]> }

export type ImportResult = {
  columns: ImportColumn[]
  rows: ImportRow[]
  valid_rows: number
  invalid_rows: number
  unknown_columns: string[]
  missing_columns: { field: string; label: string }[]
}

const csvError = (message: string) => badRequest(message, { csv: [message] })

const MB = 1024 * 1024

export const tooLarge = () => csvError(`The file is larger than ${IMPORT_MAX_BYTES / MB} MB; split it into smaller files.`)

/** The file's header and rows, within the limits, or a 400 naming `csv`. */
export function readCsv(text: string): CsvTable {
  if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES) throw tooLarge()
  if (hasControlCharacters(text)) throw csvError('The file holds control characters; it is not a CSV text file.')
  let table: CsvTable
  try {
    table = parseCsv(text)
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw csvError(`The file cannot be read. ${error.message}`)
    throw error
  }
  if (!table.header.some(Boolean)) throw csvError('The file is empty: it needs a header row naming its columns, then one row per record.')
  if (!table.records.length) throw csvError('The file has a header but no rows under it.')
  if (table.records.length > IMPORT_MAX_ROWS) {
    throw csvError(`The file has ${table.records.length.toLocaleString('en-CA')} rows; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-CA')} at a time.`)
  }
  return table
}

type Columns = Record<string, PgColumn>

/** The first required reference of a record: the parent that tells same-named records apart (a unit's building, a building's property). */
function parentReference(resource: AnyResource) {
  const entry = Object.entries(resource.fields).find(([, f]) => f?.kind === 'reference' && f.required) as [string, Field & { kind: 'reference' }] | undefined
  const parent = entry && resourceNamed(entry[1].resource)
  return entry && parent ? { key: entry[0], resource: parent } : undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Puts the id of the record each row names into its body, looking the names
 * up in this company (case-insensitive, on the record's title) with one query
 * per reference. A name matching no record, or several, is the row's error.
 */
async function resolveLookups(db: Executor, companyId: string, resource: AnyResource, rows: CoercedRow[]) {
  const spec = specOf(resource)
  const keys = new Set(rows.flatMap((r) => r.lookups.map((l) => l.key)))
  for (const key of keys) {
    const field = resource.fields[key] as Field & { kind: 'reference' }
    const target = resourceNamed(field.resource)!
    const parent = parentReference(target)
    const qualifierLabel = spec?.qualifier?.reference === key ? spec.qualifier.label : parent?.resource.singular
    const names = [...new Set(rows.flatMap((r) => r.lookups.filter((l) => l.key === key && !UUID.test(l.name)).map((l) => l.name.toLowerCase())))]
    const columns = getTableColumns(target.table) as Columns
    const parentTable = parent ? alias(parent.resource.table, 'import_parent') : undefined
    let query = db
      .select({ id: columns.id, name: titleSql(target), own: titleSql(target, target.table, true), parentName: parentTable && parent ? titleSql(parent.resource, parentTable) : sql<string>`''` })
      .from(target.table)
      .$dynamic()
    if (parentTable && parent) query = query.leftJoin(parentTable, eq((getTableColumns(parentTable) as Columns).id, columns[parent.key]))
    // A record is found by its own title ("102", told apart by its parent's column) or by the name
    // every page and export gives it ("102 · Bronson Court").
    const byOwnOrFullName = target.label
      ? or(inArray(sql`lower(${titleSql(target, target.table, true)})`, names), inArray(sql`lower(${titleSql(target)})`, names))
      : inArray(sql`lower(${titleSql(target)})`, names)
    const found = names.length ? await query.where(and(eq(columns.companyId, companyId), byOwnOrFullName, target.scope)) : []
    const byName = new Map<string, typeof found>()
    for (const record of found) {
      for (const key of new Set([record.name.toLowerCase(), record.own.toLowerCase()])) byName.set(key, [...(byName.get(key) ?? []), record])
    }

    const kind = target.singular.toLowerCase()
    for (const row of rows) {
      const lookup = row.lookups.find((l) => l.key === key)
      if (!lookup) continue
      const name = apiName(key)
      if (UUID.test(lookup.name)) {
        // An id, as another Lintel export or an API client has it; creating the record checks it is this company's.
        row.body[name] = lookup.name
        continue
      }
      let matches = byName.get(lookup.name.toLowerCase()) ?? []
      if (lookup.qualifier) matches = matches.filter((m) => m.parentName.toLowerCase() === lookup.qualifier!.toLowerCase())
      const within = lookup.qualifier && parent ? ` of ${parent.resource.singular.toLowerCase()} “${lookup.qualifier}”` : ''
      // The label is the found record's name, or the name as the row wrote it.
      row.labels[labelKey(key)] = matches.length === 1 ? matches[0].name : lookup.name
      if (matches.length === 1) {
        row.body[name] = matches[0].id
      } else if (!matches.length) {
        ;(row.errors[name] ??= []).push(`${field.label}: no ${kind} “${lookup.name}”${within} in your company.`)
      } else {
        const hint = lookup.qualifier || !qualifierLabel ? '' : `; add a ${qualifierLabel} column to say which`
        ;(row.errors[name] ??= []).push(`${field.label}: ${matches.length} ${target.plural.toLowerCase()} are called “${lookup.name}”${within}${hint}.`)
      }
    }
  }
}

function constraintCode(error: unknown) {
  return (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code
}

/**
 * Checks and writes every row inside `tx`. Field errors from reading the file
 * and from validation are merged per field (the first message for a field
 * wins, so a reference that matched nothing is not also "required").
 */
export async function runImport(tx: Transaction, companyId: string, resource: AnyResource, table: CsvTable, numbers: NumberFormat): Promise<ImportResult> {
  const plan = planImport(resource, table.header)
  const options = { numbers, dateOrder: dateOrders(plan, table.records) }
  const rows = table.records.map((record) => coerceRow(plan, record, options))
  await resolveLookups(tx, companyId, resource, rows)
  const uniqueField = apiName(resource.title[0] ?? '')

  const results: ImportRow[] = []
  for (const row of rows) {
    const errors = row.errors
    const merge = (more: Record<string, string[]>) => {
      for (const [field, messages] of Object.entries(more)) if (!errors[field] && !errors[field.split('.')[0]]) errors[field] = messages
    }
    let parsed: ParsedInput | undefined
    try {
      parsed = parseInput(resource, row.body, 'create')
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      merge(error.errors ?? { __all__: [error.detail] })
    }
    if (parsed && !Object.keys(errors).length) {
      const input = parsed
      try {
        await tx.transaction((savepoint) => createRecord(savepoint, companyId, resource, input))
      } catch (error) {
        // A line refused by the API's checks or by domain code (a document's rules, the ledger) is reported on its line.
        if (error instanceof ApiError) merge(error.errors ?? { __all__: [error.detail] })
        else if (error instanceof DomainError) merge(error.errors ?? { __all__: [error.message] })
        else if (constraintCode(error) === '23505') {
          const label = resource.fields[resource.title[0]]?.label
          const what = label ? `${label} “${row.body[uniqueField] ?? ''}”: this ${resource.singular.toLowerCase()}` : `This ${resource.singular.toLowerCase()}`
          merge({ [label ? uniqueField : '__all__']: [`${what} already exists, in your company or on an earlier line of this file.`] })
        } else throw error
      }
    }
    results.push({ line: row.line, values: { ...row.body, ...row.labels }, errors })
  }
  const invalid = results.filter((r) => Object.keys(r.errors).length).length
  return {
    columns: plan.columns,
    rows: results,
    valid_rows: results.length - invalid,
    invalid_rows: invalid,
    unknown_columns: plan.unknown,
    missing_columns: plan.missing,
  }
}

/** Thrown to roll a transaction back once its result is known. */
class RolledBack extends Error {
  constructor(readonly result: ImportResult) {
    super('rolled back')
  }
}

/** What an import would do, without keeping any of it. */
export async function previewImport(db: Executor, companyId: string, resource: AnyResource, table: CsvTable, numbers: NumberFormat): Promise<ImportResult> {
  const outcome = await db
    .transaction(async (tx) => {
      throw new RolledBack(await runImport(tx, companyId, resource, table, numbers))
    })
    .catch((error: unknown) => error)
  if (outcome instanceof RolledBack) return outcome.result
  throw outcome
}

/** Imports every row, or (when any row has errors) none: `ok` false carries the rows' errors. */
export async function commitImport(db: Executor, companyId: string, resource: AnyResource, table: CsvTable, numbers: NumberFormat): Promise<{ ok: true; created: number } | { ok: false; result: ImportResult }> {
  try {
    const created = await db.transaction(async (tx) => {
      const result = await runImport(tx, companyId, resource, table, numbers)
      if (result.invalid_rows) throw new RolledBack(result)
      return result.valid_rows
    })
    return { ok: true, created }
  } catch (error) {
    if (error instanceof RolledBack) return { ok: false, result: error.result }
    throw error
  }
}

/** "Line 7: Unit type must be one of …" for the first rows with errors: the refusal's message list under `csv`. */
export function rowMessages(result: ImportResult, limit = 20) {
  const messages = result.rows.filter((r) => Object.keys(r.errors).length).flatMap((r) => Object.values(r.errors).flat().map((m) => `Line ${r.line}: ${m}`))
  return messages.length > limit ? [...messages.slice(0, limit), `… and ${messages.length - limit} more.`] : messages
}
