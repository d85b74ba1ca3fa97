import { createRoute, z } from '@hono/zod-openapi'
import { count, eq, ilike, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { documents, users } from '~/db/schema'
import { DOCUMENT_TYPES, valuesOf } from '~/domain/reference-data'
import { createRouter } from '../create-app'
import type { AppEnv } from '../context'
import { notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { containsPattern, ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { IdParam } from '../platform/schemas'
import { tenant } from '../tenant'
import { blankToUndefined, checkChangeable, checkNotKept, checkReadable, optionalRecordFields, recordConditions, TAGS, userName } from './records'
import { binaryResponse, DOCUMENT_UPLOADS, fileInput, receiveUpload, sendStored, uploadLimit } from './uploads'

const DocumentType = z.enum(valuesOf(DOCUMENT_TYPES), { error: `Document type must be one of: ${DOCUMENT_TYPES.map((t) => t.value).join(', ')}.` }).openapi({
  description: 'One of `GET /api/document-types/`',
})
const Name = z.string({ error: 'Name must be text.' }).trim().min(1, 'Name is required.').max(200, 'Name must be at most 200 characters.')

export const Document = z
  .object({
    id: z.uuid(),
    record_type: z.string().nullable().openapi({ description: 'The resource of the record it is attached to; null for a document on its own' }),
    record_id: z.uuid().nullable(),
    name: z.string(),
    document_type: DocumentType,
    content_type: z.string().openapi({ description: 'Read from the file itself when it was uploaded' }),
    size_bytes: z.number().int(),
    sha256: z.string().openapi({ description: 'Hex SHA-256 of the bytes' }),
    uploaded_by: z.uuid().nullable().openapi({ description: 'Null: sent by someone without an account (an applicant, on the public application form)' }),
    uploaded_by_name: z.string(),
    download_url: z.string().openapi({ example: '/api/documents/5b1f…/download/' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Document')

export const NewDocument = z
  .object({
    file: fileInput(DOCUMENT_UPLOADS),
    name: z.preprocess(blankToUndefined, Name.optional()).openapi({ description: "What to call it; the file's name when left out" }),
    document_type: DocumentType,
    ...optionalRecordFields,
  })
  .openapi('NewDocument')

const DocumentChange = z.object({ name: Name.optional(), document_type: DocumentType.optional() }).strict().openapi('DocumentChange')

const DocumentQuery = ListQuery.extend({
  ...optionalRecordFields,
  document_type: z.preprocess(blankToUndefined, DocumentType.optional()),
})

const ORDERING = { name: documents.name, document_type: documents.documentType, size_bytes: documents.sizeBytes, created_at: documents.createdAt, updated_at: documents.updatedAt }


/** Who uploaded it: a user, or an applicant without an account (on the public application form). */
const uploaderName = sql<string>`case when ${users.id} is null then 'Applicant, on the public form' else ${userName} end`

function serialize(row: typeof documents.$inferSelect, uploader: string) {
  return {
    id: row.id,
    record_type: row.recordType,
    record_id: row.recordId,
    name: row.name,
    document_type: row.documentType as z.infer<typeof DocumentType>,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    uploaded_by: row.uploadedBy,
    uploaded_by_name: uploader,
    download_url: `/api/documents/${row.id}/download/`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

async function findDocument(c: Context<AppEnv>, id: string) {
  if (!z.uuid().safeParse(id).success) throw notFound('No such document.')
  const t = tenant(c)
  const [found] = await t.db
    .select({ document: documents, uploader: uploaderName })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .where(t.where(documents, eq(documents.id, id)))
  if (!found) throw notFound('No such document.')
  checkReadable(c.var.principal, found.document.recordType)
  return found
}

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/documents',
    tags: TAGS,
    summary: 'Upload a document, on its own or attached to a record (multipart/form-data)',
    ...signedIn(requireStaff(), uploadLimit(DOCUMENT_UPLOADS)),
    request: { body: { required: true, content: { 'multipart/form-data': { schema: NewDocument } }, description: 'The file and what it is' } },
    responses: { 201: jsonResponse(Document, 'The document as stored'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const input = c.req.valid('form')
    checkNotKept(input.record_type)
    const t = tenant(c)
    const row = await receiveUpload(c, input, DOCUMENT_UPLOADS, async (stored, upload) => {
      const [created] = await t.db
        .insert(documents)
        .values({ ...stored, name: input.name ?? (upload.name || 'Untitled document'), documentType: input.document_type })
        .returning()
      return created
    })
    const { uploader } = await findDocument(c, row.id)
    return c.json(serialize(row, uploader), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/documents',
    tags: TAGS,
    summary: "A record's documents (or all documents), newest first: search by name, filter, order and page",
    ...signedIn(requireStaff()),
    request: { query: DocumentQuery },
    responses: { 200: jsonResponse(pageOf(Document, 'DocumentPage'), 'A page of documents'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const term = containsPattern(query.search)
    const where = t.where(
      documents,
      ...recordConditions(t.principal, documents, query),
      query.document_type ? eq(documents.documentType, query.document_type) : undefined,
      term ? ilike(documents.name, term) : undefined,
    )
    const [total] = await t.db.select({ n: count() }).from(documents).where(where)
    const rows = await t.db
      .select({ document: documents, uploader: uploaderName })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(where)
      .orderBy(...orderBy(query.ordering, ORDERING, '-created_at'), documents.id)
      .limit(query.page_size)
      .offset(offsetOf(query))
    return c.json(page(c, query, total.n, rows.map((r) => serialize(r.document, r.uploader))), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/documents/{id}',
    tags: TAGS,
    summary: "One document's details (the bytes are at `download/`)",
    ...signedIn(requireStaff()),
    request: { params: IdParam },
    responses: { 200: jsonResponse(Document, 'The document'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const found = await findDocument(c, c.req.valid('param').id)
    return c.json(serialize(found.document, found.uploader), 200)
  },
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/documents/{id}',
    tags: TAGS,
    summary: 'Rename a document or change its type: only the fields sent change',
    ...signedIn(requireStaff()),
    request: { params: IdParam, ...jsonBody(DocumentChange, 'The fields to change') },
    responses: { 200: jsonResponse(Document, 'The document as stored'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const { document } = await findDocument(c, c.req.valid('param').id)
    checkChangeable(document.recordType)
    const change = c.req.valid('json')
    await t.db
      .update(documents)
      .set({ name: change.name, documentType: change.document_type, updatedAt: new Date() })
      .where(t.where(documents, eq(documents.id, document.id)))
    const found = await findDocument(c, document.id)
    return c.json(serialize(found.document, found.uploader), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/documents/{id}/download',
    tags: TAGS,
    summary: 'The bytes of a document, as a download under its name',
    ...signedIn(requireStaff()),
    request: { params: IdParam },
    responses: { 200: binaryResponse('The file, with its stored content type'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { document } = await findDocument(c, c.req.valid('param').id)
    return sendStored(c, document, 'attachment')
  },
)
