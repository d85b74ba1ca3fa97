import path from 'node:path'
import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'

/** Any constant works; it only has to be the same for every Lintel process. */
const MIGRATION_LOCK = 7_311_2024

export function migrationsFolder() {
  return path.resolve(process.env.LINTEL_ROOT ?? process.cwd(), 'drizzle')
}

/** Applies the committed drizzle-kit migrations; an advisory lock keeps parallel starts from racing. */
export async function runMigrations(url: string, folder = migrationsFolder()) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`
    await migrate(drizzle(sql), { migrationsFolder: folder })
  } finally {
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {})
    await sql.end()
  }
}
