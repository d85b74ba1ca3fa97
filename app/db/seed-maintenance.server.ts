import { and, asc, eq } from 'drizzle-orm'
import type { Executor } from './client.server'
import { buildings, companies, leaseResidents, leases, rentalUnits, users, workOrderCategories, workOrderStatuses } from './schema'
import { todayIn } from '~/domain/dates'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { workOrdersResource } from '~/resources/work-orders'

/**
 * The demo's work orders: a handful at its buildings, in units people live in and in common areas,
 * at several stages, each moved there through its statuses as a manager would (so each has its
 * history). Visits to units are scheduled days ahead, within the entry-notice rule; the demo's
 * technician has several assigned, one of them a common-area visit today.
 */
export async function seedDemoWorkOrders(tx: Executor, companyId: string, userId: string) {
  const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  const lived = await tx
    .select({ unitId: rentalUnits.id, propertyGroupId: buildings.propertyGroupId, residentId: leaseResidents.residentId })
    .from(leases)
    .innerJoin(rentalUnits, eq(rentalUnits.id, leases.rentalUnitId))
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .innerJoin(leaseResidents, and(eq(leaseResidents.leaseId, leases.id), eq(leaseResidents.role, 'PRIMARY')))
    .where(and(eq(leases.companyId, companyId), eq(leases.status, 'ACTIVE')))
    .orderBy(asc(rentalUnits.label))
  if (lived.length < 4) return
  const categories = await tx.select({ id: workOrderCategories.id, name: workOrderCategories.name }).from(workOrderCategories).where(eq(workOrderCategories.companyId, companyId))
  const statuses = await tx.select({ id: workOrderStatuses.id, stage: workOrderStatuses.stage }).from(workOrderStatuses).where(eq(workOrderStatuses.companyId, companyId))
  const category = (name: string) => categories.find((c) => c.name === name)?.id ?? null
  const status = (stage: string) => statuses.find((s) => s.stage === stage)!.id
  const inDays = (days: number) => todayIn(company.timeZone, new Date(Date.now() + days * 86_400_000))
  const [technician] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userType, 'maintenance_technician'), eq(users.isActive, true)))
    .orderBy(asc(users.email))
  const assigned = technician?.id ?? null

  const orders: { body: Record<string, unknown>; through: string[] }[] = [
    {
      body: {
        subject: 'Leaking kitchen tap',
        description: 'The cold tap drips constantly, even when closed tight.',
        category_id: category('Plumbing'),
        priority: 'ROUTINE',
        unit: 0,
        location: 'Kitchen sink',
        reported: true,
        permission_to_enter: true,
        scheduled_date: inDays(3),
        scheduled_time: '10:00',
        assigned_user_id: assigned,
      },
      through: ['TRIAGE', 'SCHEDULED'],
    },
    {
      body: {
        subject: 'No heat in the back bedroom',
        description: 'Radiator stays cold; the rest of the unit is warm.',
        category_id: category('HVAC'),
        priority: 'URGENT',
        unit: 1,
        reported: true,
        pets_on_premises: true,
        entry_notes: 'Friendly dog; resident home after 5 p.m.',
        assigned_user_id: assigned,
      },
      through: ['ASSIGNED', 'IN_PROGRESS'],
    },
    {
      body: {
        subject: 'Burst pipe under the bathroom sink',
        description: 'Water on the floor; the resident closed the shut-off valve.',
        category_id: category('Plumbing'),
        priority: 'EMERGENCY',
        unit: 2,
        reported: true,
        location: 'Bathroom',
      },
      through: ['IN_PROGRESS', 'WORK_DONE', 'CLOSED'],
    },
    {
      body: { subject: 'Dishwasher not draining', category_id: category('Appliance'), priority: 'ROUTINE', unit: 3, reported: true, permission_to_enter: true },
      through: ['TRIAGE', 'ON_HOLD'],
    },
    {
      body: { subject: 'Lobby light flickering', category_id: category('Electrical'), priority: 'ROUTINE', location: 'Lobby', scheduled_date: inDays(0), scheduled_time: '14:00', assigned_user_id: assigned },
      through: ['ASSIGNED', 'SCHEDULED'],
    },
    { body: { subject: 'Mice seen in the basement storage', category_id: category('Pest control'), priority: 'URGENT', location: 'Basement storage lockers' }, through: ['TRIAGE'] },
  ]
  for (const { body, through } of orders) {
    const { unit, reported, ...fields } = body as Record<string, unknown> & { unit?: number; reported?: boolean }
    const place = lived[unit ?? 0]
    const values = {
      ...fields,
      property_group_id: place.propertyGroupId,
      rental_unit_id: unit === undefined ? null : place.unitId,
      reported_by_resident_id: reported ? place.residentId : null,
    }
    const created = await createRecord(tx, companyId, workOrdersResource, parseInput(workOrdersResource, values, 'create'), { userId })
    for (const stage of through) await runAction(tx, companyId, userId, workOrdersResource, String(created.id), 'change-status', { status_id: status(stage) })
  }
}
