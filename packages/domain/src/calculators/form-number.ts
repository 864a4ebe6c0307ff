// Reading numbers typed into forms. No zod here: the calculator pages read their address with
// this before they load their validation (form-number-schema.ts).
import { normaliseDigits } from './numeric.ts'

/** Plain decimal as typed into a form: optional sign, digits, optional fraction. No hex, no 1e5. */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/
/** Decimal with "," thousands grouping, the group separator in en-MY, ms-MY and th-TH (§5.1). */
const GROUPED_DECIMAL = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/

/**
 * Turns an HTML form value into a number, `undefined` (blank) or NaN (garbage).
 *
 * `z.coerce.number()` is not used because it maps '' and null to 0, which would report
 * "must be positive" for an empty field instead of "required", and it accepts '0x10' and '1e3'.
 * Commas are only stripped when they form valid thousands groups, so "1,5" is rejected rather
 * than silently read as 15.
 */
export function parseFormNumber(input: unknown): unknown {
  if (input === null || input === undefined) return undefined
  if (typeof input !== 'string') return input
  const text = normaliseDigits(input).replace(/[\s\u00a0]/g, '')
  if (text === '') return undefined
  if (PLAIN_DECIMAL.test(text)) return Number(text)
  if (GROUPED_DECIMAL.test(text)) return Number(text.replaceAll(',', ''))
  return Number.NaN
}
