import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { companyToday } from '~/db/clock.server'
import type { Executor } from '~/db/client.server'
import { buildings, leases, makeReadies, makeReadyTaskCategories, makeReadyTasks, propertyGroups, rentalUnits } from '~/db/schema'
import { todayIn } from '~/domain/dates'
import { conflict, invalid } from '~/domain/errors'
import { addDays } from '~/domain/ledger/reports'
import { DEFAULT_MAKE_READY_CATEGORIES, defaultTasks, MAKE_READY_STATUSES, readyByFor, settled, turnFigures } from '~/domain/maintenance/make-ready'
import { labelOf } from '~/domain/text'
import { timeZoneOf } from './work-orders.server'

/*
 * Make-ready's rules (issue 15 item 7), called by name from app/resources/make-ready.ts and from the
 * leases' own: a turn's unit, leases and days; the tasks it starts with; what completing it asks;
 * the work orders its repairs are done through; and the turns the leases open, cancel and date as
 * notice is given or withdrawn and the next lease is signed.
 */

type Row = Record<string, unknown>
type Errors = Record<string, string[]>

/** A new company's task categories (migration 0041 gave every existing company the same). */
export async function openMakeReady(tx: Executor, companyId: string) {
  await tx.insert(makeReadyTaskCategories).values(DEFAULT_MAKE_READY_CATEGORIES.map((c) => ({ companyId, ...c })))
}

/** The leases that can follow a move-out on a unit: signed or in force, moving in on or after it. */
async function nextLeaseOf(tx: Executor, companyId: string, unitId: string, moveOutDate: string, moveOutLeaseId: string | null) {
  const moveIn = sql<string>`coalesce(${leases.moveInDate}, ${leases.startDate})`
  const [next] = await tx
    .select({ id: leases.id, moveIn })
    .from(leases)
    .where(
      and(
        eq(leases.companyId, companyId),
        eq(leases.rentalUnitId, unitId),
        inArray(leases.status, ['DRAFT', 'ACTIVE']),
        sql`${moveIn} >= ${moveOutDate}`,
        moveOutLeaseId ? ne(leases.id, moveOutLeaseId) : undefined,
      ),
    )
    .orderBy(asc(moveIn))
    .limit(1)
  return next ?? null
}

/**
 * A turn as it will be stored: of a unit (its property kept beside it), after the move-out of one of
 * its leases (on a new one, the lease on notice or else the latest to end, and its move-out day),
 * before the next lease's move-in, ready by the day before it unless told; named by unit and day.
 * A new turn without tasks starts with the default ones. A unit has one turn open at a time.
 */
