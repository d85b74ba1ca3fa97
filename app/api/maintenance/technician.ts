import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, sql } from 'drizzle-orm'
import { photos } from '~/db/schema'
import { WORK_ORDER_STAGES } from '~/domain/maintenance/work-orders'
import {
  addComment,
  addWorkLog,
  addWorkOrder,
  assignedWorkOrder,
  changeStatus,
  clockIn,
  clockOut,
  photoOutput,
  technicianTimeEntries,
  technicianTimeEntry,
  technicianWorkOrder,
  technicianWorkOrders,
  WHEN_CHOICES,
  workOrderChoices,
  workOrderPhoto,
} from '~/maintenance/technician.server'
import { binaryResponse, fileInput, PHOTO_UPLOADS, receiveUpload, sendStored, uploadLimit } from '../attachments/uploads'
import { PhaseInput } from '../attachments/photos'
import { createRouter } from '../create-app'
import { ApiError } from '../errors'
import { requireUserType } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { publicOrigin } from '../origin'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'

/*
 * The technician's own operations (issue 15 item 4, ADR 024): their assigned work orders, what they
 * do on them, and their time. Gated by user type; the rules and the scope are in
 * ~/maintenance/technician.server, and every write goes through the work order definitions.
 */

const tags = ['Technician']
const technicianOnly = signedIn(requireUserType('maintenance_technician'))

const Money = (description: string) => z.string().openapi({ description, example: '85.00' })
const Decimal = z.union([z.string(), z.number()])
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const TechnicianWorkOrderItem = z
  .object({
    id: z.string(),
    subject: z.string(),
    where: z.string().openapi({ description: 'The unit (or the property) and the location, on one line' }),
    priority: z.string(),
    stage: z.string(),
    stage_label: z.string(),
    status_label: z.string(),
    scheduled_date: z.string().nullable(),
    scheduled_time: z.string().nullable(),
    due_date: z.string().nullable(),
    today: z.boolean().openapi({ description: 'Its visit is today, or it is due today (company clock)' }),
  })
  .openapi('TechnicianWorkOrderItem')

export const TechnicianWorkOrderList = z
  .object({ today: z.string().openapi({ description: 'Today on the company’s clock' }), count: z.number().int(), results: z.array(TechnicianWorkOrderItem) })
  .openapi('TechnicianWorkOrderList')

const TechnicianWorkOrderQuery = z.object({
  when: z.preprocess(blankToUndefined, z.enum(WHEN_CHOICES).default('open')).openapi({ description: 'today: a visit today or due today; open: not closed or canceled (the default); all' }),
  stage: z.preprocess(blankToUndefined, z.enum(WORK_ORDER_STAGES.map((s) => s.value) as [string, ...string[]]).optional()).openapi({ description: 'Only those on this stage' }),
})

const StatusChoice = z.object({ id: z.string(), name: z.string(), stage: z.string(), stage_label: z.string() })

export const TechnicianWorkOrderDetail = z
  .object({
    work_order: z.record(z.string(), z.unknown()).openapi({ description: 'The work order as `GET /api/work-orders/{id}/` answers it: access notes, schedule and targets among its fields' }),
    comments: z.array(
      z.object({ id: z.string(), body: z.string(), visible_to_resident: z.boolean(), author_name: z.string(), mine: z.boolean(), written: z.string(), created_at: z.string() }),
    ),
    work_logs: z.array(
      z.object({
        id: z.string(),
        work_date: z.string(),
        technician: z.string().nullable(),
        hours: z.string(),
        hourly_rate: Money('The rate the hours are priced at'),
        labour_amount: Money('Hours × rate'),
        materials_amount: Money('The materials’ total'),
        description: z.string().nullable(),
        materials: z.array(z.object({ description: z.string(), quantity: z.string(), unit_cost: z.string(), amount: z.string() })),
      }),
    ),
    photos: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        caption: z.string().nullable(),
        phase: z.string().nullable().openapi({ description: 'BEFORE or AFTER the work; null when not said' }),
        content_type: z.string(),
        size_bytes: z.number().int(),
        created_at: z.string(),
        download_url: z.string(),
      }),
    ),
    statuses: z.array(StatusChoice).openapi({ description: 'The statuses the technician may choose now (on Scheduled, In progress, On hold or Work done)' }),
    closed: z.boolean().openapi({ description: 'Closed or canceled: nothing more is added' }),
    today: z.string().openapi({ description: 'Today on the company’s clock (a work log’s latest date)' }),
  })
  .openapi('TechnicianWorkOrderDetail')

