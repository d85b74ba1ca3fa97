import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, eq, getTableColumns, getTableName, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias, getTableConfig, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import type { AppEnv } from '~/api/context'
import { createRouter } from '~/api/create-app'
import { keptAnswer } from '~/api/kept-answers'
import { badRequest, conflict, fieldErrorsFrom, notFound } from '~/api/errors'
import { requireStaff } from '~/api/middleware/auth'
import { DOCUMENT_UPLOADS, uploadLimit } from '~/api/attachments/uploads'
import { publicOrigin } from '~/api/origin'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '~/api/openapi'
import { containsPattern, ListQuery, orderBy, page, pageOf, searchTextContains, type Page } from '~/api/pagination'
import { tenant } from '~/api/tenant'
import { companyToday } from '~/db/clock.server'
import type { Executor } from '~/db/client.server'
import { keptStatement, prepareSelect, runKeptInsert, runKeptSelect } from '~/db/prepared.server'
import { searchEntries } from '~/db/schema'
import { writeCsv } from '~/domain/csv'
import { formatDecimal } from '~/domain/money'
import { decryptValue, encryptValue, maskValue } from '~/utils/crypto.server'
import { instanceSecret } from '~/utils/instance.server'
import { actionInputSchema, checkNotLocked, committing, CORRECTION, HistoryEntry, recordStateChange, runAction, stateHistory, stateLabel } from './actions.server'
import type { AnyResource, Outputs } from './define'
import { apiName, labelKey, linesName, type Field } from './fields'
import { kindOf } from './kinds'
import { resourceNamed } from '../index'
import { titleOf, titleSql } from './titles'
import { NO_RECORD } from './view'
import { addCandidatesRoute } from './candidates.server'
import { DocumentInput, makeDocument } from './documents.server'
import { givenLines, lineJson, linesAsRead, linesJson, linesTotal, writeLines } from './lines.server'
import { fileFieldsOf, followKeptOn, multipartInputSchema, splitParts, withUploads } from './files.server'
import { postingContext, postingDocument, runPostings } from './postings.server'
import { findReferences } from './references.server'
import { inputSchema, outputSchema, systemChoiceErrors, writableFields } from './validation'
import { dateRuleErrors, needsToday } from './date-rules'

/*
 * The API of every resource, derived from its definition (DESIGN.md §7): list,
 * create, get, update and delete (or deactivate) as SPEC.md §7 allows, each
 * with its OpenAPI entry, tenant scoping, the permission guard, validation,
 * references checked against this company, and the palette's search entry
 * written in the same transaction as the record.
 */

type Row = Record<string, unknown>
type Json = Record<string, unknown>
type Columns = Record<string, PgColumn>

export { titleOf, titleSql } from './titles'

export const apiPathOf = (resource: AnyResource) => resource.apiPath ?? resource.name
const columnsOf = (resource: AnyResource) => getTableColumns(resource.table) as Columns
const fieldEntries = (resource: AnyResource) => Object.entries(resource.fields).filter((e): e is [string, Field] => !!e[1])
const hasIsActive = (resource: AnyResource) => 'isActive' in columnsOf(resource)

// The same for every request of a resource, so worked out once.
const targetsOf = new WeakMap<AnyResource, ReturnType<typeof findReferenceTargets>>()
function referenceTargets(resource: AnyResource) {
  let targets = targetsOf.get(resource)
  if (!targets) targetsOf.set(resource, (targets = findReferenceTargets(resource)))
  return targets
}

function findReferenceTargets(resource: AnyResource) {
  return fieldEntries(resource)
    .filter((e): e is [string, Field & { kind: 'reference' }] => e[1].kind === 'reference')
    .map(([key, field]) => {
      const target = resourceNamed(field.resource)
      if (!target) throw new Error(`${resource.name}.${key} refers to unknown resource ${field.resource}`)
      const name = `ref_${apiName(key)}`
      return { key, field, target, name, alias: alias(target.table, name) }
    })
}

// What serialize needs of each field, worked out once per resource rather than for every row.
const outputFieldsOf = new WeakMap<AnyResource, { key: string; kind: Field['kind']; name: string; label?: string }[]>()
function outputFields(resource: AnyResource) {
  let fields = outputFieldsOf.get(resource)
  if (!fields) {
    fields = fieldEntries(resource).map(([key, field]) => ({ key, kind: field.kind, name: apiName(key), label: field.kind === 'reference' ? labelKey(key) : undefined }))
    outputFieldsOf.set(resource, fields)
  }
  return fields
}

/** Column values → the API's JSON (money as "1250.00", secrets masked, reference names beside their ids). */
function serialize(resource: AnyResource, row: Row, labels: Record<string, unknown> = {}, secret?: string): Json {
  const out: Json = { id: row.id }
  for (const { key, kind, name, label } of outputFields(resource)) {
    const value = row[key]
    if (value === null || value === undefined) out[name] = null
    else if (kind === 'money' || kind === 'percent') out[name] = formatDecimal(Number(value))
    else if (kind === 'number') out[name] = Number(value)
    else if (kind === 'secret') {
      const plain = decryptValue(String(value), secret!)
      out[name] = plain === null ? null : maskValue(plain)
    } else out[name] = value
    // No record, no name: a title of several fields joins an unset reference's nulls to ''.
    if (label) out[label] = value === null || value === undefined ? null : ((labels[label] as string | null | undefined) ?? null)
  }
  if ('isActive' in row) out.is_active = row.isActive
  out.created_at = (row.createdAt as Date).toISOString()
  out.updated_at = (row.updatedAt as Date).toISOString()
  return out
}

/** The instance secret when the resource has secrets to mask, read once for all the rows of a response. */
async function secretFor(resource: AnyResource) {
  return outputFields(resource).some((f) => f.kind === 'secret') ? instanceSecret() : undefined
}

/** The list's query: the common contract plus one parameter per filter (and is_active where records deactivate). */
export function listQuerySchema(resource: AnyResource) {
  return ListQuery.extend(filterShape(resource))
}

