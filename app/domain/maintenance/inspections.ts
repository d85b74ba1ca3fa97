import { labelOf } from '~/domain/text'

/*
 * Inspections (issue 15 item 6, operations.md §2), as pure rules: the kinds of report, the rating
 * scale, a form's rooms laid out for a unit, what finalizing asks of a report, and a move-out's
 * items side by side with its move-in's.
 */

export const INSPECTION_TYPES = [
  { value: 'MOVE_IN', label: 'Move-in' },
  { value: 'MOVE_OUT', label: 'Move-out' },
  { value: 'PERIODIC', label: 'Periodic' },
  { value: 'PRE_MOVE_OUT', label: 'Pre-move-out' },
  { value: 'TRANSFER', label: 'Transfer' },
] as const

export const INSPECTION_STATUSES = [
  { value: 'SCHEDULED', label: 'Scheduled' },
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'FINALIZED', label: 'Finalized' },
  { value: 'CANCELED', label: 'Canceled' },
] as const

export const INSPECTION_TRANSITIONS = [
  ['SCHEDULED', 'IN_PROGRESS'],
  ['SCHEDULED', 'FINALIZED'],
  ['IN_PROGRESS', 'FINALIZED'],
  ['SCHEDULED', 'CANCELED'],
  ['IN_PROGRESS', 'CANCELED'],
  ['CANCELED', 'SCHEDULED'],
] as const

/** A finalized report is evidence: kept as it was signed. */
export const LOCKED_INSPECTION_STATUSES = ['FINALIZED'] as const

/** The rating scale every item is rated on (New, Good, Fair, Poor, Damaged), or left out of the report. */
export const INSPECTION_RATINGS = [
  { value: 'NEW', label: 'New' },
  { value: 'GOOD', label: 'Good' },
  { value: 'FAIR', label: 'Fair' },
  { value: 'POOR', label: 'Poor' },
  { value: 'DAMAGED', label: 'Damaged' },
  { value: 'NOT_APPLICABLE', label: 'Not applicable' },
] as const
export type InspectionRating = (typeof INSPECTION_RATINGS)[number]['value']

/** Ratings that show wear beyond the ordinary: where a photo may be required and a follow-up makes sense. */
export const NEEDS_ATTENTION: readonly string[] = ['POOR', 'DAMAGED']

export const FOLLOW_UPS = [
  { value: 'NONE', label: 'None' },
  { value: 'REPAIR', label: 'Repair (opens a work order)' },
  { value: 'CHARGE', label: 'Charge the resident' },
] as const

export const ROOM_REPEATS = [
  { value: 'ONCE', label: 'Once' },
  { value: 'EACH_BEDROOM', label: 'For each bedroom' },
  { value: 'EACH_BATHROOM', label: 'For each bathroom' },
] as const


export type FormItem = { room: string; item: string; repeat: string; photoRequired: boolean }
export type ReportItem = { room: string; item: string; photoRequired: boolean }

/**
 * A form's items as a unit's report starts with them: a room marked for each bedroom (or bathroom)
 * once per bedroom of the unit, numbered when there are several ("Bedroom 1", "Bedroom 2"), left
 * out where the unit has none. A half bathroom is a bathroom. Rooms keep the form's order, the
 * repeated ones their items together, room by room.
 */
export function itemsForUnit(items: readonly FormItem[], unit: { bedrooms: number | null; bathrooms: number | null }): ReportItem[] {
  const counts: Record<string, number> = {
    ONCE: 1,
    EACH_BEDROOM: Math.max(0, Math.floor(unit.bedrooms ?? 1)),
    EACH_BATHROOM: Math.max(0, Math.ceil(unit.bathrooms ?? 1)),
  }
  const out: ReportItem[] = []
  // Consecutive items of one repeated room make one group, laid out once per room.
  for (let i = 0; i < items.length; ) {
    let j = i
    while (j < items.length && items[j].room === items[i].room && items[j].repeat === items[i].repeat) j++
    const group = items.slice(i, j)
    const n = counts[items[i].repeat] ?? 1
    for (let k = 1; k <= n; k++) {
      const room = n > 1 ? `${items[i].room} ${k}` : items[i].room
      for (const it of group) out.push({ room, item: it.item, photoRequired: it.photoRequired })
    }
    i = j
  }
  return out
}

export type ItemToFinalize = { room: string; item: string; rating: string | null; photoRequired: boolean; followUp: string; chargeAmount: number | null; photos: number }

