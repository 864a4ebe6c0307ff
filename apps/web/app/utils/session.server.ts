import type { CounterTransaction } from '@padi/domain/vouchers/voucher-schemas'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hkdfSync, randomBytes, createHmac } from 'node:crypto'
import { join, resolve } from 'node:path'
import { createContext } from 'react-router'
import { CompactEncrypt, compactDecrypt } from 'jose'
import type { KycStatus, Role } from '@padi/domain/auth/roles'
import { readCookie, setCookieHeader } from './cookies.server.ts'

/**
 * The browser's session (docs/product/accounts.md Session, docs/product/accounts.md). The API's tokens live only here, sealed
 * (encrypted and authenticated: JWE, AES-256-GCM) in an httpOnly cookie that page scripts cannot read; nothing secret
 * goes to localStorage (ADR 014).
 */
export type SessionUser = {
  id: number
  fullName: string
  role: Role
  kycStatus: KycStatus | null
  isPinSet: boolean
  market: 'MY' | 'TH'
  /**
   * docs/product/orders-and-payments.md (Stock at pickup): the farmer's own branch and the ISO code
   * of their state or province, to put the branches holding a pack in their order. Missing in a
   * session made before they were kept (read from the API once then).
   */
  preferredBranchId?: number | null
  region?: string | null
}
export type PreAuth = {
  purpose: 'signup' | 'password_reset' | 'late_repayment' | 'mobile_change'
  preAuthSessionId: string
  deviceId: string
  mobile: string
  sentAt: number
  /** Sign-up: the page the farmer was on the way to (checkout, say), once the code is right. */
  redirectTo?: string
}
export type Flash = { kind: 'error' | 'success' | 'info'; titleKey?: string; messageKey: string }
export type SessionData = {
  accessToken?: string | undefined
  refreshToken?: string | undefined
  /** Milliseconds: the access token's exp claim times 1000 (docs/product/accounts.md). */
  expiresAt?: number | undefined
  user?: SessionUser | undefined
  /** The pre-auth token sign-up hands out (docs/product/accounts.md); held only on /signup (guard 3). */
  preAuthToken?: string | undefined
  preAuth?: PreAuth | undefined
  pinResetVerified?: boolean | undefined
  flash?: Flash | undefined
  /**
   * docs/product/orders-and-payments.md: a visitor's cart, [pack, count, selected (1/0)] per line,
   * joined to the account's cart at login. Only pack ids and counts: prices and stock are the API's.
   */
  visitorCart?: VisitorCartLine[] | undefined
  /**
   * docs/product/orders-and-payments.md: the choices made at checkout, carried to the payment
   * step, with the Idempotency-Key every try of this order sends (a retry can never charge twice).
   */
  checkout?: CheckoutChoice | undefined
  /** Forgot PIN: the code sent by SMS waits for these ids (docs/product/orders-and-payments.md). */
  pinReset?: { preAuthSessionId: string; deviceId: string } | undefined
  /** Adding a device with no PIN set: the code sent by SMS waits for these ids (ADR 060). */
  deviceCode?: { preAuthSessionId: string; deviceId: string } | undefined
  /**
   * docs/product/credit.md (Late repayment): the token the code by SMS gave, for the late-repayment
   * page only (no login), with its expiry in milliseconds.
   */
  extension?: { token: string; expiresAt: number; mobile: string } | undefined
  /**
   * docs/product/vouchers.md: at a branch counter, the code of the customer being served (as
   * scanned or typed) and the answer of the last sale, for its result screen.
   */
  counter?: { token?: string; digits?: string } | undefined
  counterResult?: CounterTransaction | undefined
  /** Packs in a logged-in customer's cart, for the header; refreshed whenever the web changes or reads it. */
  cartCount?: number | undefined
}
export type CheckoutChoice = {
  fulfilment: 'delivery' | 'pickup'
  payment: 'cash' | 'credits'
  branchId?: number | undefined
  addressId?: number | undefined
  remarks?: string | undefined
  key: string
}
export type VisitorCartLine = [variationId: number, count: number, selected: 0 | 1]

