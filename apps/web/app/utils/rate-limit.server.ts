import type { Message } from '~/components/auth/form-alert.tsx'
import type { ApiError } from './api.server.ts'

/** Seconds to wait, from the answer's body (retryAfterSeconds) or its Retry-After header. */
export function retryAfterSeconds(error: ApiError): number | null {
  const body = error.body
  if (body.retryAfterSeconds !== undefined && body.retryAfterSeconds > 0)
    return Math.ceil(body.retryAfterSeconds)
  const header = Number(error.retryAfter)
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : null
}

/**
 * docs/security.md row 55: a 429 page says how long to wait and its Retry-After header says the
 * same. The page speaks in whole minutes, so the header is that many minutes; when the API did not
 * say, one minute (its limits count per minute).
 */
export function rateLimitWait(error: ApiError): { seconds: number; message: Message } {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds(error) ?? 60) / 60))
  return {
    seconds: minutes * 60,
    message:
      minutes === 1
        ? { key: 'common.rateLimit.oneMinute' }
        : { key: 'common.rateLimit.minutes', params: { minutes } },
  }
}

/** The status and headers of a page answer that passes on an API refusal. */
export function answerInit(error: ApiError, seconds?: number): ResponseInit {
  if (error.statusCode !== 429) return { status: error.statusCode >= 500 ? 503 : error.statusCode }
  return {
    status: 429,
    headers: { 'Retry-After': String(seconds ?? rateLimitWait(error).seconds) },
  }
}

/**
 * A route's `headers` export: React Router puts a loader's or action's headers on the page only
 * through this, so every route that can answer 429 exports it to pass Retry-After on.
 */
export function retryAfterHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers
  loaderHeaders: Headers
}): Headers {
  const headers = new Headers()
  const wait = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After')
  if (wait) headers.set('Retry-After', wait)
  return headers
}
