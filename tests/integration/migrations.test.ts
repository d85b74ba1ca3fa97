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

describe('0033: a manual journal entry becomes a document', () => {
  it('makes one per chain of manual entries, with its latest version’s lines, void where that was reversed, and keeps the entries as its postings', async () => {
    const url = await databaseBefore('0033_manual-journal-entries')
    const db = postgres(url, { max: 1, onnotice: () => {} })
    try {
      const [company] = await db`insert into companies (name, slug) values ('Old Books', ${`old-${randomBytes(3).toString('hex')}`}) returning id`
      const account = async (number: string, type: string) =>
        (await db`insert into accounts (company_id, number, name, account_type, subtype) values (${company.id}, ${number}, ${`Account ${number}`}, ${type}, 'OTHER') returning id`)[0].id as string
      const bank = await account('1010', 'ASSET')
      const insurance = await account('5300', 'EXPENSE')
      const entry = async (number: number, chain: string, purpose: string, date: string, amount: number, links: { reverses?: string; replaces?: string } = {}) => {
        const [row] = await db`insert into journal_entries (company_id, number, date, memo, source_type, source_id, purpose, reverses_entry_id, replaces_entry_id)
          values (${company.id}, ${number}, ${date}, ${`Entry ${number}`}, 'JOURNAL_ENTRY', ${chain}, ${purpose}, ${links.reverses ?? null}, ${links.replaces ?? null}) returning id`
        await db`insert into journal_lines (company_id, entry_id, line_number, account_id, date, basis, amount, memo) values
          (${company.id}, ${row.id}, 1, ${insurance}, ${date}, 'BOTH', ${amount}, 'Premium'), (${company.id}, ${row.id}, 2, ${bank}, ${date}, 'BOTH', ${-amount}, null)`
        return row.id as string
      }
      const corrected = crypto.randomUUID()
      const first = await entry(1, corrected, 'ORIGINAL', '2026-04-10', 120000)
      await entry(2, corrected, `REVERSAL:${first}`, '2026-04-10', -120000, { reverses: first })
      const replacement = await entry(3, corrected, `REPLACEMENT:${first}`, '2026-04-12', 125000, { replaces: first })
      const voided = crypto.randomUUID()
      const mistake = await entry(4, voided, 'ORIGINAL', '2026-04-20', 999, {})
      await entry(5, voided, `REVERSAL:${mistake}`, '2026-04-20', -999, { reverses: mistake })

      await runMigrations(url)

      const documents = await db`select id, date::text, memo, status from manual_journal_entries order by date`
      expect(documents).toEqual([
        { id: corrected, date: '2026-04-12', memo: 'Entry 3', status: 'POSTED' },
        { id: voided, date: '2026-04-20', memo: 'Entry 4', status: 'VOID' },
      ])
      const lines = await db`select position, account_id, amount::int, memo from manual_journal_entry_lines where manual_journal_entry_id = ${corrected} order by position`
      expect(lines).toEqual([
        { position: 0, account_id: insurance, amount: 125000, memo: 'Premium' },
        { position: 1, account_id: bank, amount: -125000, memo: null },
      ])
      // The replacement is named as the engine names one, so correcting the document again finds it.
      expect((await db`select purpose from journal_entries where id = ${replacement}`)[0].purpose).toBe(`ORIGINAL:REPLACEMENT:${first}`)
      const history = await db`select record_id, from_state, to_state from state_changes where resource = 'journal-entries' order by created_at, to_state`
      expect(history.map((h) => `${h.record_id === voided ? 'voided' : 'corrected'} ${h.from_state ?? '-'}→${h.to_state}`).sort()).toEqual(['corrected -→POSTED', 'voided -→POSTED', 'voided POSTED→VOID'])
      const [{ policies }] = await db`select count(*)::int as policies from pg_policies where tablename in ('manual_journal_entries', 'manual_journal_entry_lines')`
      expect(policies).toBe(2)
    } finally {
      await db.end()
    }
  })
})

describe('0034: a lease’s documents become its lease attachments', () => {
  it('makes one of each document kept on a lease, under its kind, still shared with its residents, and none of other records’ documents', async () => {
    const url = await databaseBefore('0034_lease-attachments')
    const db = postgres(url, { max: 1, onnotice: () => {} })
    try {
      const [company] = await db`insert into companies (name, slug) values ('Old Leases', ${`old-${randomBytes(3).toString('hex')}`}) returning id`
      const [user] = await db`insert into users (company_id, email, user_type) values (${company.id}, ${`old-${randomBytes(3).toString('hex')}@example.test`}, 'property_manager') returning id`
      const [property] = await db`insert into property_groups (company_id, name, property_type) values (${company.id}, 'Maple Court', 'RESIDENTIAL') returning id`
      const [building] = await db`insert into buildings (company_id, property_group_id, name) values (${company.id}, ${property.id}, 'Maple Court') returning id`
      const [unit] = await db`insert into rental_units (company_id, building_id, unit_number, unit_type, status) values (${company.id}, ${building.id}, '1', 'APARTMENT', 'VACANT') returning id`
      const [lease] = await db`insert into leases (company_id, rental_unit_id, lease_type, status, start_date, rent, rent_frequency) values (${company.id}, ${unit.id}, 'MONTH_TO_MONTH', 'ACTIVE', '2026-01-01', 100000, 'MONTHLY') returning id`
      const document = async (recordType: string, recordId: string, name: string, type: string) =>
        (
          await db`insert into documents (company_id, record_type, record_id, name, document_type, content_type, size_bytes, storage_key, sha256, uploaded_by)
            values (${company.id}, ${recordType}, ${recordId}, ${name}, ${type}, 'application/pdf', 10, ${`${company.id}/${name}`}, 'x', ${user.id}) returning id`
        )[0].id as string
      const signed = await document('leases', lease.id, 'Signed lease', 'LEASE')
      const insurance = await document('leases', lease.id, 'Tenant insurance', 'INSURANCE_CERTIFICATE')
      const photo = await document('leases', lease.id, 'Kitchen', 'PHOTO')
      await document('rental-units', unit.id, 'Floor plan', 'FLOOR_PLAN')

      await runMigrations(url)

      const attachments = await db`select file_id, lease_id, title, category, shared_with_residents from lease_attachments order by title`
      expect(attachments).toEqual([
        { file_id: photo, lease_id: lease.id, title: 'Kitchen', category: 'OTHER', shared_with_residents: true },
        { file_id: signed, lease_id: lease.id, title: 'Signed lease', category: 'SIGNED_LEASE', shared_with_residents: true },
        { file_id: insurance, lease_id: lease.id, title: 'Tenant insurance', category: 'ID_OR_INSURANCE', shared_with_residents: true },
      ])
      const [{ policies }] = await db`select count(*)::int as policies from pg_policies where tablename = 'lease_attachments'`
      expect(policies).toBe(1)
    } finally {
      await db.end()
    }
  })
})
