import { eq, sql } from 'drizzle-orm'
import { crossCompany, getDb } from '~/db/client.server'
import { appMeta } from '~/db/schema'
import { randomToken } from './crypto.server'

let secret: string | undefined

/**
 * The key that signs access tokens and session cookies: SECRET_KEY when set,
 * otherwise one generated on first start and kept in the database, so every
 * app node and every restart agree on it.
 */
export async function instanceSecret(): Promise<string> {
  if (secret) return secret
  if (process.env.SECRET_KEY) return (secret = process.env.SECRET_KEY)
  // The installation's, not a company's: read the same whoever asks first.
  const row = await crossCompany(async () => {
    const db = getDb()
    await db.insert(appMeta).values({ key: 'secret', value: randomToken(48) }).onConflictDoNothing()
    const [found] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'secret'))
    return found
  })
  return (secret = String(row.value))
}

const TIMESTAMP_CACHE_MS = 5_000
let cachedTimestamp: { value: number; readAt: number } | undefined

/**
 * The moment the running build was deployed, in ms. A start with a different
 * build id moves it forward; open browsers see the change and reload.
 */
export async function recordBuild(buildId: string) {
  const db = getDb()
  const [current] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'build'))
  const known = current?.value as { id: string; timestamp: number } | undefined
  if (known?.id === buildId) return known.timestamp
  const timestamp = Date.now()
  await db
    .insert(appMeta)
    .values({ key: 'build', value: { id: buildId, timestamp } })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: { id: buildId, timestamp }, updatedAt: sql`now()` } })
  cachedTimestamp = undefined
  return timestamp
}

export async function updateTimestamp(): Promise<number> {
  const now = Date.now()
  if (cachedTimestamp && now - cachedTimestamp.readAt < TIMESTAMP_CACHE_MS) return cachedTimestamp.value
  const [row] = await getDb().select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'build'))
  const value = (row?.value as { timestamp: number } | undefined)?.timestamp ?? 0
  cachedTimestamp = { value, readAt: now }
  return value
}
