import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/db/client.server'
import { companies, propertyOwnerships, propertyOwners, searchEntries } from '~/db/schema'
import { seedDemoCompany } from '~/db/seed.server'

const TABLES = ['fee_schedules', 'property_owners', 'property_groups', 'property_ownerships', 'buildings', 'rental_units', 'residents', 'resident_pets', 'resident_vehicles', 'parking_spaces', 'appliances'] as const

async function counts() {
  const db = getDb()
  const out: Record<string, number> = {}
  for (const table of TABLES) {
    const [row] = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))
    out[table] = row.n
  }
  return out
}

describe('the demo company', () => {
  it('seeds a believable portfolio once, through the resource engine', async () => {
    await seedDemoCompany(getDb())
    const db = getDb()
    const [company] = await db.select().from(companies)
    expect(company.name).toBe('Maple Street Properties')

    const seeded = await counts()
    expect(seeded).toMatchObject({ fee_schedules: 2, property_owners: 5, property_groups: 3, buildings: 5, rental_units: 62 })
    for (const table of ['residents', 'resident_pets', 'resident_vehicles', 'parking_spaces', 'appliances'] as const) expect(seeded[table], table).toBeGreaterThan(5)

    const units = await db.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from rental_units group by status`)
    const byStatus = Object.fromEntries(units.map((r) => [r.status, r.n]))
    expect(byStatus.OCCUPIED).toBeGreaterThan(45)
    for (const status of ['VACANT', 'NOTICE', 'DOWN']) expect(byStatus[status], status).toBeGreaterThan(0)
    const types = await db.execute<{ resident_type: string }>(sql`select distinct resident_type from residents`)
    expect(types.map((r) => r.resident_type).sort()).toEqual(['APPLICANT', 'CURRENT_RESIDENT', 'FORMER_RESIDENT', 'FUTURE_RESIDENT'])
    // Every occupied unit has someone living in it.
    const empty = await db.execute(sql`select u.id from rental_units u where u.status in ('OCCUPIED', 'NOTICE') and not exists (select 1 from residents r where r.rental_unit_id = u.id and r.resident_type = 'CURRENT_RESIDENT')`)
    expect(empty.length).toBe(0)

    const shares = await db
      .select({ property: propertyOwnerships.propertyGroupId, total: sql<number>`sum(${propertyOwnerships.percentage})::int` })
      .from(propertyOwnerships)
      .groupBy(propertyOwnerships.propertyGroupId)
    expect(shares).toHaveLength(3)
    for (const share of shares) expect(share.total).toBe(10_000)

    // Tax ids are stored encrypted, and every palette resource is in the search index.
    const owners = await db.select({ taxId: propertyOwners.taxId }).from(propertyOwners)
    for (const owner of owners) expect(owner.taxId).not.toMatch(/^\d{3}-/)
    const [indexed] = await db.select({ n: sql<number>`count(*)::int` }).from(searchEntries).where(eq(searchEntries.companyId, company.id))
    expect(indexed.n).toBe(Object.values(seeded).reduce((a, b) => a + b, 0) - seeded.property_ownerships)

    // A restart seeds nothing more.
    await seedDemoCompany(getDb())
    expect(await counts()).toEqual(seeded)
    expect(await db.select({ id: companies.id }).from(companies)).toHaveLength(1)
  })
})
