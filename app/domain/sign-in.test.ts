import { describe, expect, it } from 'vitest'
import { MAX_SIGN_IN_DELAY_MS, signInDelayMs } from './sign-in'

describe('signInDelayMs', () => {
  it('leaves a few typos alone, then grows with each failure', () => {
    expect([0, 5, 6, 10].map(signInDelayMs)).toEqual([0, 0, 200, 1_000])
  })

  it('never holds a sign-in longer than a few seconds, however many failures', () => {
    expect(signInDelayMs(20)).toBe(MAX_SIGN_IN_DELAY_MS)
    expect(signInDelayMs(100_000)).toBe(MAX_SIGN_IN_DELAY_MS)
    expect(MAX_SIGN_IN_DELAY_MS).toBeLessThanOrEqual(5_000)
  })
})
