import { createRoute, z } from '@hono/zod-openapi'
import { count, eq, ilike } from 'drizzle-orm'
import type { Context } from 'hono'
import { notes, users } from '~/db/schema'
import { createRouter } from '../create-app'
import type { AppEnv } from '../context'
import { forbidden, notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn } from '../openapi'
import { containsPattern, ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { IdParam } from '../platform/schemas'
import { checkReadable, checkRecord, optionalRecordFields, RecordId, RecordType, recordConditions, TAGS, userName } from './records'

const Body = z
  .string({ error: 'Note is required.' })
  .trim()
  .min(1, 'Note is required.')
  .max(10_000, 'Note must be at most 10000 characters.')
  .openapi({ description: 'The text of the note' })

export const Note = z
  .object({
    id: z.uuid(),
    record_type: z.string(),
    record_id: z.uuid(),
    body: z.string(),
    author_id: z.uuid(),
    author_name: z.string().openapi({ description: "The author's name as it is now" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Note')

export const NewNote = z.object({ record_type: RecordType, record_id: RecordId, body: Body }).strict().openapi('NewNote')
const NoteChange = z.object({ body: Body }).strict().openapi('NoteChange')
const NoteQuery = ListQuery.extend(optionalRecordFields)

const ORDERING = { created_at: notes.createdAt, updated_at: notes.updatedAt }


function serialize(row: typeof notes.$inferSelect, author: string) {
  return {
    id: row.id,
    record_type: row.recordType,
    record_id: row.recordId,
    body: row.body,
    author_id: row.authorId,
    author_name: author,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

async function findNote(c: Context<AppEnv>, id: string) {
  if (!z.uuid().safeParse(id).success) throw notFound('No such note.')
  const t = tenant(c)
  const [found] = await t.db
    .select({ note: notes, author: userName })
    .from(notes)
    .innerJoin(users, eq(users.id, notes.authorId))
    .where(t.where(notes, eq(notes.id, id)))
  if (!found) throw notFound('No such note.')
  checkReadable(c.var.principal, found.note.recordType)
  return found
}

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/notes',
    tags: TAGS,
    summary: 'Add a note to a record',
    ...signedIn(requireStaff()),
    request: jsonBody(NewNote, 'The note and the record it is about'),
    responses: { 201: jsonResponse(Note, 'The note as stored'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const input = c.req.valid('json')
    await checkRecord(c, input.record_type, input.record_id)
    const t = tenant(c)
    const [row] = await t.db
      .insert(notes)
      .values({ companyId: t.companyId, recordType: input.record_type, recordId: input.record_id, body: input.body, authorId: t.principal.userId })
      .returning()
    const { author } = await findNote(c, row.id)
    return c.json(serialize(row, author), 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/notes',
    tags: TAGS,
    summary: "A record's notes (or all notes), newest first: search, order and page",
    ...signedIn(requireStaff()),
    request: { query: NoteQuery },
    responses: { 200: jsonResponse(pageOf(Note, 'NotePage'), 'A page of notes'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const term = containsPattern(query.search)
    const where = t.where(notes, ...recordConditions(t.principal, notes, query), term ? ilike(notes.body, term) : undefined)
    const [total] = await t.db.select({ n: count() }).from(notes).where(where)
    const rows = await t.db
      .select({ note: notes, author: userName })
      .from(notes)
      .innerJoin(users, eq(users.id, notes.authorId))
      .where(where)
      .orderBy(...orderBy(query.ordering, ORDERING, '-created_at'), notes.id)
      .limit(query.page_size)
      .offset(offsetOf(query))
    return c.json(page(c, query, total.n, rows.map((r) => serialize(r.note, r.author))), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/notes/{id}',
    tags: TAGS,
    summary: 'One note',
    ...signedIn(requireStaff()),
    request: { params: IdParam },
    responses: { 200: jsonResponse(Note, 'The note'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const found = await findNote(c, c.req.valid('param').id)
    return c.json(serialize(found.note, found.author), 200)
  },
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/notes/{id}',
    tags: TAGS,
    summary: 'Reword a note (its author, or a company admin)',
    ...signedIn(requireStaff()),
    request: { params: IdParam, ...jsonBody(NoteChange, 'The new text') },
    responses: { 200: jsonResponse(Note, 'The note as stored'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const t = tenant(c)
    const { note } = await findNote(c, c.req.valid('param').id)
    if (note.authorId !== t.principal.userId && !t.principal.isCompanyAdmin) throw forbidden('Only the author of a note or a company admin can change it.')
    await t.db
      .update(notes)
      .set({ body: c.req.valid('json').body, updatedAt: new Date() })
      .where(t.where(notes, eq(notes.id, note.id)))
    const found = await findNote(c, note.id)
    return c.json(serialize(found.note, found.author), 200)
  },
)
