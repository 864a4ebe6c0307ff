import { CATALOGUES } from '~/utils/messages.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import { answerInit, rateLimitWait, retryAfterSeconds } from '~/utils/rate-limit.server.ts'
import type { FieldErrors } from '~/utils/forms.ts'
import type { Message } from '~/components/auth/form-alert.tsx'

/** docs/product/errors.md: a 429 shows the too-many-requests text with the wait (rate-limit.server.ts). */
export function tooManyMessage(error: ApiError): Message {
  return rateLimitWait(error).message
}

/** The wait a code step shows and sends in Retry-After: seconds for the resend cool-down. */
function codeWaitSeconds(error: ApiError): number | undefined {
  return error.code === 'OTP_COOLDOWN' ? (retryAfterSeconds(error) ?? 60) : undefined
}

/** Status and Retry-After of an auth page that shows `codeMessage` or `tooManyMessage`. */
export function authAnswerInit(error: ApiError): ResponseInit {
  return answerInit(error, codeWaitSeconds(error))
}

/**
 * The one place where an API refusal on an account page becomes the text the farmer reads: the
 * one-time code failures each with their own text, a wrong number or password (one text for
 * both, no hint which), a suspended account, the waits; null for anything else (the page's own
 * fallback). The status and Retry-After come from authAnswerInit.
 */
export function codeMessage(error: ApiError): Message | null {
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return { key: 'auth.errors.invalidCredentials' }
    case 'ACCOUNT_SUSPENDED':
      return { key: 'security.forbidden.details' }
    case 'OTP_INVALID': {
      const left = (error.data as { attemptsLeft?: unknown } | null)?.attemptsLeft
      if (typeof left !== 'number') return { key: 'auth.errors.codeInvalid' }
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
