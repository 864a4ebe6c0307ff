import { describe, expect, it } from 'vitest'

import { roundTo } from './numeric.ts'
import { CalculatorError } from './calculator-errors.ts'
import {
  calculateInput,
  DEFAULT_SPRAYERS,
  DRONE_DEFAULT_LITRES_PER_HECTARE,
  DRONE_DEFAULT_TANK_LITRES,
  KNAPSACK_DEFAULT_LITRES_PER_HECTARE,
  KNAPSACK_DEFAULT_TANK_LITRES,
  toBaseAmount,
} from './input-calculation.ts'
import type { InputCalculationInput } from './input-calculation.ts'
import { InputCalculationInputSchema } from './input-calculation-schema.ts'

/** docs/product/calculators.md worked example: 5 relong, Amistar Top 300 mL/ha, 250 mL bottles. */
const workedExample: InputCalculationInput = {
  area: { value: 5, unit: 'relong' },
  rate: { kind: 'per_hectare', amount: 300, unit: 'ml' },
  sprayer: DEFAULT_SPRAYERS.knapsack,
  packSize: { amount: 250, unit: 'ml' },
}

function expectCalculatorError(run: () => unknown, code: string): void {
  try {
    run()
    expect.unreachable()
  } catch (error) {
    expect(error).toBeInstanceOf(CalculatorError)
    expect((error as CalculatorError).code).toBe(code)
  }
}

