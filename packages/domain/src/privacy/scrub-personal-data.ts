// docs/product/error-reporting.md: no personal data in an error report. Reports leave our servers
// for a service we do not run, so mobile numbers, MyKad and Thai ID numbers, tokens, PINs and
// passwords are replaced before anything is sent, wherever in the report they hide (message,
// stack, address, breadcrumbs, extra data).

const REDACTED = '[redacted]'

const PATTERNS: RegExp[] = [
  // Signed tokens (JWT: three base64url parts, the first '{"' encoded) and bearer credentials.
  /eyJ[\w-]+\.[\w-]+\.[\w-]*/g,
  /\b(bearer|basic)\s+[\w.~+/=-]{8,}/gi,
  // MyKad (YYMMDD-PB-###G, dashes optional) and the Thai ID (13 digits, dashes optional).
  /\b\d{6}-?\d{2}-?\d{4}\b/g,
  /\b\d-?\d{4}-?\d{5}-?\d{2}-?\d\b/g,
  // Malaysian and Thai mobile numbers, international or local, with or without spaces or dashes.
  /\+?\b(?:60|66)[\s-]?\d{1,2}[\s-]?\d{3,4}[\s-]?\d{3,4}\b/g,
  /\b0\d{1,2}[\s-]?\d{3,4}[\s-]?\d{3,4}\b/g,
  // Values of secret-looking parameters in addresses and text: ?token=…, pin=…, code=…
  /\b(token|access_token|refresh_token|code|pin|password|otp|secret|signature|sig|key)=[^&\s#"']+/gi,
]

/** Keys whose values are never sent, whatever they hold. */
const SECRET_KEY =
  /^(authorization|cookie|set-cookie|x-proxy-secret|password|pin|new_pin|otp|code|token|access_token|refresh_token|mobile|phone|nric|id_number|national_id|email|secret|signature)$/i

export function scrubText(text: string): string {
  let out = text
  for (const pattern of PATTERNS) {
    out = out.replace(pattern, (match, name: unknown) =>
      typeof name === 'string' && match.includes('=') ? `${name}=${REDACTED}` : REDACTED,
    )
  }
  return out
}

/**
 * A copy of `value` with every string scrubbed and every secret-named key's value replaced; goes
 * at most `depth` levels down (deeper parts are dropped, not sent unread).
 */
export function scrubValue<T>(value: T, depth = 12): T {
  return scrub(value, depth, new WeakSet()) as T
}

function scrub(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth <= 0 || seen.has(value)) return REDACTED
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth - 1, seen))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : scrub(item, depth - 1, seen)
  }
  return out
}
