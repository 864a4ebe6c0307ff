/** docs/product/orders-and-payments.md: the payment PIN. */
export const PIN_LENGTH = 6
/** Wrong PINs in a row before payment is locked, and for how long. */
export const PIN_MAX_FAILURES = 5
export const PIN_LOCK_MS = 30 * 60 * 1000

export const PIN_PATTERN = /^\d{6}$/

/**
 * PINs that the most common-PIN studies put at the top, beyond the patterns below (dates and
 * keypad shapes people pick): refused so a stolen phone is not paid from in a few guesses.
 */
const COMMON_PINS = new Set([
  '121212',
  '112233',
  '123123',
  '159753',
  '147258',
  '258369',
  '789456',
  '456123',
  '102030',
  '101010',
  '131313',
  '202020',
  '696969',
  '520520',
  '123321',
  '654456',
  '147852',
  '753951',
  '110011',
  '010101',
])

/**
 * docs/product/orders-and-payments.md: a PIN is exactly 6 digits and not a common one: one digit
 * repeated (000000), a run up or down (123456, 987654, 901234), a pair or three digits repeated
 * (121212, 123123), a known favourite, or the last six digits of the farmer's own mobile number.
 */
export function pinProblem(pin: string, mobile?: string): 'format' | 'common' | null {
  if (!PIN_PATTERN.test(pin)) return 'format'
  const digits = [...pin].map(Number)
  const steps = new Set(digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10))
  if (steps.size === 1 && (steps.has(0) || steps.has(1) || steps.has(9))) return 'common'
  if (pin.slice(0, 2).repeat(3) === pin || pin.slice(0, 3).repeat(2) === pin) return 'common'
  if (COMMON_PINS.has(pin)) return 'common'
  if (mobile && mobile.replace(/\D/g, '').endsWith(pin)) return 'common'
  return null
}
