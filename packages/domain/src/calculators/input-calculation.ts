import { convertArea, HECTARE_M2, RAI_M2 } from './area-units.ts'
import { CALCULATOR_ERRORS, CalculatorError } from './calculator-errors.ts'
import type { CalculatorErrorKey } from './calculator-errors.ts'
import { ceilCount, stripFloatNoise } from './numeric.ts'
import type { InputCalculationInput, PackSize, Rate, Sprayer } from './input-calculation-schema.ts'

export type { InputCalculationInput, PackSize, Rate, Sprayer }

// --- Product units ---------------------------------------------------------------------------

export const PRODUCT_UNITS = ['ml', 'l', 'g', 'kg'] as const
export type ProductUnit = (typeof PRODUCT_UNITS)[number]

/** Every result is expressed in one of these: liquids in mL, solids in g. */
export type BaseProductUnit = 'ml' | 'g'

const PRODUCT_UNIT_BASE: Readonly<Record<ProductUnit, { base: BaseProductUnit; factor: number }>> =
  {
    ml: { base: 'ml', factor: 1 },
    l: { base: 'ml', factor: 1_000 },
    g: { base: 'g', factor: 1 },
    kg: { base: 'g', factor: 1_000 },
  }

function unitBase(unit: ProductUnit): { base: BaseProductUnit; factor: number } {
  // Runtime guard: callers outside TypeScript (form data, query strings) may pass anything.
  const entry = PRODUCT_UNIT_BASE[unit] as { base: BaseProductUnit; factor: number } | undefined
  if (entry === undefined) throw new CalculatorError(CALCULATOR_ERRORS.unitInvalid, 'unit')
  return entry
}

export function baseUnitOf(unit: ProductUnit): BaseProductUnit {
  return unitBase(unit).base
}

/** 1.5 l → 1,500 ml; 0.33 kg → 330 g. */
export function toBaseAmount(amount: number, unit: ProductUnit): number {
  return stripFloatNoise(amount * unitBase(unit).factor)
}

// --- Sprayers and defaults -------------------------------------------------------------------

export const SPRAYER_TYPES = ['knapsack', 'drone'] as const
export type SprayerType = (typeof SPRAYER_TYPES)[number]

/** docs/product/calculators.md worked example: 16 L knapsack. */
export const KNAPSACK_DEFAULT_TANK_LITRES = 16
/**
 * docs/product/calculators.md: Malaysian label (Amistar Top) states 200 L water/ha; the §2.2 worked
 * example uses 16 L @ 200 L/ha.
 */
export const KNAPSACK_DEFAULT_LITRES_PER_HECTARE = 200
/** docs/product/calculators.md / §3: DJI Agras T40 has a 40 L tank; §2.2 worked example. */
export const DRONE_DEFAULT_TANK_LITRES = 40
/** docs/product/calculators.md: default drone volume 20 L/ha. */
export const DRONE_DEFAULT_LITRES_PER_HECTARE = 20

/** docs/product/calculators.md: allow 10–40 L/ha for drones. */
export const DRONE_LITRES_PER_HECTARE_MIN = 10
export const DRONE_LITRES_PER_HECTARE_MAX = 40
/**
 * docs/product/calculators.md: knapsack volumes are ~200–450 L/ha in Malaysia and
 * 500 L/ha in IRRI/Indian trials; 100–600 widens that band so only clear outliers warn.
 */
export const KNAPSACK_LITRES_PER_HECTARE_MIN = 100
export const KNAPSACK_LITRES_PER_HECTARE_MAX = 600

// Sanity bounds for form input: far above any real paddy job, low enough to catch typos and
// keep every product of two inputs well inside double precision.
/** Largest job accepted, in hectares (all of MADA is ~100,000 ha, §4.2). */
export const AREA_HECTARES_MAX = 100_000
/** Largest rate amount, in the unit the user picked (mL, L, g or kg). */
export const RATE_AMOUNT_MAX = 100_000
/** Largest tank, in litres (label reference tanks and sprayer tanks alike). */
export const TANK_LITRES_MAX = 1_000
/** Largest spray volume, in L/ha. */
export const SPRAY_VOLUME_MAX = 2_000
/** Largest pack, in the pack's own unit. */
export const PACK_AMOUNT_MAX = 100_000

