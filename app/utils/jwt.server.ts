import { createHmac, timingSafeEqual } from 'node:crypto'

// HS256 only: a token naming any other algorithm is rejected outright (no "alg: none" or key confusion).
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

export type JwtPayload = Record<string, unknown> & { exp: number }

/**
 * Signs and verifies access tokens with node:crypto's HMAC, synchronously:
 * every API call verifies one, so this sits on the hottest path there is.
 */
export function signJwt(payload: JwtPayload, secret: string) {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`
}

/** The payload of a valid, unexpired token signed with `secret`; otherwise null. */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtPayload | null {
  const parts = token.split('.')
  if (parts.length !== 3 || parts[0] !== HEADER) return null
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest()
  const given = Buffer.from(parts[2], 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let payload: unknown
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!payload || typeof payload !== 'object' || typeof (payload as JwtPayload).exp !== 'number') return null
  return (payload as JwtPayload).exp > nowSeconds ? (payload as JwtPayload) : null
}

/** Reads a token's claims without checking it: only for tokens this server just received from its own API. */
export function readJwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
}
