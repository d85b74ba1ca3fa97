import { addDays, daysBetween } from '~/domain/ledger/reports'

/*
 * Make-ready (issue 15 item 7, operations.md §3), as pure rules: a turn's stages, its tasks'
 * statuses, the categories and tasks a turn starts with, the day it should be ready, and what its
 * board says of it (days until the next move-in, turn days, tasks done).
 */

export const MAKE_READY_STATUSES = [
  { value: 'UPCOMING', label: 'Upcoming' },
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'ON_HOLD', label: 'On hold' },
  { value: 'DONE', label: 'Ready' },
  { value: 'CANCELED', label: 'Canceled' },
] as const

export const MAKE_READY_TRANSITIONS = [
  ['UPCOMING', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'ON_HOLD'],
  ['ON_HOLD', 'IN_PROGRESS'],
  ['UPCOMING', 'DONE'],
  ['IN_PROGRESS', 'DONE'],
  ['UPCOMING', 'CANCELED'],
  ['IN_PROGRESS', 'CANCELED'],
  ['ON_HOLD', 'CANCELED'],
  ['DONE', 'IN_PROGRESS'],
  ['CANCELED', 'UPCOMING'],
] as const

export const OPEN_MAKE_READY: readonly string[] = ['UPCOMING', 'IN_PROGRESS', 'ON_HOLD']

export const MAKE_READY_TASK_STATUSES = [
  { value: 'TO_DO', label: 'To do' },
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'DONE', label: 'Done' },
  { value: 'SKIPPED', label: 'Skipped' },
] as const

/** A task no longer in the way of the unit being ready. */
export const settled = (status: unknown) => status === 'DONE' || status === 'SKIPPED'

/** The categories every company starts with (and every company had when make-ready came); those done through work orders say so. */
export const DEFAULT_MAKE_READY_CATEGORIES = [
  { name: 'Inspection', description: 'The move-out inspection and the final walk-through', opensWorkOrders: false },
  { name: 'Cleaning', description: 'Cleaning, carpets, windows', opensWorkOrders: false },
  { name: 'Repair', description: 'Repairs found at move-out: done through work orders', opensWorkOrders: true },
  { name: 'Cosmetic', description: 'Paint, touch-ups, fixtures', opensWorkOrders: true },
  { name: 'Safety', description: 'Smoke and CO alarms, locks and keys', opensWorkOrders: true },
  { name: 'Admin', description: 'Keys, utilities, paperwork', opensWorkOrders: false },
  { name: 'Marketing', description: 'Photos and the listing', opensWorkOrders: false },
] as const

/**
 * The tasks a turn starts with, by category name, each due some days after the move-out (never after
 * the day it should be ready): inspect, repair, paint, clean, check safety, change the locks, photos.
 */
export const DEFAULT_MAKE_READY_TASKS = [
  { category: 'Inspection', description: 'Move-out inspection', afterMoveOut: 0 },
  { category: 'Repair', description: 'Repairs from the move-out inspection', afterMoveOut: 3 },
  { category: 'Cosmetic', description: 'Touch-up paint', afterMoveOut: 4 },
  { category: 'Cleaning', description: 'Deep clean, carpets and windows', afterMoveOut: 5 },
  { category: 'Safety', description: 'Test smoke and CO alarms', afterMoveOut: 5 },
  { category: 'Admin', description: 'Change the locks; new keys and fobs', afterMoveOut: 6 },
  { category: 'Marketing', description: 'Photos for the listing', afterMoveOut: 6 },
] as const

/** Days a unit takes to turn when no next move-in says otherwise. */
export const DEFAULT_TURN_DAYS = 7

/** The day a turn should be ready: the day before the next move-in, else a week after the move-out (never before the move-out). */
export function readyByFor(moveOut: string, nextMoveIn: string | null) {
  if (nextMoveIn && nextMoveIn > moveOut) return addDays(nextMoveIn, -1)
  return addDays(moveOut, DEFAULT_TURN_DAYS)
}

/** The default tasks, their categories found by name (a category the company renamed is left out), due between the move-out and the ready-by day. */
export function defaultTasks(moveOut: string, readyBy: string, categories: readonly { id: string; name: string }[]) {
  return DEFAULT_MAKE_READY_TASKS.flatMap((task) => {
    const category = categories.find((c) => c.name.toLowerCase() === task.category.toLowerCase())
    if (!category) return []
    const due = addDays(moveOut, task.afterMoveOut)
    return [{ categoryId: category.id, description: task.description, status: 'TO_DO', dueDate: due > readyBy ? readyBy : due }]
  })
}

/** What a turn's row on the board says, as of `today`. */
export function turnFigures(turn: { moveOutDate: string; readyDate: string | null; nextMoveInDate: string | null }, tasks: readonly { status: string; dueDate: string | null }[], today: string) {
  const done = tasks.filter((t) => settled(t.status)).length
  return {
    days_until_move_in: turn.nextMoveInDate ? daysBetween(today, turn.nextMoveInDate) : null,
    // From the move-out to ready (or to today while it is not), counting neither end twice.
    turn_days: Math.max(0, daysBetween(turn.moveOutDate, turn.readyDate ?? (today > turn.moveOutDate ? today : turn.moveOutDate))),
    tasks_done: done,
    tasks_total: tasks.length,
    tasks: `${done} of ${tasks.length}`,
    overdue_tasks: tasks.filter((t) => !settled(t.status) && t.dueDate !== null && t.dueDate < today).length,
  }
}
