import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { migrationsFolder, runMigrations } from '../../server/migrate'
import { withDatabase } from '../setup/global-setup'

/*
 * Migrations that move data, tried on data saved before them: a database is migrated up to the
 * migration before, given rows as that version kept them, then migrated to the end.
 */

const serverUrl = inject('databaseServerUrl')
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
const made: string[] = []
afterAll(async () => {
  for (const database of made) await admin.unsafe(`drop database if exists ${database} with (force)`)
  await admin.end()
})

/** A new database migrated up to (not including) the migration tagged `before`. */
async function databaseBefore(before: string) {
  const database = `lintel_migrate_${randomBytes(5).toString('hex')}`
  await admin.unsafe(`create database ${database}`)
  made.push(database)
  const folder = mkdtempSync(path.join(tmpdir(), 'lintel-migrations-'))
  cpSync(migrationsFolder(), folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
  const cut = journal.entries.findIndex((entry) => entry.tag === before)
  expect(cut).toBeGreaterThan(0)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }))
  const url = withDatabase(serverUrl, database)
  await runMigrations(url, folder)
  rmSync(folder, { recursive: true, force: true })
  return url
}

describe('0022: recurring entries keep their lines as rows', () => {
  it('moves each schedule’s lines in order, drops a property removed since, and stops a schedule whose account was removed', async () => {
    const url = await databaseBefore('0022_recurring-entry-lines')
    const db = postgres(url, { max: 1, onnotice: () => {} })
    try {
      const [company] = await db`insert into companies (name, slug) values ('Old Books', ${`old-${randomBytes(3).toString('hex')}`}) returning id`
      const account = async (number: string, type: string) =>
        (await db`insert into accounts (company_id, number, name, account_type, subtype) values (${company.id}, ${number}, ${`Account ${number}`}, ${type}, 'OTHER') returning id`)[0].id as string
      const expense = await account('6100', 'EXPENSE')
      const accumulated = await account('1510', 'ASSET')
      const [property] = await db`insert into property_groups (company_id, name, property_type) values (${company.id}, 'Maple Court', 'RESIDENTIAL') returning id`
      const removedProperty = '00000000-0000-4000-8000-000000000001'
      const removedAccount = '00000000-0000-4000-8000-000000000002'
      const schedule = async (name: string, lines: object[]) =>
        (await db`insert into recurring_journal_entries (company_id, name, frequency, start_date, lines) values (${company.id}, ${name}, 'MONTHLY', '2026-01-31', ${db.json(lines as never)}) returning id`)[0].id as string
      const depreciation = await schedule('Depreciation', [
        { accountId: expense, amount: 12500, propertyGroupId: property.id, rentalUnitId: null, memo: 'Straight line' },
        { accountId: accumulated, amount: -10000, propertyGroupId: removedProperty, rentalUnitId: null },
        { accountId: accumulated, amount: -2500 },
      ])
      const broken = await schedule('Insurance', [
        { accountId: removedAccount, amount: 5000 },
        { accountId: accumulated, amount: -5000 },
      ])

      await runMigrations(url)

      const lines = await db`select recurring_journal_entry_id as id, position, account_id, amount::int, memo, property_group_id from recurring_journal_entry_lines order by recurring_journal_entry_id, position`
      expect(lines.filter((l) => l.id === depreciation).map(({ id: _id, ...l }) => l)).toEqual([
        { position: 0, account_id: expense, amount: 12500, memo: 'Straight line', property_group_id: property.id },
        { position: 1, account_id: accumulated, amount: -10000, memo: null, property_group_id: null },
        { position: 2, account_id: accumulated, amount: -2500, memo: null, property_group_id: null },
      ])
      expect(lines.filter((l) => l.id === broken).map((l) => l.account_id)).toEqual([accumulated])
      const schedules = await db`select id, is_active, last_error from recurring_journal_entries order by name`
      expect(schedules).toEqual([
        { id: depreciation, is_active: true, last_error: null },
        { id: broken, is_active: false, last_error: 'An account of its lines was removed: choose another and restart it.' },
      ])
      const [{ policies }] = await db`select count(*)::int as policies from pg_policies where tablename = 'recurring_journal_entry_lines'`
      expect(policies).toBe(1)
    } finally {
      await db.end()
    }
  })
})
