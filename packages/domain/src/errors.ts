/**
 * The one error catalogue (ADR 008). Codes are stable: the mobile app and
 * branch devices match on them. The API maps each code to an HTTP status in one place.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  // Refused before any route is reached (docs/product/errors.md)
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'BODY_TOO_LARGE',
  'CONTENT_TYPE_UNSUPPORTED',
  'REQUEST_TIMEOUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ACCOUNT_SUSPENDED',
  'RATE_LIMITED',
  'CONFLICT',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
  // Accounts and sessions (docs/product/errors.md)
  'USER_EXISTS',
  'SIGNUP_PENDING',
  'INVALID_CREDENTIALS',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_EXHAUSTED',
  'OTP_COOLDOWN',
  'OTP_SEND_LIMIT',
  'REFRESH_INVALID',
  'REFRESH_REUSED',
  'TOKEN_INVALID',
  'SESSION_REVOKED',
  // Demo mode: the seeded back-office accounts' passwords and PINs cannot be reset
  'DEMO_RESET_REFUSED',
  // Credit and payment (docs/product/orders-and-payments.md)
  'CREDIT_UNAVAILABLE',
  'CREDIT_INSUFFICIENT',
  'PIN_NOT_SET',
  'PIN_INVALID',
  'PIN_LOCKED',
  'PIN_MISMATCH',
  'PIN_TOO_COMMON',
  'PIN_CURRENT_REQUIRED',
  // Cart (docs/product/orders-and-payments.md)
  'NOT_FOR_SALE',
  'OUT_OF_STOCK',
  'CART_FULL',
  // Addresses (docs/product/orders-and-payments.md)
  'ADDRESS_IS_DEFAULT',
  'ADDRESS_LIMIT',
  // Orders (docs/product/orders-and-payments.md)
  'CART_EMPTY',
  'CASH_NEEDS_PICKUP',
  'PIN_REQUIRED',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_FLIGHT',
  // Biometrics (docs/product/orders-and-payments.md)
  'BIOMETRIC_NOT_SET_UP',
  'BIOMETRIC_FAILED',
  'PRICE_CHANGED',
  // Adding a device to pay with needs the PIN, or a code by SMS where no PIN is set (ADR 060)
  'STEP_UP_REQUIRED',
  // KYC and uploads (docs/product/credit.md)
  'KYC_NOT_EDITABLE',
  'KYC_RESUBMIT_LATER',
  'KYC_ALREADY_APPROVED',
  'UPLOAD_INVALID_TYPE',
  'UPLOAD_EMPTY',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_LIMIT',
  'UPLOAD_INFECTED',
  'UPLOAD_SCAN_UNAVAILABLE',
  // Repayment receipts (docs/product/credit.md)
  'RECEIPT_DECIDED',
  'RECEIPT_EXCEEDS_OWED',
  // Repaying by QR (docs/product/repayments.md): the line's market has no collecting account
  'PAY_BY_QR_UNAVAILABLE',
  // A receipt for money the bank statement already brought in (docs/product/repayments.md)
  'RECEIPT_COVERED',
  // A payment gateway's notice whose signature is not the gateway's, or too old: a replay
  'SIGNATURE_INVALID',
  // Late repayment and renewal (docs/product/credit.md)
  'DECISION_TAKEN',
  'EXTENSION_WINDOW_CLOSED',
  'EXTENSION_PENDING',
  'RENEWAL_NOT_ALLOWED',
  'RENEWAL_PENDING',
  // The back office (docs/product/back-office.md): staff asking for another branch's orders; a
  // list's page marker that is broken or forged
  'BRANCH_NOT_YOURS',
  'CURSOR_INVALID',
  // A KYC application with a document finance marked to be sent again cannot be approved
  'KYC_DOCUMENT_TO_RESEND',
  // Vouchers and the branch counter (docs/product/vouchers.md)
  'QR_NOT_FOUND',
  'QR_EXPIRED',
  'QR_USED',
  'VOUCHER_UNAVAILABLE',
  'VOUCHER_EXCEEDS_PURCHASE',
  'VOUCHER_NOT_FOR_CREDIT',
  'VOUCHER_AT_COUNTER',
  'ORDER_NOT_AT_BRANCH',
  // The customer a code names is suspended; too many unknown or expired codes at a counter
  'COUNTER_CUSTOMER_SUSPENDED',
  'QR_LOOKUP_LIMITED',
  // A code by SMS (ADR 063): a number of another country than the branch's; too many sent
  'COUNTER_SMS_WRONG_MARKET',
  'COUNTER_SMS_LIMITED',
  // A voucher of another market than the counter's; the cash to collect is not what the clerk saw
  'VOUCHER_OTHER_MARKET',
  'COUNTER_CASH_CHANGED',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export type DomainErrorOptions = {
  /** Extra fields for the answer body, e.g. the deviceId of a pending sign-up (docs/product/errors.md). */
  extra?: Record<string, unknown>
  /** Seconds until a limited action may be tried again (Retry-After). */
  retryAfterSeconds?: number
}

export class DomainError extends Error {
  readonly code: ErrorCode
  readonly extra: Record<string, unknown> | undefined
  readonly retryAfterSeconds: number | undefined
  constructor(code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message)
    this.name = 'DomainError'
    this.code = code
    this.extra = options.extra
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export const UNEXPECTED_ERROR_TEXT = 'An unexpected error occurred.'

/**
 * docs/product/errors.md: error text helper. An array is joined with ', ' over its non-empty strings, a non-empty
 * string is used as is, anything else gives the generic text.
 */
export function errorText(value: unknown): string {
  if (Array.isArray(value)) {
    const joined = value
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .join(', ')
    return joined || UNEXPECTED_ERROR_TEXT
  }
  if (typeof value === 'string' && value.trim() !== '') return value
  return UNEXPECTED_ERROR_TEXT
}
