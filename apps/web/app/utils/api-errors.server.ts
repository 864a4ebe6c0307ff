import type { Message } from '~/components/auth/form-alert.tsx'
import { ApiError } from './api.server.ts'
import type { FieldErrors } from './forms.ts'
import { CATALOGUES } from './messages.server.ts'
import { answerInit, rateLimitWait, retryAfterSeconds } from './rate-limit.server.ts'

/**
 * What a page does with an API refusal, decided here once for every loader and action:
 * - invalid: the input failed the API's check (VALIDATION_FAILED); apiFieldErrors says where.
 * - notFound: no such thing (404).
 * - busy: a limit; `message` says how long to wait and `init` carries Retry-After.
 * - unavailable: the API is down or failed (5xx, no answer); the page answers 503.
 * - signedOut: the token sent is not (or no longer) good (401, other than a wrong password).
 * - refused: any other refusal (403, 409...), with its own text when `message` has one.
 * Pages decide on `kind` and `code`, never on the status: the status is read here only.
 */
export type RefusalKind = 'invalid' | 'notFound' | 'busy' | 'unavailable' | 'signedOut' | 'refused'

export type Refusal = {
  kind: RefusalKind
  /** The API's code; for an answer without one (a proxy's), the general code of its status. */
  code: ApiError['code']
  error: ApiError
  /** The text the farmer reads, when this helper knows one; null: the page's own fallback. */
  message: Message | null
  /** Status and Retry-After for the page's answer. */
  init: ResponseInit
}

function kindOf(error: ApiError): RefusalKind {
  if (error.statusCode === 429) return 'busy'
  // Only the input check: a wrong one-time code is also a 400, but it has its own text.
  if (error.code === 'VALIDATION_FAILED') return 'invalid'
  if (error.statusCode === 404) return 'notFound'
  if (error.statusCode >= 500) return 'unavailable'
  if (error.statusCode === 401 && error.code !== 'INVALID_CREDENTIALS') return 'signedOut'
  return 'refused'
}

/**
 * docs/product/errors.md (Error catalogue): the API names every refusal with a code, each code
 * with one status. An answer that names none (a proxy's 413 or 401 page) gets the catalogue's
 * general code for its status, so a page deciding on codes meets it as it would the API's own.
 */
const GENERAL_CODES: Partial<Record<number, ApiError['code']>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  429: 'RATE_LIMITED',
}

/** The client names a refusal without a code INTERNAL, a code the API gives only a 500. */
function codeOf(error: ApiError): ApiError['code'] {
  if (error.code !== 'INTERNAL') return error.code
  return GENERAL_CODES[error.statusCode] ?? error.code
}

/**
 * The one mapping from an API refusal to a page's answer. Anything that is not the API saying no
 * (a bug in this server) is thrown on, to the error screen.
 */
export function readRefusal(error: unknown): Refusal {
  if (!(error instanceof ApiError)) throw error
  return {
    kind: kindOf(error),
    code: codeOf(error),
    error,
    message: codeMessage(error),
    init: answerInit(error, codeWaitSeconds(error)),
  }
}

/** docs/product/errors.md: a 429 shows the too-many-requests text with the wait (rate-limit.server.ts). */
function tooManyMessage(error: ApiError): Message {
  return rateLimitWait(error).message
}

/** The wait a code step shows and sends in Retry-After: seconds for the resend cool-down. */
function codeWaitSeconds(error: ApiError): number | undefined {
  return error.code === 'OTP_COOLDOWN' ? (retryAfterSeconds(error) ?? 60) : undefined
}

/**
 * The text an API refusal becomes: the one-time code failures each with their own text, a wrong
 * number or password (one text for both, no hint which), a suspended account, the waits; null for
 * anything else (the page's own fallback).
 */
function codeMessage(error: ApiError): Message | null {
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return { key: 'auth.errors.invalidCredentials' }
    case 'ACCOUNT_SUSPENDED':
      return { key: 'security.forbidden.details' }
    case 'OTP_INVALID': {
      const left = error.body.attemptsLeft
      if (left === undefined) return { key: 'auth.errors.codeInvalid' }
      return left === 1
        ? { key: 'auth.errors.codeInvalidOneLeft' }
        : { key: 'auth.errors.codeInvalidLeft', params: { n: left } }
    }
    case 'OTP_EXPIRED':
      return { key: 'auth.errors.codeExpired' }
    case 'OTP_EXHAUSTED':
      return { key: 'auth.errors.codeExhausted' }
    case 'OTP_COOLDOWN': {
      const seconds = retryAfterSeconds(error) ?? 60
      return seconds === 1
        ? { key: 'auth.errors.waitOneSecond' }
        : { key: 'auth.errors.waitSeconds', params: { seconds } }
    }
    case 'OTP_SEND_LIMIT':
    case 'RATE_LIMITED':
      return tooManyMessage(error)
    case 'DEMO_RESET_REFUSED':
      return { key: 'auth.errors.demoResetRefused' }
    default:
      // Any other limit the API applies: the wait, as its Retry-After says.
      return error.statusCode === 429 ? tooManyMessage(error) : null
  }
}

const VALIDATION_KEYS = new Set(
  Object.keys((CATALOGUES.en.validation ?? {}) as Record<string, unknown>).map(
    (k) => `validation.${k}`,
  ),
)

/** The API's field errors carry catalogue keys; an unknown one shows the generic 'not valid'. */
export function apiFieldErrors(error: ApiError, fields: readonly string[]): FieldErrors {
  const out: FieldErrors = {}
  for (const { field, message } of error.errors) {
    const name = fields.includes(field) ? field : '_form'
    out[name] ??= VALIDATION_KEYS.has(message) ? message : 'validation.invalid'
  }
  return out
}

/** Whether a thrown value is the API saying no (as opposed to a bug in this server). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
