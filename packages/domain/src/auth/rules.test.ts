import { describe, expect, it } from 'vitest'
import {
  isAuthenticated,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  needsRefresh,
  OTP_LENGTH,
  OTP_TTL_MS,
  tokenExpiryMs,
} from './rules.ts'

const MINUTE = 60_000

describe('one-time codes and login (docs/product/accounts.md)', () => {
  it('sends 6-digit codes valid 10 minutes', () => {
    expect(OTP_LENGTH).toBe(6)
    expect(OTP_TTL_MS).toBe(10 * MINUTE)
  })

  it('locks a number for 30 minutes after ten failures in a row', () => {
    expect(LOGIN_MAX_FAILURES).toBe(10)
    expect(LOGIN_LOCK_MS).toBe(30 * MINUTE)
  })
})

describe('tokens and sessions (docs/product/accounts.md: Tokens and sessions)', () => {
  const now = Date.parse('2027-03-01T08:00:00Z')

  it('reads a token’s exp claim (seconds) as milliseconds', () => {
    expect(tokenExpiryMs(1_800_000_000)).toBe(1_800_000_000_000)
  })

  it('refreshes a token expiring within 10 minutes, not one with longer to run', () => {
    expect(needsRefresh(now + 10 * MINUTE - 1, now)).toBe(true)
    expect(needsRefresh(now + 10 * MINUTE, now)).toBe(false)
    expect(needsRefresh(now - 1, now)).toBe(true)
    expect(needsRefresh(null, now)).toBe(false)
    expect(needsRefresh(undefined, now)).toBe(false)
  })

  it('is logged in only with a token, a user and an expiry still to come', () => {
    const session = { accessToken: 'a.b.c', user: { id: 1 }, expiresAt: now + MINUTE }
    expect(isAuthenticated(session, now)).toBe(true)
    expect(isAuthenticated({ ...session, expiresAt: now }, now)).toBe(false)
    expect(isAuthenticated({ ...session, accessToken: null }, now)).toBe(false)
    expect(isAuthenticated({ ...session, user: undefined }, now)).toBe(false)
    expect(isAuthenticated({ ...session, expiresAt: null }, now)).toBe(false)
  })
})
