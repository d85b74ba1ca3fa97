import { and, asc, eq, lte, or, isNull, gte, ne } from 'drizzle-orm'
import type { Executor } from '~/db/client.server'
import { buildings, companies, leases, propertyOwners, propertyOwnerships, rentalUnits, rentPaymentScheduleLines, rentPaymentSchedules } from '~/db/schema'
import { notFound } from '~/domain/errors'
import { leaseDocument } from '~/domain/leasing/lease-document'
import { LEASE_TYPES } from '~/domain/leasing/leases'
import { chargeTypeLabel, SCHEDULE_FREQUENCIES } from '~/domain/leasing/rent'
import { lettersPdf } from '~/utils/letter-pdf.server'
import { provinceOf } from './late-fees.server'
import { addressees, letterhead } from './letters.server'

/*
 * A lease as a PDF to sign (issue 17 item 6, leases/{id}/generate-pdf/): the company as the owners'
 * agent, the property's owners as the landlords, the tenants on the lease, the unit's address, its
 * term, rent and deposits, and the charges of its rent schedule in force when it starts besides the
 * rent; on Ontario's standard form where the unit is in Ontario (~/domain/leasing/lease-document).
 */
export async function leasePdf(tx: Executor, companyId: string, leaseId: string) {
  const [lease] = await tx
    .select({ lease: leases, propertyGroupId: buildings.propertyGroupId })
    .from(leases)
    .innerJoin(rentalUnits, eq(rentalUnits.id, leases.rentalUnitId))
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .where(and(eq(leases.companyId, companyId), eq(leases.id, leaseId)))
  if (!lease) throw notFound('No such lease.')
  const { startDate } = lease.lease
  const [company, to, owners, charges, province, [template]] = await Promise.all([
    letterhead(tx, companyId),
    addressees(tx, companyId, [leaseId]),
    tx
      .select({ ownerType: propertyOwners.ownerType, firstName: propertyOwners.firstName, lastName: propertyOwners.lastName, companyName: propertyOwners.companyName })
      .from(propertyOwnerships)
      .innerJoin(propertyOwners, eq(propertyOwners.id, propertyOwnerships.propertyOwnerId))
      .where(and(eq(propertyOwnerships.companyId, companyId), eq(propertyOwnerships.propertyGroupId, lease.propertyGroupId)))
      .orderBy(asc(propertyOwners.lastName)),
    tx
      .select({ chargeType: rentPaymentScheduleLines.chargeType, description: rentPaymentScheduleLines.description, amount: rentPaymentScheduleLines.amount })
      .from(rentPaymentScheduleLines)
      .innerJoin(rentPaymentSchedules, eq(rentPaymentSchedules.id, rentPaymentScheduleLines.scheduleId))
      .where(
        and(
          eq(rentPaymentScheduleLines.companyId, companyId),
          eq(rentPaymentSchedules.leaseId, leaseId),
          ne(rentPaymentScheduleLines.chargeType, 'RENT'),
          or(isNull(rentPaymentScheduleLines.effectiveFrom), lte(rentPaymentScheduleLines.effectiveFrom, startDate)),
          or(isNull(rentPaymentScheduleLines.effectiveTo), gte(rentPaymentScheduleLines.effectiveTo, startDate)),
        ),
      )
      .orderBy(asc(rentPaymentScheduleLines.position)),
    provinceOf(tx, companyId, lease.propertyGroupId),
    tx.select({ additionalTerms: companies.leaseAdditionalTerms }).from(companies).where(eq(companies.id, companyId)),
  ])
  const facts = to.get(leaseId)!
  const l = lease.lease
  const letter = leaseDocument({
    agent: company,
    owners: owners.map((o) => o.companyName?.trim() || [o.firstName, o.lastName].filter(Boolean).join(' ')).filter(Boolean),
    tenants: facts.tenants,
    unitAddress: facts.unitAddress,
    province,
    leaseLabel: l.label,
    leaseTypeLabel: LEASE_TYPES.find((t) => t.value === l.leaseType)?.label ?? l.leaseType,
    fixedTerm: l.leaseType === 'FIXED',
    startDate: l.startDate,
    endDate: l.endDate,
    rent: l.rent,
    frequencyLabel: SCHEDULE_FREQUENCIES.find((f) => f.value === l.rentFrequency)?.label ?? l.rentFrequency,
    dueDay: l.rentDueDay,
    charges: charges.map((c) => ({ label: c.description?.trim() || chargeTypeLabel(c.chargeType), amount: c.amount })),
    lastMonthDeposit: l.lastMonthRentDeposit,
    securityDeposit: l.securityDeposit,
    keyDeposit: l.keyDeposit,
    currency: company.currency,
    numbers: company.numbers,
    additionalTerms: template?.additionalTerms ?? null,
  })
  return { filename: `lease-${l.label.replace(/[^\w.-]+/g, '-')}.pdf`, body: await lettersPdf([letter], `${letter.title} — ${l.label}`) }
}
