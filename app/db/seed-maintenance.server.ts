import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from './client.server'
import { buildings, companies, leaseResidents, leases, rentalUnits, stateChanges, timeTrackingEntries, users, workLogs, workOrderCategories, workOrderComments, workOrders, workOrderStatuses, vendors } from './schema'
import { todayIn } from '~/domain/dates'
import { runAction } from '~/resources/engine/actions.server'
import { createRecord, parseInput } from '~/resources/engine/api.server'
import { recurringTasksResource, tasksResource } from '~/resources/tasks'
import { timeTrackingEntriesResource } from '~/resources/time-tracking-entries'
import { commentsResource, workLogsResource, workOrdersResource } from '~/resources/work-orders'

/**
 * The demo's work orders: a handful at its buildings, in units people live in and in common areas,
 * at several stages, each moved there through its statuses as a manager would (so each has its
 * history). Visits to units are scheduled days ahead, within the entry-notice rule; the demo's
 * technician has several assigned, one of them a common-area visit today. Behind them, a year of
 * finished work (seedWorkOrderYear) for the reports to read.
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
  // What the demo technician is paid an hour: their clocked time is costed at it.
  if (assigned) await tx.update(users).set({ hourlyRate: 3800 }).where(and(eq(users.companyId, companyId), eq(users.id, assigned)))

  const [plumber] = await tx
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), eq(vendors.trade, 'PLUMBING')))
    .limit(1)
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
        // An emergency the company's plumber came out for.
        vendor_id: plumber?.id ?? null,
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
  await seedWorkOrderYear(tx, companyId, userId, { lived, category, status, technician: assigned, timeZone: company.timeZone })
  await seedTasks(tx, companyId, userId, { technician: assigned, propertyGroupId: lived[0].propertyGroupId, inDays })
}

/**
 * The demo's tasks: two series the office keeps (the monthly fire-alarm test, the furnace filters each
 * season), whose next tasks are made ahead, and a handful of one-off tasks, some done.
 */
async function seedTasks(tx: Executor, companyId: string, userId: string, demo: { technician: string | null; propertyGroupId: string; inDays: (days: number) => string }) {
  const make = (resource: typeof tasksResource | typeof recurringTasksResource, body: Record<string, unknown>) => createRecord(tx, companyId, resource, parseInput(resource, body, 'create'), { userId })
  await make(recurringTasksResource, {
    subject: 'Test the fire alarms',
    priority: 'HIGH',
    assigned_user_id: demo.technician,
    property_group_id: demo.propertyGroupId,
    rule: 'FREQ=MONTHLY;BYDAY=1MO',
    start_date: demo.inDays(-90),
    lead_days: 10,
    lines: [{ description: 'Press each test button' }, { description: 'Replace any dead battery' }, { description: 'Log the results' }],
  })
  await make(recurringTasksResource, {
    subject: 'Change the furnace filters',
    priority: 'NORMAL',
    assigned_user_id: demo.technician,
    rule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1',
    start_date: demo.inDays(-30),
    lead_days: 14,
  })
  const oneOff = [
    { subject: 'Book the annual elevator inspection', priority: 'HIGH', due_date: demo.inDays(12), assigned_user_id: userId },
    { subject: 'Renew the snow-removal contract', priority: 'NORMAL', due_date: demo.inDays(5), assigned_user_id: userId },
    { subject: 'Repaint the parking lines', priority: 'LOW', due_date: demo.inDays(-3), assigned_user_id: demo.technician, done: false },
    { subject: 'Order spare keys for the laundry room', priority: 'LOW', due_date: demo.inDays(-10), assigned_user_id: demo.technician, done: true },
    { subject: 'Check the roof drains before winter', priority: 'NORMAL', due_date: demo.inDays(-20), assigned_user_id: demo.technician, done: true },
  ]
  for (const { done, ...body } of oneOff) {
    const task = await make(tasksResource, { ...body, property_group_id: demo.propertyGroupId })
    if (done) await runAction(tx, companyId, userId, tasksResource, String(task.id), 'complete', {})
  }
}

