import { createRoute, z } from '@hono/zod-openapi'
import { count, eq, ilike, or } from 'drizzle-orm'
import { emailMessages, emailStatuses } from '~/db/schema'
import { createRouter } from '../create-app'
import { notFound } from '../errors'
import { requireStaff } from '../middleware/auth'
import { errorResponses, jsonResponse, signedIn } from '../openapi'
import { containsPattern, ListQuery, offsetOf, orderBy, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { IdParam } from './schemas'

export const EmailMessage = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    category: z.string(),
    redacted: z.boolean().openapi({ description: 'The message carried a private link (a password reset, an invitation); this copy has it removed, since it went only to its recipient' }),
    status: z.enum(emailStatuses).openapi({ description: '`stored` when no SMTP server is configured' }),
    error: z.string().nullable(),
    sent_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('EmailMessage')
export const EmailMessageDetail = EmailMessage.extend({ text_body: z.string(), html_body: z.string().nullable() }).openapi('EmailMessageDetail')

type Row = typeof emailMessages.$inferSelect
const serialize = (row: Row) => ({
  id: row.id,
  to: row.toAddress,
  subject: row.subject,
  category: row.category,
  redacted: row.redacted,
  status: row.status,
  error: row.error,
  sent_at: row.sentAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
})

const EmailQuery = ListQuery.extend({ status: z.enum(emailStatuses, { error: 'Status must be stored, sent or failed.' }).optional() })
const ORDERING = { created_at: emailMessages.createdAt, to: emailMessages.toAddress, subject: emailMessages.subject, status: emailMessages.status }

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'get',
    path: '/email-messages',
    tags: ['Communications'],
    summary: 'Every e-mail Lintel sent or kept for your company, newest first',
    ...signedIn(requireStaff('communications')),
    request: { query: EmailQuery },
    responses: { 200: jsonResponse(pageOf(EmailMessage, 'EmailMessagePage'), 'A page of messages'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = tenant(c)
    const term = containsPattern(query.search)
    const where = t.where(
      emailMessages,
      term ? or(ilike(emailMessages.toAddress, term), ilike(emailMessages.subject, term)) : undefined,
      query.status ? eq(emailMessages.status, query.status) : undefined,
    )
    const [total] = await t.db.select({ n: count() }).from(emailMessages).where(where)
    const rows = await t.db
      .select()
      .from(emailMessages)
      .where(where)
      .orderBy(...orderBy(query.ordering, ORDERING, '-created_at'), emailMessages.id)
      .limit(query.page_size)
      .offset(offsetOf(query))
    return c.json(page(c, query, total.n, rows.map(serialize)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/email-messages/{id}',
    tags: ['Communications'],
    summary: 'One e-mail with its body',
    ...signedIn(requireStaff('communications')),
    request: { params: IdParam },
    responses: { 200: jsonResponse(EmailMessageDetail, 'The message'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const id = c.req.valid('param').id
    if (!z.uuid().safeParse(id).success) throw notFound('No such e-mail message.')
    const t = tenant(c)
    const [row] = await t.db.select().from(emailMessages).where(t.where(emailMessages, eq(emailMessages.id, id)))
    if (!row) throw notFound('No such e-mail message.')
    return c.json({ ...serialize(row), text_body: row.textBody, html_body: row.htmlBody }, 200)
  },
)