/** One query parameter per filter and line filter (and is_active where records deactivate): what a list, and a picker's names, narrow by. */
function filterShape(resource: AnyResource) {
  const shape: Record<string, z.ZodType> = {}
  for (const key of resource.filters ?? []) {
    const field = resource.fields[key]!
    const name = apiName(key)
    if (field.kind === 'select') {
      const values = ['ALL', ...field.options.map((o) => o.value)] as [string, ...string[]]
      shape[name] = z.enum(values, { error: `${field.label} must be one of: ${values.join(', ')}.` }).optional()
    } else if (field.kind === 'boolean') shape[name] = z.enum(['true', 'false'], { error: `${field.label} must be true or false.` }).optional()
    // `none`: the records that refer to nothing there (the work orders assigned to nobody).
    else if (field.kind === 'reference') {
      const error = `${field.label} must be an id or ${NO_RECORD}.`
      shape[name] = z.union([z.uuid({ error }), z.literal(NO_RECORD, { error })], { error }).optional()
    } else throw new Error(`${resource.name}: filter ${key} must be a select, boolean or reference field`)
  }
  for (const key of resource.lineFilters ?? []) {
    const field = resource.lines?.fields[key]
    if (field?.kind !== 'reference') throw new Error(`${resource.name}: line filter ${key} must be a reference field of its lines`)
    shape[apiName(key)] = z.uuid({ error: `${field.label} must be an id.` }).optional()
  }
  for (const key of Object.keys(resource.namedInLines ?? {})) {
    namingLines(resource, key)
    shape[apiName(key)] = z.uuid({ error: `${apiName(key)} must be an id.` }).optional()
  }
  if (hasIsActive(resource)) shape.is_active = z.enum(['true', 'false'], { error: 'is_active must be true or false.' }).optional()
  return shape
}

/** The validated list query: the common contract, and filters by their API names. */
export type ListParams = ListQuery & { [filter: string]: unknown }

/** Sortable names → what to sort by: the list's columns (its presets' too) and label (references by their record's name) and the timestamps. */
function sortables(resource: AnyResource, targets: ReturnType<typeof referenceTargets>) {
  const columns = columnsOf(resource)
  const allowed: Record<string, SQL | PgColumn> = {}
  const listed = [...resource.columns, ...(resource.presets ?? []).flatMap((p) => p.columns ?? [])]
  for (const key of resource.label ? [...listed, resource.label] : listed) {
    const reference = targets.find((r) => r.key === key)
    allowed[apiName(key)] = reference ? titleSql(reference.target, reference.alias) : columns[key]
  }
  allowed.created_at = columns.createdAt
  allowed.updated_at = columns.updatedAt
  return allowed
}


/** A search over the search fields: the table's stored search column (searchColumn), read through its trigram index, in lower case. */
export function searchCondition(resource: AnyResource, pattern: string | Placeholder) {
  const { searchText } = columnsOf(resource) as Record<string, PgColumn>
  if (!searchText) throw new Error(`${resource.name}: a searchable resource's table needs a searchColumn`)
  return searchTextContains(searchText, pattern)
}

/** The values a list statement is run with, by placeholder name: a column's key, or SEARCH. */
type Bindings = Record<string, unknown>
const SEARCH = '(search)'

/** What a list request narrows by: the tenant, the search pattern, each filter given, and is_active. */
function listBindings(resource: AnyResource, companyId: string, query: Pick<ListParams, 'search'> & Partial<ListParams>): Bindings {
  const bindings: Bindings = { companyId }
  const term = containsPattern(query.search)
  if (term && resource.search.length) bindings[SEARCH] = term
  for (const key of resource.filters ?? []) {
    const value = query[apiName(key)] as string | undefined
    if (value === undefined || value === 'ALL') continue
    if (value === NO_RECORD) bindings[`${NONE}${key}`] = null
    else if (resource.fields[key]!.kind === 'boolean') bindings[`${IS}${key}=${value}`] = null
    else bindings[key] = value
  }
  for (const key of resource.lineFilters ?? []) {
    const value = query[apiName(key)] as string | undefined
    if (value !== undefined) bindings[`${LINE}${key}`] = value
  }
  for (const key of Object.keys(resource.namedInLines ?? {})) {
    const value = query[apiName(key)] as string | undefined
    if (value !== undefined) bindings[`${NAMED_IN}${key}`] = value
  }
  if (hasIsActive(resource) && query.is_active !== undefined) bindings[`${IS}isActive=${query.is_active}`] = null
  return bindings
}

/** A binding of a line filter is named for the line field: `line:residentId`. */
const LINE = 'line:'
/** A binding of a filter by another resource's lines naming the records: `named:leaseId`. */
const NAMED_IN = 'named:'
/** A binding of a reference filter's NO_RECORD: `none:assignedUserId`, matched by IS NULL (its value unused). */
const NONE = 'none:'
/**
 * A binding of a yes-or-no filter names its value, `is:open=true`, written into the statement (its
 * value unused): a statement kept with the value as a parameter cannot use a partial index on that
 * column (the open work orders'), so PostgreSQL planned it anew on every run rather than keep it.
 */
const IS = 'is:'

/** The records with a line whose field `key` is the placeholder's value. */
function lineCondition(resource: AnyResource, key: string, name: string) {
  const lines = resource.lines!
  const table = lines.table as PgTable
  const columns = getTableColumns(table) as Columns
  return sql`exists (select 1 from ${table} where ${columns[lines.parentKey]} = ${columnsOf(resource).id} and ${columns[key]} = ${sql.placeholder(name)})`
}

/** The lines table of the resource whose lines name `resource`'s records under filter `key`, and the two columns that matter. */
function namingLines(resource: AnyResource, key: string) {
  const { resource: ownerName, field } = resource.namedInLines![key]!
  const owner = resourceNamed(ownerName)
  const lines = owner?.lines
  if (!lines || lines.fields[field]?.kind !== 'reference') throw new Error(`${resource.name}: filter ${key} needs ${ownerName}'s lines with a reference field ${field}`)
  const columns = getTableColumns(lines.table as PgTable) as Columns
  return { table: lines.table as PgTable, parent: columns[lines.parentKey]!, named: columns[field]! }
}

/** The records named by a line of the other resource's record that is the placeholder's value (the residents on that lease). */
function namedInCondition(resource: AnyResource, key: string, name: string) {
  const { table, parent, named } = namingLines(resource, key)
  return sql`exists (select 1 from ${table} where ${named} = ${columnsOf(resource).id} and ${parent} = ${sql.placeholder(name)})`
}

/** A yes-or-no filter's condition, its value written in: `is:open=true` → `open`. */
function isCondition(columns: Columns, name: string) {
  const [key, value] = name.slice(IS.length).split('=')
  return value === 'true' ? sql`${columns[key]}` : sql`not ${columns[key]}`
}

