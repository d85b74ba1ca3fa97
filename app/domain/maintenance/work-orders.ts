/*
 * Work orders' fixed parts (operations.md §0–1): the stages every company's statuses sit on, the
 * moves between them, the priorities and their target times, and the entry-notice rule of Ontario's
 * RTA s.26–27. Pure: no database, no clock but the one passed in.
 */

type Option = { readonly value: string; readonly label: string }

/** The fixed stages, in the order a work order usually goes through them. */
export const WORK_ORDER_STAGES = [
  { value: 'NEW', label: 'New' },
  { value: 'TRIAGE', label: 'Triage' },
  { value: 'AWAITING_ESTIMATE', label: 'Awaiting estimate' },
  { value: 'AWAITING_APPROVAL', label: 'Awaiting approval' },
  { value: 'ASSIGNED', label: 'Assigned' },
  { value: 'SCHEDULED', label: 'Scheduled' },
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'ON_HOLD', label: 'On hold' },
  { value: 'WORK_DONE', label: 'Work done' },
  { value: 'READY_TO_BILL', label: 'Ready to bill' },
  { value: 'CLOSED', label: 'Closed' },
  { value: 'CANCELED', label: 'Canceled' },
] as const satisfies readonly Option[]
export type WorkOrderStage = (typeof WORK_ORDER_STAGES)[number]['value']

/** Where nothing moves any more: a follow-up is a duplicate. */
export const FINAL_STAGES: readonly WorkOrderStage[] = ['CLOSED', 'CANCELED']

/** The stages work goes forward through (on hold and the final two stand aside). */
const FORWARD: readonly WorkOrderStage[] = ['NEW', 'TRIAGE', 'AWAITING_ESTIMATE', 'AWAITING_APPROVAL', 'ASSIGNED', 'SCHEDULED', 'IN_PROGRESS', 'WORK_DONE', 'READY_TO_BILL']
/** The stages a work order can be put on hold from, and resumed to. */
const HOLDABLE: readonly WorkOrderStage[] = ['TRIAGE', 'AWAITING_ESTIMATE', 'AWAITING_APPROVAL', 'ASSIGNED', 'SCHEDULED', 'IN_PROGRESS']

/**
 * The allowed moves between stages:
 * - forward, skipping any stages between (a small job goes from New straight to Scheduled);
 * - back to Triage from waiting, assigned or scheduled (a vendor declines, operations.md §1), from
 *   Scheduled back to Assigned (unscheduled), from In progress to Scheduled (a second visit), and
 *   from Work done to In progress (rework);
 * - on hold from any working stage and back to any of them;
 * - Closed from Work done or Ready to bill; Canceled from any stage before the work is done.
 */
export const WORK_ORDER_TRANSITIONS: readonly (readonly [WorkOrderStage, WorkOrderStage])[] = (() => {
  const moves: [WorkOrderStage, WorkOrderStage][] = []
  FORWARD.forEach((from, i) => FORWARD.slice(i + 1).forEach((to) => moves.push([from, to])))
  for (const from of ['AWAITING_ESTIMATE', 'AWAITING_APPROVAL', 'ASSIGNED', 'SCHEDULED'] as const) moves.push([from, 'TRIAGE'])
  moves.push(['SCHEDULED', 'ASSIGNED'], ['IN_PROGRESS', 'SCHEDULED'], ['WORK_DONE', 'IN_PROGRESS'])
  for (const stage of HOLDABLE) moves.push([stage, 'ON_HOLD'], ['ON_HOLD', stage])
  moves.push(['WORK_DONE', 'CLOSED'], ['READY_TO_BILL', 'CLOSED'])
  for (const from of ['NEW', ...HOLDABLE, 'ON_HOLD'] as const) moves.push([from, 'CANCELED'])
  return moves
})()

export const OPEN_STAGES: readonly WorkOrderStage[] = WORK_ORDER_STAGES.map((s) => s.value).filter((s) => !FINAL_STAGES.includes(s))

export const WORK_ORDER_PRIORITIES = [
  { value: 'EMERGENCY', label: 'Emergency' },
  { value: 'URGENT', label: 'Urgent' },
  { value: 'ROUTINE', label: 'Routine' },
] as const satisfies readonly Option[]
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number]['value']

const HOUR = 3_600_000

/**
 * How soon each priority must be answered (someone responds) and done, in hours. Lula's example
 * (operations.md §1, SLA) counts schedule, on-site and completion times in business days; these
 * are the plain clock hours most managers quote: emergency 1 h / 24 h, urgent 24 h / 72 h,
 * routine 72 h / 7 days.
 */
/** When a work order's photo was taken: what was wrong, or the work done. A resident's report shows the problem: its photos are Before. */
export const PHOTO_PHASES = [
  { value: 'BEFORE', label: 'Before the work' },
  { value: 'AFTER', label: 'After the work' },
] as const
export type PhotoPhase = (typeof PHOTO_PHASES)[number]['value']
export const photoPhaseLabel = (phase: string | null | undefined) => PHOTO_PHASES.find((p) => p.value === phase)?.label ?? null

export const PRIORITY_TARGETS: Record<WorkOrderPriority, { responseHours: number; completionHours: number }> = {
  EMERGENCY: { responseHours: 1, completionHours: 24 },
  URGENT: { responseHours: 24, completionHours: 72 },
  ROUTINE: { responseHours: 72, completionHours: 7 * 24 },
}

