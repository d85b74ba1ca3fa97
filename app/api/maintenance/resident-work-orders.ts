import { createRoute, z } from '@hono/zod-openapi'
import { photos } from '~/db/schema'
import { MAX_REPORT_PHOTOS, RESIDENT_PRIORITIES } from '~/domain/maintenance/resident-work-orders'
import { commentAsResident, reportWorkOrder, residentWorkOrder, residentWorkOrderPhoto, residentWorkOrders } from '~/maintenance/resident-work-orders.server'
import { fileStore } from '~/utils/file-store.server'
import { blankToUndefined } from '../attachments/records'
import { bodyLimit } from 'hono/body-limit'
import { formatBytes } from '~/utils/file-types'
import { binaryResponse, fileInput, PHOTO_UPLOADS, receiveUpload, sendStored } from '../attachments/uploads'
import { createRouter } from '../create-app'
import { ApiError, fieldError } from '../errors'
import { requireUserType } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'

/*
 * A resident's work orders in the resident center (issue 15 item 3, ADR 024): they report one on a
 * unit of a lease in force, with photos, follow those they reported and comment on them. Only their
 * own: any other id is not found. The rules live in ~/maintenance/resident-work-orders.server, and
 * every write is the work order definitions' own create.
 */

const tags = ['Resident center']
const residentOnly = signedIn(requireUserType('resident'))

const ResidentWorkOrderItem = z
  .object({
    id: z.string(),
    subject: z.string(),
    unit: z.string().openapi({ description: 'The unit, as every page names it: "102 · Bronson Court"' }),
    location: z.string().nullable().openapi({ description: 'Where in the unit' }),
    category: z.string().nullable(),
    status_label: z.string().openapi({ description: 'Where it stands, by the company’s name for its status' }),
    stage: z.string().openapi({ description: 'The fixed stage its status is on (NEW … CLOSED, CANCELED)' }),
    stage_label: z.string(),
    priority: z.string(),
    priority_label: z.string(),
    created_at: z.string(),
    created: z.string().openapi({ description: 'created_at on the company’s clock' }),
    scheduled_at: z.string().nullable().openapi({ description: 'The technician’s visit, once scheduled (ISO 8601)' }),
    scheduled_visit: z.string().nullable().openapi({ description: 'scheduled_at on the company’s clock' }),
    updated_at: z.string(),
    updated: z.string(),
  })
  .openapi('ResidentWorkOrderItem')

export const ResidentWorkOrders = z
  .object({
    results: z.array(ResidentWorkOrderItem).openapi({ description: 'The work orders the resident reported, newest first' }),
    leases: z.array(z.object({ id: z.string(), label: z.string(), unit: z.string() })).openapi({ description: 'Their leases in force: the units they may report work on' }),
    categories: z.array(z.object({ id: z.string(), name: z.string() })).openapi({ description: 'The kinds of work a report may be filed under' }),
  })
  .openapi('ResidentWorkOrders')

export const ResidentWorkOrder = ResidentWorkOrderItem.extend({
  description: z.string().nullable(),
  permission_to_enter: z.boolean(),
  entry_notes: z.string().nullable(),
  pets_on_premises: z.boolean(),
  comments: z
    .array(z.object({ id: z.string(), author_name: z.string(), body: z.string(), written_at: z.string(), written: z.string() }))
    .openapi({ description: 'The comments shared with the resident, oldest first' }),
  photos: z.array(z.object({ id: z.string(), name: z.string(), caption: z.string().nullable(), phase: z.string().nullable().openapi({ description: 'BEFORE or AFTER the work; null when not said' }), download_url: z.string() })),
  history: z.array(z.object({ status_label: z.string(), at: z.string(), when: z.string() })).openapi({ description: 'Where it has been, oldest first' }),
}).openapi('ResidentWorkOrder')

const optionalText = (max: number, label: string) => z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional())
// A checkbox sends "on" when ticked and nothing when not; API clients may send true/false.
const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()).openapi({ type: 'boolean' })
// A file input left empty still sends a nameless, empty part: it is no photo.
const chosenFiles = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== '' && !(v instanceof File && v.size === 0 && !v.name))

export const NewResidentWorkOrder = z
  .object({
    lease_id: z.string({ error: 'Choose the lease (unit) the work is for.' }).trim().min(1, 'Choose the lease (unit) the work is for.').openapi({ description: 'One of their leases in force' }),
    subject: z.string({ error: 'Say what needs fixing.' }).trim().min(1, 'Say what needs fixing.').max(200, 'Subject must be at most 200 characters.'),
    description: optionalText(5000, 'Description'),
    location: optionalText(200, 'Where in the unit'),
    category_id: z.preprocess(blankToUndefined, z.string().trim().optional()),
    priority: z.preprocess(blankToUndefined, z.enum(RESIDENT_PRIORITIES.map((p) => p.value), { error: 'Choose Routine, Urgent or Emergency.' }).default('ROUTINE')),
    permission_to_enter: checkbox,
    entry_notes: optionalText(2000, 'Entry notes'),
    pets_on_premises: checkbox,
    photos: z
      .preprocess(chosenFiles, z.array(fileInput(PHOTO_UPLOADS)).max(MAX_REPORT_PHOTOS, `At most ${MAX_REPORT_PHOTOS} photos.`))
      .openapi({ type: 'array', items: { type: 'string', format: 'binary' }, description: `Up to ${MAX_REPORT_PHOTOS} photos, each a repeated \`photos\` part` }),
  })
  .openapi('NewResidentWorkOrder')

