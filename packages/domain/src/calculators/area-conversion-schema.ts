// zod/mini, and kept apart from the conversions, so pages that only convert load no schema code.
import * as z from 'zod/mini'
import { AREA_UNITS, AREA_VALUE_MAX } from './area-units.ts'
import { CALCULATOR_ERRORS } from './calculator-errors.ts'
import { formNumber } from './form-number-schema.ts'

const areaUnitSchema = z.enum(AREA_UNITS, { error: CALCULATOR_ERRORS.unitInvalid })

/** Area converter form. Messages are i18n keys (calculator.errors.*), translated by the web app. */
export const AreaConversionInputSchema = z.object({
  value: formNumber(AREA_VALUE_MAX),
  from: areaUnitSchema,
  to: areaUnitSchema,
})

export type AreaConversionInput = z.infer<typeof AreaConversionInputSchema>