export const SESSION_COOKIE = '__session'

export class WebSession {
  data: SessionData
  dirty = false
  constructor(data: SessionData) {
    this.data = data
  }
  update(patch: Partial<SessionData>) {
    this.data = { ...this.data, ...patch }
    this.dirty = true
  }
  /** docs/product/accounts.md: clearing all state keeps nothing but a message to show. */
  clear(flash?: Flash) {
    this.data = flash ? { flash } : {}
    this.dirty = true
  }
  takeFlash(): Flash | null {
    const flash = this.data.flash ?? null
    if (flash) this.update({ flash: undefined })
    return flash
  }
  get isLoggedIn() {
    return Boolean(this.data.accessToken && this.data.user)
  }
}

export const sessionContext = createContext<WebSession>()

let secretCache: string | null = null
function sessionSecret(): string {
  if (secretCache) return secretCache
  const fromEnv = process.env.SESSION_SECRET
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters')
    return (secretCache = fromEnv)
  }
  // Without configuration, a secret is made once and kept next to the data, like the API's.
  const dir = resolve(process.env.DATA_DIR ?? './.data')
  const file = join(dir, 'web-session-secret')
  if (existsSync(file)) return (secretCache = readFileSync(file, 'utf8').trim())
  mkdirSync(dir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return (secretCache = secret)
}

let keyCache: Uint8Array | null = null
/**
 * The cookie's key, derived once from SESSION_SECRET (HKDF). ADR 014: a direct AES-256-GCM key
 * rather than iron's password sealing, which derived two keys (PBKDF2) from a fresh salt on every
 * request: 0.53 ms against 0.13 ms per read, on every page a logged-in farmer opens.
 */
function sessionKey(): Uint8Array {
  keyCache ??= new Uint8Array(
    hkdfSync('sha256', sessionSecret(), 'padi-web', 'session-cookie-v2', 32),
  )
  return keyCache
}
const decoder = new TextDecoder()
const encoder = new TextEncoder()

export async function readSession(request: Request): Promise<WebSession> {
  return openSession(readCookie(request, SESSION_COOKIE))
}

/** The session sealed in the cookie's value (an empty one without a cookie). */
export async function openSession(raw: string | null): Promise<WebSession> {
  if (!raw) return new WebSession({})
  try {
    const { plaintext } = await compactDecrypt(raw, sessionKey(), {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    })
    const data = JSON.parse(decoder.decode(plaintext)) as SessionData
    return new WebSession(data && typeof data === 'object' ? data : {})
  } catch {
    // A cookie we cannot open (old key, tampering) is dropped.
    const session = new WebSession({})
    session.dirty = true
    return session
  }
}

const SESSION_MAX_AGE_SECONDS = 60 * 24 * 60 * 60

export async function sessionCookieHeader(session: WebSession): Promise<string> {
  const empty = Object.values(session.data).every((v) => v === undefined)
  if (empty) return setCookieHeader(SESSION_COOKIE, '', { maxAgeSeconds: 0, httpOnly: true })
  const sealed = await new CompactEncrypt(encoder.encode(JSON.stringify(session.data)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(sessionKey())
  return setCookieHeader(SESSION_COOKIE, sealed, {
    maxAgeSeconds: SESSION_MAX_AGE_SECONDS,
    httpOnly: true,
  })
}

/**
 * docs/product/shell.md (The installable app): names whose pages the installed app may keep for
 * offline use: 'anon' for a visitor, else an opaque name for the user (keyed by this server's
 * secret, so it says nothing about who). The service worker keeps pages per name and drops every
 * other name's pages when the name changes (a logout, another user).
 */
export function cacheScope(session: WebSession): string {
  const user = session.isLoggedIn ? session.data.user : undefined
  if (!user) return 'anon'
  return `u${createHmac('sha256', sessionSecret()).update(`cache-scope:${user.id}`).digest('base64url').slice(0, 22)}`
}
