import type { ErrorCode } from '@padi/domain/errors'

/** The one place where error codes become HTTP statuses (ADR 008). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
  USER_EXISTS: 409,
  SIGNUP_PENDING: 409,
  INVALID_CREDENTIALS: 401,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_EXHAUSTED: 400,
  OTP_COOLDOWN: 429,
  OTP_SEND_LIMIT: 429,
  REFRESH_INVALID: 401,
  REFRESH_REUSED: 401,
  TOKEN_INVALID: 401,
  SESSION_REVOKED: 401,
  DEMO_RESET_REFUSED: 403,
  CREDIT_UNAVAILABLE: 409,
  CREDIT_INSUFFICIENT: 409,
  PIN_NOT_SET: 409,
  // Not 401: that status means 'log in again' to every client (docs/product/errors.md).
  PIN_INVALID: 403,
  PIN_LOCKED: 423,
  PIN_MISMATCH: 400,
  PIN_TOO_COMMON: 400,
  PIN_CURRENT_REQUIRED: 400,
  NOT_FOR_SALE: 409,
  OUT_OF_STOCK: 409,
  CART_FULL: 409,
  ADDRESS_IS_DEFAULT: 409,
  ADDRESS_LIMIT: 409,
  CART_EMPTY: 409,
  CASH_NEEDS_PICKUP: 400,
  PIN_REQUIRED: 400,
  IDEMPOTENCY_MISMATCH: 422,
  IDEMPOTENCY_IN_FLIGHT: 409,
  BIOMETRIC_NOT_SET_UP: 409,
  // Not 401, as for a wrong PIN.
  BIOMETRIC_FAILED: 403,
  PRICE_CHANGED: 409,
  KYC_NOT_EDITABLE: 409,
  KYC_RESUBMIT_LATER: 409,
  KYC_ALREADY_APPROVED: 409,
  UPLOAD_INVALID_TYPE: 415,
  UPLOAD_EMPTY: 400,
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_LIMIT: 409,
}

/**
 * RFC 9457 problem types for answers that share a status with others but mean something else:
 * a suspended account's 403 is not a missing role's 403 (docs/security.md row 55).
 */
export const PROBLEM_TYPES: Partial<Record<ErrorCode, string>> = {
  ACCOUNT_SUSPENDED: 'urn:sawahmart:problem:account-suspended',
}
