import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './crypto.server'

describe('password hashing', () => {
  it('verifies the right password only, with a per-password salt', async () => {
    const a = await hashPassword('lintel-demo')
    const b = await hashPassword('lintel-demo')
    expect(a).not.toBe(b)
    expect(a.startsWith('scrypt$32768$8$1$')).toBe(true)
    expect(await verifyPassword('lintel-demo', a)).toBe(true)
    expect(await verifyPassword('lintel-demo ', a)).toBe(false)
    expect(await verifyPassword('anything', null)).toBe(false)
  })
})

describe('field encryption', () => {
  it('round-trips, refuses tampering and masks all but the last four', async () => {
    const { encryptValue, decryptValue, maskValue } = await import('./crypto.server')
    const stored = encryptValue('123-456-789', 'secret-a')
    expect(stored).not.toContain('123')
    expect(decryptValue(stored, 'secret-a')).toBe('123-456-789')
    expect(decryptValue(stored, 'secret-b')).toBeNull()
    expect(decryptValue(stored.slice(0, -2) + 'AA', 'secret-a')).toBeNull()
    expect(maskValue('123-456-789')).toBe('•••••6789')
  })
})
