import { CALCULATOR_ERRORS, CalculatorError } from '@padi/domain/calculators/calculator-errors'
import type { CalculatorErrorKey } from '@padi/domain/calculators/calculator-errors'
import { parseFormNumber } from '@padi/domain/calculators/form-number'
import { calculateInput, litresPerHectareFromRai } from '@padi/domain/calculators/input-calculation'
import { InputCalculationInputSchema } from '@padi/domain/calculators/input-calculation-schema'
import { readAreaValue } from './area-form.ts'
import { labelAllows } from './input-form.ts'
import type { InputEvaluation, InputFormField, InputFormValues, PackChoices } from './input-form.ts'
import { planPacks } from '@padi/domain/calculators/pack-plan'
import { toBaseAmount } from '@padi/domain/calculators/input-calculation'
import { packForCart } from './product-link.ts'

// The spray calculator's validation, apart from input-form.ts: it brings zod, so the page loads
// it after it is shown (performance budget F4), while the server renders the first answer.

/** Schema paths (and CalculatorError fields) → the form field that shows the message. */
const FIELD_BY_PATH: Readonly<Record<string, InputFormField>> = {
  area: 'area_value',
  'area.value': 'area_value',
  'area.unit': 'area_unit',
  rate: 'rate_kind',
  'rate.kind': 'rate_kind',
  'rate.amount': 'rate_amount',
  'rate.unit': 'rate_unit',
  'rate.tankLitres': 'rate_tank_litres',
  'rate.labelLitresPerHectare': 'label_litres_per_hectare',
  sprayer: 'sprayer',
  'sprayer.type': 'sprayer',
  'sprayer.tankLitres': 'tank_litres',
  'sprayer.litresPerHectare': 'litres_per_hectare',
  packSize: 'pack_amount',
  'packSize.amount': 'pack_amount',
  'packSize.unit': 'pack_unit',
}

function fieldOf(path: string): InputFormField {
  return FIELD_BY_PATH[path] ?? FIELD_BY_PATH[path.split('.')[0] ?? ''] ?? 'area_value'
}

/** The spray volume as the domain takes it (L/ha): a figure per rai is turned into per hectare. */
function litresPerHectare(values: InputFormValues): unknown {
  if (values.volume_basis !== 'rai') return values.litres_per_hectare
  const amount = parseFormNumber(values.litres_per_hectare)
  return typeof amount === 'number' && !Number.isNaN(amount) && amount > 0
    ? litresPerHectareFromRai(amount)
    : values.litres_per_hectare
}

function isErrorKey(message: string): message is CalculatorErrorKey {
  return (Object.values(CALCULATOR_ERRORS) as string[]).includes(message)
}

/**
 * Validates the form with the domain schema and runs the domain calculation (docs/product/calculators.md
 * §2.2). Every message is a catalogue key (calculator.errors.*) tied to one form field.
 */
export function evaluateInputForm(
  values: InputFormValues,
  packs?: PackChoices | null,
): InputEvaluation {
  const parsed = InputCalculationInputSchema.safeParse({
    area: { value: readAreaValue(values.area_value, values.area_unit), unit: values.area_unit },
    rate: {
      kind: values.rate_kind,
      amount: values.rate_amount,
      unit: values.rate_unit,
      tankLitres: values.rate_tank_litres,
      labelLitresPerHectare: values.label_litres_per_hectare,
    },
    sprayer: {
      type: values.sprayer,
      tankLitres: values.tank_litres,
      litresPerHectare: litresPerHectare(values),
    },
    packSize: { amount: values.pack_amount, unit: values.pack_unit },
  })
  // A sprayer the product's label rules out gives no answer, whatever else is missing: the label
  // is the law (docs/product/calculators.md).
  const ruledOut = !labelAllows(values, values.sprayer)
  if (!parsed.success) {
    const errors: Partial<Record<InputFormField, CalculatorErrorKey>> = {}
    if (ruledOut) errors.sprayer = CALCULATOR_ERRORS.sprayerRuledOut
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join('.'))
      errors[field] ??= isErrorKey(issue.message) ? issue.message : CALCULATOR_ERRORS.valueInvalid
    }
    return { ok: false, errors }
  }
  if (ruledOut) return { ok: false, errors: { sprayer: CALCULATOR_ERRORS.sprayerRuledOut } }
  try {
    const result = calculateInput(parsed.data)
    return {
      ok: true,
      input: parsed.data,
      result,
      plan: packPlan(values, result.totalProduct, packs),
    }
  } catch (error) {
    // The schema already applies every rule calculateInput checks; this only guards drift.
    if (!(error instanceof CalculatorError)) throw error
    return { ok: false, errors: { [fieldOf(error.field ?? '')]: error.code } }
  }
}

/**
 * docs/product/calculators.md (Which packs to buy): the cheapest packs of the shop's product for
 * the amount worked out, when the pack counted is still one of that product's (a farmer who typed
 * another pack size gets the count of that size only). Packs measured otherwise (grams for a
 * rate in millilitres) are left out.
 */
function packPlan(values: InputFormValues, need: number, packs: PackChoices | null | undefined) {
  if (!packs || !values.pack_amount || !values.pack_unit) return null
  const amount = Number(values.pack_amount)
  const unit = values.pack_unit as Parameters<typeof toBaseAmount>[1]
  const shop = packForCart(values.pack_id, { amount, unit })
  if (!shop || shop.productId !== packs.productId) return null
  const counted = Math.round(toBaseAmount(amount, unit))
  if (!packs.options.some((o) => o.id === shop.variationId && o.amount === counted)) return null
  return planPacks(need, packs.options, packs.maxCount)
}