const NewTechnicianWorkOrder = z
  .object({
    subject: z.string(),
    description: z.string().nullable().optional(),
    property_group_id: z.string(),
    rental_unit_id: z.string().nullable().optional(),
    location: z.string().nullable().optional(),
    category_id: z.string().nullable().optional(),
    priority: z.string().openapi({ example: 'ROUTINE' }),
    permission_to_enter: z.boolean().optional(),
    entry_notes: z.string().nullable().optional(),
    pets_on_premises: z.boolean().optional(),
    resident_consent: z.boolean().optional(),
    scheduled_date: z.string().nullable().optional(),
    scheduled_time: z.string().nullable().optional(),
    due_date: z.string().nullable().optional(),
  })
  .openapi('NewTechnicianWorkOrder')

const ChangeStatus = z.object({ status_id: z.string().openapi({ description: 'A status on Scheduled, In progress, On hold or Work done' }) }).openapi('TechnicianChangeStatus')

const NewTechnicianWorkLog = z
  .object({
    work_date: z.string().openapi({ example: '2026-03-02' }),
    hours: Decimal.optional().openapi({ description: 'Time on the job, e.g. 1.5; priced at your hourly rate' }),
    description: z.string().nullable().optional(),
    materials: z
      .array(z.object({ description: z.string().optional(), quantity: Decimal.optional(), unit_cost: Decimal.optional() }))
      .max(100)
      .optional()
      .openapi({ description: 'The materials used: what, how many, at what unit cost' }),
  })
  .openapi('NewTechnicianWorkLog')

const NewTechnicianComment = z.object({ body: z.string(), visible_to_resident: z.boolean().optional().openapi({ description: 'Shown to the resident who reported it' }) }).openapi('NewTechnicianComment')

const NewTechnicianPhoto = z
  .object({ file: fileInput(PHOTO_UPLOADS), caption: z.preprocess(blankToUndefined, z.string().trim().max(500, 'Caption must be at most 500 characters.').optional()), phase: PhaseInput })
  .openapi('NewTechnicianPhoto')

export const TechnicianTimeEntry = z
  .object({
    id: z.string(),
    work_order_id: z.string().nullable(),
    work_order: z.string().nullable().openapi({ description: 'The work order’s subject' }),
    state: z.string().openapi({ description: 'OPEN while clocked in, CLOSED once clocked out' }),
    started_at: z.string(),
    ended_at: z.string().nullable(),
    started: z.string().openapi({ description: 'started_at on the company’s clock' }),
    ended: z.string().nullable(),
    hourly_rate: Money('The rate when the entry was made, kept as it was'),
    minutes: z.number().int().nullable(),
    amount: Money('minutes × rate').nullable(),
    notes: z.string().nullable(),
  })
  .openapi('TechnicianTimeEntry')

export const TechnicianTimeEntryList = z.object({ count: z.number().int(), open: TechnicianTimeEntry.nullable().openapi({ description: 'The entry they are clocked in on, if any' }), results: z.array(TechnicianTimeEntry) }).openapi('TechnicianTimeEntryList')

const NewTimeEntry = z
  .object({
    work_order_id: z.string().nullable().optional().openapi({ description: 'One of your work orders, or none' }),
    started_at: z.string().nullable().optional().openapi({ description: 'When the work started (ISO 8601); empty: now' }),
    ended_at: z.string().nullable().optional().openapi({ description: 'Given: a closed entry of time already worked; empty: clocked in until clock-out' }),
    notes: z.string().max(2000).nullable().optional(),
  })
  .openapi('NewTechnicianTimeEntry')

