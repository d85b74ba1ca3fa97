import { WORK_ORDER_PRIORITIES, type WorkOrderPriority } from './work-orders'

/*
 * What a resident is told when reporting a work order (/rc/work-orders/new/), shared by the API's
 * schema and the page: how many photos a report takes, and the priorities in plain words.
 */

/** At most this many photos come with a report. */
export const MAX_REPORT_PHOTOS = 5

/** When each priority is meant, as a resident reads it. */
export const PRIORITY_HELP: Record<WorkOrderPriority, string> = {
  ROUTINE: 'Needs fixing, but nothing is at risk: a dripping tap, a sticking door. Answered within 3 days.',
  URGENT: 'Something important is not working: no hot water, a fridge or stove out. Answered within a day.',
  EMERGENCY: 'Danger to people or the building now: flooding, no heat in winter, sparks. Answered within the hour. For fire or a gas smell, leave and call 911 first.',
}

/** The priorities in the order a resident considers them: the usual first. */
export const RESIDENT_PRIORITIES = (['ROUTINE', 'URGENT', 'EMERGENCY'] as const).map((value) => ({
  value,
  label: WORK_ORDER_PRIORITIES.find((p) => p.value === value)!.label,
  help: PRIORITY_HELP[value],
}))