export async function checkMakeReady(tx: Executor, companyId: string, id: string | undefined, values: Row, lines: Row[] | undefined): Promise<Errors | undefined> {
  const unitId = String(values.rentalUnitId)
  const [unit] = await tx
    .select({ label: rentalUnits.label, propertyGroupId: buildings.propertyGroupId })
    .from(rentalUnits)
    .innerJoin(buildings, eq(buildings.id, rentalUnits.buildingId))
    .where(and(eq(rentalUnits.companyId, companyId), eq(rentalUnits.id, unitId)))
  if (!unit) return { rental_unit_id: ['No such unit in your company.'] }
  values.propertyGroupId = unit.propertyGroupId

  if (values.moveOutLeaseId) {
    const [lease] = await tx.select({ unitId: leases.rentalUnitId }).from(leases).where(and(eq(leases.companyId, companyId), eq(leases.id, String(values.moveOutLeaseId))))
    if (lease?.unitId !== unitId) return { move_out_lease_id: ['Choose a lease of this unit.'] }
  } else if (!id) {
    const [leaving] = await tx
      .select({ id: leases.id, moveOut: sql<string | null>`coalesce(${leases.moveOutDate}, ${leases.endDate})` })
      .from(leases)
      .where(and(eq(leases.companyId, companyId), eq(leases.rentalUnitId, unitId), inArray(leases.status, ['NOTICE', 'ENDED'])))
      .orderBy(sql`${leases.status} = 'NOTICE' desc`, sql`coalesce(${leases.moveOutDate}, ${leases.endDate}) desc nulls last`)
      .limit(1)
    if (leaving) {
      values.moveOutLeaseId = leaving.id
      values.moveOutDate ??= leaving.moveOut
    }
  }
  if (!values.moveOutDate) return { move_out_date: ['Give the day the unit is vacated: no lease of it is on notice or ended to take it from.'] }
  const moveOut = String(values.moveOutDate)

  if (!id || values.status === undefined || ['UPCOMING', 'IN_PROGRESS', 'ON_HOLD'].includes(String(values.status))) {
    const [other] = await tx
      .select({ label: makeReadies.label })
      .from(makeReadies)
      .where(and(eq(makeReadies.companyId, companyId), eq(makeReadies.rentalUnitId, unitId), eq(makeReadies.open, true), id ? ne(makeReadies.id, id) : undefined))
    if (other) throw conflict(`${unit.label} is already being made ready: ${other.label}. Finish or cancel that one first.`, { rental_unit_id: [`Already being made ready: ${other.label}.`] })
  }

  const next = await nextLeaseOf(tx, companyId, unitId, moveOut, (values.moveOutLeaseId as string | null) ?? null)
  values.nextLeaseId = next?.id ?? null
  values.nextMoveInDate = next?.moveIn ?? null
  values.readyByDate ||= readyByFor(moveOut, next?.moveIn ?? null)
  if (String(values.readyByDate) < moveOut) return { ready_by_date: ['It cannot be ready before the unit is vacated.'] }
  values.label = `Turn of ${unit.label} from ${moveOut}`

  if (!id && lines && !lines.length) {
    const categories = await tx.select({ id: makeReadyTaskCategories.id, name: makeReadyTaskCategories.name }).from(makeReadyTaskCategories).where(eq(makeReadyTaskCategories.companyId, companyId))
    lines.push(...defaultTasks(moveOut, String(values.readyByDate), categories))
  }
  return undefined
}

async function tasksOf(tx: Executor, companyId: string, ids: string[]) {
  if (!ids.length) return []
  return tx
    .select({ id: makeReadyTasks.id, makeReadyId: makeReadyTasks.makeReadyId, description: makeReadyTasks.description, status: makeReadyTasks.status, dueDate: makeReadyTasks.dueDate, workOrderId: makeReadyTasks.workOrderId, opensWorkOrders: makeReadyTaskCategories.opensWorkOrders })
    .from(makeReadyTasks)
    .innerJoin(makeReadyTaskCategories, eq(makeReadyTaskCategories.id, makeReadyTasks.categoryId))
    .where(and(eq(makeReadyTasks.companyId, companyId), inArray(makeReadyTasks.makeReadyId, ids)))
    .orderBy(asc(makeReadyTasks.position))
}

/** Completing a turn: every task done or skipped; it was ready today. */
export async function completeMakeReady(tx: Executor, companyId: string, record: Row) {
  const open = (await tasksOf(tx, companyId, [String(record.id)])).filter((t) => !settled(t.status))
  if (open.length) throw invalid(`Some tasks are still to do: ${open.map((t) => t.description).join('; ')}. Mark them done or skipped first.`)
  const today = todayIn(await timeZoneOf(tx, companyId))
  await setReadyDate(tx, companyId, String(record.id), today < String(record.moveOutDate) ? String(record.moveOutDate) : today)
}

/** The day a turn was made ready, or none (reopened). */
export async function setReadyDate(tx: Executor, companyId: string, id: string, day: string | null) {
  await tx.update(makeReadies).set({ readyDate: day, updatedAt: new Date() }).where(and(eq(makeReadies.companyId, companyId), eq(makeReadies.id, id)))
}

/**
 * Opens a work order for each task still to do in a category done through work orders (repairs,
 * paint, safety) that has none: at the unit, due when the task is, each linked from its task, which
 * is then in progress.
 */
