import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database, Transaction } from './client.server'
import { companies, leaseResidents, leases, residents, users } from './schema'
import { seedDemoListings } from './seed-listings.server'
import { seedDemoLedger } from './seed-ledger.server'
import { seedDemoCalendar } from './seed-calendar.server'
import { seedDemoInspections } from './seed-inspections.server'
import { seedDemoMakeReadies } from './seed-make-ready.server'
import { seedDemoWorkOrders } from './seed-maintenance.server'
import { seedDemoPortfolio } from './seed-portfolio.server'
import { ALL_PERMISSIONS, permissionColumnsFrom } from '~/domain/permissions'
import { openCompany } from './open-company.server'
import { hashPassword } from '~/utils/crypto.server'

export const DEMO_PASSWORD = 'lintel-demo'
export const DEMO_SLUG = 'maple'

/** The demo company of the README and its portfolio. Runs only on a database without any company, so a restart adds nothing. */
export async function seedDemoCompany(db: Database) {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    // Two processes starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7311)`)
    const [existing] = await tx.select({ id: companies.id }).from(companies).limit(1)
    if (existing) return
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Maple Street Properties',
        slug: DEMO_SLUG,
        email: 'office@maplestreet.example',
        phone: '+1 613 555 0142',
        website: 'https://maplestreet.example',
        streetAddress: '120 Maple Street, Suite 200',
        city: 'Ottawa',
        province: 'ON',
        postalCode: 'K1P 5G3',
        country: 'CA',
        currency: 'CAD',
        timeZone: 'America/Toronto',
      })
      .returning()
    const person = (email: string, firstName: string, lastName: string) => ({ companyId: company.id, email, firstName, lastName, passwordHash })
    const people = await tx
      .insert(users)
      .values([
        { ...person('manager@demo.test', 'Morgan', 'Lee'), userType: 'property_manager', isCompanyAdmin: true, ...permissionColumnsFrom(ALL_PERMISSIONS) },
        { ...person('limited@demo.test', 'Riley', 'Chen'), userType: 'property_manager', hasOperationsPermissions: true },
        { ...person('resident@demo.test', 'Sam', 'Patel'), userType: 'resident' },
        { ...person('tech@demo.test', 'Jordan', 'Roy'), userType: 'maintenance_technician', phone: '+1 613 555 0199' },
      ])
      .returning({ id: users.id, userType: users.userType })
    await openCompany(tx, company.id)
    await seedDemoPortfolio(tx, company.id)
    await seedDemoLedger(tx, company.id, { timeZone: company.timeZone })
    await linkDemoResident(tx, company.id, people.find((p) => p.userType === 'resident')!.id)
    await seedDemoWorkOrders(tx, company.id, people.find((p) => p.userType === 'property_manager')!.id)
    await seedDemoInspections(tx, company.id, people.find((p) => p.userType === 'property_manager')!.id)
    await seedDemoMakeReadies(tx, company.id, people.find((p) => p.userType === 'property_manager')!.id)
    await seedDemoCalendar(tx, company.id, people.find((p) => p.userType === 'property_manager')!.id)
    await seedDemoListings(tx, company.id, people.find((p) => p.userType === 'property_manager')!.id)
  })
}

/**
 * The demo resident is the primary tenant of a lease in force (the first by name), under that
 * tenant's name, so the resident center shows a lease, its ledger and its receipts from the first
 * sign-in, as an invited resident's does.
 */
async function linkDemoResident(tx: Transaction, companyId: string, userId: string) {
  const [tenant] = await tx
    .select({ id: residents.id, firstName: residents.firstName, lastName: residents.lastName })
    .from(leaseResidents)
    .innerJoin(leases, eq(leases.id, leaseResidents.leaseId))
    .innerJoin(residents, eq(residents.id, leaseResidents.residentId))
    .where(and(eq(leases.companyId, companyId), eq(leases.status, 'ACTIVE'), eq(leaseResidents.role, 'PRIMARY')))
    .orderBy(asc(leases.label))
    .limit(1)
  if (!tenant) return
  await tx.update(residents).set({ userId }).where(eq(residents.id, tenant.id))
  await tx.update(users).set({ firstName: tenant.firstName, lastName: tenant.lastName }).where(eq(users.id, userId))
}
