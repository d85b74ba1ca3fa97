import { createRoute, z } from '@hono/zod-openapi'
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { photos } from '~/db/schema'
import { PHOTO_PHASES, type PhotoPhase } from '~/domain/maintenance/work-orders'
import { createRouter } from '../create-app'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { resourceNamed } from '~/resources'
import { fieldError, notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'
import { blankToUndefined, checkReadable, checkRecord, optionalRecordFields, recordConditions, TAGS } from './records'
import { fileStore } from '~/utils/file-store.server'
import { binaryResponse, fileInput, PHOTO_UPLOADS, receiveUpload, sendStored, uploadLimit } from './uploads'

const PHASES = PHOTO_PHASES.map((p) => p.value) as [PhotoPhase, ...PhotoPhase[]]
/** A photo's phase as a form sends it: BEFORE, AFTER, or nothing. */
export const PhaseInput = z
  .preprocess(blankToUndefined, z.enum(PHASES, { error: `Phase must be one of: ${PHASES.join(', ')}.` }).optional())
  .openapi({ description: 'A work order’s photo: BEFORE or AFTER the work' })

export const Photo = z
  .object({
    id: z.uuid(),
    record_type: z.string().nullable(),
    record_id: z.uuid().nullable(),
    name: z.string().openapi({ description: 'The name of the uploaded file' }),
    caption: z.string().nullable(),
    phase: z.enum(PHASES).nullable().openapi({ description: 'A work order’s photo: taken BEFORE or AFTER the work; null when not said' }),
    line_id: z.uuid().nullable().openapi({ description: 'The line of its record it shows, where a record’s lines have photos of their own (an inspection report’s item)' }),
    sort_order: z.number().int().openapi({ description: 'Photos of a record show in this order, lowest first' }),
    content_type: z.string(),
    size_bytes: z.number().int(),
    sha256: z.string(),
    uploaded_by: z.uuid().nullable(),
    download_url: z.string().openapi({ example: '/api/photos/5b1f…/download/' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Photo')

export const NewPhoto = z
  .object({
    file: fileInput(PHOTO_UPLOADS),
    caption: z.preprocess(blankToUndefined, z.string().trim().max(500, 'Caption must be at most 500 characters.').optional()),
    phase: PhaseInput,
    line_id: z
      .preprocess(blankToUndefined, z.uuid({ error: 'Line must be an id.' }).optional())
      .openapi({ description: 'One of the record’s lines it shows (an inspection report’s item), where its lines have photos of their own' }),
    sort_order: z
      .preprocess(blankToUndefined, z.coerce.number({ error: 'Sort order must be a whole number.' }).int('Sort order must be a whole number.').min(0, 'Sort order cannot be negative.').optional())
      .openapi({ description: "Where it goes among the record's photos; after the others when left out" }),
    ...optionalRecordFields,
  })
  .openapi('NewPhoto')

const PhotoQuery = ListQuery.extend(optionalRecordFields)
const ORDERING = { sort_order: photos.sortOrder, created_at: photos.createdAt }

function serialize(row: typeof photos.$inferSelect) {
  return {
    id: row.id,
    record_type: row.recordType,
    record_id: row.recordId,
    name: row.name,
    caption: row.caption,
    phase: row.phase as PhotoPhase | null,
    line_id: row.lineId,
    sort_order: row.sortOrder,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    uploaded_by: row.uploadedBy,
    download_url: `/api/photos/${row.id}/download/`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A photo of one of a record's lines names a line of that record, of a resource whose lines have photos (400 at `line_id` otherwise). */
async function checkLine(t: ReturnType<typeof tenant>, input: { record_type?: string; record_id?: string; line_id?: string }) {
  if (!input.record_type || !input.record_id) throw fieldError('line_id', 'A line is one of a record’s: give the record too.')
  const lines = resourceNamed(input.record_type)?.lines
  if (!lines?.photos || !lines.table) throw fieldError('line_id', 'Photos of these records are not of their lines.')
  const table = lines.table as PgTable & Record<string, AnyPgColumn>
  const [line] = await t.db
    .select({ id: table.id })
    .from(table)
    .where(t.where(table as never, eq(table.id, input.line_id!), eq(table[lines.parentKey], input.record_id)))
  if (!line) throw fieldError('line_id', 'No such line of this record.')
}

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/photos',
    tags: TAGS,
    summary: 'Upload a photo, on its own or of a record (multipart/form-data)',
    ...signedIn(requireStaff(), uploadLimit(PHOTO_UPLOADS)),
    request: { body: { required: true, content: { 'multipart/form-data': { schema: NewPhoto } }, description: 'The image and its caption' } },
    responses: { 201: jsonResponse(Photo, 'The photo as stored'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const input = c.req.valid('form')
    const t = tenant(c)
    const row = await receiveUpload(c, input, PHOTO_UPLOADS, async (stored, upload) => {
      // Once its record is known to be the caller's: a line is one of that record's.
      if (input.line_id) await checkLine(t, input)
      const sameRecord = stored.recordType && stored.recordId ? and(eq(photos.recordType, stored.recordType), eq(photos.recordId, stored.recordId)) : isNull(photos.recordType)
      // After the record's other photos unless a place was asked for.
      const next = sql<number>`(select coalesce(max(${photos.sortOrder}) + 1, 0) from ${photos} where ${t.where(photos, sameRecord)})`
      const [created] = await t.db
        .insert(photos)
        .values({ ...stored, name: upload.name || 'photo', caption: input.caption ?? null, phase: input.phase ?? null, lineId: input.line_id ?? null, sortOrder: input.sort_order ?? next })
        .returning()
      return created
    })
    return c.json(serialize(row), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/photos',
    tags: TAGS,
    summary: "A record's photos (or all photos), in their order",
    ...signedIn(requireStaff()),
    request: { query: PhotoQuery },
    responses: { 200: jsonResponse(pageOf(Photo, 'PhotoPage'), 'A page of photos'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const where = t.where(photos, ...recordConditions(t.principal, photos, query))
    const [total] = await t.db.select({ n: count() }).from(photos).where(where)
    const rows = await t.db
      .select()
      .from(photos)
      .where(where)
      .orderBy(...orderBy(query.ordering, ORDERING, 'sort_order,created_at'), photos.id)
      .limit(query.page_size)
      .offset(offsetOf(query))
    return c.json(page(c, query, total.n, rows.map(serialize)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/photos/{id}/download',
    tags: TAGS,
    summary: 'The image itself, to show in a page',
    ...signedIn(requireStaff()),
    request: { params: IdParam },
    responses: { 200: binaryResponse('The image, with its stored content type'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => sendStored(c, await readablePhoto(c, c.req.valid('param').id), 'inline'),
)

export const PhotoChange = z
  .object({
    caption: z.string().trim().max(500, 'Caption must be at most 500 characters.').nullable().optional(),
    sort_order: z
      .number({ error: 'Sort order must be a whole number.' })
      .int('Sort order must be a whole number.')
      .min(0, 'Sort order cannot be negative.')
      .optional()
      .openapi({ description: "Its place among its record's photos, the first 0: the others move up or down to make room" }),
  })
  .openapi('PhotoChange')

/** A photo of the caller's company whose record they may see: 404 for any other id. */
async function readablePhoto(c: Parameters<typeof tenant>[0], id: string) {
  if (!z.uuid().safeParse(id).success) throw notFound('No such photo.')
  const t = tenant(c)
  const [photo] = await t.db.select().from(photos).where(t.where(photos, eq(photos.id, id)))
  if (!photo) throw notFound('No such photo.')
  checkReadable(t.principal, photo.recordType)
  return photo
}

/** A photo of the caller's company, which they may change: its record's own permission, and not a record locked against new files. */
async function changeablePhoto(c: Parameters<typeof tenant>[0], id: string) {
  const photo = await readablePhoto(c, id)
  if (photo.recordType && photo.recordId) await checkRecord(c, photo.recordType, photo.recordId, 'file')
  return photo
}

router.openapi(
  createRoute({
    method: 'put',
    path: '/photos/{id}',
    tags: TAGS,
    summary: 'Change a photo’s caption or its place among its record’s photos (a listing’s first photo leads its page): only the fields sent change',
    ...signedIn(requireStaff()),
    request: { params: IdParam, ...jsonBody(PhotoChange, 'The fields to change') },
    responses: { 200: jsonResponse(Photo, 'The photo as stored'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const photo = await changeablePhoto(c, c.req.valid('param').id)
    const change = c.req.valid('json')
    await t.db.transaction(async (tx) => {
      if (change.caption !== undefined) await tx.update(photos).set({ caption: change.caption || null, updatedAt: new Date() }).where(t.where(photos, eq(photos.id, photo.id)))
      if (change.sort_order === undefined) return
      // The record's photos numbered again from 0, this one at its new place.
      const sameRecord = photo.recordType && photo.recordId ? and(eq(photos.recordType, photo.recordType), eq(photos.recordId, photo.recordId)) : isNull(photos.recordType)
      const siblings = await tx.select({ id: photos.id }).from(photos).where(t.where(photos, sameRecord)).orderBy(photos.sortOrder, photos.createdAt, photos.id).for('update')
      const order = siblings.map((s) => s.id).filter((id) => id !== photo.id)
      order.splice(Math.min(change.sort_order, order.length), 0, photo.id)
      // One statement for the whole record: each photo takes its place in `order` (only those that move change).
      await tx.execute(sql`
        update ${photos} set sort_order = placed.place - 1, updated_at = now()
        from unnest(${sql.param(order)}::uuid[]) with ordinality as placed(id, place)
        where ${photos.companyId} = ${t.companyId} and ${photos.id} = placed.id and (${photos.sortOrder} <> placed.place - 1 or ${photos.id} = ${photo.id})`)
    })
    const [stored] = await t.db.select().from(photos).where(t.where(photos, eq(photos.id, photo.id)))
    return c.json(serialize(stored!), 200)
  },
)

router.openapi(
  createRoute({
    method: 'delete',
    path: '/photos/{id}',
    tags: TAGS,
    summary: 'Remove a photo (a listing’s wrong picture): its bytes go too',
    ...signedIn(requireStaff()),
    request: { params: IdParam },
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const photo = await changeablePhoto(c, c.req.valid('param').id)
    await t.db.delete(photos).where(t.where(photos, eq(photos.id, photo.id)))
    await fileStore()
      .delete(photo.storageKey)
      .catch(() => {})
    return c.body(null, 204)
  },
)
