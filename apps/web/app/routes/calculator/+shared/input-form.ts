import type { CalculatorErrorKey } from '@padi/domain/calculators/calculator-errors'
import { parseFormNumber } from '@padi/domain/calculators/form-number'
import {
  baseUnitOf,
  DEFAULT_SPRAYERS,
  KNAPSACK_LITRES_PER_HECTARE_MIN,
  PRODUCT_UNITS,
  RAI_PER_HECTARE,
  SPRAYER_TYPES,
} from '@padi/domain/calculators/input-calculation'
import type {
  InputCalculationInput,
  InputCalculationResult,
  ProductUnit,
  Rate,
  SprayerType,
} from '@padi/domain/calculators/input-calculation'
import type { Locale } from '@padi/domain/i18n/locales'
import type { Currency } from '@padi/domain/markets'
import type { PackOption, PackPlan } from '@padi/domain/calculators/pack-plan'
import { DEFAULT_FROM_UNIT } from './area-form.ts'

/**
 * Query parameters of /{lang}/calculator/input-calculation. The form is a GET form, so its state
 * is the URL; a product page can link here with the label's figures filled in, e.g.
 *   /bm/calculator/input-calculation?product=AzoDif%20325SC&rate_kind=per_hectare
 *     &rate_amount=300&rate_unit=ml&label_litres_per_hectare=200&pack_amount=250&pack_unit=ml
 *
 *   product                    product name shown above the form (text, optional)
 *   area_value, area_unit      field size; unit one of AREA_UNITS (default relong / rai / hectare
 *                              by language); rai, ngan and square wah also take "4-2-25"
 *   rate_kind                  how the label gives the rate: per_hectare | per_litre | per_tank
 *   rate_amount, rate_unit     label amount and its unit: ml | l | g | kg
 *   rate_tank_litres           per_tank only: the tank size T0 the label's amount is for (L)
 *   label_litres_per_hectare   per_litre / per_tank: water volume the label assumes (L/ha);
 *                              required with a drone (docs/product/calculators.md)
 *   sprayer                    knapsack | drone (default knapsack)
 *   tank_litres                sprayer tank (L); default from the sprayer (16 knapsack, 40 drone)
 *   litres_per_hectare         spray volume, per hectare or per rai (volume_basis); default from
 *                              the sprayer (200 / 20 L/ha, which is 32 / 3.2 L/rai)
 *   volume_basis               hectare | rai: what the spray volume is given per (rai on th pages)
 *   pack_amount, pack_unit     pack size to count packs to buy (optional; unit defaults to rate_unit)
 *   pack_id                    the shop's pack those figures came from, 'product.variation.size'
 *                              (hidden field): 'Add these packs to the cart' while the size matches
 *   prev_sprayer               sprayer the tank and volume fields were filled for (hidden field):
 *                              without JavaScript, switching sprayer still swaps untouched defaults
 *   prev_volume_basis          basis the spray volume was shown in (hidden field): a volume sent
 *                              with another basis picked is converted, as switchVolumeBasis does
 *   prev_rate_unit             rate unit the pack unit was shown with (hidden field): a pack unit
 *                              that cannot be counted in a newly picked rate unit follows it
 *
 * The three prev_ fields make a form sent as it stands (without JavaScript, or taken over when
 * the scripts arrive) give what the same changes give with JavaScript: see FOLLOWING_CHOICES.
 */
export const INPUT_FORM_FIELDS = [
  'area_value',
  'area_unit',
  'rate_kind',
  'rate_amount',
  'rate_unit',
  'rate_tank_litres',
  'label_litres_per_hectare',
  'sprayer',
  'tank_litres',
  'litres_per_hectare',
  'volume_basis',
  'pack_amount',
  'pack_unit',
  'product',
  'pack_id',
  'label_sprayers',
] as const
export type InputFormField = (typeof INPUT_FORM_FIELDS)[number]
export type InputFormValues = Record<InputFormField, string>

/** The label rate forms the domain understands (RateSchema's discriminator). */
export const RATE_KINDS = [
  'per_hectare',
  'per_rai',
  'per_litre',
  'per_tank',
] as const satisfies readonly Rate['kind'][]
export type RateKind = (typeof RATE_KINDS)[number]

/** Longest text kept from one query parameter; no real value comes near it. */
export const INPUT_TEXT_MAX_LENGTH = 40
/** Product names are display text only; longer ones are cut. */
export const PRODUCT_NAME_MAX_LENGTH = 80

export function isSprayerType(value: string): value is SprayerType {
  return (SPRAYER_TYPES as readonly string[]).includes(value)
}

/**
 * docs/product/calculators.md: whether the label the form was filled from allows this sprayer.
 * `label_sprayers` names the one sprayer a label allows when it rules the other out ("knapsack"
 * for "knapsack or boom sprayer only"); '' (or anything else) is a label that allows any.
 */
