import { z } from '@hono/zod-openapi'
import { eq, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Context } from 'hono'
import { users } from '~/db/schema'
import { PERMISSIONS } from '~/domain/permissions'
import { RESOURCES, resourceNamed } from '~/resources'
import { apiPathOf } from '~/resources/engine/api.server'
import type { AnyResource } from '~/resources/engine/define'
import { checkNotLocked } from '~/resources/engine/actions.server'
import { fileKeeperOf } from '~/resources/engine/files.server'
import type { AppEnv, Principal } from '../context'
import { conflict, fieldError, forbidden } from '../errors'
import { tenant } from '../tenant'

/*
 * The record a note, document or photo is attached to: `record_type` names a
 * registered resource (`rental-units`), `record_id` one of its records in the
 * caller's company. Attachments follow their record's permission: whoever may
 * not see fee schedules may not read the notes on them either.
 */

export const TAGS = ['Documents']

/** The name of the user joined in (author, uploader), as it is now. */
export const userName = sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))`

/** A blank form field is a field not sent. */
export const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

export const RecordType = z.string().trim().min(1).max(100).openapi({ description: 'The resource the record belongs to, as in its URL: `rental-units`, `residents`, …', example: 'rental-units' })
export const RecordId = z.uuid({ error: 'Record must be an id.' }).openapi({ description: "The record's id" })

/** Optional record fields, as a form sends them (a blank field means none). */
export const optionalRecordFields = {
  record_type: z.preprocess(blankToUndefined, RecordType.optional()),
  record_id: z.preprocess(blankToUndefined, RecordId.optional()),
}

export function mayUse(principal: Principal, resource: AnyResource) {
  if (!resource.permission) return true
  const permission = PERMISSIONS.find((p) => p.group === resource.permission)!
  return principal.permissions[permission.column]
}

function permissionError(resource: AnyResource) {
  const permission = PERMISSIONS.find((p) => p.group === resource.permission)!
  return forbidden(`You need the ${permission.label} permission to do this.`)
}

/** The resource a record type names, if the caller may see its records; 400 or 403 otherwise. */
export function attachableResource(principal: Principal, recordType: string) {
  const resource = resourceNamed(recordType)
  if (!resource || resource.attachments === false) throw fieldError('record_type', `Notes and files cannot be attached to "${recordType}": it is not a kind of record.`)
  if (!mayUse(principal, resource)) throw permissionError(resource)
  return resource
}

/** A new document on such a record is refused at `record_type`, naming where it goes. */
export function checkNotKept(recordType: string | undefined) {
  const keeper = fileKeeperOf(recordType)
  if (keeper) throw fieldError('record_type', `Files on a ${resourceNamed(recordType!)!.singular.toLowerCase()} are its ${keeper.plural.toLowerCase()}: add it at ${apiPathOf(keeper)}/.`)
}

/** A stored document of such a record changes as that resource's record (409 otherwise). */
export function checkChangeable(recordType: string | null) {
  const keeper = fileKeeperOf(recordType)
  if (keeper) throw conflict(`This file is a ${keeper.singular.toLowerCase()}: change its name and type there, at ${apiPathOf(keeper)}/.`)
}

/** Both halves of a record reference, or neither: one alone is a 400 naming the missing one. */
export function pairOf(record: { record_type?: string; record_id?: string }) {
  if (record.record_type && !record.record_id) throw fieldError('record_id', 'Record is required when a record type is given.')
  if (record.record_id && !record.record_type) throw fieldError('record_type', 'Record type is required when a record is given.')
  return record.record_type && record.record_id ? { recordType: record.record_type, recordId: record.record_id } : null
}

/**
 * Checks that the record exists in the caller's company (400 naming `record_id` if not); a file
 * cannot be added to a record in a locked state (409: a finalized inspection report is evidence).
 */
export async function checkRecord(c: Context<AppEnv>, recordType: string, recordId: string, adding: 'note' | 'file' = 'note') {
  const resource = attachableResource(c.var.principal, recordType)
  const t = tenant(c)
  const table = resource.table
  const state = resource.states ? (table as unknown as Record<string, AnyPgColumn>)[resource.states.field] : undefined
  const [found] = await t.db
    .select({ id: table.id, ...(state ? { [resource.states!.field]: state } : {}) })
    .from(table)
    .where(t.where(table, eq(table.id, recordId), resource.scope))
  if (!found) throw fieldError('record_id', `No such ${resource.singular.toLowerCase()} in your company.`)
  if (adding === 'file') checkNotLocked(resource, found, 'takes no new files')
  return resource
}

/** A stored attachment may be read only by someone who may see its record. */
export function checkReadable(principal: Principal, recordType: string | null) {
  if (!recordType) return
  const resource = resourceNamed(recordType)
  if (resource && !mayUse(principal, resource)) throw permissionError(resource)
}

/** Leaves out attachments of records whose resource the caller has no permission for. */
function visibleTo(principal: Principal, recordType: AnyPgColumn): SQL | undefined {
  const hidden = RESOURCES.filter((r) => !mayUse(principal, r)).map((r) => r.name)
  if (!hidden.length) return undefined
  return or(isNull(recordType), notInArray(recordType, hidden))
}

/**
 * The conditions every attachment list starts with: only what the caller may
 * see, narrowed to one kind of record or one record when the query says so.
 */
export function recordConditions(principal: Principal, table: { recordType: AnyPgColumn; recordId: AnyPgColumn }, query: { record_type?: string; record_id?: string }) {
  if (query.record_type) attachableResource(principal, query.record_type)
  return [
    visibleTo(principal, table.recordType),
    query.record_type ? eq(table.recordType, query.record_type) : undefined,
    query.record_id ? eq(table.recordId, query.record_id) : undefined,
  ]
}