/** The WHERE of a list with these bindings, each value a placeholder filled when the statement runs. */
function listWhere(resource: AnyResource, bindings: Bindings) {
  const columns = columnsOf(resource)
  return and(
    resource.scope,
    ...Object.keys(bindings).map((name) =>
      name === SEARCH
        ? searchCondition(resource, sql.placeholder(SEARCH))
        : name.startsWith(LINE)
          ? lineCondition(resource, name.slice(LINE.length), name)
          : name.startsWith(NAMED_IN)
            ? namedInCondition(resource, name.slice(NAMED_IN.length), name)
            : name.startsWith(NONE)
              ? isNull(columns[name.slice(NONE.length)])
              : name.startsWith(IS)
                ? isCondition(columns, name)
                : eq(columns[name], sql.placeholder(name)),
    ),
  )
}

/*
 * Lists are the API's busiest reads, and drizzle building their SQL (a page, its labels' joins,
 * a window count) cost half of a list call's own time. A list statement is built once for each
 * shape (resource, ordering, which filters, counted or not) and run with each request's values,
 * so its text is the same every time (see prepareSelect for which PostgreSQL keeps prepared).
 */
type ListStatement<Row> = { execute: (values: Bindings) => Promise<Row[]> }
const listStatement = <Row>(db: Executor, shape: string, build: () => { execute: (values: Bindings) => Promise<unknown[]> }) =>
  keptStatement(db, shape, build) as ListStatement<Row>

/** Joins the records a resource's references point to, for their names. */
function joinLabels<Q extends PgSelect>(query: Q, resource: AnyResource): Q {
  const columns = columnsOf(resource)
  let joined = query
  for (const r of referenceTargets(resource)) joined = joined.leftJoin(r.alias, eq((getTableColumns(r.alias) as Columns).id, columns[r.key])) as unknown as Q
  return joined
}

/** The names of the records a row refers to, by label key (`building_label`), read from joinLabels' joins. */
function labelColumns(resource: AnyResource) {
  return Object.fromEntries(referenceTargets(resource).map((r) => [labelKey(r.key), titleSql(r.target, r.alias)]))
}

/**
 * The same names, each read by its id in a subselect: a list's page is a few rows, and a join per
 * reference made PostgreSQL weigh every order of joining them on each run (a page's statement is
 * planned for its own offset), which cost more than reading the page.
 */
function labelSubselects(resource: AnyResource) {
  const columns = columnsOf(resource)
  return Object.fromEntries(
    referenceTargets(resource).map((r) => [
      labelKey(r.key),
      sql<string>`(select ${titleSql(r.target, r.alias)} from ${sql.identifier(getTableName(r.target.table))} as ${sql.identifier(r.name)} where ${(getTableColumns(r.alias) as Columns).id} = ${columns[r.key]})`,
    ]),
  )
}

/** Rows with the names of the records they refer to, in one query. */
function selectWithLabels(db: Executor, resource: AnyResource) {
  return joinLabels(db.select({ row: resource.table, labels: labelColumns(resource) }).from(resource.table).$dynamic(), resource)
}

/** The ORDER BY of a list: the requested ordering (or the resource's), then the id so pages never overlap. */
function orderingOf(resource: AnyResource, ordering: string | undefined) {
  const columns = columnsOf(resource)
  return [...orderBy(ordering, sortables(resource, referenceTargets(resource)), resource.ordering), asc(columns.id)]
}

/** Whether the ordering sorts by the name of a referenced record, which needs that record joined. */
function orderedByReference(resource: AnyResource, ordering: string | undefined) {
  const targets = referenceTargets(resource)
  return (ordering || resource.ordering)
    .split(',')
    .some((term) => targets.some((t) => apiName(t.key) === term.trim().replace(/^-/, '')))
}

/**
 * One page of a list and, unless `count: false`, how many records match.
 * A search counts its few matches in the page's own pass (a window); an unfiltered list
 * counts beside the page, since a window would make PostgreSQL read and sort every row
 * instead of walking an index to the page and stopping (56 ms against 1 ms for 40k residents).
 */
export async function listRecords(
  db: Executor,
  companyId: string,
  resource: AnyResource,
  query: ListParams,
  options: { limit?: number; offset?: number; count?: boolean } = {},
) {
  const columns = columnsOf(resource)
  const bindings = listBindings(resource, companyId, query)
  // A search matches few rows: one pass through its index finds them all, counts them (a window)
  // and keeps the page. Without one, the page is an index walk that stops early and the count
  // is its own query beside it.
  const searching = SEARCH in bindings && options.count !== false
  const shape = `${resource.name}|${query.ordering ?? ''}|${Object.keys(bindings).join(',')}|${searching}`
  const pageRows = listStatement<{ row: Row; labels: Json; total: number | null }>(db, `page|${shape}`, () => {
    const ordering = orderingOf(resource, query.ordering)
    const idsOnly = db
      .select({ id: sql<string>`${columns.id}`.as('page_id'), total: searching ? sql<number>`count(*) over ()`.as('page_total') : sql<number>`null`.as('page_total') })
      .from(resource.table)
      .$dynamic()
    // The page's ids first, then the names of what they refer to for those rows only: joined
    // before the limit, PostgreSQL would look up every row it walks past on the way to the page.
    const page = (orderedByReference(resource, query.ordering) ? joinLabels(idsOnly, resource) : idsOnly)
      .where(listWhere(resource, bindings))
      .orderBy(...ordering)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page')
    const rows = (labels: Record<string, SQL>) => db.select({ row: resource.table, labels, total: page.total }).from(page).innerJoin(resource.table, eq(columns.id, page.id)).$dynamic()
    // Ordered by a reference's name, the page is ordered by its join again.
    const statement = (orderedByReference(resource, query.ordering) ? joinLabels(rows(labelColumns(resource)), resource) : rows(labelSubselects(resource))).orderBy(...ordering)
    return prepareSelect(statement, { planEachRun: SEARCH in bindings })
  })
  const countRows = () =>
    listStatement<{ n: number }>(db, `count|${shape}`, () =>
      prepareSelect(db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(resource.table).where(listWhere(resource, bindings)), { planEachRun: SEARCH in bindings }),
    ).execute(bindings)
  const limit = options.limit ?? query.page_size
  const offset = options.offset ?? (query.page - 1) * query.page_size
  const [rows, count] = await Promise.all([pageRows.execute({ ...bindings, limit, offset }), options.count === false || searching ? undefined : countRows()])
  // Past the last page a window counts nothing: count on its own then.
  const total = count?.[0].n ?? (searching ? (rows.length ? Number(rows[0].total) : (await countRows())[0].n) : rows.length)
  const secret = await secretFor(resource)
  return { total, rows: rows.map((r) => serialize(resource, r.row, r.labels, secret)), stored: rows.map((r) => r.row) }
}

