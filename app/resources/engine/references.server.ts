import { and, eq, getTableColumns } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { resourceNamed } from '../index'
import type { ReferenceField } from './fields'

/**
 * The references among these that name no record of this company, by API name, each with the
 * message its field shows: a record's own references and an action's reference inputs are checked
 * alike, so another company's id is a 400 at the field, never a row pointing across companies.
 */
export async function unknownReferences(db: Executor, companyId: string, references: { name: string; field: ReferenceField; id: unknown }[]) {
  const errors: Record<string, string[]> = {}
  for (const { name, field, id } of references) {
    if (typeof id !== 'string') continue
    const target = resourceNamed(field.resource)
    if (!target) throw new Error(`${name} refers to unknown resource ${field.resource}`)
    const columns = getTableColumns(target.table) as Record<string, PgColumn>
    const [found] = await db
      .select({ id: columns.id })
      .from(target.table)
      .where(and(eq(columns.companyId, companyId), eq(columns.id, id)))
    if (!found) errors[name] = [`${field.label}: no such ${target.singular.toLowerCase()} in your company.`]
  }
  return errors
}
