/**
 * docs/product/credit.md (Identity numbers): the identity number a KYC application gives, checked
 * as the card itself is made. A Malaysian NRIC has no check digit, so it is judged by its shape,
 * the real date in its first six digits and the place-of-birth code; a Thai national ID by its
 * shape and its check digit.
 *
 * Hand-written rather than taken from a package: the npm `mykad` package (checked 2026-11) judges
 * the century by today's date in the server's time zone and ships no types; the rules here are
 * three checks over a code list that is ours to keep.
 */

export type IdentityProblem = 'format' | 'date' | 'place' | 'checksum'

/**
 * Place-of-birth codes that no card carries (the registration department's list leaves them
 * unused): 00, 17–20, 69, 70, 73, 80, 81 and 94–97. Every other two-digit code is a state, a
 * country or a region.
 */
const UNUSED_PLACE_CODES = new Set([0, 17, 18, 19, 20, 69, 70, 73, 80, 81, 94, 95, 96, 97])

const NRIC_SHAPE = /^(\d{2})(\d{2})(\d{2})-?(\d{2})-?(\d{4})$/

/** The 12 digits of an NRIC typed with or without its hyphens and spaces, or null. */
export function nricDigits(value: string): string | null {
  const match = NRIC_SHAPE.exec(value.replace(/\s+/g, ''))
  return match ? match.slice(1).join('') : null
}

/** An NRIC as printed: 750312-02-5331. */
export function formatNric(digits: string): string {
  return `${digits.slice(0, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`
}

/** Whether YYMMDD is a day that exists, in the 1900s or the 2000s (29 February needs a leap year). */
function realDate(yy: number, mm: number, dd: number): boolean {
  if (mm < 1 || mm > 12 || dd < 1) return false
  const inMonth = (year: number) => new Date(Date.UTC(year, mm, 0)).getUTCDate()
  // Either century will do: the card does not say which, and 29 Feb 00 existed in 2000.
  return dd <= inMonth(1900 + yy) || dd <= inMonth(2000 + yy)
}

/** docs/product/credit.md: null when the NRIC can be a real card's number. */
export function nricProblem(value: string): IdentityProblem | null {
  const digits = nricDigits(value)
  if (!digits) return 'format'
  const [yy, mm, dd, place] = [0, 2, 4, 6].map((at) => Number(digits.slice(at, at + 2))) as [
    number,
    number,
    number,
    number,
  ]
  if (!realDate(yy, mm, dd)) return 'date'
  if (UNUSED_PLACE_CODES.has(place)) return 'place'
  return null
}

/** The 13 digits of a Thai national ID typed with or without its hyphens and spaces, or null. */
export function thaiIdDigits(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '')
  return /^\d{13}$/.test(compact) ? compact : null
}

/** A Thai national ID as printed: 3-1006-00445-63-5. */
export function formatThaiId(digits: string): string {
  return `${digits[0]}-${digits.slice(1, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 12)}-${digits[12]}`
}

/**
 * docs/product/credit.md: null when the Thai ID is well formed: 13 digits, not starting with 0
 * or 9, and its last digit equal to (11 − (Σ dᵢ × (13 − i) for the first twelve) mod 11) mod 10.
 */
export function thaiIdProblem(value: string): IdentityProblem | null {
  const digits = thaiIdDigits(value)
  if (!digits || digits[0] === '0' || digits[0] === '9') return 'format'
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i)
  return (11 - (sum % 11)) % 10 === Number(digits[12]) ? null : 'checksum'
}