export async function openTurnWorkOrders(tx: Executor, companyId: string, userId: string, record: Row) {
  const due = (await tasksOf(tx, companyId, [String(record.id)])).filter((t) => t.opensWorkOrders && !t.workOrderId && !settled(t.status))
  if (!due.length) throw conflict('No task needs a work order: each task to repair, paint or make safe already has one, or is done.')
  // Loaded here, not at the top: the definitions import these rules.
  const [{ createRecord }, { resourceNamed }] = await Promise.all([import('~/resources/engine/api.server'), import('~/resources')])
  for (const task of due) {
    const order = await createRecord(
      tx,
      companyId,
      resourceNamed('work-orders')!,
      {
        values: {
          subject: task.description.slice(0, 200),
          description: `For the unit’s turn (${String(record.label)}).`,
          property_group_id: record.propertyGroupId,
          rental_unit_id: record.rentalUnitId,
          priority: 'ROUTINE',
          due_date: task.dueDate,
        },
      },
      { userId },
    )
    await tx.update(makeReadyTasks).set({ workOrderId: String(order.id), status: 'IN_PROGRESS' }).where(and(eq(makeReadyTasks.companyId, companyId), eq(makeReadyTasks.id, task.id)))
  }
}

/** What the board says of each turn (days until the move-in, turn days, tasks done and overdue), as of the company's today. */
export async function turnSummaries(tx: Executor, companyId: string, records: Row[]) {
  const ids = records.map((r) => String(r.id))
  const [tasks, timeZone] = await Promise.all([tasksOf(tx, companyId, ids), timeZoneOf(tx, companyId)])
  const today = todayIn(timeZone)
  return new Map(
    records.map((r) => [
      String(r.id),
      turnFigures(
        { moveOutDate: String(r.move_out_date), readyDate: (r.ready_date as string | null) ?? null, nextMoveInDate: (r.next_move_in_date as string | null) ?? null },
        tasks.filter((t) => t.makeReadyId === r.id),
        today,
      ),
    ]),
  )
}

/**
 * The make-ready board (SPEC.md §7 GET leases/make-ready-board): the turns open, soonest next move-in
 * first (those with none after), each with its unit, property, days and tasks.
 */
export async function makeReadyBoard(tx: Executor, companyId: string, propertyGroupId?: string) {
  const rows = await tx
    .select({ turn: makeReadies, unit: rentalUnits.label, property: propertyGroups.name })
    .from(makeReadies)
    .innerJoin(rentalUnits, eq(rentalUnits.id, makeReadies.rentalUnitId))
    .innerJoin(propertyGroups, eq(propertyGroups.id, makeReadies.propertyGroupId))
    .where(and(eq(makeReadies.companyId, companyId), eq(makeReadies.open, true), propertyGroupId ? eq(makeReadies.propertyGroupId, propertyGroupId) : undefined))
    .orderBy(sql`${makeReadies.nextMoveInDate} nulls last`, asc(makeReadies.readyByDate), asc(rentalUnits.label))
  const tasks = await tasksOf(
    tx,
    companyId,
    rows.map((r) => r.turn.id),
  )
  const today = todayIn(await timeZoneOf(tx, companyId))
  return rows.map(({ turn, unit, property }) => ({
    id: turn.id,
    label: turn.label,
    rental_unit_id: turn.rentalUnitId,
    unit,
    property_group_id: turn.propertyGroupId,
    property,
    status: turn.status,
    status_label: labelOf(MAKE_READY_STATUSES, turn.status),
    // Always set by its rules (the columns are nullable only so a form may leave them to them).
    move_out_date: turn.moveOutDate!,
    ready_by_date: turn.readyByDate!,
    next_lease_id: turn.nextLeaseId,
    next_move_in_date: turn.nextMoveInDate,
    ...turnFigures({ ...turn, moveOutDate: turn.moveOutDate! }, tasks.filter((t) => t.makeReadyId === turn.id), today),
  }))
}

/** A lease's row (by column key, as a rule gets it) as the turns read it. */
export const leaseTerms = (record: Row): Turnover => ({
  id: String(record.id),
  rentalUnitId: String(record.rentalUnitId),
  status: String(record.status),
  startDate: String(record.startDate),
  moveInDate: (record.moveInDate as string | null) ?? null,
  moveOutDate: (record.moveOutDate as string | null) ?? null,
  endDate: (record.endDate as string | null) ?? null,
  renewsLeaseId: (record.renewsLeaseId as string | null) ?? null,
})
type Turnover = { id: string; rentalUnitId: string; status: string; startDate: string; moveInDate: string | null; moveOutDate: string | null; endDate: string | null; renewsLeaseId: string | null }

