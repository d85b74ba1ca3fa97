import { createRoute, z } from '@hono/zod-openapi'
import { count, desc, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { apiKeys } from '~/db/schema'
import { randomToken, sha256 } from '~/utils/crypto.server'
import type { AppEnv } from '../context'
import { createRouter } from '../create-app'
import { fieldError, notFound } from '../errors'
import { API_KEY_PREFIX, requireStaff } from '../middleware/auth'
import { errorResponses, jsonBody, jsonResponse, signedIn, signedInShowingSecret } from '../openapi'
import { ListQuery, offsetOf, page, pageOf } from '../pagination'
import { tenant } from '../tenant'
import { IdParam } from './schemas'

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first characters of the key, to tell keys apart' }),
    is_active: z.boolean(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ApiKey')

export const NewApiKey = ApiKey.extend({ key: z.string().openapi({ description: 'The secret. Shown only in this response; store it now.' }) }).openapi('NewApiKey')

const KeyName = z.string({ error: 'Name the key.' }).trim().min(1, 'Name the key.').max(100, 'The name must be at most 100 characters.')
export const ApiKeyCreateBody = z.object({ name: KeyName }).openapi('ApiKeyCreate')
export const ApiKeyUpdateBody = z
  .object({ name: KeyName.optional(), is_active: z.boolean().optional().openapi({ description: 'Send false to revoke. A revoked key cannot be restored.' }) })
  .openapi('ApiKeyUpdate')

type Row = typeof apiKeys.$inferSelect
const serialize = (row: Row) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  is_active: !row.revokedAt,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
})

/** A key acts as the manager who made it, so each manager sees and manages their own keys. */
function ownKeys(c: Context<AppEnv>) {
  const t = tenant(c)
  return { ...t, mine: (...more: Parameters<typeof t.where>[1][]) => t.where(apiKeys, eq(apiKeys.userId, t.principal.userId), ...more) }
}

async function findKey(c: Context<AppEnv>, id: string) {
  if (!z.uuid().safeParse(id).success) throw notFound('No such API key.')
  const t = ownKeys(c)
  const [row] = await t.db.select().from(apiKeys).where(t.mine(eq(apiKeys.id, id)))
  if (!row) throw notFound('No such API key.')
  return row
}

export const router = createRouter()

router.openapi(
  createRoute({
    method: 'post',
    path: '/api-keys',
    tags: ['API keys'],
    summary: 'Create an API key; it works as a bearer token and is shown only once',
    description:
      'An `Idempotency-Key` is not honoured here: the answer holds the key, which is never kept to be shown again. A key keeps working after its owner changes or resets their password (integrations should not stop); revoke it here.',
    ...signedInShowingSecret(requireStaff()),
    request: jsonBody(ApiKeyCreateBody),
    responses: { 201: jsonResponse(NewApiKey, 'The key, with its secret'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const t = ownKeys(c)
    const key = API_KEY_PREFIX + randomToken(30)
    const [row] = await t.db
      .insert(apiKeys)
      .values({ companyId: t.companyId, userId: t.principal.userId, name: c.req.valid('json').name, prefix: key.slice(0, 10), keyHash: sha256(key) })
      .returning()
    return c.json({ ...serialize(row), key }, 201)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/api-keys',
    tags: ['API keys'],
    summary: 'Your API keys (never their secrets)',
    ...signedIn(requireStaff()),
    request: { query: ListQuery },
    responses: { 200: jsonResponse(pageOf(ApiKey, 'ApiKeyPage'), 'A page of keys'), ...errorResponses(400, 401, 403) },
  }),
  async (c) => {
    const query = c.req.valid('query')
    const t = ownKeys(c)
    const where = t.mine()
    const [total] = await t.db.select({ n: count() }).from(apiKeys).where(where)
    const rows = await t.db.select().from(apiKeys).where(where).orderBy(desc(apiKeys.createdAt)).limit(query.page_size).offset(offsetOf(query))
    return c.json(page(c, query, total.n, rows.map(serialize)), 200)
  },
)

router.openapi(
  createRoute({
    method: 'get',
    path: '/api-keys/{id}',
    tags: ['API keys'],
    summary: 'One of your API keys',
    ...signedIn(requireStaff()),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ApiKey, 'The key'), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(serialize(await findKey(c, c.req.valid('param').id)), 200),
)

router.openapi(
  createRoute({
    method: 'put',
    path: '/api-keys/{id}',
    tags: ['API keys'],
    summary: 'Rename or revoke an API key',
    ...signedIn(requireStaff()),
    request: { params: IdParam, ...jsonBody(ApiKeyUpdateBody) },
    responses: { 200: jsonResponse(ApiKey, 'The updated key'), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const row = await findKey(c, c.req.valid('param').id)
    const body = c.req.valid('json')
    if (body.is_active === true && row.revokedAt) throw fieldError('is_active', 'A revoked key cannot be restored; create a new one.')
    const t = ownKeys(c)
    const [updated] = await t.db
      .update(apiKeys)
      .set({ name: body.name ?? row.name, revokedAt: body.is_active === false ? (row.revokedAt ?? new Date()) : row.revokedAt })
      .where(eq(apiKeys.id, row.id))
      .returning()
    return c.json(serialize(updated), 200)
  },
)
