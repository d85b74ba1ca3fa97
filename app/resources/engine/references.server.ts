import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { idsMatch, runKeptSelect } from '~/db/prepared.server'
import { resourceNamed } from '../index'
import type { AnyResource } from './define'
import type { ReferenceField } from './fields'
import { titleSql } from './titles'

/**
 * The references among these that name no record of this company, by API name, each with the
 * message its field shows: a record's own references and an action's reference inputs are checked
 * alike, so another company's id is a 400 at the field, never a row pointing across companies.
 */
export async function unknownReferences(db: Executor, companyId: string, references: { name: string; field: ReferenceField; id: unknown }[]) {
  return (await findReferences(db, companyId, references)).errors
}

/** unknownReferences, and the names of the records found by API name (what the record's answer shows beside each). */
export async function findReferences(db: Executor, companyId: string, references: { name: string; field: ReferenceField; id: unknown }[]) {
  const errors: Record<string, string[]> = {}
  const names: Record<string, string> = {}
  // Asked together: on a transaction's connection they go out in one write.
  await Promise.all(
    references.map(async ({ name, field, id }) => {
      if (typeof id !== 'string') return
      const target = resourceNamed(field.resource)
      if (!target) throw new Error(`${name} refers to unknown resource ${field.resource}`)
      const [found] = await idsFound(db, companyId, target, [id])
      if (!found) errors[name] = [`${field.label}: no such ${target.singular.toLowerCase()} in your company.`]
      else names[name] = found.name
    }),
  )
  // In the order of the fields, whichever answered first.
  return { errors: Object.fromEntries(references.flatMap(({ name }) => (errors[name] ? [[name, errors[name]]] : []))), names }
}

/** Which of these ids name records of the resource in the company, with the name each goes by. */
export function idsFound(db: Executor, companyId: string, target: AnyResource, ids: string[]) {
  const columns = getTableColumns(target.table) as Record<string, PgColumn>
  const found = idsMatch(columns.id, ids, 'ids')
  return runKeptSelect<{ id: string; name: string }>(
    db,
    `ids|${target.name}|${found.key}`,
    () =>
      db
        .select({ id: columns.id, name: titleSql(target) })
        .from(target.table)
        .where(and(eq(columns.companyId, sql.placeholder('companyId')), found.where(), target.scope)),
    { companyId, ...found.values },
  )
}