/**
 * What a lease's changes mean for its unit's turn (called by the leases' rules): notice given opens
 * one (when none is open) from the lease's move-out; notice withdrawn cancels the one it opened if
 * nothing of it was done; another lease moving in (activated once begun, or beginning: `begun`)
 * ends the open turn (the unit is lived in again); one signed ahead is the turn's next move-in.
 * Whatever changed, the unit's open turn reads its next lease again (a ready-by day still at its
 * default follows the next move-in).
 */
export async function followTurnover(tx: Executor, companyId: string, userId: string | null, lease: Turnover, move?: { from: string; to: string }, options: { begun?: boolean } = {}) {
  const [{ recordStateChange, runAction }, { createRecord, parseInput }, { resourceNamed }] = await Promise.all([
    import('~/resources/engine/actions.server'),
    import('~/resources/engine/api.server'),
    import('~/resources'),
  ])
  const resource = resourceNamed('make-ready')!
  const [found] = await tx.select().from(makeReadies).where(and(eq(makeReadies.companyId, companyId), eq(makeReadies.rentalUnitId, lease.rentalUnitId), eq(makeReadies.open, true)))
  // Its move-out is always set by its rules.
  const open = found && { ...found, moveOutDate: found.moveOutDate! }
  const moveOut = lease.moveOutDate ?? lease.endDate
  if (move?.to === 'NOTICE' && !open && moveOut) {
    await createRecord(tx, companyId, resource, parseInput(resource, { rental_unit_id: lease.rentalUnitId, move_out_lease_id: lease.id, move_out_date: moveOut }, 'create'), { userId })
    return
  }
  if (!open) return
  if (move?.from === 'NOTICE' && move.to === 'ACTIVE' && open.moveOutLeaseId === lease.id && open.status === 'UPCOMING') {
    const tasks = await tasksOf(tx, companyId, [open.id])
    if (userId && !tasks.some((t) => settled(t.status) || t.workOrderId)) {
      await runAction(tx, companyId, userId, resource, open.id, 'cancel', { note: 'Notice withdrawn' })
      return
    }
  }
  // The lease leaving was renewed after all: the same residents stay, there is no turn.
  if (move?.to === 'ACTIVE' && move.from === 'DRAFT' && lease.renewsLeaseId && lease.renewsLeaseId === open.moveOutLeaseId && userId) {
    await runAction(tx, companyId, userId, resource, open.id, 'cancel', { note: 'The lease was renewed' })
    return
  }
  // The next lease moved in: whatever was left of the turn, the unit is lived in again.
  const movedIn = lease.moveInDate ?? lease.startDate
  const movesIn = options.begun || (move?.to === 'ACTIVE' && move.from === 'DRAFT' && lease.startDate <= (await companyToday(tx, companyId)))
  if (movesIn && lease.id !== open.moveOutLeaseId) {
    const ready = movedIn > open.moveOutDate ? addDays(movedIn, -1) : open.moveOutDate
    await tx.update(makeReadies).set({ status: 'DONE', readyDate: open.readyDate ?? ready, updatedAt: new Date() }).where(and(eq(makeReadies.companyId, companyId), eq(makeReadies.id, open.id)))
    await recordStateChange(tx, { companyId, resource, recordId: open.id, action: null, from: open.status, to: 'DONE', label: 'Ready: the next lease moved in', userId })
    return
  }
  const next = await nextLeaseOf(tx, companyId, lease.rentalUnitId, open.moveOutDate, open.moveOutLeaseId)
  const nextMoveIn = next?.moveIn ?? null
  if (next?.id === open.nextLeaseId && nextMoveIn === open.nextMoveInDate) return
  const defaultReadyBy = readyByFor(open.moveOutDate, open.nextMoveInDate)
  await tx
    .update(makeReadies)
    .set({
      nextLeaseId: next?.id ?? null,
      nextMoveInDate: nextMoveIn,
      ...(open.readyByDate === defaultReadyBy ? { readyByDate: readyByFor(open.moveOutDate, nextMoveIn) } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(makeReadies.companyId, companyId), eq(makeReadies.id, open.id)))
}
