import { describe, expect, it } from 'vitest'
import { ontarioHolidays, quarters, readFrom, serviceTechHours, type TechHoursEntry } from './tech-hours'

const entry = (date: string, minutes: number, more: Partial<TechHoursEntry> = {}): TechHoursEntry => ({
  id: `${date}-${minutes}-${more.technicianId ?? 'jordan'}`,
  technicianId: 'jordan',
  technician: 'Jordan Roy',
  startedAt: Date.parse(`${date}T08:00:00Z`),
  date,
  minutes,
  hourlyRate: 4000,
  workOrderId: 'wo-1',
  workOrder: 'Leaking tap',
  property: 'Bronson Court',
  unit: '101',
  ...more,
})

describe('service technician hours', () => {
  it('counts hours to the nearest quarter', () => {
    expect([7, 8, 22, 23, 50, 480].map(quarters)).toEqual([0, 1, 1, 2, 3, 32])
    const report = serviceTechHours([entry('2026-11-02', 50)], { from: '2026-11-01', to: '2026-11-30' })
    expect(report.rows).toEqual([expect.objectContaining({ hours: '0.75', rate_type: 'REGULAR', rate: '40.00', cost: '30.00', billable: true })])
  })

  it('pays the hours past 44 in a week, Monday to Sunday, at time and a half, splitting the entry that crosses', () => {
    // Monday to Friday, 9 hours a day: 45 hours, the last hour of Friday overtime; the next Monday starts again.
    const week = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map((d) => entry(d, 9 * 60))
    const report = serviceTechHours([...week, entry('2026-11-09', 60)], { from: '2026-11-01', to: '2026-11-30' })
    const friday = report.rows.filter((r) => r.date === '2026-11-06')
    expect(friday.map((r) => [r.hours, r.rate_type, r.rate, r.cost])).toEqual([
      ['8.00', 'REGULAR', '40.00', '320.00'],
      ['1.00', 'OVERTIME', '60.00', '60.00'],
    ])
    expect(report.rows.find((r) => r.date === '2026-11-09')).toMatchObject({ rate_type: 'REGULAR' })
    expect(report.total).toMatchObject({ hours: '46.00', overtime_hours: '1.00', cost: formatCost(45 * 40 + 60) })
  })

  it('counts a week from its Monday even when the range starts later in it', () => {
    expect(readFrom('2026-11-05')).toBe('2026-11-02')
    const entries = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'].map((d) => entry(d, 11 * 60 + 30))
    // 34.5 hours before Thursday; Thursday's 11.5 cross 44 after 9.5 of them.
    const report = serviceTechHours(entries, { from: '2026-11-05', to: '2026-11-05' })
    expect(report.rows.map((r) => [r.date, r.hours, r.rate_type])).toEqual([
      ['2026-11-05', '9.50', 'REGULAR'],
      ['2026-11-05', '2.00', 'OVERTIME'],
    ])
  })

  it('pays work on an Ontario public holiday at time and a half', () => {
    expect([...ontarioHolidays(2026).keys()]).toEqual(['2026-01-01', '2026-02-16', '2026-04-03', '2026-05-18', '2026-07-01', '2026-09-07', '2026-10-12', '2026-12-25', '2026-12-26'])
    const report = serviceTechHours([entry('2026-12-25', 120)], { from: '2026-12-01', to: '2026-12-31' })
    expect(report.rows).toEqual([expect.objectContaining({ rate_type: 'HOLIDAY', rate_type_label: 'Public holiday (Christmas Day) ×1.5', rate: '60.00', cost: '120.00' })])
  })

  it('tells billable time from time spent off work orders, and each technician’s utilisation', () => {
    const entries = [entry('2026-11-02', 6 * 60), entry('2026-11-02', 2 * 60, { workOrderId: null, workOrder: null }), entry('2026-11-03', 60, { technicianId: 'sam', technician: 'Sam Lee', workOrderId: null, workOrder: null })]
    const report = serviceTechHours(entries, { from: '2026-11-01', to: '2026-11-30' })
    expect(report.by_technician).toEqual([
      { technician: 'Jordan Roy', hours: '8.00', billable_hours: '6.00', overtime_hours: '0.00', cost: '320.00', utilisation_percent: 75 },
      { technician: 'Sam Lee', hours: '1.00', billable_hours: '0.00', overtime_hours: '0.00', cost: '40.00', utilisation_percent: 0 },
    ])
    expect(report.total).toMatchObject({ hours: '9.00', billable_hours: '6.00', utilisation_percent: 66.7 })
    expect(serviceTechHours(entries, { from: '2026-11-01', to: '2026-11-30' }, { billable: 'not-billable' }).rows.map((r) => r.technician)).toEqual(['Jordan Roy', 'Sam Lee'])
  })
})

function formatCost(dollars: number) {
  return dollars.toFixed(2)
}
