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