function messagesOf(input: unknown): string[] {
  const result = InputCalculationInputSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('defaults (docs/product/calculators.md/§2.2)', () => {
  it('uses a 16 L knapsack at 200 L/ha and a 40 L drone at 20 L/ha', () => {
    expect(DEFAULT_SPRAYERS.knapsack).toEqual({
      type: 'knapsack',
      tankLitres: KNAPSACK_DEFAULT_TANK_LITRES,
      litresPerHectare: KNAPSACK_DEFAULT_LITRES_PER_HECTARE,
    })
    expect([KNAPSACK_DEFAULT_TANK_LITRES, KNAPSACK_DEFAULT_LITRES_PER_HECTARE]).toEqual([16, 200])
    expect([DRONE_DEFAULT_TANK_LITRES, DRONE_DEFAULT_LITRES_PER_HECTARE]).toEqual([40, 20])
  })
})

describe('calculateInput: §2.2 worked example', () => {
  it('knapsack 16 L @ 200 L/ha: 431.7 mL, 287.8 L, 18 loads of 24 mL, 2 × 250 mL', () => {
    const result = calculateInput(workedExample)
    expect(roundTo(result.hectares, 4)).toBe(1.4389)
    expect(result.productUnit).toBe('ml')
    expect(result.dosePerHectare).toBe(300)
    expect(roundTo(result.totalProduct, 1)).toBe(431.7)
    expect(roundTo(result.totalWater, 1)).toBe(287.8)
    expect(result.tankLoads).toBe(18)
    expect(result.productPerFullTank).toBe(24)
    // 17 full tanks × 24 mL = 408 mL, so the last (partial) tank gets the remaining 23.66 mL.
    expect(roundTo(result.productLastTank, 2)).toBe(23.66)
    expect(roundTo(result.waterLastTank, 2)).toBe(15.78)
    expect(result.packsToBuy).toBe(2)
    expect(result.warnings).toEqual([])
  })

  it('drone 40 L @ 20 L/ha: 28.8 L, 1 load, 600 mL per full tank (431.7 mL in 28.8 L)', () => {
    const result = calculateInput({ ...workedExample, sprayer: DEFAULT_SPRAYERS.drone })
    // Drone mode keeps the label's per-hectare dose; only the water changes (§2.2).
    expect(result.dosePerHectare).toBe(300)
    expect(roundTo(result.totalProduct, 1)).toBe(431.7)
    expect(roundTo(result.totalWater, 1)).toBe(28.8)
    expect(result.tankLoads).toBe(1)
    expect(result.productPerFullTank).toBe(600)
    expect(roundTo(result.productLastTank, 1)).toBe(431.7)
    expect(roundTo(result.waterLastTank, 1)).toBe(28.8)
    expect(result.packsToBuy).toBe(2)
    expect(result.warnings).toEqual(['calculator.warnings.droneCheckLabel'])
  })

  it('returns null packs when no pack size is given', () => {
    const { area, rate, sprayer } = workedExample
    expect(calculateInput({ area, rate, sprayer }).packsToBuy).toBeNull()
  })

  it('gives the same answer for the label dilution 15 mL / 10 L at 200 L/ha (§2.1)', () => {
    const perTank = calculateInput({
      ...workedExample,
      rate: { kind: 'per_tank', amount: 15, unit: 'ml', tankLitres: 10 },
    })
    const perLitre = calculateInput({
      ...workedExample,
      rate: { kind: 'per_litre', amount: 1.5, unit: 'ml' },
    })
    expect(perTank.dosePerHectare).toBe(300)
    expect(perLitre.dosePerHectare).toBe(300)
    expect(perTank.productPerFullTank).toBe(24)
  })
})

describe('calculateInput: dilution rates (§2.1 Sarawak DOA, §2.2 r = x / T0, D = r × V)', () => {
  it('180 mL per 18 L tank at 250 L/ha is 2.5 L/ha (pretilachlor/propanil)', () => {
    const result = calculateInput({
      area: { value: 1, unit: 'hectare' },
      rate: { kind: 'per_tank', amount: 180, unit: 'ml', tankLitres: 18 },
      sprayer: { type: 'knapsack', tankLitres: 18, litresPerHectare: 250 },
      packSize: { amount: 1, unit: 'l' },
    })
    expect(result.dosePerHectare).toBe(2_500)
    expect(result.totalProduct).toBe(2_500)
    expect(result.productPerFullTank).toBe(180)
    expect(result.tankLoads).toBe(14)
    expect(result.packsToBuy).toBe(3)
  })

  it('100 mL per 18 L at 450 L/ha is also 2.5 L/ha (2,4-D amine)', () => {
    const result = calculateInput({
      area: { value: 1, unit: 'hectare' },
      rate: { kind: 'per_tank', amount: 100, unit: 'ml', tankLitres: 18 },
      sprayer: { type: 'knapsack', tankLitres: 18, litresPerHectare: 450 },
    })
    expect(result.dosePerHectare).toBe(2_500)
    expect(result.warnings).toEqual([])
  })

  it('keeps the label per-hectare dose when a drone sprays less water (§2.1 Thai guidance)', () => {
    // Label: 20 cc per 20 L at 100 L/rai (= 625 L/ha) ⇒ 100 cc/rai must still reach the crop.
    const result = calculateInput({
      area: { value: 1, unit: 'rai' },
      rate: {
        kind: 'per_tank',
        amount: 20,
        unit: 'ml',
        tankLitres: 20,
        labelLitresPerHectare: 625,
      },
      sprayer: DEFAULT_SPRAYERS.drone,
    })
    expect(result.dosePerHectare).toBe(625)
    expect(result.totalProduct).toBe(100)
    expect(result.totalWater).toBe(3.2)
    expect(result.productPerFullTank).toBe(1_250)
  })

  it('refuses a drone job from a dilution rate without the label volume', () => {
    // r × 20 L/ha would deliver a tenth of the label dose.
    expectCalculatorError(
      () =>
        calculateInput({
          ...workedExample,
          rate: { kind: 'per_litre', amount: 1.5, unit: 'ml' },
          sprayer: DEFAULT_SPRAYERS.drone,
        }),
      'calculator.errors.labelVolumeRequired',
    )
  })
})

describe('calculateInput: units', () => {
  it('normalises L to mL and kg to g', () => {
    expect(toBaseAmount(2.5, 'l')).toBe(2_500)
    expect(toBaseAmount(0.33, 'kg')).toBe(330)
    const solid = calculateInput({
      area: { value: 2, unit: 'hectare' },
      rate: { kind: 'per_hectare', amount: 0.33, unit: 'kg' },
      sprayer: DEFAULT_SPRAYERS.knapsack,
      packSize: { amount: 500, unit: 'g' },
    })
    expect(solid.productUnit).toBe('g')
    expect(solid.dosePerHectare).toBe(330)
    expect(solid.totalProduct).toBe(660)
    expect(solid.packsToBuy).toBe(2)
  })

  it('throws a typed error when a liquid rate meets a solid pack', () => {
    expectCalculatorError(
      () => calculateInput({ ...workedExample, packSize: { amount: 1, unit: 'kg' } }),
      'calculator.errors.packUnitMismatch',
    )
  })

  it('does not add a tank or pack for float noise at an exact multiple', () => {
    // In binary, 1.1 × 200 / 20 is 11.000000000000002; a bare Math.ceil would say 12.
    const result = calculateInput({
      area: { value: 1.1, unit: 'hectare' },
      rate: { kind: 'per_hectare', amount: 0.1, unit: 'l' },
      sprayer: { type: 'knapsack', tankLitres: 20, litresPerHectare: 200 },
      packSize: { amount: 10, unit: 'ml' },
    })
    expect(result.totalProduct).toBe(110)
    expect(result.totalWater).toBe(220)
    expect(result.tankLoads).toBe(11)
    expect(result.packsToBuy).toBe(11)
    expect(result.productLastTank).toBe(10)
    expect(result.waterLastTank).toBe(20)
  })
})

describe('calculateInput: warnings and guards', () => {
  it.each([
    [
      'drone',
      9,
      ['calculator.warnings.droneCheckLabel', 'calculator.warnings.droneVolumeOutOfRange'],
    ],
    ['drone', 10, ['calculator.warnings.droneCheckLabel']],
    ['drone', 40, ['calculator.warnings.droneCheckLabel']],
    [
      'drone',
      41,
      ['calculator.warnings.droneCheckLabel', 'calculator.warnings.droneVolumeOutOfRange'],
    ],
    ['knapsack', 99, ['calculator.warnings.knapsackVolumeOutOfRange']],
    ['knapsack', 100, []],
    ['knapsack', 600, []],
    ['knapsack', 601, ['calculator.warnings.knapsackVolumeOutOfRange']],
  ] as const)('%s at %d L/ha warns %j', (type, litresPerHectare, warnings) => {
    const result = calculateInput({
      ...workedExample,
      sprayer: { type, tankLitres: 16, litresPerHectare },
    })
    expect(result.warnings).toEqual(warnings)
  })

  it('guards every divisor against zero', () => {
    expectCalculatorError(
      () =>
        calculateInput({
          ...workedExample,
          sprayer: { ...DEFAULT_SPRAYERS.knapsack, tankLitres: 0 },
        }),
      'calculator.errors.valuePositive',
    )
    expectCalculatorError(
      () =>
        calculateInput({
          ...workedExample,
          sprayer: { ...DEFAULT_SPRAYERS.knapsack, litresPerHectare: 0 },
        }),
      'calculator.errors.valuePositive',
    )
    expectCalculatorError(
      () =>
        calculateInput({
          ...workedExample,
          rate: { kind: 'per_tank', amount: 15, unit: 'ml', tankLitres: 0 },
        }),
      'calculator.errors.valuePositive',
    )
    expectCalculatorError(
      () => calculateInput({ ...workedExample, packSize: { amount: 0, unit: 'ml' } }),
      'calculator.errors.valuePositive',
    )
    expectCalculatorError(
      () => calculateInput({ ...workedExample, area: { value: Number.NaN, unit: 'acre' } }),
      'calculator.errors.valueInvalid',
    )
  })
})

describe('InputCalculationInputSchema', () => {
  const form = {
    area: { value: '5', unit: 'relong' },
    rate: { kind: 'per_hectare', amount: '300', unit: 'ml' },
    sprayer: { type: 'knapsack', tankLitres: '16', litresPerHectare: '200' },
    packSize: { amount: '250', unit: 'ml' },
  }

  it('coerces HTML form strings into the worked example', () => {
    const parsed = InputCalculationInputSchema.parse(form)
    expect(parsed).toEqual(workedExample)
    expect(calculateInput(parsed).tankLoads).toBe(18)
  })

  it('treats a blank pack amount and a blank label volume as not given', () => {
    const parsed = InputCalculationInputSchema.parse({
      ...form,
      rate: { kind: 'per_litre', amount: '1.5', unit: 'ml', labelLitresPerHectare: '' },
      packSize: { amount: ' ', unit: 'ml' },
    })
    expect(parsed.packSize).toBeUndefined()
    expect(parsed.rate).toEqual({ kind: 'per_litre', amount: 1.5, unit: 'ml' })
  })

  it('reports i18n keys with field paths', () => {
    const result = InputCalculationInputSchema.safeParse({
      ...form,
      area: { value: '', unit: 'relong' },
      rate: { kind: 'per_tank', amount: '-1', unit: 'ml', tankLitres: '0' },
      sprayer: { type: 'tractor', tankLitres: 'abc', litresPerHectare: '5000' },
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['area.value', 'calculator.errors.valueRequired'],
      ['rate.amount', 'calculator.errors.valuePositive'],
      ['rate.tankLitres', 'calculator.errors.valuePositive'],
      ['sprayer.type', 'calculator.errors.sprayerTypeInvalid'],
      ['sprayer.tankLitres', 'calculator.errors.valueInvalid'],
      ['sprayer.litresPerHectare', 'calculator.errors.valueTooLarge'],
    ])
  })

  it('reports an unknown rate kind', () => {
    expect(messagesOf({ ...form, rate: { kind: 'per_acre', amount: '1', unit: 'ml' } })).toEqual([
      'calculator.errors.rateKindInvalid',
    ])
  })

  it('reports a liquid rate with a solid pack on the pack unit', () => {
    const result = InputCalculationInputSchema.safeParse({
      ...form,
      packSize: { amount: '1', unit: 'kg' },
    })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['packSize.unit', 'calculator.errors.packUnitMismatch'],
    ])
  })

  it('requires the label volume for a drone with a dilution rate', () => {
    expect(
      messagesOf({
        ...form,
        rate: { kind: 'per_tank', amount: '15', unit: 'ml', tankLitres: '10' },
        sprayer: { type: 'drone', tankLitres: '40', litresPerHectare: '20' },
      }),
    ).toEqual(['calculator.errors.labelVolumeRequired'])
  })

  it('bounds the area at 100,000 ha', () => {
    expect(messagesOf({ ...form, area: { value: '100000', unit: 'hectare' } })).toEqual([])
    expect(messagesOf({ ...form, area: { value: '100001', unit: 'hectare' } })).toEqual([
      'calculator.errors.areaTooLarge',
    ])
  })
})