/** The past year's common jobs: what, which trade, how urgent, the hours and materials they took, and whether the resident caused it. */
const PAST_JOBS = [
  { subject: 'Running toilet', category: 'Plumbing', priority: 'ROUTINE', hours: '1.00', material: ['Flapper valve', '1', '12.50'] },
  { subject: 'Clogged kitchen drain', category: 'Plumbing', priority: 'URGENT', hours: '1.50', material: ['Drain cleaner', '1', '9.99'] },
  { subject: 'No hot water', category: 'Plumbing', priority: 'EMERGENCY', hours: '3.00', material: ['Thermocouple', '1', '38.00'] },
  { subject: 'Breaker keeps tripping', category: 'Electrical', priority: 'URGENT', hours: '2.00', material: ['20 A breaker', '1', '24.00'] },
  { subject: 'Outlet not working in the bedroom', category: 'Electrical', priority: 'ROUTINE', hours: '0.75', material: ['Duplex outlet', '1', '6.50'] },
  { subject: 'Furnace filter and service', category: 'HVAC', priority: 'ROUTINE', hours: '1.25', material: ['Furnace filter', '2', '14.00'] },
  { subject: 'Heat not coming on', category: 'HVAC', priority: 'EMERGENCY', hours: '2.50', material: ['Igniter', '1', '65.00'] },
  { subject: 'Fridge not cooling', category: 'Appliance', priority: 'URGENT', hours: '1.50', material: ['Condenser fan motor', '1', '72.00'] },
  { subject: 'Dryer not heating', category: 'Appliance', priority: 'ROUTINE', hours: '1.00', material: ['Thermal fuse', '1', '18.00'] },
  { subject: 'Lock change after lost keys', category: 'Locks and keys', priority: 'URGENT', hours: '0.50', material: ['Deadbolt', '1', '45.00'], charged: true },
  { subject: 'Broken window screen', category: 'General', priority: 'ROUTINE', hours: '0.50', material: ['Screen kit', '1', '22.00'], charged: true },
  { subject: 'Ants in the kitchen', category: 'Pest control', priority: 'ROUTINE', hours: '0.50', material: ['Bait stations', '4', '3.75'] },
  { subject: 'Hallway carpet stain', category: 'General', priority: 'ROUTINE', hours: '1.00', material: ['Carpet shampoo', '1', '11.00'], common: 'Third-floor hallway' },
  { subject: 'Parking garage door stuck', category: 'General', priority: 'URGENT', hours: '2.00', material: ['Door roller', '2', '16.00'], common: 'Parking garage' },
] as const

const HOUR = 3_600_000

/**
 * A year of finished work orders, about six a month: each made, answered and done as a manager and
 * the technician would (its statuses through change-status, its work log through work-logs, a comment
 * where the resident reported it), then set back to when it happened, so the reports count real days.
 * Urgent and emergency work is mostly done within its target; now and then it runs late. A few were
 * canceled (a duplicate report). Work the resident caused is charged to them in the last months.
 */
