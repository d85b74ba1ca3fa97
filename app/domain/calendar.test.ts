import { describe, expect, it } from 'vitest'
import { byDay, daysOf, stepped, viewRange, weekStart, type CalendarEntry } from './calendar'

describe('the calendar’s days', () => {
  it('starts weeks on Monday and shows a month as its whole weeks', () => {
    expect(weekStart('2026-11-27')).toBe('2026-11-23')
    expect(weekStart('2026-11-23')).toBe('2026-11-23')
    expect(weekStart('2026-11-29')).toBe('2026-11-23')
    // November 2026 begins on a Sunday and ends on a Monday: six weeks.
    expect(viewRange('month', '2026-11-27')).toEqual({ from: '2026-10-26', to: '2026-12-06' })
    expect(daysOf('2026-10-26', '2026-12-06')).toHaveLength(42)
    expect(viewRange('week', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' })
    expect(viewRange('agenda', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-12-26' })
  })

  it('steps a month keeping the day where the month has it, a week by seven days, the agenda by its span', () => {
    expect(stepped('month', '2026-01-31', 1)).toBe('2026-02-28')
    expect(stepped('month', '2026-01-15', -1)).toBe('2025-12-15')
    expect(stepped('month', '2026-12-15', 1)).toBe('2027-01-15')
    expect(stepped('week', '2026-11-27', -1)).toBe('2026-11-20')
    expect(stepped('agenda', '2026-11-27', 1)).toBe('2026-12-27')
  })

  it('orders a day’s entries all-day first, then by time, kind and title', () => {
    const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({ kind: 'task', id: 'x', title: 'T', date: '2026-11-27', time: null, detail: null, userId: null, href: '/', ...over })
    const days = byDay([
      entry({ id: 'c', time: '14:00', kind: 'work-order' }),
      entry({ id: 'a', kind: 'move-in' }),
      entry({ id: 'b', kind: 'inspection' }),
      entry({ id: 'd', date: '2026-11-26' }),
      entry({ id: 'e', time: '09:30', kind: 'event' }),
    ])
    expect([...days.keys()]).toEqual(['2026-11-26', '2026-11-27'])
    expect(days.get('2026-11-27')!.map((e) => e.id)).toEqual(['b', 'a', 'e', 'c'])
  })
})
