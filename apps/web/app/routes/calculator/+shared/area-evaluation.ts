import { AreaConversionInputSchema } from '@padi/domain/calculators/area-conversion-schema'
import { convertAll, roundForDisplay, toSquareMetres } from '@padi/domain/calculators/area-units'
import { parseFormNumber } from '@padi/domain/calculators/form-number'
import { CALCULATOR_ERRORS } from '@padi/domain/calculators/calculator-errors'
import type { CalculatorErrorKey } from '@padi/domain/calculators/calculator-errors'
import type { Locale } from '@padi/domain/i18n/locales'
import { readAreaFields, readAreaValue } from './area-form.ts'
import type { AreaEvaluation, AreaFormField, AreaFormState, AreaFormValues } from './area-form.ts'

// The area converter's reading and checking of its form, apart from area-form.ts because it brings
// zod: the spray calculator uses area-form.ts and must not load zod before it is shown (budget F4).

function isErrorKey(message: string): message is CalculatorErrorKey {
  return (Object.values(CALCULATOR_ERRORS) as string[]).includes(message)
}

/** Validates with the domain schema and converts (docs/product/calculators.md: through m²). */
export function evaluateAreaForm(values: AreaFormValues): AreaEvaluation {
  const parsed = AreaConversionInputSchema.safeParse({
    value: readAreaValue(values.value, values.from),
    from: values.from,
    to: values.to,
  })
  if (!parsed.success) {
    const errors: Partial<Record<AreaFormField, CalculatorErrorKey>> = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0]
      if (field !== 'value' && field !== 'from' && field !== 'to') continue
      errors[field] ??= isErrorKey(issue.message) ? issue.message : CALCULATOR_ERRORS.valueInvalid
    }
    return { ok: false, errors }
  }
  const { value, from, to } = parsed.data
  const all = convertAll(value, from)
  return {
    ok: true,
    result: { value, from, to, converted: all[to], squareMetres: toSquareMetres(value, from), all },
  }
}

/**
 * Swaps from and to. A plain number is kept, as on any converter ("5" relong → ha becomes "5"
 * ha → relong). Rai-ngan-wah text such as "4-2-25" only makes sense in Thai units, so it is
 * replaced by the converted figure: the area stays the same and the field stays valid.
 */
export function swapAreaUnits(values: AreaFormValues): AreaFormValues {
  const swapped = { ...values, from: values.to, to: values.from }
  const parsed = parseFormNumber(values.value)
  if (parsed === undefined || (typeof parsed === 'number' && !Number.isNaN(parsed))) return swapped
  const evaluation = evaluateAreaForm(values)
  if (!evaluation.ok) return swapped
  const { converted, to } = evaluation.result
  return { ...swapped, value: String(roundForDisplay(converted, to)) }
}

/**
 * Reads the converter's query string (readAreaFields), then applies a swap asked for by the
 * form without JavaScript (`swap=1`).
 */
export function readAreaForm(params: URLSearchParams, locale: Locale): AreaFormState {
  const state = readAreaFields(params, locale)
  return params.get('swap') === '1' ? { ...state, values: swapAreaUnits(state.values) } : state
}