const ClockOut = z.object({ ended_at: z.string().nullable().optional().openapi({ description: 'When the work ended (ISO 8601); empty: now' }) }).openapi('TechnicianClockOut')

const PhotoParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  photoId: z.string().openapi({ param: { name: 'photoId', in: 'path' } }),
})

/** The engine names a work log's materials `lines`; the technician's API calls them `materials`, errors included. */
async function asMaterials<T>(work: () => Promise<T>) {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ApiError && error.errors) {
      const errors = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k.replace(/^lines\b/, 'materials'), v]))
      throw new ApiError(error.status, error.detail.replace(/\blines\b/g, 'materials'), errors)
    }
    throw error
  }
}

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/technician/work-orders',
    tags,
    summary: 'The work orders assigned to the signed-in technician: today’s, the open ones or all, optionally on one stage',
    ...technicianOnly,
    request: { query: TechnicianWorkOrderQuery },
    responses: { 200: jsonResponse(TechnicianWorkOrderList, 'Their work orders, soonest visit first'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    const query = c.req.valid('query')
    return c.json(await technicianWorkOrders(t.db, t.companyId, t.principal.userId, { when: query.when, stage: query.stage }), 200)
  },
)

const Choice = z.object({ id: z.string(), name: z.string() })
export const TechnicianWorkOrderChoices = z
  .object({ properties: z.array(Choice), units: z.array(Choice.extend({ property_group_id: z.string() })), categories: z.array(Choice) })
  .openapi('TechnicianWorkOrderChoices')