export function labelAllows(values: Pick<InputFormValues, 'label_sprayers'>, sprayer: string) {
  return !isSprayerType(values.label_sprayers) || values.label_sprayers === sprayer
}

export function isProductUnit(value: string): value is ProductUnit {
  return (PRODUCT_UNITS as readonly string[]).includes(value)
}

/** What the spray volume field is given per: Thai farmers and labels count water per rai. */
export const VOLUME_BASES = ['hectare', 'rai'] as const
export type VolumeBasis = (typeof VOLUME_BASES)[number]

export function isVolumeBasis(value: string): value is VolumeBasis {
  return (VOLUME_BASES as readonly string[]).includes(value)
}

/**
 * A sprayer's usual volume in the basis shown: 200 L/ha is 32 L/rai. A knapsack sprays the
 * label's own water volume when the label gives one that a knapsack sprays (250 L/ha on a
 * label of 1.2 L in 250 L/ha); a drone its usual 20 L/ha (docs/product/calculators.md, §2.2).
 */
function defaultVolume(
  sprayer: SprayerType,
  values: Pick<InputFormValues, 'label_litres_per_hectare' | 'volume_basis'>,
): number {
  const label = parseFormNumber(values.label_litres_per_hectare)
  const perHectare =
    sprayer === 'knapsack' && typeof label === 'number' && label >= KNAPSACK_LITRES_PER_HECTARE_MIN
      ? label
      : DEFAULT_SPRAYERS[sprayer].litresPerHectare
  return values.volume_basis === 'rai' ? perHectare / RAI_PER_HECTARE : perHectare
}

export function isRateKind(value: string): value is RateKind {
  return (RATE_KINDS as readonly string[]).includes(value)
}

const SPRAYER_FIELDS = [
  ['tank_litres', 'tankLitres'],
  ['litres_per_hectare', 'litresPerHectare'],
] as const

/**
 * Changes the sprayer. Tank size and spray volume that still hold the old sprayer's default (or
 * nothing) take the new sprayer's default: 16 L @ 200 L/ha knapsack (or the label's own volume,
 * filled in from a product), 40 L @ 20 L/ha drone (docs/product/calculators.md/§2.2). Figures the
 * farmer typed are kept.
 */
export function switchSprayer(values: InputFormValues, next: string): InputFormValues {
  const previous = values.sprayer
  const result = { ...values, sprayer: next }
  if (!isSprayerType(previous) || !isSprayerType(next) || previous === next) return result
  for (const [field, key] of SPRAYER_FIELDS) {
    const text = values[field].trim()
    const old =
      key === 'litresPerHectare' ? defaultVolume(previous, values) : DEFAULT_SPRAYERS[previous][key]
    if (text === '' || parseFormNumber(text) === old) {
      result[field] = String(
        key === 'litresPerHectare' ? defaultVolume(next, values) : DEFAULT_SPRAYERS[next][key],
      )
    }
  }
  return result
}

/**
 * Changes what the spray volume is given per. A figure in the field keeps its meaning: 200 L/ha
 * becomes 32 L/rai and back; text that is not a number is left for the farmer to correct.
 */
export function switchVolumeBasis(values: InputFormValues, next: string): InputFormValues {
  const result = { ...values, volume_basis: next }
  const amount = parseFormNumber(values.litres_per_hectare)
  if (values.volume_basis === next || typeof amount !== 'number' || Number.isNaN(amount))
    return result
  const converted = next === 'rai' ? amount / RAI_PER_HECTARE : amount * RAI_PER_HECTARE
  result.litres_per_hectare = String(Math.round(converted * 100) / 100)
  return result
}

/**
 * Changes the rate unit. A pack in the other kind of unit (g packs for a mL rate) cannot be
 * counted, so the pack unit follows the rate unit across liquid/solid.
 */
export function switchRateUnit(values: InputFormValues, next: string): InputFormValues {
  const result = { ...values, rate_unit: next }
  const pack = values.pack_unit
  if (isProductUnit(next) && (!isProductUnit(pack) || baseUnitOf(pack) !== baseUnitOf(next))) {
    result.pack_unit = next
  }
  return result
}

export interface InputFormState {
  values: InputFormValues
  /** Fields present in the URL: only these may report "required" (a fresh page is not an error). */
  touched: InputFormField[]
}

/**
 * Reads the query string with defaults for anything missing. Values that are present but wrong
 * (an unknown unit in a hand-made link) are kept, so the page reports them instead of silently
 * computing with something else: a wrong dose is worse than an error.
 */
