/**
 * docs/reliability.md (PostgreSQL away): whether an error means the database cannot be reached
 * right now (refused, reset, shutting down, not accepting connections yet) rather than a mistake
 * in a query. Drizzle wraps the driver's error, so the whole chain of causes is looked at.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'])
// PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now, and connection exceptions.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'])
const MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error/i

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  for (let e = error; e && typeof e === 'object' && !seen.has(e);) {
    seen.add(e)
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown }
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code))) return true
    if (typeof message === 'string' && MESSAGES.test(message)) return true
    // Node's AggregateError for a host with several addresses (127.0.0.1 and ::1).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/** How long a client is told to wait: a restart of PostgreSQL takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