export type NameEntry = { id: string; name: string }

/** The query of a names lookup: the list's search and page size, and one record to name whatever the search. */
export const NamesQuery = ListQuery.pick({ search: true, page_size: true }).extend({
  selected: z.uuid({ error: 'selected must be an id.' }).optional(),
})

/**
 * What a picker needs: the id and name of the first `page_size` records matching the list's
 * search, in the list's order, whether more match, and the `selected` record's name whatever the
 * search. One narrow query (two with `selected`) instead of a page of whole records and a count.
 */
export async function listNames(db: Executor, companyId: string, resource: AnyResource, query: z.infer<typeof NamesQuery> & Partial<ListParams>) {
  const columns = columnsOf(resource)
  const name = titleSql(resource)
  // Narrowed by the list's filters too, when given (a picker of a vendor's bills still owing).
  const bindings = listBindings(resource, companyId, query)
  const matching = listStatement<NameEntry>(db, `names|${resource.name}|${Object.keys(bindings).join(',')}`, () => {
    const select = db.select({ id: sql<string>`${columns.id}`, name }).from(resource.table).$dynamic()
    const statement = (orderedByReference(resource, undefined) ? joinLabels(select, resource) : select)
      .where(listWhere(resource, bindings))
      .orderBy(...orderingOf(resource, undefined))
      .limit(sql.placeholder('limit'))
    return prepareSelect(statement, { planEachRun: SEARCH in bindings })
  })
  const [rows, selected] = await Promise.all([
    matching.execute({ ...bindings, limit: query.page_size + 1 }),
    query.selected
      ? db
          .select({ id: sql<string>`${columns.id}`, name })
          .from(resource.table)
          .where(and(eq(columns.companyId, companyId), eq(columns.id, query.selected), resource.scope))
      : [],
  ])
  const entry = (row: { id: string; name: string }): NameEntry => ({ id: row.id, name: row.name || resource.singular })
  return { results: rows.slice(0, query.page_size).map(entry), more: rows.length > query.page_size, selected: selected.length ? entry(selected[0]) : null }
}

async function getRecord(db: Executor, companyId: string, resource: AnyResource, id: string): Promise<Read | null> {
  if (!z.uuid().safeParse(id).success) return null
  const columns = columnsOf(resource)
  const record = runKeptSelect<{ row: Row; labels: Json }>(
    db,
    `record|${resource.name}`,
    () => selectWithLabels(db, resource).where(and(eq(columns.companyId, sql.placeholder('companyId')), eq(columns.id, sql.placeholder('id')), resource.scope)),
    { companyId, id },
  )
  // The record and its lines are read together (an unknown id reads no lines either).
  const [[found], lines] = await Promise.all([record, resource.lines ? linesJson(db, companyId, resource, id) : undefined])
  if (!found) return null
  const json = serialize(resource, found.row as Row, found.labels, await secretFor(resource))
  if (resource.lines) json[linesName(resource.lines, 'output')] = lines
  return { records: [json], stored: [found.row as Row] }
}

/** Records as the API outputs them and their rows as read (by column key, in the same order). */
type Read = { records: Json[]; stored: Row[] }

/**
 * Records as the API outputs them, with the figures their definition works out beside their fields
 * (its `outputs`): the summary's, and on one record its detail's too. What the figures need of the
 * company alone is asked for as the records are, not after them: a read's statements go out together.
 */
async function withOutputs(db: Executor, companyId: string, resource: AnyResource, reading: Promise<Read | null>, detail: boolean): Promise<Json[] | null> {
  const parts = [resource.outputs?.summary, detail ? resource.outputs?.detail : undefined].filter((o): o is Outputs => !!o)
  const commons = Promise.all(parts.map((o) => o.common?.({ tx: db, companyId })))
  // Awaited together: a failed read must not leave the other rejection unhandled.
  const [read, common] = await Promise.all([reading, commons])
  if (!read) return null
  const { records, stored } = read
  if (!parts.length || !records.length) return records
  const loaded = await Promise.all(parts.map((o, i) => o.load({ tx: db, companyId, records, stored, common: common[i] })))
  return records.map((record) => Object.assign({}, record, ...loaded.map((figures) => figures.get(String(record.id)))) as Json)
}

/** One record as the API answers it (GET, and after a write or an action), or not found; routes of a document's own (a checklist's endpoint) answer with it too. */
export async function recordOutput(db: Executor, companyId: string, resource: AnyResource, id: string): Promise<Json> {
  const found = await withOutputs(db, companyId, resource, getRecord(db, companyId, resource, id), true)
  if (!found) throw notFound(`No such ${resource.singular.toLowerCase()}.`)
  return found[0]
}

/** API body (snake_case, validated) → column values, encrypting secrets. */
async function columnValues(resource: AnyResource, body: Json) {
  const values: Row = {}
  for (const [key, field] of writableFields(resource)) {
    const name = apiName(key)
    // Left out, or sent back as it was shown (a secret's mask): kept as stored.
    if (body[name] === undefined) continue
    const value = body[name]
    values[key] = field.kind === 'secret' && typeof value === 'string' && value ? encryptValue(value, await instanceSecret()) : value
  }
  return values
}

/**
 * Each reference must name a record of this company; otherwise the field gets the error, not the
 * database. Answers the names of the records named, by label key (as a record's read gives them).
 */
