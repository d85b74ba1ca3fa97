import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { buildings, companies, leaseResidents, leases, propertyGroups, rentalUnits, residents } from '~/db/schema'
import { tenantsOf, unitAddressOf, type PostalAddress } from '~/domain/leasing/resident-center'

/*
 * Who a letter about a lease is from and to (a notice of rent increase, a PAD agreement): the
 * company with its address and contacts, and each lease's unit address and tenants.
 */

/** The company as its letters are headed: its name, address on one line, phone, e-mail, and its currency and way of writing numbers. */
export async function letterhead(tx: Executor, companyId: string) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId))
  const address = [company.streetAddress, company.city, [company.province, company.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return { name: company.name, address: address || null, phone: company.phone, email: company.email, currency: company.currency, numbers: company.numberFormat }
}

export type Addressee = { label: string; unitAddress: string; tenants: string[]; recipients: { name: string; email: string }[] }

/** Each lease's unit address, its tenants' names, and the tenants who have an e-mail address (who its letters are mailed to). */
export async function addressees(tx: Executor, companyId: string, leaseIds: string[]): Promise<Map<string, Addressee>> {
  if (!leaseIds.length) return new Map()
  const [places, people] = await Promise.all([
    tx
      .select({ id: leases.id, label: leases.label, unitNumber: rentalUnits.unitNumber, buildingAddress: buildings.address, propertyAddress: propertyGroups.address })
      .from(leases)
      .innerJoin(rentalUnits, eq(rentalUnits.id, leases.rentalUnitId))
      .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
      .leftJoin(propertyGroups, eq(propertyGroups.id, buildings.propertyGroupId))
      .where(and(eq(leases.companyId, companyId), inArray(leases.id, leaseIds))),
    tx
      .select({ leaseId: leaseResidents.leaseId, name: sql<string>`${residents.firstName} || ' ' || ${residents.lastName}`, role: leaseResidents.role, email: residents.email })
      .from(leaseResidents)
      .innerJoin(residents, eq(residents.id, leaseResidents.residentId))
      .where(and(eq(leaseResidents.companyId, companyId), inArray(leaseResidents.leaseId, leaseIds)))
      .orderBy(asc(leaseResidents.position)),
  ])
  return new Map(
    places.map((place) => {
      const onLease = people.filter((p) => p.leaseId === place.id)
      return [
        place.id,
        {
          label: place.label,
          unitAddress: unitAddressOf(place.unitNumber, (place.buildingAddress ?? place.propertyAddress) as PostalAddress | null),
          tenants: tenantsOf(onLease),
          recipients: onLease.filter((p) => (p.role === 'PRIMARY' || p.role === 'CO_TENANT') && p.email).map((p) => ({ name: p.name, email: p.email! })),
        },
      ]
    }),
  )
}
