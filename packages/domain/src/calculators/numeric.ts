/**
 * Small numeric helpers shared by the calculators.
 *
 * docs/product/calculators.md: convert everything internally at full precision and round only for
 * display. These helpers remove binary floating-point noise without changing any figure a farmer
 * could see.
 */

/**
 * Significant digits kept by `stripFloatNoise`. A double carries ~15.9 significant digits, so 15
 * removes only the last-bit noise of a multiply/divide chain (e.g. 43,560.00000000001 ft² for one
 * acre becomes exactly 43,560).
 */
const SIGNIFICANT_DIGITS = 15

export function stripFloatNoise(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value
  return Number(value.toPrecision(SIGNIFICANT_DIGITS))
}

/**
 * `Math.ceil` for counts (tank loads, packs). Noise such as 18.000000000000004 loads must not
 * become 19, so the quotient is cleaned to 12 significant digits first; anything below that is
 * far smaller than a drop of spray liquid.
 */
export function ceilCount(value: number): number {
  return Math.ceil(Number(value.toPrecision(12)))
}

/**
 * Half-away-from-zero rounding to `decimals` places that is correct for decimal ties
 * (1.005 → 1.01, which `Math.round(1.005 * 100) / 100` gets wrong).
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value
  const sign = value < 0 ? -1 : 1
  const abs = Math.abs(value)
  const text = String(abs)
  // Exponent shifting through the decimal string avoids the binary multiply error; numbers that
  // already print in exponent form (< 1e-6 or >= 1e21) fall back to plain scaling.
  const rounded = text.includes('e')
    ? Math.round(abs * 10 ** decimals) / 10 ** decimals
    : Number(`${Math.round(Number(`${text}e${decimals}`))}e-${decimals}`)
  return rounded === 0 ? 0 : sign * rounded
}

const THAI_DIGIT_ZERO = 0x0e50

/** Thai digits (๐–๙) appear in Thai land documents; map them to ASCII before parsing. */
export function normaliseDigits(text: string): string {
  return text.replace(/[\u0e50-\u0e59]/g, (digit) => String(digit.charCodeAt(0) - THAI_DIGIT_ZERO))
}