export async function checkReferences(db: Executor, companyId: string, resource: AnyResource, values: Row): Promise<Record<string, string>> {
  const targets = referenceTargets(resource)
  const { errors, names } = await findReferences(
    db,
    companyId,
    targets.map(({ key, field }) => ({ name: apiName(key), field, id: values[key] })),
  )
  if (Object.keys(errors).length) throw badRequest(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
  return Object.fromEntries(targets.flatMap(({ key }) => (names[apiName(key)] === undefined ? [] : [[labelKey(key), names[apiName(key)]]])))
}

async function runRules(resource: AnyResource, tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined) {
  const today = needsToday(resource.fields) ? await companyToday(tx, companyId) : ''
  const errors = { ...dateRuleErrors(resource.fields, values, today), ...(await resource.rules?.validate?.({ companyId, id, values, lines, tx })) }
  if (errors && Object.keys(errors).length) throw badRequest(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
}

/**
 * What else finds a record in the palette than its name: the e-mail addresses and phone numbers its
 * list is searched by, a phone also as bare digits ("6135550142" finds "(613) 555-0142").
 */
export function paletteKeywords(resource: AnyResource, row: Row) {
  const words: string[] = []
  for (const key of resource.search) {
    const kind = resource.fields[key]?.kind
    const value = row[key]
    if ((kind !== 'email' && kind !== 'phone') || typeof value !== 'string' || !value) continue
    words.push(value)
    if (kind === 'phone' && /\d/.test(value)) words.push(value.replace(/\D/g, ''))
  }
  return words.join('\n')
}

async function indexForSearch(tx: Executor, resource: AnyResource, companyId: string, row: Row) {
  if (resource.palette === false) return
  const name = titleOf(resource, row) || resource.singular
  const keywords = paletteKeywords(resource, row)
  await tx
    .insert(searchEntries)
    .values({ companyId, resource: resource.name, recordId: String(row.id), name, keywords })
    .onConflictDoUpdate({ target: [searchEntries.companyId, searchEntries.resource, searchEntries.recordId], set: { name, keywords } })
}

/** PostgreSQL's answers to constraint violations, as the client's error. */
function constraintError(resource: AnyResource, error: unknown): never {
  const pg = (error as { code?: string; constraint_name?: string; cause?: { code?: string; constraint_name?: string } }) ?? {}
  const code = pg.code ?? pg.cause?.code
  const singular = resource.singular.toLowerCase()
  const a = /^[aeiou]/.test(singular) ? 'An' : 'A'
  if (code === '23505') {
    const keys = uniqueFieldsOf(resource, pg.constraint_name ?? pg.cause?.constraint_name)
    if (keys.length) {
      const labels = keys.map((k) => resource.fields[k]!.label.toLowerCase()).join(' and ')
      const message = `${a} ${singular} with this ${labels} already exists.`
      throw badRequest(message, Object.fromEntries(keys.map((k) => [apiName(k), [message]])))
    }
    throw badRequest(`${a} ${singular} with these details already exists.`, {
      __all__: [`${a} ${singular} with these details already exists (${resource.title.map((k) => resource.fields[k]?.label).join(', ')} must be unique).`],
    })
  }
  if (code === '23503') throw conflict(`This ${singular} is still used by other records, so it cannot be removed.`)
  throw error
}

/** The fields a unique index or constraint covers (beyond the tenant), when it names plain columns. */
function uniqueFieldsOf(resource: AnyResource, constraint: string | undefined): string[] {
  const config = getTableConfig(resource.table)
  const index = config.indexes.find((i) => i.config.name === constraint)
  const columns = index?.config.columns ?? config.uniqueConstraints.find((u) => u.getName() === constraint)?.columns
  if (!columns) return []
  const byName = new Map(Object.entries(columnsOf(resource)).map(([key, column]) => [column.name, key]))
  const keys = columns.map((c) => ('name' in c ? byName.get(c.name as string) : undefined))
  if (keys.some((k) => k === undefined)) return []
  return (keys as string[]).filter((k) => k !== 'companyId' && resource.fields[k])
}

/** A body that passed the resource's input schema (values in storage units: cents, hundredths), and columns the engine set itself (a file's document), by key. */
export type ParsedInput = { values: Json; stored?: Row }

/** Validates a client's body as POST (`create`) or PUT (`update`) would; imports and the seed start here. */
export function parseInput(resource: AnyResource, body: unknown, mode: 'create' | 'update'): ParsedInput {
  const parsed = inputSchema(resource, mode).safeParse(body)
  if (!parsed.success) {
    const errors = fieldErrorsFrom(parsed.error)
    throw badRequest(`Please correct the highlighted fields: ${Object.keys(errors).join(', ')}.`, errors)
  }
  return { values: parsed.data }
}

/**
 * Creates a record as the API does (validation, references, rules, search
 * entry) inside the caller's transaction; imports and the demo seed use it too.
 */
export async function createRecord(tx: Executor, companyId: string, resource: AnyResource, input: ParsedInput, options: { userId?: string | null } = {}): Promise<Row> {
  return (await create(tx, companyId, resource, input, options)).row
}

/** What a create wrote: the record as stored, its lines as stored (with what they were given), and the names of the records it names, by label key. */
type Created = { row: Row; lines: Row[]; labels: Record<string, string> }

async function create(tx: Executor, companyId: string, resource: AnyResource, input: ParsedInput, options: { userId?: string | null }): Promise<Created> {
  const values = await columnValues(resource, input.values)
  // A document starts in its initial state, whatever the body says (only actions move it).
  if (resource.states) values[resource.states.field] = resource.states.initial
  // Statements that do not wait for each other's answers are made together: on the transaction's one
  // connection they go out in one write.
  const [labels, given] = await Promise.all([
    checkReferences(tx, companyId, resource, values),
    resource.lines ? givenLines(tx, companyId, resource.lines, input.values) : undefined,
  ])
  const lines = resource.lines ? (given ?? []) : undefined
  await runRules(resource, tx, companyId, undefined, values, lines)
  const [row] = await runKeptInsert(tx, resource.table, [{ ...values, ...input.stored, ...(resource.lines && lines ? linesTotal(resource.lines, lines) : {}), companyId }], { returning: true })
  const id = String(row.id)
  const userId = options.userId ?? null
  // What does not depend on another's answer goes out together: the lines (answering as stored, so
  // the postings read them from here), the search entry, the state change and what the postings read
  // besides the document.
  const [written, , , context] = await Promise.all([
    resource.lines && lines ? writeLines(tx, companyId, resource.lines, id, lines, { replacing: false }) : [],
    indexForSearch(tx, resource, companyId, row),
    resource.states ? recordStateChange(tx, { companyId, resource, recordId: id, action: null, from: null, to: resource.states.initial, userId }) : undefined,
    resource.postings ? postingContext(tx, companyId, resource, row) : undefined,
  ])
  if (context) {
    const document = { ...row, id, lines: resource.lines ? linesAsRead(resource.lines, written) : [] }
    await runPostings(tx, companyId, userId, resource, 'create', row, undefined, { document, context })
  }
  await resource.rules?.created?.({ companyId, id, values, tx, record: row, userId })
  return { row, lines: written, labels }
}

/**
 * A new record as GET answers it, from what its create wrote: the row, its lines and the names of
 * the records they name were all in hand. It is read back instead where something may have changed
 * since or a name was not read on the way: a definition's `created` rule (it may change the
 * record), picked lines (they read their records), or a reference a rule filled in (a journal
 * line's property, from its unit).
 */
async function createdOutput(db: Executor, companyId: string, resource: AnyResource, created: Created): Promise<Json> {
  const id = String(created.row.id)
  const named = (names: Row, key: string, value: unknown) => value === null || value === undefined || names[labelKey(key)] !== undefined
  const lines = resource.lines
  const lineReferences = lines ? Object.entries(lines.fields).flatMap(([key, field]) => (field?.kind === 'reference' ? [key] : [])) : []
  const known =
    !resource.rules?.created &&
    !lines?.picks &&
    referenceTargets(resource).every(({ key }) => named(created.labels, key, created.row[key])) &&
    created.lines.every((line) => lineReferences.every((key) => named(line, key, line[key])))
  if (!known) return recordOutput(db, companyId, resource, id)
  const json = serialize(resource, created.row, created.labels, await secretFor(resource))
  if (lines) json[linesName(lines, 'output')] = linesAsRead(lines, created.lines).map((line) => lineJson(lines, line))
  return (await withOutputs(db, companyId, resource, Promise.resolve({ records: [json], stored: [created.row] }), true))![0]
}

export type ResourceContext = Context<AppEnv>

function guard(resource: AnyResource) {
  return signedIn(requireStaff(resource.permission))
}

const schemasOf = new WeakMap<AnyResource, ReturnType<typeof makeOutputSchemas>>()
function makeOutputSchemas(resource: AnyResource) {
  // OpenAPI schema names are identifiers: "Rental Unit" → RentalUnit, its page RentalUnitPage.
  const schemaName = resource.singular.replace(/\W/g, '')
  const Summary = outputSchema(resource).extend(resource.outputs?.summary?.schema ?? {})
  const ListItem = resource.outputs?.detail ? Summary.openapi(`${schemaName}Summary`) : Summary.openapi(schemaName)
  const Item = resource.outputs?.detail ? Summary.extend(resource.outputs.detail.schema).openapi(schemaName) : ListItem
  return { ListItem, Item }
}

/** A record's output schema in lists (its fields and summary figures) and on its own (with its detail figures); a document's own routes answer with the latter. */
export function outputSchemas(resource: AnyResource) {
  let schemas = schemasOf.get(resource)
  if (!schemas) schemasOf.set(resource, (schemas = makeOutputSchemas(resource)))
  return schemas
}

/** The routes SPEC.md §7 allows for this resource, on one router. */
export function resourceRouter(resource: AnyResource) {
  const router = createRouter()
  addRoutes(router, resource, `/${apiPathOf(resource)}`, false)
  // The same routes at a second address SPEC.md §7 names too, documented once (at the first).
  for (const alias of resource.alsoAt ?? []) addRoutes(router, resource, `/${alias}`, true)
  return router
}

/** A resource's routes at `path`; `hide` keeps them out of the OpenAPI document. */
function addRoutes(router: ReturnType<typeof createRouter>, resource: AnyResource, path: string, hide: boolean) {
  // OpenAPI schema names are identifiers: "Rental Unit" → RentalUnit, its page RentalUnitPage.
  const schemaName = resource.singular.replace(/\W/g, '')
  const { ListItem, Item } = outputSchemas(resource)
  const Query = listQuerySchema(resource)
  const tags = [resource.group]
  const lower = resource.singular.toLowerCase()
  const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: `The ${lower}'s id` }) })
  const methods = new Set(resource.methods)

  if (methods.has('list')) {
    router.openapi(
      createRoute({
        hide,
        method: 'get',
        path,
        tags,
        summary: `List ${resource.plural.toLowerCase()}: search, filter, order and page`,
        ...guard(resource),
        request: { query: Query },
        responses: { 200: jsonResponse(pageOf(ListItem, `${schemaName}Page`), `A page of ${resource.plural.toLowerCase()}`), ...errorResponses(400, 401, 403) },
      }),
      async (c) => {
        const query = c.req.valid('query') as ListParams
        const t = tenant(c)
        const listed = listRecords(t.db, t.companyId, resource, query)
        const results = await withOutputs(t.db, t.companyId, resource, listed.then(({ rows, stored }) => ({ records: rows, stored })), false)
        return c.json(page(c, query, (await listed).total, results!) as Page<Json>, 200)
      },
    )
    router.openapi(
      createRoute({
        hide,
        method: 'get',
        path: `${path}/export`,
        tags,
        summary: `The ${resource.plural.toLowerCase()} matching the same search and filters, as CSV`,
        ...guard(resource),
        request: { query: Query.omit({ page: true, page_size: true }) },
        responses: { 200: { description: 'CSV with a header row', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(400, 401, 403) },
      }),
      async (c) => {
        const query = { ...(c.req.valid('query') as ListParams), page: 1, page_size: EXPORT_LIMIT }
        const t = tenant(c)
        const { rows } = await listRecords(t.db, t.companyId, resource, query, { count: false })
        const filename = `${resource.name}-${new Date().toISOString().slice(0, 10)}.csv`
        return c.body(toCsv(resource, rows), 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` })
      },
    )
    const Name = z.object({ id: z.string(), name: z.string() })
    router.openapi(
      createRoute({
        hide,
        method: 'get',
        path: `${path}/names`,
        tags,
        summary: `Names of ${resource.plural.toLowerCase()} for a picker: id and name only, narrowed by the list's search and filters`,
        ...guard(resource),
        request: { query: NamesQuery.extend(filterShape(resource)) },
        responses: {
          200: jsonResponse(
            z.object({ results: z.array(Name), more: z.boolean(), selected: Name.nullable() }).openapi(`${schemaName}Names`),
            `The first page_size matches in the list's order, whether more match, and the selected ${lower}`,
          ),
          ...errorResponses(400, 401, 403),
        },
      }),
      async (c) => {
        const t = tenant(c)
        const query = c.req.valid('query') as z.infer<typeof NamesQuery> & Partial<ListParams>
        // Every view of a list asks for its filters' names, and every form for its pickers': the same
        // answer for anyone past the permission gate, so kept briefly per company and query (dropped by
        // any write to the company, as kept-answers.ts describes) instead of read on each view.
        const key = `names:${resource.name}:${JSON.stringify(query)}`
        return c.json((await keptAnswer(t.companyId, key, () => listNames(t.db, t.companyId, resource, query)))!, 200)
      },
    )
  }

  if (methods.has('create')) {
    addCandidatesRoute(router, resource, path, hide)
    // A resource with files is created by a multipart form (files.server.ts).
    const uploads = fileFieldsOf(resource).length > 0
    router.openapi(
      createRoute({
        hide,
        method: 'post',
        path,
        tags,
        summary: uploads ? `Create a ${lower} with its file (multipart/form-data)` : `Create a ${lower}`,
        ...(uploads ? signedIn(requireStaff(resource.permission), uploadLimit(DOCUMENT_UPLOADS)) : guard(resource)),
        request: uploads
          ? { body: { required: true, content: { 'multipart/form-data': { schema: multipartInputSchema(resource) } }, description: `The new ${lower} and its file` } }
          : jsonBody(inputSchema(resource, 'create'), `The new ${lower}`),
        responses: { 201: jsonResponse(Item, `The ${lower} as stored`), ...errorResponses(400, 401, 403) },
      }),
      async (c) => {
        const t = tenant(c)
        const { values, parts } = uploads ? splitParts(resource, c.req.valid('form' as never)) : { values: c.req.valid('json' as never) as Json, parts: undefined }
        const creating = (stored?: Row) => create(t.db, t.companyId, resource, { values, stored }, { userId: t.principal.userId })
        // The request's own transaction (companyScope) holds the create: a refusal rolls all of it back.
        const created = await (parts ? withUploads(c, t.db, resource, values, parts, creating) : creating()).catch((e) => constraintError(resource, e))
        return c.json(await createdOutput(t.db, t.companyId, resource, created), 201)
      },
    )
  }

  if (methods.has('get')) {
    router.openapi(
      createRoute({
        hide,
        method: 'get',
        path: `${path}/{id}`,
        tags,
        summary: `One ${lower}`,
        ...guard(resource),
        request: { params: IdParam },
        responses: { 200: jsonResponse(Item, `The ${lower}`), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const t = tenant(c)
        return c.json(await recordOutput(t.db, t.companyId, resource, c.req.valid('param').id), 200)
      },
    )
  }

  if (methods.has('update')) {
    router.openapi(
      createRoute({
        hide,
        method: 'put',
        path: `${path}/{id}`,
        tags,
        summary: `Change a ${lower}: only the fields sent change`,
        ...guard(resource),
        request: { params: IdParam, ...jsonBody(inputSchema(resource, 'update'), 'The fields to change') },
        responses: { 200: jsonResponse(Item, `The ${lower} as stored`), ...errorResponses(400, 401, 403, 404) },
      }),
      async (c) => {
        const t = tenant(c)
        const id = c.req.valid('param').id
        if (!z.uuid().safeParse(id).success) throw notFound(`No such ${lower}.`)
        const columns = columnsOf(resource)
        await t.db
          .transaction(async (tx) => {
            const [current] = (await tx
              .select()
              .from(resource.table)
              .where(and(eq(columns.companyId, t.companyId), eq(columns.id, id), resource.scope))
              .for('update')) as Row[]
            if (!current) throw notFound(`No such ${lower}.`)
            checkNotLocked(resource, current)
            const body = c.req.valid('json') as Json
            const before = resource.postings ? await postingDocument(tx, t.companyId, resource, current) : undefined
            const values = await columnValues(resource, body)
            const refused = systemChoiceErrors(writableFields(resource), values, current)
            if (Object.keys(refused).length) throw badRequest(`Please correct the highlighted fields: ${Object.keys(refused).join(', ')}.`, refused)
            await checkReferences(tx, t.companyId, resource, values)
            const lines = resource.lines ? await givenLines(tx, t.companyId, resource.lines, body) : undefined
            // The rules see the record as it will be; what they fill in or correct (a label, a due date) is stored with what was sent.
            const merged = { ...current, ...values }
            await runRules(resource, tx, t.companyId, id, merged, lines)
            for (const [key, value] of Object.entries(merged)) if (value !== (key in values ? values[key] : current[key])) values[key] = value
            const [row] = (await tx
              .update(resource.table)
              .set({ ...values, ...(resource.lines && lines ? linesTotal(resource.lines, lines) : {}), updatedAt: new Date() } as never)
              .where(and(eq(columns.companyId, t.companyId), eq(columns.id, id)))
              .returning()) as Row[]
            // Lines sent are all the lines: they replace the stored ones together.
            if (resource.lines && lines) await writeLines(tx, t.companyId, resource.lines, id, lines)
            const corrected = await runPostings(tx, t.companyId, t.principal.userId, resource, 'update', row, before)
            // A posted document changed is corrected (its posting reversed and posted anew): its history says who did it and when.
            if (resource.states && corrected) {
              const state = String(row[resource.states.field])
              await recordStateChange(tx, { companyId: t.companyId, resource, recordId: id, action: CORRECTION, from: null, to: state, userId: t.principal.userId })
            }
            await followKeptOn(tx, t.companyId, resource, row)
            await indexForSearch(tx, resource, t.companyId, row)
            await resource.rules?.updated?.({ companyId: t.companyId, id, values, lines, tx, record: row })
          })
          .catch((e) => constraintError(resource, e))
        return c.json(await recordOutput(t.db, t.companyId, resource, id), 200)
      },
    )
  }

  if (methods.has('delete')) {
    const deactivates = resource.deactivates && hasIsActive(resource)
    router.openapi(
      createRoute({
        hide,
        method: 'delete',
        path: `${path}/{id}`,
        tags,
        summary: resource.deleteRuns
          ? `${resource.actions?.[resource.deleteRuns]?.label ?? resource.deleteRuns} a ${lower}: as POST ${path}/{id}/${resource.deleteRuns}/ with nothing sent (it stays, with its history)`
          : deactivates
            ? `Deactivate a ${lower} (its history stays; reactivate undoes it)`
            : `Delete a ${lower}`,
        ...guard(resource),
        request: { params: IdParam },
        responses: { 204: { description: resource.deleteRuns ? 'Done' : deactivates ? 'Deactivated' : 'Deleted' }, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const id = c.req.valid('param').id
        if (resource.deleteRuns) {
          const t = tenant(c)
          const action = resource.deleteRuns
          await committing(t.db, (tx, afterCommit) => runAction(tx, t.companyId, t.principal.userId, resource, id, action, {}, { origin: publicOrigin(c), afterCommit }))
        } else await setActiveOrDelete(c, resource, id, deactivates ? false : 'delete')
        return c.body(null, 204)
      },
    )
    if (deactivates) {
      router.openapi(
        createRoute({
        hide,
          method: 'post',
          path: `${path}/{id}/reactivate`,
          tags,
          summary: `Reactivate a deactivated ${lower}`,
          ...guard(resource),
          request: { params: IdParam },
          responses: { 200: jsonResponse(Item, `The ${lower}`), ...errorResponses(401, 403, 404) },
        }),
        async (c) => {
          const t = tenant(c)
          const id = c.req.valid('param').id
          await setActiveOrDelete(c, resource, id, true)
          return c.json(await recordOutput(t.db, t.companyId, resource, id), 200)
        },
      )
    }
  }
  if (resource.states) {
    router.openapi(
      createRoute({
        hide,
        method: 'get',
        path: `${path}/{id}/history`,
        tags,
        summary: `The ${lower}'s changes of state: who moved it, when, from and to which state, with their note`,
        ...guard(resource),
        request: { params: IdParam },
        responses: { 200: jsonResponse(z.array(HistoryEntry), 'Oldest first'), ...errorResponses(401, 403, 404) },
      }),
      async (c) => {
        const t = tenant(c)
        const id = c.req.valid('param').id
        if (!(await getRecord(t.db, t.companyId, resource, id))) throw notFound(`No such ${lower}.`)
        return c.json(await stateHistory(t.db, t.companyId, resource, id), 200)
      },
    )
  }
  for (const [name, action] of Object.entries(resource.actions ?? {})) {
    // Where a document's action starts and leaves it; an action of a resource without states moves nothing.
    const moves = action.from ? ` (from ${action.from.map((s) => stateLabel(resource, s)).join(' or ')}${action.to ? `; leaves the ${lower} ${stateLabel(resource, action.to)}` : ''})` : ''
    router.openapi(
      createRoute({
        hide,
        method: 'post',
        path: `${path}/{id}/${name}`,
        tags,
        summary: `${action.label}${moves}`,
        ...signedIn(requireStaff(resource.permission), ...(action.permission && action.permission !== resource.permission ? [requireStaff(action.permission)] : [])),
        request: { params: IdParam, ...jsonBody(actionInputSchema(action), `What ${action.label.toLowerCase()} needs`, { required: false }) },
        responses: { 200: jsonResponse(Item, `The ${lower} after the action`), ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const t = tenant(c)
        const id = c.req.valid('param').id
        // The body as sent: runAction checks it against the action's input itself (amounts in cents after).
        const body: unknown = await c.req.json().catch(() => ({}))
        await committing(t.db, (tx, afterCommit) => runAction(tx, t.companyId, t.principal.userId, resource, id, name, body, { origin: publicOrigin(c), afterCommit }))
        return c.json(await recordOutput(t.db, t.companyId, resource, id), 200)
      },
    )
  }
  for (const [name, document] of Object.entries(resource.documents ?? {})) {
    const from = document.from ? ` (from ${document.from.map((s) => stateLabel(resource, s)).join(' or ')})` : ''
    router.openapi(
      createRoute({
        hide,
        method: 'post',
        path: `${path}/{id}/${name}`,
        tags,
        summary: `${document.label}: the ${lower} made into a file to download${from}`,
        ...guard(resource),
        request: { params: IdParam, ...jsonBody(DocumentInput, 'Nothing: the file is made from the record as stored', { required: false }) },
        responses: { 200: { description: document.label, content: { [document.contentType]: { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (c) => {
        const t = tenant(c)
        const file = await makeDocument(t.db, t.companyId, resource, c.req.valid('param').id, name)
        return c.body(file.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"` })
      },
    )
  }
}

/** A document may be deleted only in the states its definition allows; in another the API answers 409 naming its state. */
async function checkDeletable(tx: Executor, companyId: string, resource: AnyResource, id: string) {
  const columns = columnsOf(resource)
  const stateKey = resource.states!.field
  const [row] = (await tx
    .select({ state: columns[stateKey] })
    .from(resource.table)
    .where(and(eq(columns.companyId, companyId), eq(columns.id, id)))
    .for('update')) as { state: string }[]
  if (!row || resource.states!.deletable!.includes(row.state)) return
  const singular = resource.singular.toLowerCase()
  const allowed = resource.states!.deletable!.map((s) => stateLabel(resource, s).toLowerCase()).join(' or ')
  throw conflict(`A ${stateLabel(resource, row.state).toLowerCase()} ${singular} cannot be deleted; only a ${allowed} one can.`)
}

async function setActiveOrDelete(c: ResourceContext, resource: AnyResource, id: string, change: boolean | 'delete') {
  const t = tenant(c)
  const lower = resource.singular.toLowerCase()
  if (!z.uuid().safeParse(id).success) throw notFound(`No such ${lower}.`)
  const columns = columnsOf(resource)
  const where = and(eq(columns.companyId, t.companyId), eq(columns.id, id), resource.scope)
  await t.db
    .transaction(async (tx) => {
      if (change === 'delete' && resource.states?.deletable) await checkDeletable(tx, t.companyId, resource, id)
      // A document's lines go with it.
      if (change === 'delete' && resource.lines) {
        const lines = resource.lines.table as typeof resource.table
        await tx.delete(lines).where(and(eq(lines.companyId, t.companyId), eq((lines as unknown as Columns)[resource.lines.parentKey], id)))
      }
      const changed =
        change === 'delete'
          ? await tx.delete(resource.table).where(where).returning({ id: columns.id })
          : ((await tx
              .update(resource.table)
              .set({ isActive: change, updatedAt: new Date() } as never)
              .where(where)
              .returning()) as Row[])
      if (!changed.length) throw notFound(`No such ${lower}.`)
      // Stopping or restarting a record is a change like any other: what changing one also does runs too.
      if (change !== 'delete') await resource.rules?.updated?.({ companyId: t.companyId, id, values: { isActive: change }, lines: undefined, tx, record: changed[0] as Row })
      if (change === 'delete') {
        await tx
          .delete(searchEntries)
          .where(and(eq(searchEntries.companyId, t.companyId), eq(searchEntries.resource, resource.name), inArray(searchEntries.recordId, [id])))
      }
    })
    .catch((e) => constraintError(resource, e))
}

/** An export holds at most this many rows; past it, narrow the list first. */
export const EXPORT_LIMIT = 50_000

/** The rows as a spreadsheet opens them: labels as headers, choices and references by name. */
export function toCsv(resource: AnyResource, rows: Json[]) {
  const fields = fieldEntries(resource).filter(([, f]) => f.kind !== 'file')
  const header = ['ID', ...fields.map(([, f]) => f.label), 'Created']
  const lines = rows.map((row) => [row.id as string, ...fields.map(([key, f]) => kindOf(f).csv(row[apiName(key)], f, row[labelKey(key)])), row.created_at as string])
  const numeric = new Set(fields.flatMap(([, f], i) => (kindOf(f).numeric ? [i + 1] : [])))
  return writeCsv([header, ...lines], (i) => numeric.has(i))
}