export const NewResidentComment = z
  .object({ body: z.string({ error: 'Write your comment.' }).trim().min(1, 'Write your comment.').max(5000, 'A comment must be at most 5000 characters.') })
  .openapi('NewResidentComment')

/** A report's body may carry its photos at their full size, and little else: larger is refused before it is read, at `photos`. */
const REPORT_MAX_BYTES = PHOTO_UPLOADS.maxBytes * MAX_REPORT_PHOTOS
const reportLimit = bodyLimit({
  maxSize: REPORT_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw fieldError('photos', `The photos together are larger than ${formatBytes(REPORT_MAX_BYTES)}: send fewer or smaller ones.`)
  },
})

const PhotoParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  photoId: z.string().openapi({ param: { name: 'photoId', in: 'path' } }),
})

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/work-orders',
    tags,
    summary: 'The work orders the signed-in resident reported, newest first, and the leases and categories they may report new work under',
    ...residentOnly,
    responses: { 200: jsonResponse(ResidentWorkOrders, 'Their work orders'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await residentWorkOrders(t.db, t.companyId, t.principal.userId), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/resident-center/work-orders',
    tags,
    summary: 'Report a work order on the unit of one of the signed-in resident’s leases in force, with up to 5 photos (multipart/form-data)',
    ...signedIn(requireUserType('resident'), reportLimit),
    request: { body: { required: true, content: { 'multipart/form-data': { schema: NewResidentWorkOrder } }, description: 'What needs fixing, where, and its photos' } },
    responses: { 201: jsonResponse(ResidentWorkOrder, 'The work order as reported'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { lease_id, photos: files, ...values } = c.req.valid('form')
    const t = tenant(c)
    const kept: string[] = []
    try {
      // One transaction: a photo refused leaves no work order, and no photo without one.
      const id = await t.db.transaction(async (tx) => {
        const workOrderId = await reportWorkOrder(tx, t.companyId, t.principal.userId, lease_id, values)
        for (const [position, file] of files.entries()) {
          await receiveUpload(c, { file }, PHOTO_UPLOADS, async (stored, upload) => {
            kept.push(stored.storageKey)
            // What the resident shows is what is wrong: before the work.
            await tx.insert(photos).values({ ...stored, recordType: 'work-orders', recordId: workOrderId, name: upload.name || 'photo', phase: 'BEFORE', sortOrder: position })
          }).catch((error: unknown) => {
            // The upload names its one field `file`; here the photos come as `photos`.
            if (error instanceof ApiError && error.errors?.file) throw new ApiError(400, `Photo ${position + 1}: ${error.detail}`, { photos: error.errors.file })
            throw error
          })
        }
        return workOrderId
      })
      return c.json(await residentWorkOrder(t.db, t.companyId, t.principal.userId, id), 201)
    } catch (error) {
      // The rows rolled back; the bytes already stored go too.
      await Promise.all(kept.map((key) => fileStore().delete(key).catch(() => {})))
      throw error
    }
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/work-orders/{id}',
    tags,
    summary: 'One of the signed-in resident’s work orders: what they reported, the comments shared with them, its photos and where it has been',
    ...residentOnly,
    request: { params: IdParam },
    responses: { 200: jsonResponse(ResidentWorkOrder, 'The work order'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await residentWorkOrder(t.db, t.companyId, t.principal.userId, c.req.valid('param').id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/resident-center/work-orders/{id}/comments',
    tags,
    summary: 'Comment on one of the signed-in resident’s work orders (shown to the office, signed with the resident’s name); a closed or canceled one refuses (409)',
    ...residentOnly,
    request: { params: IdParam, ...jsonBody(NewResidentComment, 'The comment') },
    responses: { 201: jsonResponse(ResidentWorkOrder, 'The work order with the comment'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const id = c.req.valid('param').id
    await commentAsResident(t.db, t.companyId, t.principal.userId, id, c.req.valid('json').body)
    return c.json(await residentWorkOrder(t.db, t.companyId, t.principal.userId, id), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/resident-center/work-orders/{id}/photos/{photoId}/download',
    tags,
    summary: 'A photo of one of the signed-in resident’s work orders, to show in a page',
    ...residentOnly,
    request: { params: PhotoParams },
    responses: { 200: binaryResponse('The image, with its stored content type'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const { id, photoId } = c.req.valid('param')
    return sendStored(c, await residentWorkOrderPhoto(t.db, t.companyId, t.principal.userId, id, photoId), 'inline')
  },
)