/** When a work order reported at `reportedAt` must be answered and done. */
export function dueInstants(priority: WorkOrderPriority, reportedAt: Date) {
  const target = PRIORITY_TARGETS[priority]
  return { responseDueAt: new Date(reportedAt.getTime() + target.responseHours * HOUR), completionDueAt: new Date(reportedAt.getTime() + target.completionHours * HOUR) }
}

/** A company's first categories: the trades most work orders fall under. */
export const DEFAULT_CATEGORIES: readonly { name: string; description: string }[] = [
  { name: 'Appliance', description: 'Fridges, stoves, dishwashers, washers and dryers' },
  { name: 'Electrical', description: 'Outlets, switches, lights, breakers and wiring' },
  { name: 'General', description: 'Anything that fits no other category' },
  { name: 'HVAC', description: 'Heating, ventilation and air conditioning' },
  { name: 'Locks and keys', description: 'Lock changes, lockouts, keys and fobs' },
  { name: 'Pest control', description: 'Insects, rodents and other pests' },
  { name: 'Plumbing', description: 'Leaks, drains, toilets, taps and water heaters' },
]

/** A company's first statuses: one per stage, named as the stage. */
export const DEFAULT_STATUSES: readonly { name: string; stage: WorkOrderStage }[] = WORK_ORDER_STAGES.map((s) => ({ name: s.label, stage: s.value }))

/** The times a work order can be scheduled at, every quarter hour: `09:30` read "9:30 a.m.". */
export const SCHEDULE_TIMES: readonly Option[] = Array.from({ length: 96 }, (_, i) => {
  const hours = Math.floor(i / 4)
  const minutes = (i % 4) * 15
  const value = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
  const label = `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'a.m.' : 'p.m.'}`
  return { value, label }
})

/** The parts of an instant on a time zone's clock. */
function clockIn(timeZone: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') }
}

/** The instant a day and time on a time zone's clock stand for (`2026-12-01`, `09:30`, `America/Toronto`). */
export function zonedInstant(date: string, time: string, timeZone: string) {
  const [y, m, d] = date.split('-').map(Number)
  const [h, min] = time.split(':').map(Number)
  const wall = Date.UTC(y, m - 1, d, h, min)
  // The zone's offset at that moment, found from the clock's own reading (twice, across a change of offset).
  let guess = wall
  for (let i = 0; i < 2; i++) {
    const c = clockIn(timeZone, new Date(guess))
    const offset = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - guess
    guess = wall - offset
  }
  return new Date(guess)
}

/** Minutes past midnight on a time zone's clock. */
function minutesIn(timeZone: string, at: Date) {
  const c = clockIn(timeZone, at)
  return c.hour * 60 + c.minute
}

export const NOTICE_HOURS = 24
const EARLIEST_ENTRY = 8 * 60
const LATEST_ENTRY = 20 * 60

/**
 * Ontario RTA s.26–27: entering a unit someone lives in for repairs takes at least 24 hours' written
 * notice and falls between 8 a.m. and 8 p.m., unless it is an emergency or the resident consents at
 * the time. Null when the visit may go ahead; otherwise why not, in people's words.
 */
export function entryNoticeRefusal(visit: {
  scheduledAt: Date
  /** When written notice is given: when the visit is scheduled. */
  noticeAt: Date
  timeZone: string
  priority: WorkOrderPriority
  residentConsent: boolean
  /** The unit has a current lease (its residents live there). */
  occupied: boolean
}): string | null {
  if (!visit.occupied || visit.priority === 'EMERGENCY' || visit.residentConsent) return null
  const minutes = minutesIn(visit.timeZone, visit.scheduledAt)
  if (minutes < EARLIEST_ENTRY || minutes > LATEST_ENTRY) return 'Entering a lived-in unit must be between 8 a.m. and 8 p.m., unless it is an emergency or the resident consents.'
  if (visit.scheduledAt.getTime() - visit.noticeAt.getTime() < NOTICE_HOURS * HOUR)
    return 'Entering a lived-in unit takes 24 hours’ written notice: schedule it at least a day from now, unless it is an emergency or the resident consents.'
  return null
}

/*
 * Charging for the work (operations.md §1, AppFolio's billing rules): a work log's labour is its
 * hours at the rate billed for them, its materials their quantities at their unit costs; charging a
 * resident adds a markup on the materials and never charges less than the minimum trip charge.
 * Amounts are integer cents, hours and quantities hundredths, a percent hundredths of a percent.
 */

/** `hundredths` (hours or a quantity, 150 = 1.5) times a price in cents, to the cent. */
export const timesPrice = (hundredths: number, cents: number) => Math.round((hundredths * cents) / 100)

export type WorkCharge = { labour: number; materials: number; markup: number; minimum: number; total: number }

/** What the work of some logs comes to when charged: labour, materials, the materials' markup, and at least the minimum. */
export function workCharge(logs: readonly { labourAmount: number; materialsAmount: number }[], rules: { markupPercent: number; minimumCharge: number }): WorkCharge {
  const labour = logs.reduce((sum, log) => sum + log.labourAmount, 0)
  const materials = logs.reduce((sum, log) => sum + log.materialsAmount, 0)
  const markup = Math.round((materials * rules.markupPercent) / 10_000)
  return { labour, materials, markup, minimum: rules.minimumCharge, total: Math.max(labour + materials + markup, rules.minimumCharge) }
}

/** The stages a work order is charged from: the work is done. */
export const CHARGEABLE_STAGES: readonly WorkOrderStage[] = ['WORK_DONE', 'READY_TO_BILL']