export function readInputForm(params: URLSearchParams, locale: Locale): InputFormState {
  const get = (field: InputFormField) => params.get(field)?.slice(0, INPUT_TEXT_MAX_LENGTH)
  const sprayer = get('sprayer') ?? 'knapsack'
  const defaults = DEFAULT_SPRAYERS[isSprayerType(sprayer) ? sprayer : 'knapsack']
  const rateUnit = get('rate_unit') ?? 'ml'
  const volumeBasis = get('volume_basis') ?? (locale === 'th' ? 'rai' : 'hectare')
  const labelVolume = get('label_litres_per_hectare') ?? ''
  let values: InputFormValues = {
    area_value: get('area_value') ?? '',
    area_unit: get('area_unit') ?? DEFAULT_FROM_UNIT[locale],
    rate_kind: get('rate_kind') ?? 'per_hectare',
    rate_amount: get('rate_amount') ?? '',
    rate_unit: rateUnit,
    rate_tank_litres: get('rate_tank_litres') ?? '',
    label_litres_per_hectare: labelVolume,
    sprayer,
    tank_litres: get('tank_litres') ?? String(defaults.tankLitres),
    litres_per_hectare:
      get('litres_per_hectare') ??
      String(
        defaultVolume(isSprayerType(sprayer) ? sprayer : 'knapsack', {
          label_litres_per_hectare: labelVolume,
          volume_basis: volumeBasis,
        }),
      ),
    volume_basis: volumeBasis,
    pack_amount: get('pack_amount') ?? '',
    pack_unit: get('pack_unit') ?? (isProductUnit(rateUnit) ? rateUnit : 'ml'),
    product: (params.get('product') ?? '').trim().slice(0, PRODUCT_NAME_MAX_LENGTH),
    label_sprayers: get('label_sprayers') ?? '',
    pack_id: /^\d{1,10}\.\d{1,10}\.[\d.]{1,12}[a-z]{1,2}$/.test(params.get('pack_id') ?? '')
      ? params.get('pack_id')!
      : '',
  }
  // The followers were shown for the previous choices: start from those, then make each change.
  const chosen = values
  for (const { field, previous, known } of FOLLOWING_CHOICES) {
    const before = params.get(previous)
    if (before !== null && before !== chosen[field] && known(before) && known(chosen[field]))
      values = { ...values, [field]: before }
  }
  for (const { field, follow } of FOLLOWING_CHOICES)
    if (values[field] !== chosen[field]) values = follow(values, chosen[field])
  return { values, touched: INPUT_FORM_FIELDS.filter((field) => params.has(field)) }
}

/**
 * The choices other fields follow, each with the hidden field naming what the form showed them
 * for. A form sent as it stands holds the followers as they were shown for those, so each change
 * is made again here, with the same function as the form's own handler. The sprayer goes first:
 * its defaults are compared in the basis shown, and the basis change then converts whatever volume
 * that leaves (the figures the same changes give with JavaScript, in either order). Values that
 * are not choices (a hand-made link) are left for the page to report.
 */
const FOLLOWING_CHOICES: readonly {
  field: InputFormField
  previous: string
  known: (value: string) => boolean
  follow: (values: InputFormValues, next: string) => InputFormValues
}[] = [
  { field: 'sprayer', previous: 'prev_sprayer', known: isSprayerType, follow: switchSprayer },
  {
    field: 'volume_basis',
    previous: 'prev_volume_basis',
    known: isVolumeBasis,
    follow: switchVolumeBasis,
  },
  { field: 'rate_unit', previous: 'prev_rate_unit', known: isProductUnit, follow: switchRateUnit },
]

/** Hidden fields of the form: what the following fields were shown for (see FOLLOWING_CHOICES). */
export function followedChoices(values: InputFormValues): Record<string, string> {
  return Object.fromEntries(FOLLOWING_CHOICES.map((c) => [c.previous, values[c.field]]))
}

/**
 * Query string for the current values: everything filled in, plus blank fields the farmer has
 * touched (so a reload still shows their "required" message), in a stable order.
 */
export function inputFormSearch(
  values: InputFormValues,
  touched: readonly InputFormField[],
): string {
  const params = new URLSearchParams()
  for (const field of INPUT_FORM_FIELDS) {
    if (values[field] !== '' || touched.includes(field)) params.set(field, values[field])
  }
  return params.toString()
}

/**
 * docs/product/calculators.md (Which packs to buy): the packs of the product the calculator was
 * opened from, as pack-choices.server.ts reads them for the farmer, with the two notes in the
 * page's language.
 */
export type PackChoices = {
  productId: number
  currency: Currency
  maxCount: number
  options: (PackOption & { label: string })[]
  inStock: string
  notInStock: string
}

export type InputEvaluation =
  | {
      ok: true
      input: InputCalculationInput
      result: InputCalculationResult
      /** The cheapest packs of the product for the amount, when the product's packs are known. */
      plan?: PackPlan | null
    }
  | { ok: false; errors: Partial<Record<InputFormField, CalculatorErrorKey>> }
