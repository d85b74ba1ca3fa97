import { describe, expect, it } from 'vitest'
import { dueInstants, entryNoticeRefusal, SCHEDULE_TIMES, timesPrice, WORK_ORDER_STAGES, WORK_ORDER_TRANSITIONS, workCharge, zonedInstant } from './work-orders'

const TZ = 'America/Toronto'
const visit = (scheduled: string, notice: string, more: Partial<Parameters<typeof entryNoticeRefusal>[0]> = {}) =>
  entryNoticeRefusal({ scheduledAt: new Date(scheduled), noticeAt: new Date(notice), timeZone: TZ, priority: 'ROUTINE', residentConsent: false, occupied: true, ...more })

describe('entry notice (Ontario RTA s.26–27)', () => {
  it('lets a visit a day or more ahead, between 8 a.m. and 8 p.m., go ahead', () => {
    // 10:00 in Toronto (EST, UTC−5), notice given 25 hours before.
    expect(visit('2026-12-02T15:00:00Z', '2026-12-01T14:00:00Z')).toBeNull()
    // 8 a.m. and 8 p.m. themselves are within the window.
    expect(visit('2026-12-02T13:00:00Z', '2026-12-01T10:00:00Z')).toBeNull()
    expect(visit('2026-12-03T01:00:00Z', '2026-12-01T10:00:00Z')).toBeNull()
  })

  it('refuses less than 24 hours’ notice', () => {
    expect(visit('2026-12-02T15:00:00Z', '2026-12-01T15:30:00Z')).toMatch(/24 hours’ written notice/)
  })

  it('refuses a visit before 8 a.m. or after 8 p.m. on the company’s clock', () => {
    expect(visit('2026-12-05T12:45:00Z', '2026-12-01T10:00:00Z')).toMatch(/between 8 a.m. and 8 p.m./) // 7:45 a.m.
    expect(visit('2026-12-05T01:15:00Z', '2026-12-01T10:00:00Z')).toMatch(/between 8 a.m. and 8 p.m./) // 8:15 p.m.
    // The same instant is 4:45 a.m. in Vancouver and 7:45 a.m. in Toronto: the company's zone decides.
    expect(visit('2026-12-05T16:00:00Z', '2026-12-01T10:00:00Z', { timeZone: 'America/Vancouver' })).toBeNull()
    expect(visit('2026-12-05T15:00:00Z', '2026-12-01T10:00:00Z', { timeZone: 'America/Vancouver' })).toMatch(/between/)
  })

  it('asks nothing of an emergency, a resident who consents, or an empty unit', () => {
    expect(visit('2026-12-01T07:00:00Z', '2026-12-01T06:00:00Z', { priority: 'EMERGENCY' })).toBeNull()
    expect(visit('2026-12-01T07:00:00Z', '2026-12-01T06:00:00Z', { residentConsent: true })).toBeNull()
    expect(visit('2026-12-01T07:00:00Z', '2026-12-01T06:00:00Z', { occupied: false })).toBeNull()
  })
})

describe('work order times', () => {
  it('reads a day and time on the company’s clock, across daylight saving', () => {
    expect(zonedInstant('2026-12-01', '09:30', TZ).toISOString()).toBe('2026-12-01T14:30:00.000Z')
    expect(zonedInstant('2026-07-01', '09:30', TZ).toISOString()).toBe('2026-07-01T13:30:00.000Z')
    expect(zonedInstant('2026-03-08', '12:00', TZ).toISOString()).toBe('2026-03-08T16:00:00.000Z')
  })

  it('sets response and completion targets by priority', () => {
    const at = new Date('2026-12-01T12:00:00Z')
    expect(dueInstants('EMERGENCY', at)).toEqual({ responseDueAt: new Date('2026-12-01T13:00:00Z'), completionDueAt: new Date('2026-12-02T12:00:00Z') })
    expect(dueInstants('URGENT', at)).toEqual({ responseDueAt: new Date('2026-12-02T12:00:00Z'), completionDueAt: new Date('2026-12-04T12:00:00Z') })
    expect(dueInstants('ROUTINE', at)).toEqual({ responseDueAt: new Date('2026-12-04T12:00:00Z'), completionDueAt: new Date('2026-12-08T12:00:00Z') })
  })

  it('offers every quarter hour', () => {
    expect(SCHEDULE_TIMES).toHaveLength(96)
    expect(SCHEDULE_TIMES[38]).toEqual({ value: '09:30', label: '9:30 a.m.' })
    expect(SCHEDULE_TIMES[0].label).toBe('12:00 a.m.')
    expect(SCHEDULE_TIMES[48].label).toBe('12:00 p.m.')
  })
})

describe('work order stages', () => {
  const moves = new Set(WORK_ORDER_TRANSITIONS.map(([a, b]) => `${a}>${b}`))
  it('go forward, hold and resume, and end closed or canceled', () => {
    for (const move of ['NEW>SCHEDULED', 'SCHEDULED>IN_PROGRESS', 'IN_PROGRESS>ON_HOLD', 'ON_HOLD>IN_PROGRESS', 'WORK_DONE>CLOSED', 'ASSIGNED>TRIAGE', 'NEW>CANCELED']) expect(moves).toContain(move)
    for (const move of ['NEW>CLOSED', 'CLOSED>NEW', 'CANCELED>NEW', 'WORK_DONE>CANCELED', 'NEW>ON_HOLD']) expect(moves).not.toContain(move)
  })
  it('never leave a final stage, and every other stage can move', () => {
    const stages = WORK_ORDER_STAGES.map((s) => s.value)
    for (const stage of stages)
      expect(
        WORK_ORDER_TRANSITIONS.some(([a]) => a === stage),
        stage,
      ).toBe(!['CLOSED', 'CANCELED'].includes(stage))
  })
})

describe('charging for the work', () => {
  it('prices hours and quantities to the cent', () => {
    expect(timesPrice(150, 8500)).toBe(12750) // 1.5 h at $85.00
    expect(timesPrice(33, 1999)).toBe(660) // 0.33 × $19.99 = $6.5967
    expect(timesPrice(0, 8500)).toBe(0)
  })

  it('adds the labour, the materials and their markup', () => {
    const charge = workCharge(
      [
        { labourAmount: 12750, materialsAmount: 2400 },
        { labourAmount: 4250, materialsAmount: 0 },
      ],
      { markupPercent: 1500, minimumCharge: 7500 },
    )
    // 15 % of $24.00 of materials is $3.60; labour is never marked up.
    expect(charge).toEqual({ labour: 17000, materials: 2400, markup: 360, minimum: 7500, total: 19760 })
  })

  it('never charges less than the minimum trip charge', () => {
    expect(workCharge([{ labourAmount: 2000, materialsAmount: 500 }], { markupPercent: 0, minimumCharge: 7500 }).total).toBe(7500)
    expect(workCharge([], { markupPercent: 1000, minimumCharge: 0 }).total).toBe(0)
  })
})
