import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from './client.server'
import { buildings, companies, inspectionFormItems, inspectionForms, leaseResidents, leases, rentalUnits, residents, users } from './schema'
import { todayIn } from '~/domain/dates'
import { itemsForUnit } from '~/domain/maintenance/inspections'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { inspectionReportsResource } from '~/resources/inspections'

/**
 * The demo's inspections: each of the first leases in force was inspected at move-in (finalized and
 * signed, a few items only fair); a unit on notice has its move-out under way beside its move-in (a
 * damaged fridge to repair and the oven's cleaning to charge, once finalized); the other units on notice have
 * their move-outs scheduled with the demo's technician, and two periodic inspections are due, one
 * of them today.
 */
export async function seedDemoInspections(tx: Executor, companyId: string, userId: string) {
  const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  const today = todayIn(company.timeZone)
  const inDays = (days: number) => todayIn(company.timeZone, new Date(Date.now() + days * 86_400_000))
  const [form] = await tx.select({ id: inspectionForms.id }).from(inspectionForms).where(eq(inspectionForms.companyId, companyId)).orderBy(asc(inspectionForms.createdAt)).limit(1)
  if (!form) return
  const formItems = await tx
    .select({ room: inspectionFormItems.room, item: inspectionFormItems.item, repeat: inspectionFormItems.repeat, photoRequired: inspectionFormItems.photoRequired })
    .from(inspectionFormItems)
    .where(and(eq(inspectionFormItems.companyId, companyId), eq(inspectionFormItems.formId, form.id)))
    .orderBy(asc(inspectionFormItems.position))
  const [manager] = await tx.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, userId))
  const [technician] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userType, 'maintenance_technician'), eq(users.isActive, true)))
    .orderBy(asc(users.email))
  const inForce = await tx
    .select({
      leaseId: leases.id,
      status: leases.status,
      unitId: rentalUnits.id,
      bedrooms: rentalUnits.bedrooms,
      bathrooms: rentalUnits.bathrooms,
      moveIn: leases.moveInDate,
      start: leases.startDate,
      moveOut: leases.moveOutDate,
      first: residents.firstName,
      last: residents.lastName,
    })
    .from(leases)
    .innerJoin(rentalUnits, eq(rentalUnits.id, leases.rentalUnitId))
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .innerJoin(leaseResidents, and(eq(leaseResidents.leaseId, leases.id), eq(leaseResidents.role, 'PRIMARY')))
    .innerJoin(residents, eq(residents.id, leaseResidents.residentId))
    .where(and(eq(leases.companyId, companyId), inArray(leases.status, ['ACTIVE', 'NOTICE'])))
    .orderBy(asc(rentalUnits.label))
  if (!inForce.length) return
  const signer = `${manager?.first ?? 'Property'} ${manager?.last ?? 'Manager'}`

  type Place = (typeof inForce)[number]
  /** The form's items for the place's unit, all good but those told (by "room/item"). */
  const rated = (place: Place, ratings: Record<string, Record<string, unknown>>) =>
    itemsForUnit(formItems, { bedrooms: place.bedrooms, bathrooms: place.bathrooms === null ? null : Number(place.bathrooms) }).map((item) => ({
      room: item.room,
      item: item.item,
      rating: 'GOOD',
      ...ratings[`${item.room}/${item.item}`],
    }))
  const report = async (place: Place, body: Record<string, unknown>, lines?: Record<string, unknown>[]) => {
    const values = { rental_unit_id: place.unitId, lease_id: place.leaseId, form_id: form.id, ...body, ...(lines ? { lines } : {}) }
    return String((await createRecord(tx, companyId, inspectionReportsResource, parseInput(inspectionReportsResource, values, 'create'), { userId })).id)
  }
  const finalize = (id: string, place: Place) =>
    runAction(tx, companyId, userId, inspectionReportsResource, id, 'finalize', { inspector_signature: signer, resident_signature: `${place.first} ${place.last}` })

  // Move-ins, signed on the day: the first units let, and the first unit on notice.
  const leaving = inForce.filter((p) => p.status === 'NOTICE')
  const movedIn = [...inForce.filter((p) => p.status === 'ACTIVE').slice(0, 9), ...leaving.slice(0, 1)]
  for (const [n, place] of movedIn.entries()) {
    const day = place.moveIn ?? place.start
    if (day > today) continue
    const id = await report(
      place,
      { inspection_type: 'MOVE_IN', scheduled_date: day, inspected_date: day, inspector_user_id: userId, summary: 'Keys and fobs handed over; the resident walked the unit with us.' },
      rated(place, {
        'Kitchen/Refrigerator': { rating: 'NEW' },
        'Kitchen/Stove and oven': { rating: n % 3 ? 'GOOD' : 'NEW' },
        'Living room/Flooring': n % 4 === 1 ? { rating: 'FAIR', note: 'Light scuffs by the balcony door' } : {},
        'Entry/Walls and ceiling': n % 4 === 2 ? { rating: 'FAIR', note: 'Two nail holes, filled' } : {},
      }),
    )
    await finalize(id, place)
  }

  // A move-out beside its move-in: the first unit on notice that moved in with a report.
  const done = leaving.find((p) => movedIn.includes(p) && (p.moveIn ?? p.start) <= today)
  if (done) {
    const day = done.moveOut && done.moveOut <= today ? done.moveOut : today
    const id = await report(
      done,
      { inspection_type: 'MOVE_OUT', scheduled_date: day, inspected_date: day, inspector_user_id: technician?.id ?? null },
      rated(done, {
        'Kitchen/Refrigerator': { rating: 'DAMAGED', note: 'Door seal torn, shelf cracked', follow_up: 'REPAIR' },
        'Kitchen/Stove and oven': { rating: 'POOR', note: 'Heavy grease in the oven: professional cleaning', follow_up: 'CHARGE', charge_amount: '95.00' },
        'Living room/Walls and ceiling': { rating: 'FAIR', note: 'Picture hooks left; ordinary wear' },
      }),
    )
    // Under way: the damaged fridge needs its photo before the report can be finalized, and finalizing sends it for repair and charges the oven's cleaning.
    await runAction(tx, companyId, userId, inspectionReportsResource, id, 'start', {})
  }
  // The other units on notice: their move-outs, booked with the technician.
  for (const [n, place] of leaving.filter((p) => p !== done).entries())
    await report(place, { inspection_type: 'MOVE_OUT', scheduled_date: place.moveOut && place.moveOut > today ? place.moveOut : inDays(5 + n * 2), inspector_user_id: technician?.id ?? null })

  // Periodic inspections: one today for the technician, one next week.
  const stay = inForce.filter((p) => p.status === 'ACTIVE')
  if (stay[0]) await report(stay.at(-1)!, { inspection_type: 'PERIODIC', scheduled_date: today, inspector_user_id: technician?.id ?? null, summary: 'Annual check: smoke alarms, heating, leaks under sinks.' })
  if (stay[1]) await report(stay.at(-2)!, { inspection_type: 'PERIODIC', scheduled_date: inDays(7), inspector_user_id: technician?.id ?? null })
}