/**
 * Why a report cannot be finalized yet, one sentence per item that is not ready: every item rated
 * (or marked not applicable), a photo where the form requires one of a poor or damaged item, and
 * an amount on each item charged to the resident. Empty: it can be.
 */
export function finalizeProblems(items: readonly ItemToFinalize[]): string[] {
  const name = (i: ItemToFinalize) => `${i.room}: ${i.item}`
  const problems: string[] = []
  if (!items.length) problems.push('The report has no items: add the rooms and items inspected first.')
  for (const item of items) {
    if (!item.rating) problems.push(`${name(item)} is not rated.`)
    else if (item.photoRequired && NEEDS_ATTENTION.includes(item.rating) && item.photos === 0) problems.push(`${name(item)} is rated ${labelOf(INSPECTION_RATINGS, item.rating).toLowerCase()} and needs a photo.`)
    if (item.followUp === 'CHARGE' && !(item.chargeAmount && item.chargeAmount > 0)) problems.push(`${name(item)} is to be charged to the resident: give the amount.`)
  }
  return problems
}

/** A room and item as a comparison matches them: case and spacing do not matter. */
export const itemKey = (room: string, item: string) => `${room.trim().toLowerCase().replace(/\s+/g, ' ')}\u0000${item.trim().toLowerCase().replace(/\s+/g, ' ')}`

export type Compared<T> = { room: string; item: string; moveIn: T | null; moveOut: T | null }

/**
 * A move-out's items beside the move-in's: each of the move-out's items in its order with the
 * move-in's item of the same room and name (each matched once), then the move-in's items the
 * move-out does not have.
 */
export function sideBySide<T extends { room: string; item: string }>(moveIn: readonly T[], moveOut: readonly T[]): Compared<T>[] {
  const waiting = new Map<string, T[]>()
  for (const item of moveIn) {
    const key = itemKey(item.room, item.item)
    waiting.set(key, [...(waiting.get(key) ?? []), item])
  }
  const rows: Compared<T>[] = moveOut.map((item) => {
    const matches = waiting.get(itemKey(item.room, item.item))
    return { room: item.room, item: item.item, moveIn: matches?.shift() ?? null, moveOut: item }
  })
  for (const item of moveIn) {
    const left = waiting.get(itemKey(item.room, item.item))
    if (left?.includes(item)) {
      left.splice(left.indexOf(item), 1)
      rows.push({ room: item.room, item: item.item, moveIn: item, moveOut: null })
    }
  }
  return rows
}

/** Whether an item got worse between move-in and move-out, on the scale's order (a newly damaged item did; one not rated either time did not). */
export function worsened(moveIn: string | null | undefined, moveOut: string | null | undefined) {
  const order = ['NEW', 'GOOD', 'FAIR', 'POOR', 'DAMAGED']
  const a = order.indexOf(moveIn ?? '')
  const b = order.indexOf(moveOut ?? '')
  return a >= 0 && b >= 0 && b > a
}

/**
 * The form every company starts with (and every company had when inspections came): a lived-in
 * unit room by room, bedrooms and bathrooms once each, a photo asked of anything poor or damaged.
 */
export const DEFAULT_INSPECTION_FORM = {
  name: 'Standard unit inspection',
  description: 'Every room of a residential unit, for move-in, move-out and periodic inspections.',
  items: [
    ...['Door and lock', 'Walls and ceiling', 'Flooring', 'Lights and switches'].map((item) => ({ room: 'Entry', item, repeat: 'ONCE' })),
    ...['Walls and ceiling', 'Flooring', 'Windows and screens', 'Lights and outlets'].map((item) => ({ room: 'Living room', item, repeat: 'ONCE' })),
    ...['Countertops', 'Cabinets', 'Sink and faucet', 'Stove and oven', 'Refrigerator', 'Flooring'].map((item) => ({ room: 'Kitchen', item, repeat: 'ONCE' })),
    ...['Walls and ceiling', 'Flooring', 'Closet', 'Windows and blinds'].map((item) => ({ room: 'Bedroom', item, repeat: 'EACH_BEDROOM' })),
    ...['Toilet', 'Sink and vanity', 'Tub or shower', 'Exhaust fan', 'Flooring'].map((item) => ({ room: 'Bathroom', item, repeat: 'EACH_BATHROOM' })),
    ...['Smoke and CO alarms', 'Heating', 'Keys and fobs'].map((item) => ({ room: 'Whole unit', item, repeat: 'ONCE' })),
  ].map((i) => ({ ...i, photoRequired: true })),
}
