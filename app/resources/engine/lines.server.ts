import { and, asc, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { idsMatch, runKeptInsert, runKeptSelect } from '~/db/prepared.server'
import { invalid } from '~/domain/errors'
import { fieldKey } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { resourceNamed } from '../index'
import type { AnyResource } from './define'
import { apiName, labelKey, linesName, totalKeys, type Field, type LinesField } from './fields'
import { idsFound } from './references.server'
import { titleSql } from './titles'

/*
 * A document's lines (ADR 013): rows of its child table, each carrying the company, the parent's
 * id and its position. They are written whole (an update replaces them all, in the document's
 * transaction) and read in order, with the names of the records their references point to.
 */

type Row = Record<string, unknown>
type LineTable = PgTable & { id: PgColumn; companyId: PgColumn; position: PgColumn } & Record<string, PgColumn>

const tableOf = (lines: LinesField) => lines.table as LineTable
const lineFields = (lines: LinesField) => Object.entries(lines.fields)

/**
 * The lines a validated body sends (under `lines`, or its picks' ids), by column key, amounts in
 * cents; picked lines carry what they read from their records. Undefined when the body leaves
 * the lines as they are (an update that does not send them).
 */
export async function givenLines(tx: Executor, companyId: string, lines: LinesField, body: Row): Promise<Row[] | undefined> {
  const sent = body[linesName(lines, 'input')]
  if (!Array.isArray(sent)) return undefined
  if (!lines.picks) {
    const given = (sent as Row[]).map((line) => {
      const given: Row = Object.fromEntries(lineFields(lines).flatMap(([key]) => (apiName(key) in line ? [[key, line[apiName(key)]]] : [])))
      if (typeof line.id === 'string') given.id = line.id
      return lines.shape?.store ? { ...given, ...lines.shape.store(given) } : given
    })
    // Another company's record in a line is refused at its field before any rule reads the line.
    await checkLineReferences(tx, companyId, lines, given)
    return given
  }
  const ids = [...new Set(sent as string[])]
  return withPicked(tx, companyId, lines, ids.map((id) => ({ [lines.picks!.key]: id })))
}

/** Picked lines with the fields their records give them (`read`), in the same order. */
async function withPicked(tx: Executor, companyId: string, lines: LinesField, rows: Row[]) {
  const picks = lines.picks
  if (!picks?.read || !rows.length) return rows
  const records = await picks.read({ tx, companyId, ids: rows.map((r) => String(r[picks.key])) })
  return rows.map((row) => ({ ...records.get(String(row[picks.key])), ...row }))
}

/**
 * Replaces a record's lines with these (from givenLines, which checked that their references name
 * this company's records). A line sent with the id of one of this record's lines keeps it, so what
 * points at a line (a charge made for it) still does; any other id is a new line's. A record just
 * created (`replacing: false`) has no lines to replace or keep.
 */
export async function writeLines(tx: Executor, companyId: string, lines: LinesField, parentId: string, given: Row[], options: { replacing: boolean } = { replacing: true }) {
  const table = tableOf(lines)
  const keeps = options.replacing && given.some((line) => typeof line.id === 'string')
  const own = new Set(keeps ? (await tx.select({ id: table.id }).from(table).where(and(eq(table.companyId, companyId), eq(table[lines.parentKey], parentId)))).map((r) => String(r.id)) : [])
  // Only the line table's own columns are stored: what a picked line reads stays with its record.
  const rows = given.map((line, position) => {
    const row: Row = { companyId, [lines.parentKey]: parentId, position }
    if (typeof line.id === 'string' && own.delete(line.id)) row.id = line.id
    for (const key of Object.keys(line)) if (key in table && !(key in row) && key !== 'id') row[key] = line[key]
    return row
  })
  if (options.replacing) await tx.delete(table).where(and(eq(table.companyId, companyId), eq(table[lines.parentKey], parentId)))
  if (!rows.length) return []
  // The lines as stored (their ids and defaults), each with what its given line read from its record.
  const stored = await runKeptInsert(tx, table, rows, { returning: true })
  return stored.map((row, i) => ({ ...given[i], ...row }))
}

/** Lines as written (writeLines' answer) as readLines reads them, less their references' names: what a posting builder reads. */
export function linesAsRead(lines: LinesField, written: Row[]) {
  return written.map((row) => (lines.shape?.read ? { ...row, ...lines.shape.read(row) } : row))
}

/** The parent's total of these lines, where its definition keeps one (`total`). */
export function linesTotal(lines: LinesField, given: Row[]) {
  if (!lines.total) return {}
  const keys = totalKeys(lines.total)
  return { [lines.total.field]: given.reduce((sum, line) => keys.reduce((s, key) => s + Number(line[key] ?? 0), sum), 0) }
}

/**
 * Each line's references must name records of this company; the error names the line's input
 * (`lines[2].property_group_id`). A line found gets the names of the records it names (by label
 * key, as readLines gives them).
 */
async function checkLineReferences(tx: Executor, companyId: string, lines: LinesField, rows: Row[]) {
  const errors: Record<string, string[]> = {}
  for (const [key, field] of lineFields(lines)) {
    if (field.kind !== 'reference') continue
    const target = resourceNamed(field.resource)
    if (!target) throw new Error(`lines.${key} refers to unknown resource ${field.resource}`)
    const ids = [...new Set(rows.map((r) => r[key]).filter((v): v is string => typeof v === 'string'))]
    if (!ids.length) continue
    const found = new Map((await idsFound(tx, companyId, target, ids)).map((r) => [r.id, r.name]))
    rows.forEach((row, i) => {
      if (typeof row[key] !== 'string') return
      const name = found.get(row[key])
      if (name === undefined) errors[fieldKey(['lines', i, apiName(key)])] = [`Line ${i + 1}: ${field.label}: no such ${target.singular.toLowerCase()} in your company.`]
      else row[labelKey(key)] = name
    })
  }
  if (Object.keys(errors).length) throw invalid(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
}

/** The names of the records a line's references point to, by label key, as subqueries of the line's row. */
function labelsOf(lines: LinesField) {
  const table = tableOf(lines)
  const labels: Record<string, SQL> = {}
  for (const [key, field] of lineFields(lines)) {
    // A picked line's fields that are not the table's are read from its record, names and all.
    const target = field.kind === 'reference' && key in table ? resourceNamed(field.resource) : undefined
    if (!target) continue
    const columns = getTableColumns(target.table) as Record<string, PgColumn>
    labels[labelKey(key)] = sql<string | null>`(select ${titleSql(target)} from ${target.table} where ${columns.id} = ${table[key]})`
  }
  return labels
}

/** The lines of these records, in order, by column key (amounts in cents), with their references' names by label key. */
export async function readLines(db: Executor, companyId: string, lines: LinesField, parentIds: string[]): Promise<Map<string, Row[]>> {
  const table = tableOf(lines)
  const byParent = new Map<string, Row[]>(parentIds.map((id) => [id, []]))
  if (!parentIds.length) return byParent
  // One record's lines are planned once (its names' subqueries made planning cost more than the read).
  const parents = idsMatch(table[lines.parentKey], parentIds, 'parentIds')
  const rows = await runKeptSelect(
    db,
    `lines|${getTableName(table)}|${parents.key}`,
    () =>
      db
        .select({ row: table, labels: labelsOf(lines) })
        .from(table)
        .where(and(eq(table.companyId, sql.placeholder('companyId')), parents.where()))
        .orderBy(asc(table[lines.parentKey]), asc(table.position)),
    { companyId, ...parents.values },
  )
  const read = await withPicked(
    db,
    companyId,
    lines,
    (rows as { row: Row; labels: Row }[]).map(({ row, labels: named }) => ({ ...row, ...named })),
  )
  for (const row of read) byParent.get(String(row[lines.parentKey]))?.push(lines.shape?.read ? { ...row, ...lines.shape.read(row) } : row)
  return byParent
}

/** A stored line as the API answers it: its id and fields by API name, amounts as "1250.00", references with their names. */
export function lineJson(lines: LinesField, line: Row) {
  const out: Row = { id: line.id }
  if (lines.picks) out[apiName(lines.picks.key)] = line[lines.picks.key]
  for (const [key, field] of lineFields(lines)) {
    out[apiName(key)] = valueJson(field, line[key])
    if (field.kind === 'reference') out[labelKey(key)] = (line[labelKey(key)] as string | null | undefined) ?? null
  }
  return out
}

function valueJson(field: Field, value: unknown) {
  if (value === null || value === undefined) return null
  if (field.kind === 'money' || field.kind === 'percent') return formatDecimal(Number(value))
  if (field.kind === 'number') return Number(value)
  return value
}

/** One record's lines as the API answers them. */
export async function linesJson(db: Executor, companyId: string, resource: AnyResource, id: string) {
  if (!resource.lines) return undefined
  const lines = resource.lines
  return ((await readLines(db, companyId, lines, [id])).get(id) ?? []).map((line) => lineJson(lines, line))
}
