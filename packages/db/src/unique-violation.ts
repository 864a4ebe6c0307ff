/**
 * Whether a database error is a unique-key violation (SQLSTATE 23505), as PostgreSQL and PGlite
 * raise it, directly or wrapped by Drizzle (whose query error keeps the driver's as its cause).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