// --- Defaults and cross-field rules (the zod schemas are in input-calculation-schema.ts, so
// a page can use these without loading zod) ---------------------------------------------------

export const DEFAULT_SPRAYERS: Readonly<Record<SprayerType, Sprayer>> = {
  knapsack: Object.freeze({
    type: 'knapsack',
    tankLitres: KNAPSACK_DEFAULT_TANK_LITRES,
    litresPerHectare: KNAPSACK_DEFAULT_LITRES_PER_HECTARE,
  }),
  drone: Object.freeze({
    type: 'drone',
    tankLitres: DRONE_DEFAULT_TANK_LITRES,
    litresPerHectare: DRONE_DEFAULT_LITRES_PER_HECTARE,
  }),
}

export interface InputIssue {
  code: CalculatorErrorKey
  path: (string | number)[]
}

/**
 * Cross-field rules shared by the schema (as issues) and `calculateInput` (as a thrown error).
 */
export function findCrossFieldIssues(input: InputCalculationInput): InputIssue[] {
  const issues: InputIssue[] = []
  const { area, rate, sprayer, packSize } = input

  if (convertArea(area.value, area.unit, 'hectare') > AREA_HECTARES_MAX) {
    issues.push({ code: CALCULATOR_ERRORS.areaTooLarge, path: ['area', 'value'] })
  }
  // mL of a liquid cannot be counted in g packs (or the reverse) without a density we don't have.
  if (packSize !== undefined && baseUnitOf(packSize.unit) !== baseUnitOf(rate.unit)) {
    issues.push({ code: CALCULATOR_ERRORS.packUnitMismatch, path: ['packSize', 'unit'] })
  }
  // docs/product/calculators.md drone mode: D stays the label's per-hectare dose. Multiplying a label
  // dilution by the drone's 20 L/ha would under-dose ~10×, so the label volume is mandatory here.
  if (
    sprayer.type === 'drone' &&
    (rate.kind === 'per_litre' || rate.kind === 'per_tank') &&
    rate.labelLitresPerHectare === undefined
  ) {
    issues.push({
      code: CALCULATOR_ERRORS.labelVolumeRequired,
      path: ['rate', 'labelLitresPerHectare'],
    })
  }
  return issues
}

// --- Calculation -----------------------------------------------------------------------------

export const INPUT_CALCULATION_WARNINGS = {
  droneVolumeOutOfRange: 'calculator.warnings.droneVolumeOutOfRange',
  knapsackVolumeOutOfRange: 'calculator.warnings.knapsackVolumeOutOfRange',
  droneCheckLabel: 'calculator.warnings.droneCheckLabel',
} as const

export type InputCalculationWarning =
  (typeof INPUT_CALCULATION_WARNINGS)[keyof typeof INPUT_CALCULATION_WARNINGS]

export interface InputCalculationResult {
  hectares: number
  /** Unit of every product figure below: liquids in mL, solids in g. */
  productUnit: BaseProductUnit
  /** D: product per hectare. */
  dosePerHectare: number
  /** Q = D × A. */
  totalProduct: number
  /** W = V × A, litres of spray liquid. */
  totalWater: number
  /** N = ceil(W / T). */
  tankLoads: number
  /** q = D × T / V: product in one full tank. */
  productPerFullTank: number
  /** q_last = Q − q × (N − 1). */
  productLastTank: number
  /** Litres of spray liquid in the last tank, W − T × (N − 1) (§2.2: "431.7 mL in 28.8 L"). */
  waterLastTank: number
  /** n = ceil(Q / P), or null when no pack size was given. */
  packsToBuy: number | null
  warnings: InputCalculationWarning[]
}

function requirePositive(value: number, field: string): void {
  if (!Number.isFinite(value)) throw new CalculatorError(CALCULATOR_ERRORS.valueInvalid, field)
  // Also the division-by-zero guard for T0, T and V.
  if (value <= 0) throw new CalculatorError(CALCULATOR_ERRORS.valuePositive, field)
}

