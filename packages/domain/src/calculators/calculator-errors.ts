/**
 * i18n keys for calculator validation errors.
 *
 * Domain code never returns English prose: the web app translates these keys into en / bm / th
 * (docs/product/calculators.md, languages). Keeping them in one const object lets the locale files be checked
 * against the full list.
 */
export const CALCULATOR_ERRORS = {
  valueRequired: 'calculator.errors.valueRequired',
  valueInvalid: 'calculator.errors.valueInvalid',
  valuePositive: 'calculator.errors.valuePositive',
  valueTooLarge: 'calculator.errors.valueTooLarge',
  unitInvalid: 'calculator.errors.unitInvalid',
  rateKindInvalid: 'calculator.errors.rateKindInvalid',
  sprayerTypeInvalid: 'calculator.errors.sprayerTypeInvalid',
  sprayerRuledOut: 'calculator.errors.sprayerRuledOut',
  packUnitMismatch: 'calculator.errors.packUnitMismatch',
  labelVolumeRequired: 'calculator.errors.labelVolumeRequired',
  areaTooLarge: 'calculator.errors.areaTooLarge',
} as const

export type CalculatorErrorKey = (typeof CALCULATOR_ERRORS)[keyof typeof CALCULATOR_ERRORS]

/**
 * Typed error thrown by calculator functions when called with input the schemas would have
 * rejected. `code` is the same i18n key the schema would report, so one mapping serves both
 * paths (codebase convention: domain code throws a typed error with a code).
 */
export class CalculatorError extends Error {
  readonly code: CalculatorErrorKey
  readonly field: string | undefined

  constructor(code: CalculatorErrorKey, field?: string) {
    super(field === undefined ? code : `${code} (${field})`)
    this.name = 'CalculatorError'
    this.code = code
    this.field = field
  }
}
