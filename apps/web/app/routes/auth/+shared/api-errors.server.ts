import { CATALOGUES } from '~/utils/messages.server.ts'
import { ApiError } from '~/utils/api.server.ts'
import type { FieldErrors } from '~/utils/forms.ts'
import type { Message } from '~/components/auth/form-alert.tsx'

/** Seconds to wait, from the answer's body (retryAfterSeconds) or its Retry-After header. */
export function retryAfterSeconds(error: ApiError): number | null {
  const body = error.data as { retryAfterSeconds?: unknown } | null
  if (typeof body?.retryAfterSeconds === 'number' && body.retryAfterSeconds > 0)
    return Math.ceil(body.retryAfterSeconds)
  const header = Number(error.retryAfter)
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : null
}

/** Spec 8: a 429 shows the too-many-requests text, with the wait in minutes when it is known. */
export function tooManyMessage(error: ApiError): Message {
  const seconds = retryAfterSeconds(error)
  if (seconds === null) return { key: 'security.tooManyRequest.details' }
  const minutes = Math.ceil(seconds / 60)
  return minutes <= 1
    ? { key: 'auth.errors.tooManyOneMinute' }
    : { key: 'auth.errors.tooManyMinutes', params: { minutes } }
}

/**
 * The one-time code failures (spec 8 'one-time code verification unsuccessful', 'resend failed'),
 * each with its own text; null for any other error.
 */
export function codeMessage(error: ApiError): Message | null {
  switch (error.code) {
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
    default:
      return null
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
