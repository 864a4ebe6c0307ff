/** docs/product/accounts.md and docs/security.md: limits of the sign-in machinery, in one place. */

/** One-time codes: 6 digits, valid 10 minutes, single use, void after 5 wrong tries. */
export const OTP_LENGTH = 6
export const OTP_TTL_MS = 10 * 60 * 1000
export const OTP_MAX_ATTEMPTS = 5
export const OTP_PURPOSES = [
  'signup',
  'password_reset',
  'pin_reset',
  'late_repayment',
  'mobile_change',
  // docs/product/orders-and-payments.md (Biometrics): adding a device to pay with, where no PIN is set.
  'device_add',
] as const
export type OtpPurpose = (typeof OTP_PURPOSES)[number]

/** A new code for the same number may be asked for after this cool-down. */
export const OTP_RESEND_COOLDOWN_MS = 60 * 1000

/** Login: locked for 30 minutes after 10 failures in a row (PCI 8.3.4, NIST 63B 5.2.2). */
export const LOGIN_MAX_FAILURES = 10
export const LOGIN_LOCK_MS = 30 * 60 * 1000

/** docs/product/accounts.md: refresh when the access token expires within 10 minutes. */
export const TOKEN_REFRESH_WINDOW_MS = 10 * 60 * 1000

/** docs/product/accounts.md: the session's token expiry is the token's exp claim times 1000. */
export function tokenExpiryMs(exp: number): number {
  return exp * 1000
}

/**
 * docs/product/accounts.md: 'authenticated' means token, user and expiry all exist. The original compared the expiry
 * with only the millisecond part of the clock, which the spec calls flawed; the intended meaning is
 * an expiry in the future.
 */
export function isAuthenticated(
  state: { accessToken?: string | null; user?: unknown; expiresAt?: number | null },
  nowMs: number,
): boolean {
  return Boolean(state.accessToken && state.user && state.expiresAt && state.expiresAt > nowMs)
}

export function needsRefresh(expiresAt: number | null | undefined, nowMs: number): boolean {
  return expiresAt != null && expiresAt - nowMs < TOKEN_REFRESH_WINDOW_MS
}
