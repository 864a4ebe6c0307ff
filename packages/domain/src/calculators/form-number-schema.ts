// zod/mini: these schemas run in the browser on the calculator pages, where every KB counts on 2G.
import * as z from 'zod/mini'

import { CALCULATOR_ERRORS } from './calculator-errors.ts'
import { parseFormNumber } from './form-number.ts'

function positiveNumber(max: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? CALCULATOR_ERRORS.valueRequired
          : CALCULATOR_ERRORS.valueInvalid,
    })
    .check(
      z.positive(CALCULATOR_ERRORS.valuePositive),
      z.maximum(max, CALCULATOR_ERRORS.valueTooLarge),
    )
}

/**
 * Required, finite, strictly positive number up to `max`, coerced from form strings. Error
 * messages are i18n keys (calculator.errors.*).
 */
export function formNumber(max: number) {
  return z.pipe(z.transform(parseFormNumber), positiveNumber(max))
}

/** Same as `formNumber`, but a blank field yields `undefined` instead of an error. */
export function optionalFormNumber(max: number) {
  return z.pipe(z.transform(parseFormNumber), z.optional(positiveNumber(max)))
}
