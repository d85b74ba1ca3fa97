import { afterEach, describe, expect, it, vi } from 'vitest'
import { rateLimiter } from '~/api/middleware/rate-limit'
import { crossCompany } from '~/db/client.server'

/**
 * The sign-in and sign-up limits count within one window of now: the count does not fall to zero at
 * the turn of a fifteen-minute window, where a guesser would otherwise get twice the attempts.
 */
describe('rate limits', () => {
  afterEach(() => vi.useRealTimers())
  const at = (iso: string) => vi.setSystemTime(new Date(iso))

  it('still refuses just after the turn of a window, and lets the hits age out over the next one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const limiter = rateLimiter(`test-${Date.now()}`, 10, 15 * 60)
    await crossCompany(async () => {
      at('2026-11-25T10:14:58Z')
      for (let i = 0; i < 10; i++) await limiter.add('192.0.2.1')
      await expect(limiter.check('192.0.2.1')).rejects.toMatchObject({ status: 429 })
      at('2026-11-25T10:15:02Z')
      await expect(limiter.check('192.0.2.1')).rejects.toMatchObject({ status: 429 })
      expect(await limiter.hits('192.0.2.1')).toBe(10)
      // Half-way through the next window, half of the earlier hits still count; a window later, none.
      at('2026-11-25T10:22:30Z')
      expect(await limiter.hits('192.0.2.1')).toBe(5)
      await expect(limiter.check('192.0.2.1')).resolves.toBeUndefined()
      at('2026-11-25T10:30:00Z')
      expect(await limiter.hits('192.0.2.1')).toBe(0)
      expect(await limiter.hits('192.0.2.2')).toBe(0)
    })
  })

  it('counts a hit past the limit as refused, across the turn too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const limiter = rateLimiter(`test-count-${Date.now()}`, 3, 60)
    await crossCompany(async () => {
      at('2026-11-25T10:00:59Z')
      for (let i = 0; i < 3; i++) await limiter.count('key')
      at('2026-11-25T10:01:01Z')
      await expect(limiter.count('key')).rejects.toMatchObject({ status: 429 })
    })
  })
})
