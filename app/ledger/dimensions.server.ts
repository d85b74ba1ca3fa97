import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core'
import type { Executor } from '~/db/client.server'
import { accounts, journalLines } from '~/db/schema'
import { LINE_DIMENSIONS, type DimensionKey, type Dimensions, type LineDimension } from '~/domain/ledger/dimensions'
import { resourceNamed } from '~/resources'
import type { AnyResource } from '~/resources/engine/define'
import { titleSql } from '~/resources/engine/titles'

/*
 * The journal-line dimension registry (~/domain/ledger/dimensions) joined to the database:
 * each dimension's column, the resource its ids name (none yet for those whose resource is
 * still to come: no id is this company's then), the name a line shows for it, and the one
 * check that a line's dimension ids are this company's.
 */

export type LabelKey<K extends DimensionKey = DimensionKey> = K extends `${infer Stem}Id` ? `${Stem}Label` : never

export type DimensionTarget = LineDimension & {
  column: PgColumn
  labelKey: LabelKey
  /** The resource its ids name; undefined until that resource exists. */
  target: AnyResource | undefined
}

// The resources register after this module loads (they import the ledger's neighbours), so the registry is joined on first use.
let targets: DimensionTarget[] | undefined
export function dimensionTargets(): DimensionTarget[] {
  targets ??= LINE_DIMENSIONS.map((d) => ({
    ...d,
    column: journalLines[d.key],
    labelKey: d.key.replace(/Id$/, 'Label') as LabelKey,
    target: resourceNamed(d.resource),
  }))
  return targets
}

/** Dimensions whose resource exists: the ones a line can name, join and show. */
export const trackedDimensions = () => dimensionTargets().filter((d): d is DimensionTarget & { target: AnyResource } => !!d.target)

/** The names of what a line's dimensions point to, for a select that joins their tables (joinDimensionLabels). */
export function dimensionLabels(): Record<LabelKey, SQL<string | null>> {
  // A line naming nothing has no name (concat_ws would answer an empty one).
  const labels = dimensionTargets().map((d) => [d.labelKey, d.target ? sql<string | null>`nullif(${titleSql(d.target)}, '')` : sql<string | null>`null::text`])
  return Object.fromEntries(labels) as Record<LabelKey, SQL<string | null>>
}

/** How a line names its account and what its dimensions point to, with each table joined under its own name (joinLineLabels). */
export function lineLabels() {
  return { accountLabel: sql<string>`${accounts.number} || ' · ' || ${accounts.name}`, ...dimensionLabels() }
}

/** Joins what `lineLabels` reads to a select over journal lines (or a subquery with their dimension columns, `from`). */
export function joinDimensionLabels<Q extends PgSelect>(query: Q, from: Partial<Record<DimensionKey, unknown>> = journalLines): Q {
  let joined = query
  for (const d of trackedDimensions()) {
    const table = d.target.table as typeof d.target.table & { id: PgColumn }
    joined = joined.leftJoin(table, eq(table.id, from[d.key] as PgColumn)) as unknown as Q
  }
  return joined
}

/** For each line, the dimensions that are not this company's: API name (`property_group_id`) → what it should name (`property`). */
export async function unknownDimensions(tx: Executor, companyId: string, lines: Dimensions[]) {
  const unknown = lines.map(() => ({}) as Record<string, string>)
  await Promise.all(
    dimensionTargets().map(async (d) => {
      const ids = [...new Set(lines.map((l) => l[d.key]).filter((v): v is string => !!v))]
      if (!ids.length) return
      const known = new Set<string>()
      if (d.target) {
        const table = d.target.table as typeof d.target.table & { id: PgColumn }
        const found = await tx
          .select({ id: table.id })
          .from(table)
          .where(and(eq(d.target.table.companyId, companyId), inArray(table.id, ids)))
        for (const row of found) known.add(row.id as string)
      }
      lines.forEach((line, i) => {
        const id = line[d.key]
        if (id && !known.has(id)) unknown[i][d.name] = d.label.toLowerCase()
      })
    }),
  )
  return unknown
}

/** The names of a line's dimensions, each aliased by its API label name, for a select that becomes a subquery. */
export function dimensionLabelColumns() {
  const labels = dimensionLabels()
  return Object.fromEntries(dimensionTargets().map((d) => [d.labelKey, labels[d.labelKey].as(d.labelName)])) as Record<LabelKey, SQL.Aliased<string | null>>
}

/** A line's dimension columns by key, for a select. */
export const dimensionColumns = () => Object.fromEntries(dimensionTargets().map((d) => [d.key, d.column])) as Record<DimensionKey, PgColumn>
