import type { ErrorCode } from '@padi/domain/errors'

/** The one place where error codes become HTTP statuses (codebase-models 4.3 rule 7). */
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
}