router.openapi(
  createRoute({
    method: 'get',
    path: '/technician/work-order-choices',
    tags,
    summary: 'What a technician picks from when adding a work order: the company’s properties, their units and the categories of work',
    ...technicianOnly,
    responses: { 200: jsonResponse(TechnicianWorkOrderChoices, 'The choices'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await workOrderChoices(t.db, t.companyId), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/technician/work-orders',
    tags,
    summary: 'Add a work order (found on site), assigned to the signed-in technician',
    ...technicianOnly,
    request: jsonBody(NewTechnicianWorkOrder, 'The work order, as `POST /api/work-orders/` takes it; it is assigned to you'),
    responses: { 201: jsonResponse(z.record(z.string(), z.unknown()), 'The work order as made'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await addWorkOrder(t.db, t.companyId, t.principal.userId, c.req.valid('json')), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/technician/work-orders/{id}',
    tags,
    summary: 'One of the technician’s work orders: access notes, schedule, every comment, work logs with materials, photos, and the statuses they may choose',
    ...technicianOnly,
    request: { params: IdParam },
    responses: { 200: jsonResponse(TechnicianWorkOrderDetail, 'The work order'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await technicianWorkOrder(t.db, t.companyId, t.principal.userId, c.req.valid('param').id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/technician/work-orders/{id}/change-status',
    tags,
    summary: 'Move one of the technician’s work orders to a status on Scheduled, In progress, On hold or Work done (the resident who reported it is e-mailed)',
    ...technicianOnly,
    request: { params: IdParam, ...jsonBody(ChangeStatus, 'The status') },
    responses: { 200: jsonResponse(z.record(z.string(), z.unknown()), 'The work order after the move'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await changeStatus(t.db, t.companyId, t.principal.userId, c.req.valid('param').id, c.req.valid('json').status_id, publicOrigin(c)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/technician/work-orders/{id}/work-logs',
    tags,
    summary: 'Log work on one of the technician’s work orders: hours (priced at their hourly rate), what was done and the materials used',
    ...technicianOnly,
    request: { params: IdParam, ...jsonBody(NewTechnicianWorkLog, 'The work log') },
    responses: { 201: jsonResponse(z.record(z.string(), z.unknown()), 'The work log as made'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    const { materials, ...body } = c.req.valid('json')
    const log = await asMaterials(() => addWorkLog(t.db, t.companyId, t.principal.userId, c.req.valid('param').id, { ...body, lines: materials ?? [] }))
    return c.json(log, 201)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/technician/work-orders/{id}/comments',
    tags,
    summary: 'Comment on one of the technician’s work orders, shown to the resident or kept internal',
    ...technicianOnly,
    request: { params: IdParam, ...jsonBody(NewTechnicianComment, 'The comment') },
    responses: { 201: jsonResponse(z.record(z.string(), z.unknown()), 'The comment as made'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await addComment(t.db, t.companyId, t.principal.userId, c.req.valid('param').id, c.req.valid('json')), 201)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/technician/work-orders/{id}/photos',
    tags,
    summary: 'Add a photo (from the phone’s camera) to one of the technician’s work orders (multipart/form-data)',
    ...signedIn(requireUserType('maintenance_technician'), uploadLimit(PHOTO_UPLOADS)),
    request: { params: IdParam, body: { required: true, content: { 'multipart/form-data': { schema: NewTechnicianPhoto } }, description: 'The image and its caption' } },
    responses: { 201: jsonResponse(TechnicianWorkOrderDetail.shape.photos.element, 'The photo as stored'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const id = c.req.valid('param').id
    const order = await assignedWorkOrder(t.db, t.companyId, t.principal.userId, id)
    const input = c.req.valid('form')
    // The store's one upload path (size limit, type read from the bytes); the record is the work order checked above.
    const afterTheOthers = sql<number>`(select coalesce(max(${photos.sortOrder}) + 1, 0) from ${photos} where ${t.where(photos, and(eq(photos.recordType, 'work-orders'), eq(photos.recordId, order.id)))})`
    const row = await receiveUpload(c, { file: input.file }, PHOTO_UPLOADS, async (stored, upload) => {
      const [created] = await t.db
        .insert(photos)
        .values({ ...stored, recordType: 'work-orders', recordId: order.id, name: upload.name || 'photo', caption: input.caption ?? null, phase: input.phase ?? null, sortOrder: afterTheOthers })
        .returning()
      return created
    })
    return c.json(photoOutput(id, row), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/technician/work-orders/{id}/photos/{photoId}/download',
    tags,
    summary: 'A photo of one of the technician’s work orders, to show',
    ...technicianOnly,
    request: { params: PhotoParams },
    responses: { 200: binaryResponse('The image, with its stored content type'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const { id, photoId } = c.req.valid('param')
    return sendStored(c, await workOrderPhoto(t.db, t.companyId, t.principal.userId, id, photoId), 'inline')
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/technician/time-tracking-entries',
    tags,
    summary: 'The signed-in technician’s time tracking entries, newest first, and the one they are clocked in on',
    ...technicianOnly,
    responses: { 200: jsonResponse(TechnicianTimeEntryList, 'Their entries'), ...errorResponses(401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await technicianTimeEntries(t.db, t.companyId, t.principal.userId), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/technician/time-tracking-entries',
    tags,
    summary: 'Clock in (against one of the technician’s work orders, or none), at their hourly rate as it is now; with an end, an entry of time already worked',
    ...technicianOnly,
    request: jsonBody(NewTimeEntry, 'The entry', { required: false }),
    responses: { 201: jsonResponse(TechnicianTimeEntry, 'The entry as made'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await clockIn(t.db, t.companyId, t.principal.userId, c.req.valid('json') ?? {}), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/technician/time-tracking-entries/{id}',
    tags,
    summary: 'One of the technician’s time tracking entries',
    ...technicianOnly,
    request: { params: IdParam },
    responses: { 200: jsonResponse(TechnicianTimeEntry, 'The entry'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await technicianTimeEntry(t.db, t.companyId, t.principal.userId, c.req.valid('param').id), 200)
  },
)

router.openapi(
  createRoute({
    method: 'post',
    path: '/technician/time-tracking-entries/{id}/clock-out',
    tags,
    summary: 'Clock out of one of the technician’s open entries: its minutes and amount at the rate it kept',
    ...technicianOnly,
    request: { params: IdParam, ...jsonBody(ClockOut, 'When it ended', { required: false }) },
    responses: { 200: jsonResponse(TechnicianTimeEntry, 'The entry, clocked out'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    return c.json(await clockOut(t.db, t.companyId, t.principal.userId, c.req.valid('param').id, c.req.valid('json') ?? {}), 200)
  },
)
