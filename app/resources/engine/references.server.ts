import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { runKeptSelect } from '~/db/prepared.server'
import { resourceNamed } from '../index'
import type { AnyResource } from './define'
import type { ReferenceField } from './fields'

/**
 * The references among these that name no record of this company, by API name, each with the
 * message its field shows: a record's own references and an action's reference inputs are checked
 * alike, so another company's id is a 400 at the field, never a row pointing across companies.
 */
export async function unknownReferences(db: Executor, companyId: string, references: { name: string; field: ReferenceField; id: unknown }[]) {
  const errors: Record<string, string[]> = {}
  // Asked together: on a transaction's connection they go out in one write.
  await Promise.all(
    references.map(async ({ name, field, id }) => {
      if (typeof id !== 'string') return
      const target = resourceNamed(field.resource)
      if (!target) throw new Error(`${name} refers to unknown resource ${field.resource}`)
      const [found] = await idsFound(db, companyId, target, [id])
      if (!found) errors[name] = [`${field.label}: no such ${target.singular.toLowerCase()} in your company.`]
    }),
  )
  // In the order of the fields, whichever answered first.
  return Object.fromEntries(references.flatMap(({ name }) => (errors[name] ? [[name, errors[name]]] : [])))
}

/** Which of these ids name records of the resource in the company. */
export function idsFound(db: Executor, companyId: string, target: AnyResource, ids: string[]) {
  const columns = getTableColumns(target.table) as Record<string, PgColumn>
  return runKeptSelect<{ id: string }>(
    db,
    `ids|${target.name}`,
    () =>
      db
        .select({ id: columns.id })
        .from(target.table)
        .where(and(eq(columns.companyId, sql.placeholder('companyId')), sql`${columns.id} = any(${sql.placeholder('ids')})`, target.scope)),
    { companyId, ids },
  )
}