async function seedWorkOrderYear(
  tx: Executor,
  companyId: string,
  userId: string,
  demo: { lived: { unitId: string; propertyGroupId: string; residentId: string }[]; category: (name: string) => string | null; status: (stage: string) => string; technician: string | null; timeZone: string },
) {
  const now = Date.now()
  for (let i = 0; i < 72; i++) {
    const job = PAST_JOBS[(i * 5) % PAST_JOBS.length]
    const place = demo.lived[(i * 7) % demo.lived.length]
    const common = 'common' in job ? job.common : null
    // Spread over the past year, the oldest first, at office hours.
    const madeAt = now - (380 - i * 5) * 24 * HOUR - (i % 6) * HOUR
    const targets = { EMERGENCY: 24, URGENT: 72, ROUTINE: 168 }[job.priority]
    const late = i % 9 === 4
    const respondAfter = job.priority === 'EMERGENCY' ? 0.5 : late ? targets / 2 : 4 + (i % 5)
    const doneAfter = late ? targets * 1.6 : targets * (0.3 + (i % 4) * 0.15)
    const canceled = i % 17 === 8
    const order = await createRecord(
      tx,
      companyId,
      workOrdersResource,
      parseInput(
        workOrdersResource,
        {
          subject: job.subject,
          category_id: demo.category(job.category),
          priority: job.priority,
          property_group_id: place.propertyGroupId,
          rental_unit_id: common ? null : place.unitId,
          location: common,
          reported_by_resident_id: common ? null : place.residentId,
          permission_to_enter: !common && i % 2 === 0,
          assigned_user_id: demo.technician,
        },
        'create',
      ),
      { userId },
    )
    const id = String(order.id)
    const move = (stage: string) => runAction(tx, companyId, userId, workOrdersResource, id, 'change-status', { status_id: demo.status(stage) })
    const moments: [string, number][] = [['NEW', 0]]
    if (canceled) {
      await move('CANCELED')
      moments.push(['CANCELED', respondAfter])
    } else {
      await move('ASSIGNED')
      await move('IN_PROGRESS')
      await createRecord(
        tx,
        companyId,
        workLogsResource,
        parseInput(
          workLogsResource,
          {
            work_order_id: id,
            user_id: demo.technician,
            work_date: todayIn(demo.timeZone),
            hours: job.hours,
            hourly_rate: '85.00',
            description: `${job.subject}: fixed and tested.`,
            lines: [{ description: job.material[0], quantity: job.material[1], unit_cost: job.material[2] }],
          },
          'create',
        ),
        { userId },
      )
      // The technician's clocked time for it (the log's hours and a quarter hour's travel), back-dated below.
      if (demo.technician) {
        const entry = await createRecord(tx, companyId, timeTrackingEntriesResource, parseInput(timeTrackingEntriesResource, { user_id: demo.technician, work_order_id: id }, 'create'), { userId })
        await runAction(tx, companyId, userId, timeTrackingEntriesResource, String(entry.id), 'clock-out', {})
      }
      if (!common) await createRecord(tx, companyId, commentsResource, parseInput(commentsResource, { work_order_id: id, body: 'All done; please let us know if it happens again.', visible_to_resident: true }, 'create'), { userId })
      await move('WORK_DONE')
      moments.push(['ASSIGNED', respondAfter], ['IN_PROGRESS', (respondAfter + doneAfter) / 2], ['WORK_DONE', doneAfter])
      const recent = i >= 60
      if ('charged' in job && recent) {
        await runAction(tx, companyId, userId, workOrdersResource, id, 'generate-invoice', { markup_percent: '10', minimum_charge: '75.00', note: 'Resident-caused' })
        moments.push(['CLOSED', doneAfter + 24])
      } else {
        await move('CLOSED')
        moments.push(['CLOSED', doneAfter + 48])
      }
    }
    // Back to when it happened: the work order, its history and its log.
    const at = (after: number) => new Date(madeAt + after * HOUR)
    await tx
      .update(workOrders)
      .set({ createdAt: at(0), updatedAt: at(moments[moments.length - 1][1]), responseDueAt: at({ EMERGENCY: 1, URGENT: 24, ROUTINE: 72 }[job.priority]), completionDueAt: at(targets) })
      .where(and(eq(workOrders.companyId, companyId), eq(workOrders.id, id)))
    for (const [stage, after] of moments)
      await tx
        .update(stateChanges)
        .set({ createdAt: at(after) })
        .where(and(eq(stateChanges.companyId, companyId), eq(stateChanges.recordId, id), eq(stateChanges.toState, stage)))
    await tx
      .update(workLogs)
      .set({ workDate: todayIn(demo.timeZone, at(doneAfter)), createdAt: at(doneAfter) })
      .where(and(eq(workLogs.companyId, companyId), eq(workLogs.workOrderId, id)))
    if (!canceled) {
      const started = at((respondAfter + doneAfter) / 2)
      const minutes = Math.round(Number(job.hours) * 60) + 15
      await tx
        .update(timeTrackingEntries)
        .set({ startedAt: started, endedAt: new Date(started.getTime() + minutes * 60_000), minutes, amount: sql`round(${minutes} * ${timeTrackingEntries.hourlyRate} / 60.0)`, createdAt: started })
        .where(and(eq(timeTrackingEntries.companyId, companyId), eq(timeTrackingEntries.workOrderId, id)))
    }
    await tx
      .update(workOrderComments)
      .set({ createdAt: at(doneAfter) })
      .where(and(eq(workOrderComments.companyId, companyId), inArray(workOrderComments.workOrderId, [id])))
  }
  // Time off the work orders: a supply run and the shop's upkeep early each month.
  for (let month = 0; month < 12 && demo.technician; month++) {
    const entry = await createRecord(tx, companyId, timeTrackingEntriesResource, parseInput(timeTrackingEntriesResource, { user_id: demo.technician, notes: 'Supply run and shop upkeep' }, 'create'), { userId })
    await runAction(tx, companyId, userId, timeTrackingEntriesResource, String(entry.id), 'clock-out', {})
    const started = new Date(now - (month * 30 + 5) * 24 * HOUR - (now % (24 * HOUR)) + 13 * HOUR)
    await tx
      .update(timeTrackingEntries)
      .set({ startedAt: started, endedAt: new Date(started.getTime() + 90 * 60_000), minutes: 90, amount: sql`round(90 * ${timeTrackingEntries.hourlyRate} / 60.0)`, createdAt: started })
      .where(and(eq(timeTrackingEntries.companyId, companyId), eq(timeTrackingEntries.id, String(entry.id))))
  }
}
