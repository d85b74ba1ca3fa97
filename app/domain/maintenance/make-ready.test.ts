import { describe, expect, it } from 'vitest'
import { defaultTasks, readyByFor, turnFigures } from './make-ready'

describe('a turn', () => {
  it('should be ready the day before the next move-in, else a week after the move-out', () => {
    expect(readyByFor('2026-06-30', '2026-07-15')).toBe('2026-07-14')
    expect(readyByFor('2026-06-30', null)).toBe('2026-07-07')
    // A next move-in on the move-out day leaves no turn to plan by it.
    expect(readyByFor('2026-06-30', '2026-06-30')).toBe('2026-07-07')
  })

  it('starts with the default tasks of the categories the company has, due by the ready-by day at the latest', () => {
    const categories = [
      { id: 'i', name: 'Inspection' },
      { id: 'c', name: 'cleaning' },
      { id: 'r', name: 'Repair' },
    ]
    const tasks = defaultTasks('2026-06-30', '2026-07-03', categories)
    expect(tasks.map((t) => [t.categoryId, t.dueDate])).toEqual([
      ['i', '2026-06-30'],
      ['r', '2026-07-03'],
      ['c', '2026-07-03'],
    ])
  })

  it('counts days until the move-in, turn days and tasks done or overdue', () => {
    const tasks = [
      { status: 'DONE', dueDate: '2026-07-01' },
      { status: 'SKIPPED', dueDate: null },
      { status: 'TO_DO', dueDate: '2026-07-02' },
      { status: 'IN_PROGRESS', dueDate: '2026-07-09' },
    ]
    expect(turnFigures({ moveOutDate: '2026-06-30', readyDate: null, nextMoveInDate: '2026-07-15' }, tasks, '2026-07-05')).toEqual({
      days_until_move_in: 10,
      turn_days: 5,
      tasks_done: 2,
      tasks_total: 4,
      tasks: '2 of 4',
      overdue_tasks: 1,
    })
    expect(turnFigures({ moveOutDate: '2026-06-30', readyDate: '2026-07-03', nextMoveInDate: null }, [], '2026-07-20')).toMatchObject({ days_until_move_in: null, turn_days: 3 })
    // Not moved out yet: no turn days.
    expect(turnFigures({ moveOutDate: '2026-06-30', readyDate: null, nextMoveInDate: null }, [], '2026-06-01').turn_days).toBe(0)
  })
})
