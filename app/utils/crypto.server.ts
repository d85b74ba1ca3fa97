import { MASK } from '~/domain/text'
import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt with N=2^15 costs ~100 ms and 32 MiB per guess: slow for an attacker, fine for a login.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 32

function scryptAsync(password: string, salt: Buffer, params: typeof SCRYPT): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, SCRYPT)
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so timing does not reveal whether the account exists.
    await scryptAsync(password, randomBytes(16), SCRYPT)
    return false
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A random, URL-safe secret (invitation links, reset links, refresh tokens, session ids). */
export function randomToken(bytes = 32) {
  return randomBytes(bytes).toString('base64url')
}

/** A stored file's checksum, as every document and photo row keeps it (hex). */
export function sha256Hex(bytes: Uint8Array) {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Secrets are stored only as hashes; a leaked table reveals no usable token. */
export function sha256(value: string) {
  return createHash('sha256').update(value).digest('base64url')
}

/**
 * Sensitive values kept readable only by this installation (tax ids): AES-256-GCM
 * under a key derived from the instance secret. `v1.iv.tag.ciphertext`, base64url.
 */
export function encryptValue(plain: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(`lintel-field:${secret}`).digest(), iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
}

export function decryptValue(stored: string, secret: string): string | null {
  const [version, iv, tag, data] = stored.split('.')
  if (version !== 'v1' || !iv || !tag || data === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(`lintel-field:${secret}`).digest(), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** What anyone ever sees of a secret: its last four characters. */
export function maskValue(plain: string) {
  const visible = plain.replace(/[\s-]/g, '').slice(-4)
  return `${MASK}${visible}`
}
