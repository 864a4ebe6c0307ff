/**
 * How a stored mobile number (E.164, +60123456789) is shown: grouped for reading, or masked on
 * the code step so a screen seen over a shoulder does not give the whole number away.
 */
function parts(e164: string): { cc: string; prefix: string; middle: string; last: string } | null {
  const match = /^\+(60|66)(\d{2})(\d+)(\d{4})$/.exec(e164)
  if (!match) return null
  const [, cc = '', prefix = '', middle = '', last = ''] = match
  return { cc, prefix, middle, last }
}

/** +60123456789 -> '+60 12-345 6789'; anything unexpected is shown as it is. */
export function displayMobile(e164: string): string {
  const p = parts(e164)
  return p ? `+${p.cc} ${p.prefix}-${p.middle} ${p.last}` : e164
}

/** +60123456789 -> '+60 12-••• 6789'. */
export function maskMobile(e164: string): string {
  const p = parts(e164)
  return p ? `+${p.cc} ${p.prefix}-••• ${p.last}` : e164
}
