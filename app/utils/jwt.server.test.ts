import { describe, expect, it } from 'vitest'
import { signJwt, verifyJwt } from './jwt.server'

const now = 1_800_000_000
const secret = 'test-secret'

describe('access tokens', () => {
  it('verifies what it signed, until it expires', () => {
    const token = signJwt({ sub: 'u1', exp: now + 60 }, secret)
    expect(verifyJwt(token, secret, now)).toMatchObject({ sub: 'u1' })
    expect(verifyJwt(token, secret, now + 60)).toBeNull()
  })

  it('rejects another key, a changed payload and another algorithm', () => {
    const token = signJwt({ sub: 'u1', exp: now + 60 }, secret)
    expect(verifyJwt(token, 'other-secret', now)).toBeNull()
    const [h, , s] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', exp: now + 60 })).toString('base64url')
    expect(verifyJwt(`${h}.${forged}.${s}`, secret, now)).toBeNull()
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect(verifyJwt(`${none}.${forged}.`, secret, now)).toBeNull()
    expect(verifyJwt('not-a-token', secret, now)).toBeNull()
  })
})
