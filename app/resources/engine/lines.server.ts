import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { invalid } from '~/domain/errors'
import { fieldKey } from '~/domain/errors'
import { formatDecimal } from '~/domain/money'
import { resourceNamed } from '../index'
import type { AnyResource } from './define'
import { apiName, labelKey, type Field, type LinesField } from './fields'
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

/** Replaces a record's lines with these (validated, by API name, amounts in cents); a reference must name one of this company's records. */
export async function writeLines(tx: Executor, companyId: string, lines: LinesField, parentId: string, given: Row[]) {
  const table = tableOf(lines)
  const rows = given.map((line, position) => {
    const row: Row = { companyId, [lines.parentKey]: parentId, position }
    for (const [key] of lineFields(lines)) if (apiName(key) in line) row[key] = line[apiName(key)]
    return row
  })
  await checkLineReferences(tx, companyId, lines, rows)
  await tx.delete(table).where(and(eq(table.companyId, companyId), eq(table[lines.parentKey], parentId)))
  if (rows.length) await tx.insert(table).values(rows as never)
  return rows
}

/** Each line's references must name records of this company; the error names the line's input (`lines[2].property_group_id`). */
async function checkLineReferences(tx: Executor, companyId: string, lines: LinesField, rows: Row[]) {
  const errors: Record<string, string[]> = {}
  for (const [key, field] of lineFields(lines)) {
    if (field.kind !== 'reference') continue
    const target = resourceNamed(field.resource)
    if (!target) throw new Error(`lines.${key} refers to unknown resource ${field.resource}`)
    const ids = [...new Set(rows.map((r) => r[key]).filter((v): v is string => typeof v === 'string'))]
    if (!ids.length) continue
    const columns = getTableColumns(target.table) as Record<string, PgColumn>
    const found = new Set(
      (
        await tx
          .select({ id: columns.id })
          .from(target.table)
          .where(and(eq(columns.companyId, companyId), inArray(columns.id, ids)))
      ).map((r) => r.id),
    )
    rows.forEach((row, i) => {
      if (typeof row[key] === 'string' && !found.has(row[key]))
        errors[fieldKey(['lines', i, apiName(key)])] = [`Line ${i + 1}: ${field.label}: no such ${target.singular.toLowerCase()} in your company.`]
    })
  }
  if (Object.keys(errors).length) throw invalid(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
}

/** The lines of these records, in order, by column key (amounts in cents), with their references' names by label key. */
export async function readLines(db: Executor, companyId: string, lines: LinesField, parentIds: string[]): Promise<Map<string, Row[]>> {
  const table = tableOf(lines)
  const byParent = new Map<string, Row[]>(parentIds.map((id) => [id, []]))
  if (!parentIds.length) return byParent
  const labels: Record<string, SQL> = {}
  for (const [key, field] of lineFields(lines)) {
    const target = field.kind === 'reference' ? resourceNamed(field.resource) : undefined
    if (!target) continue
    const columns = getTableColumns(target.table) as Record<string, PgColumn>
    labels[labelKey(key)] = sql<string | null>`(select ${titleSql(target)} from ${target.table} where ${columns.id} = ${table[key]})`
  }
  const rows = await db
    .select({ row: table, labels })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table[lines.parentKey], parentIds)))
    .orderBy(asc(table[lines.parentKey]), asc(table.position))
  for (const { row, labels: named } of rows as { row: Row; labels: Row }[]) byParent.get(String(row[lines.parentKey]))?.push({ ...row, ...named })
  return byParent
}

/** A stored line as the API answers it: its id and fields by API name, amounts as "1250.00", references with their names. */
export function lineJson(lines: LinesField, line: Row) {
  const out: Row = { id: line.id }
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
