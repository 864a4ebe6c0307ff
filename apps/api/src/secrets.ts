import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import { OTP_LENGTH } from '@padi/domain/auth/rules'

/** An unguessable identifier (preAuthSessionId, deviceId, session id): 128 bits or more. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

/** Codes are kept as an HMAC with a server key (docs/security.md), never in plain text. */
export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url')
}

/**
 * A short secret (a code waiting for its SMS) kept encrypted with AES-256-GCM under a key derived
 * from a server secret, so the database alone never shows it (docs/security.md row 9).
 */
export function sealText(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secret, purpose), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

/** The text sealed by sealText, or null when it was not sealed with this key and purpose. */
export function openText(secret: string, purpose: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
  if (!iv || !tag || !body) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(secret, purpose), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`key:${purpose}`).digest()
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export function otpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}

// argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane), as @node-rs/argon2 defaults.
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

/**
 * Checks a password. Unknown numbers are checked against a fixed hash so a wrong number and a
 * wrong password take the same time (docs/security.md row 4).
 */
export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? DUMMY_HASH, password)
    return storedHash !== null && ok
  } catch {
    return false
  }
}
/** Exported for its test: it must cost what a stored hash costs (same algorithm and parameters). */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$cbVE0j40HkMq/NDQAf3Wew$Da1qryj8GkHYAOd+y6OsenPOPgt+DSmQK+yIw5SJjws'
