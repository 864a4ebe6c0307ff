import * as z from 'zod/mini'

import { AREA_UNITS, AREA_VALUE_MAX } from './area-units.ts'
import { CALCULATOR_ERRORS } from './calculator-errors.ts'
import { formNumber, optionalFormNumber } from './form-number-schema.ts'
import {
  findCrossFieldIssues,
  PACK_AMOUNT_MAX,
  PRODUCT_UNITS,
  RATE_AMOUNT_MAX,
  SPRAY_VOLUME_MAX,
  SPRAYER_TYPES,
  TANK_LITRES_MAX,
} from './input-calculation.ts'

// --- Schema ----------------------------------------------------------------------------------

const productUnitSchema = z.enum(PRODUCT_UNITS, { error: CALCULATOR_ERRORS.unitInvalid })

/**
 * Spray volume the label's dilution assumes (L/ha). Needed to turn "x per litre" or "x per tank"
 * into a per-hectare dose when the farmer sprays a different volume, above all with a drone:
 * docs/product/calculators.md/§2.2 say the per-hectare dose stays as on the label and only the water is
 * reduced. When omitted, the sprayer's own volume is used (knapsack only).
 */
const labelLitresPerHectare = optionalFormNumber(SPRAY_VOLUME_MAX)

export const RateSchema = z.discriminatedUnion(
  'kind',
  [
    // Label dose per hectare, e.g. 300 mL/ha (docs/product/calculators.md, Amistar Top).
    z.object({
      kind: z.literal('per_hectare'),
      amount: formNumber(RATE_AMOUNT_MAX),
      unit: productUnitSchema,
    }),
    // Label dose per rai, as Thai labels give it (docs/product/calculators.md: 1 ha = 6.25 rai).
    z.object({
      kind: z.literal('per_rai'),
      amount: formNumber(RATE_AMOUNT_MAX),
      unit: productUnitSchema,
    }),
    // Product per litre of spray water: D = r × V (docs/product/calculators.md).
    z.object({
      kind: z.literal('per_litre'),
      amount: formNumber(RATE_AMOUNT_MAX),
      unit: productUnitSchema,
      labelLitresPerHectare,
    }),
    // "x mL per T0-litre tank": r = x / T0, then D = r × V (docs/product/calculators.md).
    z.object({
      kind: z.literal('per_tank'),
      amount: formNumber(RATE_AMOUNT_MAX),
      unit: productUnitSchema,
      tankLitres: formNumber(TANK_LITRES_MAX),
      labelLitresPerHectare,
    }),
  ],
  { error: CALCULATOR_ERRORS.rateKindInvalid },
)

export type Rate = z.infer<typeof RateSchema>

export const SprayerSchema = z.object(
  {
    type: z.enum(SPRAYER_TYPES, { error: CALCULATOR_ERRORS.sprayerTypeInvalid }),
    tankLitres: formNumber(TANK_LITRES_MAX),
    litresPerHectare: formNumber(SPRAY_VOLUME_MAX),
  },
  { error: CALCULATOR_ERRORS.valueRequired },
)

export type Sprayer = z.infer<typeof SprayerSchema>

export const PackSizeSchema = z.object({
  amount: formNumber(PACK_AMOUNT_MAX),
  unit: productUnitSchema,
})

export type PackSize = z.infer<typeof PackSizeSchema>

/** An HTML form always posts the pack fields; a blank amount means "no pack size given". */
function blankPackToUndefined(input: unknown): unknown {
  if (input === null || input === '') return undefined
  if (typeof input === 'object' && input !== null && 'amount' in input) {
    const amount: unknown = input.amount
    if (amount === undefined || amount === null) return undefined
    if (typeof amount === 'string' && amount.trim() === '') return undefined
  }
  return input
}

const AreaSchema = z.object(
  {
    value: formNumber(AREA_VALUE_MAX),
    unit: z.enum(AREA_UNITS, { error: CALCULATOR_ERRORS.unitInvalid }),
  },
  { error: CALCULATOR_ERRORS.valueRequired },
)

/**
 * Input calculation form (docs/product/calculators.md "agro-chemical input calculation"). Strings from HTML
 * forms are coerced; every message is an i18n key (calculator.errors.*).
 */
export const InputCalculationInputSchema = z
  .object({
    area: AreaSchema,
    rate: RateSchema,
    sprayer: SprayerSchema,
    packSize: z.pipe(z.transform(blankPackToUndefined), z.optional(PackSizeSchema)),
  })
  .check(
    z.superRefine((input, ctx) => {
      for (const issue of findCrossFieldIssues(input)) {
        ctx.addIssue({ code: 'custom', message: issue.code, path: issue.path })
      }
    }),
  )

export type InputCalculationInput = z.infer<typeof InputCalculationInputSchema>