function volumeWarnings(sprayer: Sprayer): InputCalculationWarning[] {
  const volume = sprayer.litresPerHectare
  if (sprayer.type === 'drone') {
    const warnings: InputCalculationWarning[] = [INPUT_CALCULATION_WARNINGS.droneCheckLabel]
    if (volume < DRONE_LITRES_PER_HECTARE_MIN || volume > DRONE_LITRES_PER_HECTARE_MAX) {
      warnings.push(INPUT_CALCULATION_WARNINGS.droneVolumeOutOfRange)
    }
    return warnings
  }
  if (volume < KNAPSACK_LITRES_PER_HECTARE_MIN || volume > KNAPSACK_LITRES_PER_HECTARE_MAX) {
    return [INPUT_CALCULATION_WARNINGS.knapsackVolumeOutOfRange]
  }
  return []
}

/** Rai in one hectare: 10,000 m² / 1,600 m² = 6.25. */
export const RAI_PER_HECTARE = HECTARE_M2 / RAI_M2

/** A spray volume given per rai (Thai labels and farmers), in litres per hectare. */
export function litresPerHectareFromRai(litresPerRai: number): number {
  return stripFloatNoise(litresPerRai * RAI_PER_HECTARE)
}

/** D in mL/ha or g/ha, per docs/product/calculators.md. */
function dosePerHectare(rate: Rate, sprayer: Sprayer): number {
  const amount = toBaseAmount(rate.amount, rate.unit)
  if (rate.kind === 'per_hectare') return amount
  if (rate.kind === 'per_rai') return amount * RAI_PER_HECTARE
  const volume = rate.labelLitresPerHectare ?? sprayer.litresPerHectare
  requirePositive(volume, 'rate.labelLitresPerHectare')
  if (rate.kind === 'per_litre') return amount * volume
  requirePositive(rate.tankLitres, 'rate.tankLitres')
  return (amount / rate.tankLitres) * volume
}

/**
 * Agro-chemical input calculation (docs/product/calculators.md). Pure and exact: nothing is rounded
 * except the counts (tank loads, packs), which are ceilings. Throws `CalculatorError` for input
 * the schema would reject, so it is safe to call without parsing first.
 */
export function calculateInput(input: InputCalculationInput): InputCalculationResult {
  const { area, rate, sprayer, packSize } = input
  requirePositive(area.value, 'area.value')
  requirePositive(rate.amount, 'rate.amount')
  requirePositive(sprayer.tankLitres, 'sprayer.tankLitres')
  requirePositive(sprayer.litresPerHectare, 'sprayer.litresPerHectare')
  if (packSize !== undefined) requirePositive(packSize.amount, 'packSize.amount')

  const [issue] = findCrossFieldIssues(input)
  if (issue !== undefined) throw new CalculatorError(issue.code, issue.path.join('.'))

  const hectares = convertArea(area.value, area.unit, 'hectare')
  const dose = dosePerHectare(rate, sprayer)
  const totalProduct = dose * hectares
  const totalWater = sprayer.litresPerHectare * hectares
  // Area, V and T are all > 0, so there is always at least one load.
  const tankLoads = Math.max(1, ceilCount(totalWater / sprayer.tankLitres))
  const productPerFullTank = (dose * sprayer.tankLitres) / sprayer.litresPerHectare
  const fullTanks = tankLoads - 1
  const productLastTank = Math.max(0, totalProduct - productPerFullTank * fullTanks)
  const waterLastTank = Math.max(0, totalWater - sprayer.tankLitres * fullTanks)
  const packsToBuy =
    packSize === undefined
      ? null
      : ceilCount(totalProduct / toBaseAmount(packSize.amount, packSize.unit))

  return {
    hectares,
    productUnit: baseUnitOf(rate.unit),
    dosePerHectare: stripFloatNoise(dose),
    totalProduct: stripFloatNoise(totalProduct),
    totalWater: stripFloatNoise(totalWater),
    tankLoads,
    productPerFullTank: stripFloatNoise(productPerFullTank),
    productLastTank: stripFloatNoise(productLastTank),
    waterLastTank: stripFloatNoise(waterLastTank),
    packsToBuy,
    warnings: volumeWarnings(sprayer),
  }
}
